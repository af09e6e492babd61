package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestShoppingListLeavesTheCupboardFatOut: a meal prep of chicken, rice and broccoli holds no
// fat; the person's cupboard holds oil (the pantry a person starts with), so the lunch is cooked
// in it, and the shopping list does not buy it. Once the meal prep holds the oil, the list buys
// it (docs/nutrition.md, "Pantry staples").
func TestShoppingListLeavesTheCupboardFatOut(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	runner := runProjections(t, e)
	prices := shippedPrices(t)
	owner := e.person(t, 5)
	const oil = 17270
	id := e.mealPrepOf(t, owner, "Sans huile", 36017, 9100, 20057)
	generate(t, e, owner, id, prices, 1)
	waitAll(t, e, runner)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	require.Contains(t, p.Pantry, "oil", "a person starts with oil in the cupboard")
	rs, err := e.svc.Recipes(ctx, p, id, "fr")
	require.NoError(t, err)
	require.Len(t, rs, 1)
	codes := map[int]bool{}
	for _, in := range rs[0].Ingredients {
		codes[in.FoodCode] = true
		require.Equal(t, in.FoodCode == oil, in.FromPantry, "only the oil comes from the cupboard: %+v", in)
	}
	require.True(t, codes[oil], "the lunch is cooked in the cupboard's oil: %+v", rs[0].Ingredients)
	require.True(t, rs[0].WithinTolerance)

	bought := func() map[int]bool {
		list, err := e.svc.ShoppingList(ctx, owner, id, 3, nutrition.Pricing{Table: prices, Currency: nutrition.EUR}, nil)
		require.NoError(t, err)
		out := map[int]bool{}
		for _, a := range list.Aisles {
			for _, it := range a.Items {
				out[it.FoodCode] = true
			}
		}
		return out
	}
	list := bought()
	require.False(t, list[oil], "the cupboard's oil is not bought")
	require.True(t, list[36017] && list[9100] && list[20057], "the meal prep's foods are: %v", list)

	_, err = e.svc.SetFood(ctx, owner, id, oil, 0)
	require.NoError(t, err)
	waitAll(t, e, runner)
	require.True(t, bought()[oil], "oil the meal prep holds is bought like its other foods")
}
