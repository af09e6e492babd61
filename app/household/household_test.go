package household_test

import (
	"context"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	householdapp "github.com/gamelle/gamelle/app/household"
	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/projections"
)

func setup(t *testing.T) (*householdapp.Service, *pgtest.DB, *eventstore.Store) {
	t.Helper()
	db := pgtest.New(t)
	store := eventstore.New(db.Pool)
	runner, err := projections.NewRunner(db.Pool, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return householdapp.New(db.Pool, store), db, store
}

func person(t *testing.T, db *pgtest.DB) uuid.UUID {
	t.Helper()
	id := uuid.New()
	_, err := db.Pool.Exec(t.Context(), `INSERT INTO users (id, email) VALUES ($1, $2)`, id, id.String()+"@example.test")
	require.NoError(t, err)
	return id
}

func manual(name string, kcal, p, f, c int) householdapp.Input {
	return householdapp.Input{Name: name, Source: household.GoalsManual, Goals: nutrition.Goals{Kcal: kcal, ProteinG: p, FatG: f, CarbsG: c},
		Split: nutrition.DefaultMealSplit}
}

func TestMembersAreEventsReadBackWithTheirNames(t *testing.T) {
	t.Parallel()
	svc, db, store := setup(t)
	ctx := t.Context()
	owner := person(t, db)
	sam, _, err := svc.Add(ctx, owner, manual("Sam", 1700, 128, 57, 170))
	require.NoError(t, err)
	// Goals computed with the survey's rules.
	lou, res, err := svc.Add(ctx, owner, householdapp.Input{Name: "Lou", Source: household.GoalsSurvey, Split: nutrition.DefaultMealSplit,
		Survey: nutrition.NeedsInput{Body: nutrition.Body{WeightKg: 60, HeightCm: 165, Age: 30, Sex: nutrition.Female},
			Activity: "moderate", Objective: "maintenance", Preset: nutrition.PresetDefault}})
	require.NoError(t, err)
	require.NoError(t, svc.WaitForReadModels(ctx, res.Position))
	members, err := svc.Members(ctx, db.Pool, owner)
	require.NoError(t, err)
	require.Len(t, members, 2)
	require.Equal(t, "Sam", members[0].Name)
	require.Equal(t, sam, members[0].ID)
	require.Equal(t, lou, members[1].ID)
	require.Greater(t, members[1].Goals.Kcal, 1500)

	res, err = svc.Remove(ctx, owner, sam)
	require.NoError(t, err)
	require.NoError(t, svc.WaitForReadModels(ctx, res.Position))
	members, err = svc.Members(ctx, db.Pool, owner)
	require.NoError(t, err)
	require.Len(t, members, 1)
	evs, err := store.Load(ctx, db.Pool, household.StreamID(owner), 1)
	require.NoError(t, err)
	require.Len(t, evs, 3)
	require.Equal(t, household.TypeMemberRemoved, evs[2].Type)
	require.NotContains(t, string(evs[0].Payload), "Sam", "names stay beside the log")

	// Deleting the person takes the names with the users row.
	_, err = db.Pool.Exec(ctx, `DELETE FROM users WHERE id = $1`, owner)
	require.NoError(t, err)
	var n int
	require.NoError(t, db.Pool.QueryRow(ctx, `SELECT count(*) FROM household_names WHERE owner_id = $1`, owner).Scan(&n))
	require.Zero(t, n)
}

func TestBadMembersWriteNothing(t *testing.T) {
	t.Parallel()
	svc, db, store := setup(t)
	ctx := t.Context()
	owner := person(t, db)
	_, _, err := svc.Add(ctx, owner, manual("Sam", 9000, 128, 57, 170))
	var ge household.GoalsError
	require.ErrorAs(t, err, &ge)
	for range household.MaxMembers {
		_, _, err := svc.Add(ctx, owner, manual("X", 2000, 100, 70, 240))
		require.NoError(t, err)
	}
	_, _, err = svc.Add(ctx, owner, manual("Nine", 2000, 100, 70, 240))
	require.ErrorIs(t, err, household.ErrTooManyPeople)
	evs, err := store.Load(ctx, db.Pool, household.StreamID(owner), 1)
	require.NoError(t, err)
	require.Len(t, evs, household.MaxMembers)
	var names int
	require.NoError(t, db.Pool.QueryRow(ctx, `SELECT count(*) FROM household_names WHERE owner_id = $1`, owner).Scan(&names))
	require.Equal(t, household.MaxMembers, names)
}
