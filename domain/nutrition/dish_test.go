package nutrition_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// A ready dish is a main (docs/nutrition.md, "Plate composition"): it makes a lunch alone or
// with a vegetable and/or bread, its own carbohydrates counting towards the starch rule.
// Ravioli with green beans was told "add legumes", and no ready dish was ever served.
func TestReadyDishesAreMains(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	for _, c := range []struct {
		name   string
		foods  []int
		dish   int
		target nutrition.Macros
	}{
		// Beef ravioli and green beans (400 g and 200 g): a 445-kcal lunch with 58 g of carbohydrates.
		{"ravioli and green beans", []int{25019, 20061}, 25019, nutrition.Macros{Kcal: 445, ProteinG: 20, FatG: 12, CarbsG: 58}},
		// Chili con carne with bread and carrots in the meal prep.
		{"chili", []int{25111, 7001, 20009}, 25111, nutrition.Macros{Kcal: 600, ProteinG: 30, FatG: 15, CarbsG: 80}},
		// Cassoulet alone: a lunch.
		{"cassoulet alone", []int{25002}, 25002, nutrition.Macros{Kcal: 500, ProteinG: 31, FatG: 23, CarbsG: 38}},
	} {
		t.Run(c.name, func(t *testing.T) {
			foods := foodsOf(t, c.foods...)
			rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: nutrition.LunchDinner,
				Target: c.target, Currency: nutrition.EUR, Count: 1, Seed: 5})
			require.NoError(t, err)
			r := rs[0]
			require.True(t, r.Feasible && r.WithinTolerance, "%+v for %+v (%v)", r.Achieved, c.target, r.Explanation)
			ings := make([]nutrition.Ingredient, len(r.Ingredients))
			hasDish := false
			for i, ing := range r.Ingredients {
				ings[i] = nutrition.Ingredient{FoodCode: ing.FoodCode, Grams: ing.Grams / max(r.Servings, 1)}
				hasDish = hasDish || ing.FoodCode == c.dish
			}
			require.True(t, hasDish, "%+v", r.Ingredients)
			require.Empty(t, nutrition.PlateProblems(nutrition.LunchDinner, c.target, ings, cat, foods))
			require.NotEmpty(t, r.Name.FR)
			require.NotEmpty(t, r.Steps.FR)
			t.Log(r.Name.FR, r.Ingredients, r.Steps.FR)
		})
	}
	// A ready dish never shares a plate with another protein, rice or potatoes.
	foods := foodsOf(t, 25019, 36017, 9100, 20061)
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: nutrition.LunchDinner,
		Target: nutrition.Macros{Kcal: 650, ProteinG: 40, FatG: 18, CarbsG: 80}, Currency: nutrition.EUR, Count: 3, Seed: 5})
	require.NoError(t, err)
	for _, r := range rs {
		codes := map[int]bool{}
		for _, ing := range r.Ingredients {
			codes[ing.FoodCode] = true
		}
		require.False(t, codes[25019] && (codes[36017] || codes[9100]), "%+v", r.Ingredients)
	}
}
