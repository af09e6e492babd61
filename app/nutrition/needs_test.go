package nutrition_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
)

type needsEnv struct {
	db     *pgtest.DB
	ledger *ledgerapp.Service
	jobs   *failingInserter
	svc    *nutritionapp.Needs
}

// failingInserter inserts through a real River client, or fails when told to (to prove the
// charge rolls back with the job).
type failingInserter struct {
	client *river.Client[pgx.Tx]
	fail   bool
}

func (f *failingInserter) InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	if f.fail {
		return nil, errors.New("job queue unavailable")
	}
	return f.client.InsertTx(ctx, tx, args, opts)
}

func setupNeeds(t *testing.T) needsEnv {
	t.Helper()
	db := pgtest.New(t)
	l := ledgerapp.New(db.Pool, eventstore.New(db.Pool))
	client, err := river.NewClient(riverpgxv5.New(db.Pool), &river.Config{})
	require.NoError(t, err)
	jobs := &failingInserter{client: client}
	return needsEnv{db: db, ledger: l, jobs: jobs, svc: nutritionapp.NewNeeds(db.Pool, l, jobs)}
}

func (e needsEnv) person(t *testing.T, tokens int64) uuid.UUID {
	t.Helper()
	id := uuid.New()
	_, err := e.db.Pool.Exec(t.Context(), `INSERT INTO users (id, email) VALUES ($1, $2)`, id, id.String()+"@example.test")
	require.NoError(t, err)
	if tokens > 0 {
		_, err = e.ledger.Grant(t.Context(), ledgerapp.GrantCommand{UserID: id, Amount: tokens, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "test"}})
		require.NoError(t, err)
	}
	return id
}

func (e needsEnv) balance(t *testing.T, id uuid.UUID) int64 {
	t.Helper()
	b, err := e.ledger.Balance(t.Context(), id)
	require.NoError(t, err)
	return b
}

func (e needsEnv) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, e.db.Pool.QueryRow(t.Context(), sql, args...).Scan(&n))
	return n
}

func goodSurvey() nutritionapp.Survey {
	return nutritionapp.Survey{
		WeightKg: 80, HeightCm: 180, Age: 30, Sex: "male", ActivityLevel: "moderate",
		ActivityDescription: "desk job, cycling to work", OtherActivities: "football on Sundays",
		Objective: "maintenance", MacroPreset: "default",
		MealSplit: nutrition.MealSplit{Breakfast: 25, Lunch: 35, Dinner: 30, Snack: 10},
	}
}

func TestNeedsRequestChargesWithTheJobAndComputesTheFormula(t *testing.T) {
	t.Parallel()
	e := setupNeeds(t)
	ctx := t.Context()
	u := e.person(t, 12)

	id, err := e.svc.Request(ctx, u, goodSurvey(), "form-1")
	require.NoError(t, err)
	require.Equal(t, int64(2), e.balance(t, u))
	// A double-submitted form is one request and one charge.
	again, err := e.svc.Request(ctx, u, goodSurvey(), "form-1")
	require.NoError(t, err)
	require.Equal(t, id, again)
	require.Equal(t, int64(2), e.balance(t, u))
	require.Equal(t, 1, e.count(t, `SELECT count(*) FROM river_job WHERE kind = 'calculate_needs'`))

	w := &nutritionapp.NeedsWorker{Needs: e.svc}
	require.NoError(t, w.Work(ctx, job(id, 1)))

	r, err := e.svc.Latest(ctx, u)
	require.NoError(t, err)
	require.Equal(t, nutritionapp.StatusDone, r.Status)
	// 80 kg, 180 cm, 30 y, male: BMR 10·80 + 6.25·180 − 5·30 + 5 = 1780; × 1.55 = 2759 kcal.
	require.Equal(t, 2759, r.Needs.Kcal)
	require.InDelta(t, 1780, r.Needs.BMR, 1e-9)

	// The paid result is the person's goals as soon as it is done, without a second click.
	require.True(t, r.Accepted)
	var kcal, protein int
	require.NoError(t, e.db.Pool.QueryRow(ctx, `SELECT calorie_goal, protein_goal FROM users WHERE id = $1`, u).Scan(&kcal, &protein))
	require.Equal(t, r.Needs.Kcal, kcal)
	require.Equal(t, r.Needs.ProteinG, protein)
	// Accepting it again (putting it back after goals set by hand) is allowed and changes nothing.
	require.NoError(t, e.svc.Accept(ctx, u, id))
	// Someone else cannot accept it.
	require.ErrorIs(t, e.svc.Accept(ctx, e.person(t, 0), id), nutritionapp.ErrRequestNotFound)
}

