package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestGenerateWithALargerServing: the recipes page's "generate with a larger serving of X" (a
// refusal's "more of", applied) records the food with the request and hands it to the engine;
// a food the meal prep does not hold is refused and charges nothing.
func TestGenerateWithALargerServing(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	prices := shippedPrices(t)
	owner := e.person(t, 5)
	id := e.mealPrep(t, owner)
	const chicken = 36018

	_, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 1, Larger: []int{20585}})
	require.ErrorIs(t, err, mealprep.ErrFoodNotFound)
	require.EqualValues(t, 5, e.balance(t, owner), "a refused request charges nothing")

	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 1, Larger: []int{chicken}})
	require.NoError(t, err)
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	require.Equal(t, []int{chicken}, m.Request(req).Larger)

	gen := &seenRequest{gen: nutrition.NewBuiltin(prices)}
	work(t, e, gen, owner, id, req)
	require.Equal(t, []int{chicken}, gen.last.Larger)
}
