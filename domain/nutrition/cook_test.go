package nutrition_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestPrintCookSample prints recipes from the mixed meal prep of issue 19 (run with COOK=1).
func TestPrintCookSample(t *testing.T) {
	if os.Getenv("COOK") == "" {
		return
	}
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
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			var parts []string
			w := 0
			for _, ing := range r.Ingredients {
				parts = append(parts, fmt.Sprintf("%d g %s", ing.Grams, cat[ing.FoodCode].Name.EN))
				w += ing.Grams
			}
			fmt.Printf("%-12s %s | %d g, salt %.1f g, within %v, %.0f kcal %.0fP %.0fF %.0fC | %s\n", c, r.Name.EN, w, r.SaltG, r.WithinTolerance,
				r.Achieved.Kcal, r.Achieved.ProteinG, r.Achieved.FatG, r.Achieved.CarbsG, strings.Join(parts, "; "))
		}
	}
}