func TestNeedsRequestChargesNothingWhenRefused(t *testing.T) {
	t.Parallel()
	e := setupNeeds(t)
	ctx := t.Context()

	poor := e.person(t, 0) // sign-up bonus only in real life; here 0 + 2
	_, err := e.ledger.Grant(ctx, ledgerapp.GrantCommand{UserID: poor, Amount: 2, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "test"}})
	require.NoError(t, err)
	_, err = e.svc.Request(ctx, poor, goodSurvey(), "k")
	require.ErrorIs(t, err, ledger.ErrInsufficientTokens)
	require.Equal(t, int64(2), e.balance(t, poor))

	rich := e.person(t, 50)
	bad := goodSurvey()
	bad.WeightKg, bad.HeightCm, bad.Age = 19, 251, 13
	bad.MealSplit.Snack = 20
	_, err = e.svc.Request(ctx, rich, bad, "k")
	var fe nutritionapp.FieldErrors
	require.ErrorAs(t, err, &fe)
	for _, f := range []string{"weightKg", "heightCm", "age", "mealSplit"} {
		require.Contains(t, fe, f)
	}
	require.Equal(t, int64(50), e.balance(t, rich))

	// The job queue failing rolls the charge back: charge and job are one transaction.
	e.jobs.fail = true
	_, err = e.svc.Request(ctx, rich, goodSurvey(), "k2")
	require.Error(t, err)
	require.Equal(t, int64(50), e.balance(t, rich))
	require.Equal(t, 0, e.count(t, `SELECT count(*) FROM needs_requests WHERE user_id = $1`, rich))
}

func TestNeedsFailureRefundsOnce(t *testing.T) {
	t.Parallel()
	e := setupNeeds(t)
	ctx := t.Context()
	u := e.person(t, 10)
	id, err := e.svc.Request(ctx, u, goodSurvey(), "k")
	require.NoError(t, err)
	require.Equal(t, int64(0), e.balance(t, u))
	// An input the formula refuses (stored by an older version, say) fails the job for good.
	_, err = e.db.Pool.Exec(ctx, `UPDATE needs_requests SET input = jsonb_set(input, '{sex}', '"other"') WHERE id = $1`, id)
	require.NoError(t, err)

	w := &nutritionapp.NeedsWorker{Needs: e.svc}
	for attempt := range 2 { // a retried job must not refund twice
		require.NoError(t, w.Work(ctx, job(id, attempt+1)))
	}
	require.NoError(t, e.svc.Fail(ctx, id))
	require.Equal(t, int64(10), e.balance(t, u))
	r, err := e.svc.Latest(ctx, u)
	require.NoError(t, err)
	require.Equal(t, nutritionapp.StatusFailed, r.Status)
	require.ErrorIs(t, e.svc.Accept(ctx, u, id), nutritionapp.ErrRequestNotFound)
}

func job(id uuid.UUID, attempt int) *river.Job[nutritionapp.NeedsArgs] {
	return &river.Job[nutritionapp.NeedsArgs]{JobRow: &rivertype.JobRow{Attempt: attempt, MaxAttempts: 3}, Args: nutritionapp.NeedsArgs{RequestID: id}}
}
