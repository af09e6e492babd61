package nutrition_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// buy is the shopping-list item for grams of one food over one day.
func buy(t *testing.T, code, grams int) nutrition.ShoppingItem {
	t.Helper()
	cat, pt := shipped(t)
	f, ok := cat[code]
	require.True(t, ok, "food %d", code)
	list, err := nutrition.BuildShoppingList([]nutrition.Recipe{{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: code, Grams: grams}}}},
		map[int]nutrition.Food{code: f}, 1, nutrition.Pricing{Table: pt, Currency: nutrition.EUR})
	require.NoError(t, err)
	require.Len(t, list.Aisles, 1)
	require.Len(t, list.Aisles[0].Items, 1)
	return list.Aisles[0].Items[0]
}

type packs map[float64]int

func packsOf(it nutrition.ShoppingItem) packs {
	out := packs{}
	for _, p := range it.Packs {
		out[p.Grams] += p.Count
	}
	return out
}

// TestShoppingListRealPackSizes: what a shop sells, per food kind (docs/nutrition.md).
func TestShoppingListRealPackSizes(t *testing.T) {
	t.Parallel()
	const oil, tuna, egg, potato, chicken, cookedRice, rawRice, chickpeas, broccoli, tomatoesInJuice = 17270, 26039, 22000, 4003, 36017, 9104, 9100, 20532, 20057, 20137
	cases := []struct {
		name  string
		code  int
		grams int
		want  packs
		fr    string
	}{
		{"a little oil is one 50 cl bottle", oil, 90, packs{460: 1}, "bouteille de 50\u00a0cl"},
		{"more oil is a 1 L bottle", oil, 600, packs{920: 1}, "bouteille de 1\u00a0L"},
		{"canned tuna by the 140 g can", tuna, 300, packs{140: 3}, "3\u00a0×\u00a0boîte de 140\u00a0g égouttés (420\u00a0g)"},
		{"four eggs are a box of 6", egg, 4 * nutrition.EggGrams, packs{300: 1}, "boîte de 6\u00a0œufs"},
		{"eight eggs are a box of 12", egg, 8 * nutrition.EggGrams, packs{600: 1}, "boîte de 12\u00a0œufs"},
		{"potatoes by the 1 kg bag", potato, 800, packs{1000: 1}, "filet de 1\u00a0kg"},
		{"2.3 kg of potatoes is a 2.5 kg bag", potato, 2300, packs{2500: 1}, "filet de 2,5\u00a0kg"},
		{"chicken by the tray", chicken, 300, packs{400: 1}, "barquette de 400\u00a0g"},
		{"raw rice by the 500 g pack", rawRice, 400, packs{500: 1}, "paquet de 500\u00a0g"},
		{"cooked rice is bought dry", cookedRice, 1000, packs{500: 1}, "paquet de 500\u00a0g (sec)"},
		{"canned chickpeas by the can, as drained", chickpeas, 200, packs{240: 1}, "boîte de 400\u00a0g (240\u00a0g égouttés)"},
		{"more canned chickpeas: a 4/4 can", chickpeas, 400, packs{480: 1}, "boîte de 800\u00a0g (480\u00a0g égouttés)"},
		{"tomatoes in their juice are not drained", tomatoesInJuice, 600, packs{800: 1}, "boîte de 800\u00a0g"},
		{"broccoli is loose, by 100 g", broccoli, 360, packs{}, "400\u00a0g"},
	}
	for _, c := range cases {
		it := buy(t, c.code, c.grams)
		require.Equal(t, c.want, packsOf(it), c.name)
		require.Equal(t, c.fr, it.Quantity(nutrition.Metric, "fr"), c.name)
		total := 0.0
		for g, n := range c.want {
			total += g * float64(n)
		}
		if len(c.want) > 0 {
			require.InDelta(t, total, it.PurchaseG, 1e-9, c.name)
		}
		require.GreaterOrEqual(t, it.PurchaseG, it.FormG, c.name)
	}
	require.Equal(t, "2 × 1 kg pack (4 lb 7 oz, dry)", buy(t, 9104, 4000).Quantity(nutrition.Imperial, "en"))
}

// A can of chickpeas is priced as drained chickpeas from a can (3–4 EUR per kg drained), not as
// the dry pack it is not: 240 g drained cost more than the 1.1 EUR per kg of dry-equivalent.
func TestCannedPulsesArePricedAsCans(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	chickpeas := cat[20532]
	require.True(t, nutrition.Canned(chickpeas))
	require.False(t, nutrition.BoughtDry(chickpeas), "a can is not bought dry")
	form, grams := nutrition.PurchaseOf(chickpeas, 240)
	require.Equal(t, nutrition.AsUsed, form)
	require.Equal(t, 240.0, grams)
	require.GreaterOrEqual(t, pt.PerKgEUR(chickpeas), 3.0)
	it := buy(t, 20532, 240)
	require.InDelta(t, pt.PerKgEUR(chickpeas)*0.24, it.Cost, 0.01)
	// Cooked chickpeas (cooked at home) are still bought dry.
	require.False(t, nutrition.Canned(cat[20507]))
	require.True(t, nutrition.BoughtDry(cat[20507]))
}

// TestShoppingListDryWeightAndPrice: cooked rice is bought as the dry rice it cooks from, at the
// dry price: 1 kg cooked (61.4 g water per 100 g) is 1000 × 38.6 / 88 ≈ 439 g dry.
func TestShoppingListDryWeightAndPrice(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	it := buy(t, 9104, 1000)
	require.Equal(t, nutrition.BoughtDryForm, it.Form)
	require.InDelta(t, 1000, it.NeededG, 1e-9)
	require.InDelta(t, 438.6, it.FormG, 0.1)
	require.InDelta(t, 500, it.PurchaseG, 1e-9)
	require.InDelta(t, pt.PerKgEUR(cat[9100])*0.5, it.Cost, 0.011, "the pack costs what dry rice costs")
	require.Equal(t, nutrition.AsUsed, buy(t, 9100, 400).Form, "raw rice is bought as it is")
}

