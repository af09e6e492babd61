package household_test

import (
	"strings"
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

// An event written before members had allergens decodes as a member declaring none; one with
// them keeps them (docs/events.md).
func TestMemberEventsWithAndWithoutAllergens(t *testing.T) {
	t.Parallel()
	old := `{"memberID":"7d1c7c36-7a8e-4a53-9b35-3f4f1f0e2a11","goals":{"kcal":1700,"proteinG":128,"fatG":57,"carbsG":170},"split":{"breakfast":25,"lunch":35,"dinner":30,"snack":10},"source":"manual"}`
	ev, err := household.Decode(household.TypeMemberAdded, []byte(old))
	require.NoError(t, err)
	require.Empty(t, ev.(household.MemberAdded).Allergens)
	require.NoError(t, ev.(household.MemberAdded).Check())

	with := strings.Replace(old, `"source":"manual"`, `"source":"manual","allergens":["sesame"]`, 1)
	ev, err = household.Decode(household.TypeMemberChanged, []byte(with))
	require.NoError(t, err)
	require.Equal(t, []nutrition.Allergen{nutrition.AllergenSesame}, ev.(household.MemberChanged).Allergens)
	m := ev.(household.MemberChanged).Member
	m.Allergens = []nutrition.Allergen{"kiwi"}
	require.ErrorIs(t, m.Check(), nutrition.ErrUnknownAllergen)
}
