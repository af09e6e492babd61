package mealprep_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// engineFoods are a meal prep's foods as the recipe engine takes them, in order.
func engineFoods(t *testing.T, e env, owner uuid.UUID, ings []mealprep.Ingredient) []nutrition.Food {
	t.Helper()
	codes := make([]int, len(ings))
	for i, in := range ings {
		codes[i] = in.FoodCode
	}
	known, err := e.svc.Foods().EngineFoods(t.Context(), e.pool, owner, codes)
	require.NoError(t, err)
	out := make([]nutrition.Food, 0, len(codes))
	for _, c := range codes {
		out = append(out, known[c])
	}
	return out
}

// engineLunches is two lunches for target asked of the recipe engine's built-in generator, at
// the shipped prices, from a new meal prep's foods, recorded as the meal prep stores recipes
// (RecipeOf).
func engineLunches(t *testing.T, target mealprep.Macros) []mealprep.Recipe {
	t.Helper()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 0)
	id := e.mealPrep(t, owner)
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	foods := engineFoods(t, e, owner, m.Foods())
	made, err := nutrition.NewBuiltin(shippedPrices(t)).Generate(ctx, nutrition.GenerateRequest{
		Foods: foods, Category: mealprep.LunchDinner, Target: nutrition.Macros(target), Count: 2, Seed: 7, Currency: nutrition.EUR,
	})
	require.NoError(t, err)
	rs := make([]mealprep.Recipe, len(made))
	for i, r := range made {
		rs[i] = mealprepapp.RecipeOf(r)
	}
	return rs
}

// TestEngineMakesRealRecipes: the recipe engine's built-in generator on real CIQUAL foods of a
// meal prep, recorded as the meal prep stores recipes (RecipeOf).
func TestEngineMakesRealRecipes(t *testing.T) {
	t.Parallel()
	target := mealprep.Macros{Kcal: 650, ProteinG: 45, FatG: 18, CarbsG: 75}
	rs := engineLunches(t, target)
	// Chicken, rice and oil make one plate; asked for two, the engine returns that one (never the
	// same foods twice) and the caller refunds the other.
	require.Len(t, rs, 1)
	for _, r := range rs {
		require.NotEmpty(t, r.Ingredients)
		require.NotEmpty(t, r.NameFR)
		require.NotEmpty(t, r.NameEN)
		require.Positive(t, r.PriceCents)
		require.Equal(t, target, r.Target)
		require.True(t, r.WithinTolerance, "chicken, rice and oil can meet a lunch target: %+v", r.Nutrition)
		require.InDelta(t, target.Kcal*float64(r.Servings), r.Nutrition.Kcal, 0.06*target.Kcal*float64(r.Servings))
	}
}
