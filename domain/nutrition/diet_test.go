package nutrition_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestDietNamedCases: the foods a word match got wrong, and the ones it must still catch.
func TestDietNamedCases(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	const veg, vegan = nutrition.Vegetarian, nutrition.Vegan
	allowed := []struct {
		diet nutrition.Diet
		code int
		why  string
	}{
		{vegan, 20031, "lettuce (laitue holds lait)"},
		{vegan, 20171, "romaine lettuce"},
		{vegan, 20192, "beef-heart tomato (cœur de bœuf holds œuf)"},
		{vegan, 20138, "butternut squash (doubeurre)"},
		{vegan, 20195, "butter beans (haricot beurre)"},
		{vegan, 13742, "honeydew melon (melon miel)"},
		{vegan, 20985, "sea lettuce (laitue de mer)"},
		{vegan, 15202, "peanut butter"},
		{vegan, 16030, "cocoa butter"},
		{vegan, 18900, "soy drink"},
		{vegan, 20904, "tofu"},
		{vegan, 9610, "semolina (semoule holds moule)"},
		{vegan, 20053, "aubergine (eggplant holds egg)"},
		{vegan, 11002, "chervil (cerfeuil holds cerf)"},
		{vegan, 20099, "lamb's lettuce"},
		{vegan, 20337, "vegan plant-based sausage, filed among delicatessen meats"},
		{veg, 25232, "plant-based seitan sausage"},
		{veg, 1030, "plant-based ham slices"},
		{vegan, 1028, "plant-based cashew cheese, filed among cheeses"},
		{vegan, 1027, "plant-based spread-cheese"},
		{vegan, 19693, "soy yoghurt-style dessert, filed among dairy"},
		{veg, 22000, "egg, for a vegetarian"},
		{veg, 19041, "milk, for a vegetarian"},
		{veg, 31008, "honey, for a vegetarian"},
		{vegan, 25018, "ratatouille"},
		{vegan, 76050, "Thonon mineral water (holds thon)"},
	}
	for _, c := range allowed {
		f, ok := cat[c.code]
		require.True(t, ok, c.why)
		ex, out := nutrition.DietExcludes(c.diet, f)
		require.False(t, out, "%s: %s excluded (%s)", c.why, f.Name.FR, ex)
	}
	excluded := []struct {
		diet nutrition.Diet
		code int
		want nutrition.DietExclusion
		why  string
	}{
		{veg, 36017, nutrition.ExcludesMeat, "chicken"},
		{veg, 26039, nutrition.ExcludesFish, "canned tuna"},
		{veg, 17630, nutrition.ExcludesFish, "cod liver oil"},
		{veg, 11007, nutrition.ExcludesMeat, "gelatine"},
		{veg, 11001, nutrition.ExcludesMeat, "beef stock"},
		{veg, 16550, nutrition.ExcludesMeat, "duck fat"},
		{veg, 22507, nutrition.ExcludesMeat, "bacon omelette, filed among eggs"},
		{veg, 25081, nutrition.ExcludesMeat, "meat lasagne"},
		{veg, 11194, nutrition.ExcludesFish, "fish sauce"},
		{veg, 4036, nutrition.ExcludesMeat, "potatoes in duck fat"},
		{vegan, 22000, nutrition.ExcludesEgg, "egg"},
		{vegan, 20338, nutrition.ExcludesEgg, "tofu quenelle, not vegan"},
		{vegan, 19041, nutrition.ExcludesDairy, "milk"},
		{vegan, 16400, nutrition.ExcludesDairy, "butter"},
		{vegan, 12066, nutrition.ExcludesDairy, "feta"},
		{vegan, 4018, nutrition.ExcludesDairy, "mashed potatoes with milk and butter"},
		{vegan, 31008, nutrition.ExcludesHoney, "honey"},
		{vegan, 11054, nutrition.ExcludesEgg, "mayonnaise"},
		{vegan, 9821, nutrition.ExcludesEgg, "egg pasta"},
		{vegan, 7740, nutrition.ExcludesEgg, "brioche"},
	}
	for _, c := range excluded {
		f, ok := cat[c.code]
		require.True(t, ok, c.why)
		ex, out := nutrition.DietExcludes(c.diet, f)
		require.True(t, out, "%s: %s allowed", c.why, f.Name.FR)
		require.Equal(t, c.want, ex, c.why)
	}
	// Nobody else is restricted; a person's own food has no group and fits every diet.
	require.True(t, nutrition.DietAllows(nutrition.Omnivore, cat[36017]))
	require.True(t, nutrition.DietAllows(vegan, nutrition.Food{Code: 90_000_001, Name: nutrition.Text{FR: "Lait de ma vache"}}))
}

