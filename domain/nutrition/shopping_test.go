package nutrition_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestValidateDays(t *testing.T) {
	t.Parallel()
	require.ErrorIs(t, nutrition.ValidateDays(0), nutrition.ErrDaysMissing)
	require.ErrorIs(t, nutrition.ValidateDays(15), nutrition.ErrDaysOutOfRange)
	require.ErrorIs(t, nutrition.ValidateDays(-1), nutrition.ErrDaysOutOfRange)
	require.NoError(t, nutrition.ValidateDays(1))
	require.NoError(t, nutrition.ValidateDays(14))
}

func TestFormatMass(t *testing.T) {
	t.Parallel()
	cases := []struct {
		g      float64
		units  nutrition.Units
		locale string
		want   string
	}{
		{850, nutrition.Metric, "fr", "850\u00a0g"},
		{1250, nutrition.Metric, "fr", "1,25\u00a0kg"},
		{1250, nutrition.Metric, "en", "1.25 kg"},
		{2000, nutrition.Metric, "en", "2 kg"},
		{453.59237, nutrition.Imperial, "en", "1 lb"},          // exactly one pound
		{453.6, nutrition.Imperial, "en", "1 lb 1 oz"},         // a hair over rounds up
		{28.349523125 * 14, nutrition.Imperial, "en", "14 oz"}, // exactly 14 oz
		{500, nutrition.Imperial, "fr", "1\u00a0lb 2\u00a0oz"}, // 17.6 oz → 18 oz
	}
	for _, c := range cases {
		require.Equal(t, c.want, nutrition.FormatMass(c.g, c.units, c.locale), "%v %s %s", c.g, c.units, c.locale)
	}
	require.InDelta(t, 453.59237, nutrition.GramsPerPound, 0)
}

func TestShoppingListMergesRoundsAndPrices(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	foods := map[int]nutrition.Food{}
	for _, c := range []int{36017, 9100, 20057, 17270} {
		foods[c] = cat[c]
	}
	recipes := []nutrition.Recipe{
		{Servings: 2, Ingredients: []nutrition.Ingredient{{FoodCode: 36017, Grams: 340}, {FoodCode: 9100, Grams: 180}, {FoodCode: 17270, Grams: 30}}},
		{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: 36017, Grams: 150}, {FoodCode: 20057, Grams: 120}}},
	}
	list, err := nutrition.BuildShoppingList(recipes, foods, 3, nutrition.Pricing{Table: pt, Currency: nutrition.EUR})
	require.NoError(t, err)
	items := map[int]nutrition.ShoppingItem{}
	var aisles []nutrition.Aisle
	for _, a := range list.Aisles {
		aisles = append(aisles, a.Aisle)
		for _, it := range a.Items {
			items[it.FoodCode] = it
			require.Equal(t, a.Aisle, it.Aisle)
		}
	}
	// Chicken from both recipes over 3 days: (340 + 150) × 3 = 1470 g, in trays: 1 kg + 2 × 250 g.
	require.InDelta(t, 1470, items[36017].NeededG, 1e-9)
	require.InDelta(t, 1500, items[36017].PurchaseG, 1e-9)
	// Dry rice 540 g → a 1 kg pack; broccoli 360 g → 400 g loose; oil 90 g → a 50 cl bottle.
	require.InDelta(t, 1000, items[9100].PurchaseG, 1e-9)
	require.InDelta(t, 400, items[20057].PurchaseG, 1e-9)
	require.InDelta(t, 460, items[17270].PurchaseG, 1e-9)
	// Aisles in shop order.
	require.Equal(t, []nutrition.Aisle{nutrition.AisleProduce, nutrition.AisleMeatFish, nutrition.AisleGrocery}, aisles)
	// Cost is the purchase at the table's price: chicken breast (its own row) 13.50 €/kg × 1.5 kg = 20.25 €.
	require.InDelta(t, 20.25, items[36017].Cost, 0.001)
	sum := 0.0
	for _, it := range items {
		sum += it.Cost
	}
	require.InDelta(t, sum, list.Total, 0.011)

	usd, err := nutrition.BuildShoppingList(recipes, foods, 3, nutrition.Pricing{Table: pt, Currency: nutrition.USD, USDPerEUR: 1.1})
	require.NoError(t, err)
	require.InDelta(t, list.Total*1.1, usd.Total, 0.02)

	_, err = nutrition.BuildShoppingList(recipes, foods, 0, nutrition.Pricing{Table: pt})
	require.ErrorIs(t, err, nutrition.ErrDaysMissing)
	_, err = nutrition.BuildShoppingList(recipes, map[int]nutrition.Food{}, 2, nutrition.Pricing{Table: pt})
	require.ErrorIs(t, err, nutrition.ErrUnknownFood)
}

// Golden texts: what a person copies, in both languages (the CSV download: handlers).
func TestShoppingListTextGolden(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	foods := map[int]nutrition.Food{36017: cat[36017], 20057: cat[20057]}
	recipes := []nutrition.Recipe{{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: 36017, Grams: 150}, {FoodCode: 20057, Grams: 120}}}}
	list, err := nutrition.BuildShoppingList(recipes, foods, 2, nutrition.Pricing{Table: pt, Currency: nutrition.EUR})
	require.NoError(t, err)

	require.Equal(t, strings.Join([]string{
		"Liste de courses pour 2\u00a0jours",
		"",
		"Fruits et légumes",
		"- Brocoli, cru\u00a0: 300\u00a0g",
		"",
		"Boucherie et poissonnerie",
		"- Poulet, filet sans peau cru\u00a0: barquette de 400\u00a0g",
		"",
		"Total estimé\u00a0: 6,57\u00a0€",
		"",
	}, "\n"), list.Text("fr", nutrition.Metric))

	require.Equal(t, strings.Join([]string{
		"Shopping list for 2 days",
		"",
		"Fruit and vegetables",
		"- Broccoli, raw: 11 oz",
		"",
		"Meat and fish",
		"- Chicken, breast, without skin, raw: 400 g tray (15 oz)",
		"",
		"Estimated total: €6.57",
		"",
	}, "\n"), list.Text("en", nutrition.Imperial))

}
