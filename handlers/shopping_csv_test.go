package handlers

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// The CSV download, in both languages: French spreadsheets read ";" and a decimal comma.
func TestShoppingCSVGolden(t *testing.T) {
	t.Parallel()
	cat, err := nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	require.NoError(t, err)
	pt, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	foods := map[int]nutrition.Food{36017: cat[36017], 20057: cat[20057]}
	recipes := []nutrition.Recipe{{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: 36017, Grams: 150}, {FoodCode: 20057, Grams: 120}}}}
	list, err := nutrition.BuildShoppingList(recipes, foods, 2, nutrition.Pricing{Table: pt, Currency: nutrition.EUR})
	require.NoError(t, err)
	require.Equal(t, "rayon;aliment;quantité;grammes;coût estimé (EUR)\n"+
		"Fruits et légumes;Brocoli, cru;300\u00a0g;300;1,17\n"+
		"Boucherie et poissonnerie;Poulet, filet sans peau cru;barquette de 400\u00a0g;400;5,40\n"+
		"Total;;;;6,57\n", string(shoppingCSV(list, "fr", nutrition.Metric)))
	require.Equal(t, "aisle,food,quantity,grams,estimated cost (EUR)\n"+
		"Fruit and vegetables,\"Broccoli, raw\",11 oz,300,1.17\n"+
		"Meat and fish,\"Chicken, breast, without skin, raw\",400 g tray (15 oz),400,5.40\n"+
		"Total,,,,6.57\n", string(shoppingCSV(list, "en", nutrition.Imperial)))
}

// A food named like a formula (a custom food's name is the person's text) is written as text,
// never as a formula a spreadsheet would run; numbers stay numbers.
func TestShoppingCSVNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	list := nutrition.ShoppingList{Days: 1, Currency: nutrition.EUR, Total: 1, Aisles: []nutrition.AisleItems{{
		Aisle: nutrition.AisleOther,
		Items: []nutrition.ShoppingItem{
			{Name: nutrition.Text{FR: "=cmd|' /C calc'!A0", EN: "=cmd|' /C calc'!A0"}, PurchaseG: 100, Cost: 1},
			{Name: nutrition.Text{FR: "@SUM(1+1)", EN: "+1+1"}, PurchaseG: 100},
		},
	}}}
	fr := string(shoppingCSV(list, "fr", nutrition.Metric))
	require.Contains(t, fr, ";'=cmd|' /C calc'!A0;")
	require.Contains(t, fr, ";'@SUM(1+1);")
	require.Contains(t, fr, ";100;1,00\n")
	en := string(shoppingCSV(list, "en", nutrition.Metric))
	require.Contains(t, en, ",'+1+1,")
}
