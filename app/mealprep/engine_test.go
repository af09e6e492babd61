package mealprep_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestEngineMakesRealRecipes: the recipe engine's built-in generator, through the adapter, on
// real CIQUAL foods of a meal prep.
func TestEngineMakesRealRecipes(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	owner := e.person(t, 0)
	id := e.mealPrep(t, owner)
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	foods, err := e.svc.FoodData(ctx, owner, m.Foods())
	require.NoError(t, err)
	target := mealprep.Macros{Kcal: 650, ProteinG: 45, FatG: 18, CarbsG: 75}
	rs, err := mealprepapp.Engine{Gen: nutrition.NewBuiltin(prices)}.Generate(ctx, mealprepapp.GenerateInput{
		Foods: foods, Category: mealprep.LunchDinner, Target: target, Count: 2, Seed: 7, Currency: "EUR",
	})
	require.NoError(t, err)
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
