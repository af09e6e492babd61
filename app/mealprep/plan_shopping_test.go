package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestPlanAndShoppingListCountTheSamePortions: the portions the plan lays out day by day are
// the portions the shopping list buys. Two lunch/dinner recipes over 7 days are 7 portions
// each (one at lunch, one at dinner); the list used to buy each recipe whole once a day, so it
// bought 7 portions of a 1-serving recipe (half of the 14 lunches and dinners) and 28 of a
// 4-serving one.
func TestPlanAndShoppingListCountTheSamePortions(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	prices := shippedPrices(t)
	runner := runProjections(t, e)
	owner := e.person(t, 5)
	id := e.mealPrep(t, owner)
	// Two requests of one: the engine may make fewer distinct recipes than asked from 3 foods.
	generate(t, e, owner, id, prices, 1)
	generate(t, e, owner, id, prices, 1)
	waitAll(t, e, runner)
	p, recipes := personRecipes(t, e, owner, id)
	require.Len(t, recipes, 2)
	four := 4
	_, err := e.svc.UpdateRecipe(ctx, owner, id, recipes[0].ID, mealprep.RecipeChange{Servings: &four})
	require.NoError(t, err)
	waitAll(t, e, runner)
	recipes, err = e.svc.Recipes(ctx, p, id, "fr")
	require.NoError(t, err)
	require.Equal(t, 4, recipes[0].Servings)

	plan := mealprepapp.PlanOf(recipes, p, nil)
	require.Len(t, plan.Schedule.Days, mealprep.PlanDays)
	require.Equal(t, []mealprep.ScheduledMeal{
		{RecipeID: recipes[0].ID, Category: mealprep.LunchDinner, Portions: 1},
		{RecipeID: recipes[1].ID, Category: mealprep.LunchDinner, Portions: 1},
	}, plan.Schedule.Days[0].Meals, "day 1: one recipe at lunch, the other at dinner")

	list, err := e.svc.ShoppingList(ctx, owner, id, mealprep.PlanDays, nutrition.Pricing{Table: prices, Currency: nutrition.EUR}, nil)
	require.NoError(t, err)
	bought := map[int]float64{}
	for _, a := range list.Aisles {
		for _, it := range a.Items {
			bought[it.FoodCode] = it.NeededG
		}
	}
	want := map[int]float64{}
	portions := 0
	for _, r := range recipes {
		n := plan.Schedule.PortionsOf(r.ID)
		require.Equal(t, mealprep.PlanDays, n, "each recipe feeds one meal a day")
		portions += n
		for _, in := range r.Ingredients {
			want[in.FoodCode] += float64(in.Grams) * float64(n) / float64(r.Servings)
		}
	}
	require.Equal(t, 2*mealprep.PlanDays, portions, "14 lunches and dinners")
	require.Len(t, bought, len(want))
	for code, g := range want {
		require.InDelta(t, g, bought[code], 0.1, "food %d: the list buys the plan's portions", code)
	}
}
