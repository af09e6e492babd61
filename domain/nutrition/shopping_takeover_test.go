package nutrition_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestAFoodThatTakesOverTheWeekIsFlagged (docs/nutrition.md, Shopping list): a week of one
// salmon lunch eaten twice a day spends most of the list on salmon; a week of spinach every day
// buys kilos of it. Each is marked on its line, the others are not; two people halve the weight
// that is too much.
func TestAFoodThatTakesOverTheWeekIsFlagged(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	const salmon, rice, broccoli, oil, spinach, chicken, pasta, eggs, carrot = 26036, 9100, 20057, 17270, 20059, 36017, 9810, 22000, 20009
	foods := map[int]nutrition.Food{}
	for _, c := range []int{salmon, rice, broccoli, oil, spinach, chicken, pasta, eggs, carrot} {
		foods[c] = cat[c]
	}
	pricing := nutrition.Pricing{Table: pt, Currency: nutrition.EUR}
	flags := func(l nutrition.ShoppingList) map[int]nutrition.TakeOver {
		out := map[int]nutrition.TakeOver{}
		for _, a := range l.Aisles {
			for _, it := range a.Items {
				if it.TakesOver != "" {
					out[it.FoodCode] = it.TakesOver
				}
			}
		}
		return out
	}

	salmonWeek := []nutrition.Recipe{{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: salmon, Grams: 250}, {FoodCode: rice, Grams: 200}, {FoodCode: broccoli, Grams: 120}, {FoodCode: oil, Grams: 10}}}}
	l, err := nutrition.BuildShoppingListOfPortions(salmonWeek, []int{14}, foods, 7, pricing)
	require.NoError(t, err)
	l.FlagTakeOvers(foods, 1)
	require.Equal(t, map[int]nutrition.TakeOver{salmon: nutrition.TakeOverBudget}, flags(l))

	spinachWeek := []nutrition.Recipe{
		{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: chicken, Grams: 150}, {FoodCode: pasta, Grams: 90}, {FoodCode: spinach, Grams: 250}}},
		{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: salmon, Grams: 120}, {FoodCode: rice, Grams: 200}, {FoodCode: spinach, Grams: 250}}},
	}
	l, err = nutrition.BuildShoppingListOfPortions(spinachWeek, []int{7, 7}, foods, 7, pricing)
	require.NoError(t, err)
	l.FlagTakeOvers(foods, 1)
	require.Equal(t, nutrition.TakeOverFresh, flags(l)[spinach], "3.5 kg of spinach for one person's week: %v", flags(l))
	l.FlagTakeOvers(foods, 2)
	require.Empty(t, flags(l)[spinach], "for two people, 3.5 kg is under their 4 kg")

	// A varied week (four lunches and dinners, each its protein eaten 3 or 4 times) flags nothing.
	varied := []nutrition.Recipe{
		{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: chicken, Grams: 130}, {FoodCode: pasta, Grams: 90}, {FoodCode: spinach, Grams: 120}}},
		{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: salmon, Grams: 120}, {FoodCode: rice, Grams: 200}, {FoodCode: broccoli, Grams: 120}}},
		{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: eggs, Grams: 120}, {FoodCode: pasta, Grams: 90}, {FoodCode: carrot, Grams: 150}}},
		{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: chicken, Grams: 130}, {FoodCode: rice, Grams: 200}, {FoodCode: carrot, Grams: 150}}},
	}
	l, err = nutrition.BuildShoppingListOfPortions(varied, []int{4, 3, 4, 3}, foods, 7, pricing)
	require.NoError(t, err)
	l.FlagTakeOvers(foods, 1)
	require.Empty(t, flags(l))
}
