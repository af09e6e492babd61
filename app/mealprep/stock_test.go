package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
)

// TestGramsTypedAreWhatThePersonHas: the grams typed when adding a food are what the person
// has. No recipe uses more (it used to ignore them: 80 g of chicken typed, a recipe with 110 g),
// and the plan says when its days need more than that. A food without grams has no limit.
func TestGramsTypedAreWhatThePersonHas(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	prices := shippedPrices(t)
	runner := runProjections(t, e)
	owner := e.person(t, 5)
	// A light lunch (455 kcal, 30 g of protein) that 80 g of chicken can carry: a target the foods
	// cannot meet is refused, and would make no recipe to look at.
	_, err := e.pool.Exec(ctx, `UPDATE users SET calorie_goal = 1400, protein_goal = 75, fat_goal = 45, carb_goal = 170 WHERE id = $1`, owner)
	require.NoError(t, err)
	id, _, err := e.svc.Create(ctx, owner, "Ce que j’ai")
	require.NoError(t, err)
	for code, g := range map[int]int{chickenCode: 80, riceCode: 0, oilCode: 0} {
		_, err := e.svc.SetFood(ctx, owner, id, code, g)
		require.NoError(t, err)
	}
	generate(t, e, owner, id, prices, 3)
	waitAll(t, e, runner)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	recipes, err := e.svc.Recipes(ctx, p, id, "fr")
	require.NoError(t, err)
	require.NotEmpty(t, recipes)
	used := 0
	for _, r := range recipes {
		for _, in := range r.Ingredients {
			if in.FoodCode == chickenCode {
				used++
				require.LessOrEqual(t, in.Grams, 80, "recipe %q uses no more chicken than the 80 g the person has", r.Name)
			}
		}
	}
	require.Positive(t, used, "the recipes still use the chicken")

	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	plan := mealprepapp.PlanOf(recipes, p, m.Foods())
	require.Len(t, plan.Stock, 1, "only the chicken has a limit: %+v", plan.Stock)
	need := plan.Stock[0]
	require.Equal(t, chickenCode, need.FoodCode)
	require.Equal(t, 80, need.HaveG)
	require.Greater(t, need.NeededG, 80.0, "a week of lunches and dinners needs more than 80 g")
	require.NotEmpty(t, need.Name)
	want := 0.0
	for _, r := range recipes {
		for _, in := range r.Ingredients {
			if in.FoodCode == chickenCode {
				want += float64(in.Grams) * float64(plan.Schedule.PortionsOf(r.ID)) / float64(r.Servings)
			}
		}
	}
	require.InDelta(t, want, need.NeededG, 0.1, "the plan's portions of the recipes with chicken")
}
