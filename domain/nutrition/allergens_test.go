package nutrition_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestAllergensOfKnownFoods(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	A := func(as ...nutrition.Allergen) []nutrition.Allergen { return append([]nutrition.Allergen{}, as...) }
	for code, want := range map[int][]nutrition.Allergen{
		9100:  A(),                         // raw rice
		9340:  A(),                         // quinoa
		9810:  A(nutrition.AllergenGluten), // dry pasta
		9681:  A(nutrition.AllergenGluten), // couscous (durum wheat semolina)
		7001:  A(nutrition.AllergenGluten), // baguette
		36017: A(),                         // raw chicken breast
		28800: A(),                         // cured ham: meat and salt
		22000: A(nutrition.AllergenEggs),   // raw egg
		19644: A(nutrition.AllergenMilk),   // fromage blanc 0 %
		26039: A(nutrition.AllergenFish),   // canned tuna
		10021: A(nutrition.AllergenCrustaceans),
		15005: A(nutrition.AllergenNuts),    // walnut
		15006: A(),                          // coconut is not a tree nut of Annex II
		15202: A(nutrition.AllergenPeanuts), // peanut butter holds no milk
		15203: A(nutrition.AllergenSesame),  // tahini
		15010: A(nutrition.AllergenSesame),
		20901: A(nutrition.AllergenSoy),
		20904: A(nutrition.AllergenSoy), // plain tofu
		20534: A(nutrition.AllergenLupin),
		20023: A(nutrition.AllergenCelery),
		11013: A(nutrition.AllergenMustard, nutrition.AllergenSulphites),
		13046: A(nutrition.AllergenSulphites), // raisins
		13005: A(),                            // banana
		20063: A(),                            // butter beans are beans
		20114: A(),                            // oyster mushrooms are mushrooms
		13020: A(),                            // gooseberries ("groseille à maquereau") are berries
		6522:  A(),                            // "Veau, noix" is a cut of veal
		17040: A(nutrition.AllergenPeanuts),   // peanut oil
		9555:  A(),                            // millet flour
	} {
		f, ok := cat[code]
		require.True(t, ok, "food %d", code)
		require.Equal(t, want, nutrition.AllergensOf(f), "%d %s", code, f.Name.FR)
	}
}

// Over every food of the shipped table: the table is conservative where the recipe is unknown
// (a ready dish may hold gluten, milk, eggs…), every fish is fish, every cheese milk, every
// bread gluten unless it says otherwise, and a fresh fruit or vegetable holds none but celery.
func TestAllergenTableCoversTheCatalogue(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	for _, f := range cat {
		as := nutrition.AllergensOf(f)
		has := func(a nutrition.Allergen) bool { return slices.Contains(as, a) }
		require.True(t, slices.IsSortedFunc(as, func(x, y nutrition.Allergen) int {
			return slices.Index(nutrition.Allergens, x) - slices.Index(nutrition.Allergens, y)
		}), "%d: in Annex II's order", f.Code)
		switch f.Subgroup {
		case "fish, raw", "fish, cooked", "fish products":
			require.True(t, has(nutrition.AllergenFish), "%d %s", f.Code, f.Name.FR)
		case "seafood, raw", "seafood, cooked":
			require.True(t, has(nutrition.AllergenCrustaceans) || has(nutrition.AllergenMolluscs), "%d %s", f.Code, f.Name.FR)
		case "cheese and similar":
			require.True(t, has(nutrition.AllergenMilk), "%d %s", f.Code, f.Name.FR)
		case "eggs":
			require.True(t, has(nutrition.AllergenEggs), "%d %s", f.Code, f.Name.FR)
		case "dishes", "pizzas, crepe and pies", "sandwiches", "cakes and pastry", "sweet biscuits":
			// A ready dish's recipe is unknown: it counts as holding what such dishes may hold.
			for _, a := range []nutrition.Allergen{nutrition.AllergenGluten, nutrition.AllergenMilk, nutrition.AllergenEggs} {
				require.True(t, has(a), "%d %s may hold %s", f.Code, f.Name.FR, a)
			}
		case "breads and similar":
			require.True(t, has(nutrition.AllergenGluten), "%d %s", f.Code, f.Name.FR)
		case "vegetables", "fruits":
			for _, a := range as {
				require.Contains(t, []nutrition.Allergen{nutrition.AllergenCelery, nutrition.AllergenSulphites, nutrition.AllergenMilk, nutrition.AllergenSoy, nutrition.AllergenGluten}, a, "%d %s", f.Code, f.Name.FR)
			}
		}
		for _, a := range as {
			require.NotEmpty(t, a.Name().FR)
			require.NotEmpty(t, a.Name().EN)
		}
	}
}

func TestParseAllergens(t *testing.T) {
	t.Parallel()
	got, err := nutrition.ParseAllergens([]string{"peanuts", "gluten", "peanuts"})
	require.NoError(t, err)
	require.Equal(t, []nutrition.Allergen{nutrition.AllergenGluten, nutrition.AllergenPeanuts}, got)
	_, err = nutrition.ParseAllergens([]string{"gluten", "pollen"})
	require.ErrorIs(t, err, nutrition.ErrUnknownAllergen)
	require.Len(t, nutrition.Allergens, 14)
	cat, _ := shipped(t)
	require.True(t, nutrition.ContainsAny(cat[9810], []nutrition.Allergen{nutrition.AllergenGluten}))
	require.False(t, nutrition.ContainsAny(cat[9100], []nutrition.Allergen{nutrition.AllergenGluten}))
	require.False(t, nutrition.ContainsAny(cat[9810], nil))
}
