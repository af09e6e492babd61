package household_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func member() household.Member {
	return household.Member{ID: uuid.New(), Goals: nutrition.Goals{Kcal: 1800, ProteinG: 110, FatG: 60, CarbsG: 200},
		Split: nutrition.DefaultMealSplit, Source: household.GoalsManual}
}

func TestAddChangeRemoveReplay(t *testing.T) {
	t.Parallel()
	owner := uuid.New()
	h := household.FromHistory(owner, nil)
	m := member()
	require.NoError(t, h.Add(m, "Sam"))
	m.Goals.Kcal = 1900
	m.Goals.CarbsG = 225
	require.NoError(t, h.Change(m, "Sam"))
	other := member()
	require.NoError(t, h.Add(other, "Lou"))
	require.NoError(t, h.Remove(other.ID))
	replayed := household.FromHistory(owner, h.Changes())
	require.Equal(t, []household.Member{m}, replayed.Members())
	require.EqualValues(t, 4, replayed.Version())
	for _, e := range h.Changes() {
		require.True(t, household.IsHouseholdEvent(e.EventType()))
	}
}

func TestAtMostSevenMembersMakeEightPeople(t *testing.T) {
	t.Parallel()
	h := household.FromHistory(uuid.New(), nil)
	for range household.MaxMembers {
		require.NoError(t, h.Add(member(), "X"))
	}
	require.ErrorIs(t, h.Add(member(), "Nine"), household.ErrTooManyPeople)
	require.Len(t, h.Changes(), household.MaxMembers)
}

func TestGoalsOutsideTheSurveysBoundsAreRefused(t *testing.T) {
	t.Parallel()
	h := household.FromHistory(uuid.New(), nil)
	m := member()
	m.Goals = nutrition.Goals{Kcal: 9000, ProteinG: 100, FatG: 60, CarbsG: 200}
	err := h.Add(m, "Sam")
	var ge household.GoalsError
	require.ErrorAs(t, err, &ge)
	require.ErrorIs(t, ge["kcal"], nutrition.ErrGoalKcalOutOfRange)
	m = member()
	m.Split = nutrition.MealSplit{Breakfast: 50, Lunch: 50, Dinner: 50}
	require.ErrorIs(t, h.Add(m, "Sam"), household.ErrSplit)
	require.ErrorIs(t, h.Add(member(), "  "), household.ErrName)
	require.Empty(t, h.Changes())
}
