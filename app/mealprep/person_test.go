package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// TestRecipesFollowTheMealSplitThePersonChose: a person who eats a light breakfast and a big
// lunch (15/45/40/0 in the survey) gets recipe targets from that split, not the default
// 25/35/30/10; the snack they said they skip still gets the usual share if they ask for one.
func TestRecipesFollowTheMealSplitThePersonChose(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 0)
	_, err := e.pool.Exec(ctx, `UPDATE users SET calorie_goal = 2000, protein_goal = 100, fat_goal = 60, carb_goal = 260,
		meal_split = '{"breakfast": 15, "lunch": 45, "dinner": 40, "snack": 0}' WHERE id = $1`, owner)
	require.NoError(t, err)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	require.Equal(t, mealprep.Macros{Kcal: 300, ProteinG: 15, FatG: 9, CarbsG: 39}, p.MealTarget(mealprep.Breakfast))
	require.Equal(t, mealprep.Macros{Kcal: 850, ProteinG: 43, FatG: 26, CarbsG: 111}, p.MealTarget(mealprep.LunchDinner))
	require.Equal(t, mealprep.Macros{Kcal: 200, ProteinG: 10, FatG: 6, CarbsG: 26}, p.MealTarget(mealprep.Snack))

	// Until the survey sets one, the default split.
	other := e.person(t, 0)
	_, err = e.pool.Exec(ctx, `UPDATE users SET calorie_goal = 2000, protein_goal = 100, fat_goal = 60, carb_goal = 260 WHERE id = $1`, other)
	require.NoError(t, err)
	q, err := e.svc.Person(ctx, e.pool, other)
	require.NoError(t, err)
	require.Equal(t, mealprep.Macros{Kcal: 500, ProteinG: 25, FatG: 15, CarbsG: 65}, q.MealTarget(mealprep.Breakfast))
}
