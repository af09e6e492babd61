package mealprep_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
)

// TestRecipesFollowTheMealSplitThePersonChose: a person who eats a light breakfast and a big
// lunch (15/45/40/0 in the survey) gets recipe targets from that split, not the default
// 25/35/30/10; the snack they said they skip still gets the usual share if they ask for one.
// Protein follows the meal profiles (docs/nutrition.md): breakfast and snack 0.6 of their
// share, lunch and dinner the rest, the energy moved given back as carbohydrates.
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
	require.Equal(t, mealprep.Macros{Kcal: 300, ProteinG: 9, FatG: 9, CarbsG: 45}, p.MealTarget(mealprep.Breakfast))
	require.Equal(t, mealprep.Macros{Kcal: 850, ProteinG: 46, FatG: 26, CarbsG: 108}, p.MealTarget(mealprep.LunchDinner))
	require.Equal(t, mealprep.Macros{Kcal: 200, ProteinG: 6, FatG: 6, CarbsG: 30}, p.MealTarget(mealprep.Snack))

	// Until the survey sets one, the default split.
	other := e.person(t, 0)
	_, err = e.pool.Exec(ctx, `UPDATE users SET calorie_goal = 2000, protein_goal = 100, fat_goal = 60, carb_goal = 260 WHERE id = $1`, other)
	require.NoError(t, err)
	q, err := e.svc.Person(ctx, e.pool, other)
	require.NoError(t, err)
	require.Equal(t, mealprep.Macros{Kcal: 500, ProteinG: 15, FatG: 15, CarbsG: 75}, q.MealTarget(mealprep.Breakfast))
}

// TestRegeneratingAMealTheSplitLeavesOut: someone who moved their lunch and dinner energy to
// breakfast and snacks still gets real lunches when they regenerate one, never a target of 0
// (their plan has no lunch to close a gap on, so the job aims at the usual lunch target).
func TestRegeneratingAMealTheSplitLeavesOut(t *testing.T) {
	t.Parallel()
	e, _, owner, id := generatedWeek(t, 4, 2)
	ctx := t.Context()
	_, err := e.pool.Exec(ctx, `UPDATE users SET meal_split = '{"breakfast": 60, "lunch": 0, "dinner": 0, "snack": 40}' WHERE id = $1`, owner)
	require.NoError(t, err)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	rs, err := e.svc.Recipes(ctx, p, id, "fr")
	require.NoError(t, err)
	n, _, err := e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id, RecipeIDs: idsOf(rs)})
	require.NoError(t, err)
	require.Equal(t, 2, n)
	var raw []byte
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT payload FROM events WHERE stream_id = $1 AND event_type = $2 ORDER BY position DESC LIMIT 1`,
		mealprep.StreamID(id), mealprep.TypeRecipeGenerationRequested).Scan(&raw))
	var req mealprep.RecipeGenerationRequested
	require.NoError(t, json.Unmarshal(raw, &req))
	require.Len(t, req.Replaces, 2)
	if req.Target != nil {
		require.Positive(t, req.Target.Kcal, "a regenerated lunch aims at a real meal")
	}
	p, err = e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	require.Positive(t, p.MealTarget(mealprep.LunchDinner).Kcal)
}