// TestPackingBuyWastesLeast: the packs chosen waste least, then are fewest.
func TestPackingBuyWastesLeast(t *testing.T) {
	t.Parallel()
	p := nutrition.Packing{Packs: []nutrition.PackSize{{Grams: 300}, {Grams: 600}}}
	got, g := p.Buy(1300)
	require.InDelta(t, 1500, g, 1e-9)
	require.Equal(t, []nutrition.PackCount{{Count: 2, Grams: 600}, {Count: 1, Grams: 300}}, got)
	got, g = p.Buy(1200)
	require.InDelta(t, 1200, g, 1e-9)
	require.Equal(t, []nutrition.PackCount{{Count: 2, Grams: 600}}, got)
	got, g = nutrition.Packing{Step: 100}.Buy(101)
	require.Nil(t, got)
	require.InDelta(t, 200, g, 1e-9)
	got, g = p.Buy(0)
	require.Nil(t, got)
	require.Zero(t, g)
}

// TestCannedFishListMatchesCatalogue: every canned fish of the catalogue (CIQUAL marks them
// "appertisé" among fish products) is sold by the can, and nothing else is.
func TestCannedFishListMatchesCatalogue(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	cans := 0
	for _, f := range cat {
		canned := f.Subgroup == "fish products" && strings.Contains(strings.ToLower(f.Name.FR), "appertis")
		p := nutrition.PackingOf(f)
		byCan := len(p.Packs) == 1 && p.Packs[0].Grams == 140
		require.Equal(t, canned, byCan, "%d %s", f.Code, f.Name.FR)
		if byCan {
			cans++
		}
	}
	require.Equal(t, 24, cans)
}

// TestShoppingListBuysCookedMeatRaw: grilled chicken is bought as raw breasts in trays (cooked
// grams ÷ 0.72), at the raw price: the table's cooked price × 0.72.
func TestShoppingListBuysCookedMeatRaw(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	it := buy(t, 36018, 500)
	require.Equal(t, nutrition.BoughtRawForm, it.Form)
	require.InDelta(t, 500/0.72, it.FormG, 0.1)
	require.Equal(t, packs{250: 3}, packsOf(it), "694 g raw: three 250 g trays waste least")
	require.Equal(t, "3\u00a0×\u00a0barquette de 250\u00a0g (750\u00a0g, cru)", it.Quantity(nutrition.Metric, "fr"))
	require.InDelta(t, pt.PerKgEUR(cat[36018])*0.72*0.75, it.Cost, 0.011)
	require.InDelta(t, pt.PerKgEUR(cat[36017]), pt.PerKgEUR(cat[36018])*0.72, 0.5, "grilled chicken's raw price is about raw chicken's")
	fish := buy(t, 26229, 300) // grilled salmon
	require.Equal(t, nutrition.BoughtRawForm, fish.Form)
	require.Equal(t, packs{500: 1}, packsOf(fish), "375 g raw salmon: one 500 g tray")
	require.Equal(t, nutrition.AsUsed, buy(t, 28900, 200).Form, "cooked ham is bought cooked")
}

// TestShoppingListUSPackSizes: a person who counts in pounds buys what a US shop sells (lb, oz,
// fl oz), never "2.5 kg bag" or "0.5 L bottle"; loose food is weighed by the quarter pound.
func TestShoppingListUSPackSizes(t *testing.T) {
	t.Parallel()
	const oil, egg, potato, chicken, rawRice, broccoli, milk = 17270, 22000, 4003, 36017, 9100, 20057, 19041
	cat, pt := shipped(t)
	us := func(code, grams int) nutrition.ShoppingItem {
		t.Helper()
		f, ok := cat[code]
		require.True(t, ok, "food %d", code)
		list, err := nutrition.BuildShoppingList([]nutrition.Recipe{{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: code, Grams: grams}}}},
			map[int]nutrition.Food{code: f}, 1, nutrition.Pricing{Table: pt, Currency: nutrition.USD, Units: nutrition.Imperial})
		require.NoError(t, err)
		return list.Aisles[0].Items[0]
	}
	cases := []struct {
		name        string
		code, grams int
		en          string
	}{
		{"a little oil is a 16 fl oz bottle", oil, 90, "16 fl oz bottle"},
		{"more oil is a 48 fl oz bottle", oil, 1000, "48 fl oz bottle"},
		{"2 kg of potatoes is a 5 lb bag", potato, 2000, "5 lb bag"},
		{"chicken by the pound", chicken, 300, "1 lb pack"},
		{"raw rice by the 1 lb bag", rawRice, 400, "1 lb bag"},
		{"eggs by the dozen", egg, 8 * nutrition.EggGrams, "dozen eggs"},
		{"broccoli by the quarter pound", broccoli, 360, "1 lb"},
	}
	for _, c := range cases {
		it := us(c.code, c.grams)
		q := it.Quantity(nutrition.Imperial, "en")
		require.True(t, strings.HasPrefix(q, c.en), "%s: %q", c.name, q)
		require.NotRegexp(t, `\b(kg|g|L|cl)\b`, q, c.name)
		require.GreaterOrEqual(t, it.PurchaseG, it.FormG, c.name)
	}
	require.Contains(t, us(milk, 1500).Quantity(nutrition.Imperial, "en"), "half gallon")
	require.Equal(t, "sac de 5\u00a0lb (5\u00a0lb)", us(potato, 2000).Quantity(nutrition.Imperial, "fr"))
}
