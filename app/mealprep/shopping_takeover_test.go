package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestTheShoppingListFlagsTheSalmonWeek: one salmon lunch is the week's lunches and dinners,
// so the salmon is most of the list's price and the broccoli kilos of one vegetable; the list
// the page shows marks both (docs/nutrition.md, Shopping list), and nothing else.
func TestTheShoppingListFlagsTheSalmonWeek(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	runner := runProjections(t, e)
	prices := shippedPrices(t)
	owner := e.person(t, 5)
	// Goals a salmon lunch meets (43 g of protein with 33 g of fat): a target the foods cannot
	// meet is refused, and would leave no week to shop for.
	_, err := e.pool.Exec(ctx, `UPDATE users SET calorie_goal = 2600, protein_goal = 110, fat_goal = 100, carb_goal = 310 WHERE id = $1`, owner)
	require.NoError(t, err)
	const salmon, broccoli = 26036, 20057
	id := e.mealPrepOf(t, owner, "Saumon", salmon, 9100, broccoli, 17270)
	generate(t, e, owner, id, prices, 1)
	waitAll(t, e, runner)
	list, err := e.svc.ShoppingList(ctx, owner, id, 7, nutrition.Pricing{Table: prices, Currency: nutrition.EUR}, nil)
	require.NoError(t, err)
	flagged := map[int]nutrition.TakeOver{}
	for _, a := range list.Aisles {
		for _, it := range a.Items {
			if it.TakesOver != "" {
				flagged[it.FoodCode] = it.TakesOver
			}
		}
	}
	require.Equal(t, map[int]nutrition.TakeOver{salmon: nutrition.TakeOverBudget, broccoli: nutrition.TakeOverFresh}, flagged,
		"the salmon is most of the price, and 14 plates of broccoli are over 2 kg")
}