// Subgroup rules, written out again: what every food of a single-product subgroup holds.
var (
	meatSubgroups  = []string{"raw meat", "cooked meat", "other meat products", "delicatessen meat and similar", "other fats"}
	fishSubgroups  = []string{"fish, raw", "fish, cooked", "fish products", "seafood, raw", "seafood, cooked", "fish oils"}
	dairySubgroups = []string{"milk", "cream and similar", "cheese and similar", "dairy products", "butters", "baby milk and beverages", "ice cream", "frozen desserts"}
	// plantSubgroups hold only plant foods, except the prepared foods listed in plantExceptions.
	plantSubgroups = []string{"vegetables", "fruits", "legumes", "nuts and seeds", "potatoes and other tubers", "pasta, rice and grains",
		"flours", "vegetable oils", "margarines", "herbs", "spices", "seaweed", "salts", "ingredients for vegetarian", "water", "sorbet"}
	// plantExceptions: prepared foods among plants (mash with milk, potatoes in duck fat, egg pasta…).
	plantExceptions = map[int]bool{4016: true, 4017: true, 4018: true, 4019: true, 4040: true, 4103: true, 20298: true, 4049: true,
		4036: true, 4051: true, 9815: true, 9816: true, 9821: true, 9822: true, 9863: true, 20135: true, 26265: true}
	// plantBased: plant products CIQUAL files among meat, cheese, dairy desserts and baby milks.
	plantBased = map[int]nutrition.Diet{1030: nutrition.Vegan, 1031: nutrition.Vegan, 20337: nutrition.Vegan, 25232: nutrition.Vegan,
		20338: nutrition.Vegetarian, 1027: nutrition.Vegan, 1028: nutrition.Vegan, 1029: nutrition.Vegan, 19692: nutrition.Vegan,
		19693: nutrition.Vegan, 19694: nutrition.Vegan, 19695: nutrition.Vegan, 19696: nutrition.Vegan, 20911: nutrition.Vegan,
		20921: nutrition.Vegan, 20922: nutrition.Vegan, 20923: nutrition.Vegan, 20925: nutrition.Vegan, 20926: nutrition.Vegan,
		20927: nutrition.Vegan, 20928: nutrition.Vegan, 20929: nutrition.Vegan, 39248: nutrition.Vegan, 13159: nutrition.Vegan, 13160: nutrition.Vegan}
	// animalAmongEggs: egg dishes with meat or cheese.
	animalAmongEggs = map[int]nutrition.DietExclusion{22507: nutrition.ExcludesMeat, 22511: nutrition.ExcludesMeat}
)

func in(s string, list []string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestDietEveryCatalogueFood checks every food of the shipped table against the subgroup rules
// above: meat, fish, eggs and dairy subgroups are excluded unless the food is a named plant-based
// product; plant subgroups are allowed to vegans unless the food is a named prepared food; and
// for every food, vegan ⊆ vegetarian ⊆ everyone.
func TestDietEveryCatalogueFood(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	require.Greater(t, len(cat), 3400)
	counts := map[string]int{}
	for _, f := range cat {
		vegOut := !nutrition.DietAllows(nutrition.Vegetarian, f)
		veganEx, veganOut := nutrition.DietExcludes(nutrition.Vegan, f)
		require.True(t, nutrition.DietAllows(nutrition.Omnivore, f))
		require.False(t, vegOut && !veganOut, "%d %s: excluded for vegetarians but not vegans", f.Code, f.Name.FR)
		if d, ok := plantBased[f.Code]; ok {
			require.False(t, vegOut, "%d %s is plant-based", f.Code, f.Name.FR)
			require.Equal(t, d == nutrition.Vegetarian, veganOut, "%d %s", f.Code, f.Name.FR)
			counts["plant-based"]++
			continue
		}
		switch {
		case in(f.Subgroup, meatSubgroups):
			require.True(t, vegOut, "%d %s", f.Code, f.Name.FR)
			require.Equal(t, nutrition.ExcludesMeat, veganEx, "%d %s", f.Code, f.Name.FR)
			counts["meat"]++
		case in(f.Subgroup, fishSubgroups):
			require.True(t, vegOut, "%d %s", f.Code, f.Name.FR)
			require.Contains(t, []nutrition.DietExclusion{nutrition.ExcludesFish, nutrition.ExcludesMeat}, veganEx, "%d %s", f.Code, f.Name.FR)
			counts["fish"]++
		case f.Subgroup == "eggs":
			if want, ok := animalAmongEggs[f.Code]; ok {
				require.Equal(t, want, veganEx, "%d %s", f.Code, f.Name.FR)
			} else {
				require.False(t, vegOut, "%d %s", f.Code, f.Name.FR)
				require.Equal(t, nutrition.ExcludesEgg, veganEx, "%d %s", f.Code, f.Name.FR)
			}
			counts["eggs"]++
		case in(f.Subgroup, dairySubgroups):
			require.False(t, vegOut, "%d %s", f.Code, f.Name.FR)
			require.True(t, veganOut, "%d %s", f.Code, f.Name.FR)
			counts["dairy"]++
		case in(f.Subgroup, plantSubgroups):
			if plantExceptions[f.Code] {
				require.True(t, veganOut, "%d %s", f.Code, f.Name.FR)
			} else {
				require.False(t, veganOut, "%d %s excluded for vegans (%s)", f.Code, f.Name.FR, veganEx)
			}
			counts["plant"]++
		default:
			counts["composite"]++
		}
	}
	require.Equal(t, len(plantBased), counts["plant-based"])
	require.Positive(t, counts["meat"])
	require.Positive(t, counts["plant"])
	for code := range plantExceptions {
		require.Contains(t, plantSubgroups, cat[code].Subgroup, "%d", code)
	}
	for code := range plantBased {
		require.NotContains(t, plantSubgroups, cat[code].Subgroup, "%d", code)
	}
}
