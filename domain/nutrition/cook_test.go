package nutrition_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// A mixed meal prep (a week's shopping: chicken, rice, broccoli, olive oil, oats,
// milk, banana, honey, fromage blanc, eggs, bread, tuna, tofu, soy sauce, parmesan, lentils, apple,
// almonds): five recipes per meal, each a plate a cook would serve. `go test -v -run
// TestMixedMealPrepMakesPlatesACookWouldServe` prints them.
func TestMixedMealPrepMakesPlatesACookWouldServe(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	foods := foodsOf(t, 36017, 9100, 20057, 17270, 32140, 19041, 13005, 31008, 19501, 22000, 7001, 26039, 20904, 11104, 12120, 20360, 13039, 15000)
	targets := map[nutrition.Category]nutrition.Macros{
		nutrition.Breakfast:   {Kcal: 500, ProteinG: 25, FatG: 15, CarbsG: 65},
		nutrition.LunchDinner: {Kcal: 700, ProteinG: 45, FatG: 22, CarbsG: 80},
		nutrition.Snack:       {Kcal: 250, ProteinG: 12, FatG: 9, CarbsG: 30},
	}
	for _, c := range nutrition.Categories {
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: c, Target: targets[c], Count: 5, Seed: 3})
		require.NoError(t, err)
		require.Len(t, rs, 5, "the meal prep makes five distinct %s plates", c)
		mains := map[int]bool{}
		for _, r := range rs {
			require.True(t, r.WithinTolerance, "%s: %+v", c, r.Achieved)
			require.Empty(t, nutrition.PlateProblems(c, targets[c], r.Ingredients, cat, foods))
			var parts []string
			w := 0
			for _, ing := range r.Ingredients {
				parts = append(parts, fmt.Sprintf("%d g %s", ing.Grams, cat[ing.FoodCode].Name.EN))
				w += ing.Grams
				if c == nutrition.LunchDinner && ing.FoodCode == 31008 {
					t.Errorf("honey in a lunch")
				}
			}
			mains[r.Ingredients[0].FoodCode] = true
			t.Logf("%-12s %s | %d g, salt %.1f g, %.0f kcal %.0f P %.0f F %.0f C | %s", c, r.Name.EN, w, r.SaltG,
				r.Achieved.Kcal, r.Achieved.ProteinG, r.Achieved.FatG, r.Achieved.CarbsG, strings.Join(parts, "; "))
		}
		require.GreaterOrEqual(t, len(mains), 3, "%s: varied main foods", c)
	}
}
