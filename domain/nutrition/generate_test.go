package nutrition_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// A lunch from chicken, rice, broccoli and olive oil: the classic meal-prep box.
func TestBuiltinMeetsALunchTarget(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	req := nutrition.GenerateRequest{
		Foods:    foodsOf(t, 36017, 9100, 20057, 17270, 20360, 13000),
		Category: nutrition.LunchDinner,
		Target:   nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 20, CarbsG: 70},
		Diet:     nutrition.Omnivore, Currency: nutrition.EUR, PriceLimit: 5, Count: 3, Seed: 42,
	}
	recipes, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	// The apricot is no lunch food, and chicken, rice, broccoli and oil make the only plate
	// within tolerance (lentils cannot bring the carbohydrates alone): one recipe, not three of
	// which two would break the meal rules.
	require.NotEmpty(t, recipes)
	require.LessOrEqual(t, len(recipes), 3)
	for _, r := range recipes {
		b, _ := json.MarshalIndent(r, "", " ")
		t.Log(string(b))
		require.True(t, r.WithinTolerance, "recipe %s: %+v", r.Name.EN, r.Achieved)
		require.LessOrEqual(t, r.Price.PerServing, 5.0)
	}
}

func TestBuiltinIsDeterministicPerSeedAndVariedAcrossCount(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	req := nutrition.GenerateRequest{
		Foods:    foodsOf(t, 36017, 9100, 20057, 17270, 20360, 13000, 22000, 19024, 4003, 20009),
		Category: nutrition.LunchDinner,
		Target:   nutrition.Macros{Kcal: 700, ProteinG: 50, FatG: 22, CarbsG: 75},
		Count:    4, Seed: 7,
	}
	a, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	b, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, a, b)
	seen := map[string]bool{}
	for _, r := range a {
		key := ""
		for _, ing := range r.Ingredients {
			key += fmt.Sprint(ing.FoodCode) + ","
		}
		require.False(t, seen[key], "two recipes with the same foods %s", key)
		seen[key] = true
	}
}

func TestBuiltinRefusesEmptyFoodsWithAReason(t *testing.T) {
	t.Parallel()
	gen := nutrition.NewBuiltin(nil)
	_, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Category: nutrition.Snack,
		Target: nutrition.Macros{Kcal: 200, ProteinG: 10, FatG: 8, CarbsG: 20}})
	var u *nutrition.Unsolvable
	require.ErrorAs(t, err, &u)
	require.Equal(t, "no_foods", u.Code)
	require.ErrorIs(t, err, nutrition.ErrUnsolvable)
	require.NotEmpty(t, u.Reason.FR)
}

// Fruit and rice cannot make a 30 g-protein lunch: the suggestions are protein foods that fix it,
// and the recipe made with them meets the target, marking what it took. (40 g before the portions rules:
// a vegetarian plate holds one protein food now, and 200 g of tofu with rice stops near 35 g.)
func TestSuggestFoodsClosesTheGap(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	var catalog []nutrition.Food
	for _, f := range cat {
		catalog = append(catalog, f)
	}
	req := nutrition.GenerateRequest{Foods: foodsOf(t, 13000, 13039, 9100), Category: nutrition.LunchDinner,
		Target: nutrition.Macros{Kcal: 600, ProteinG: 30, FatG: 15, CarbsG: 85}, Diet: nutrition.Vegetarian}
	sugg := gen.SuggestFoods(req, catalog, 3)
	require.NotEmpty(t, sugg)
	require.LessOrEqual(t, len(sugg), 3)
	for _, f := range sugg {
		require.True(t, nutrition.DietAllows(nutrition.Vegetarian, f), f.Name.EN)
		require.True(t, nutrition.Suits(nutrition.LunchDinner, f), f.Name.EN)
	}
	// The foods that make the target reachable come first: a protein food.
	require.Greater(t, sugg[0].Per100g.ProteinG.V, 8.0, sugg[0].Name.EN)
	req.Suggestions = sugg
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.True(t, rs[0].WithinTolerance, "%+v", rs[0].Achieved)
	marked := false
	for _, ing := range rs[0].Ingredients {
		marked = marked || ing.Suggested
	}
	require.True(t, marked)

	// Foods that already meet the target need no suggestion.
	ok := req
	ok.Foods, ok.Suggestions = foodsOf(t, 36017, 9100, 17270, 20057), nil
	ok.Diet = nutrition.Omnivore
	require.Nil(t, gen.SuggestFoods(ok, catalog, 3))
}

// Chicken, rice and olive oil make one lunch plate: asked for five recipes, the engine returns
// that one, not five copies each billed, and never a one-food "recipe" (30 g of olive oil); an
// oil-only meal prep makes no plate at all and is refused with the fix.
func TestOneRequestNeverRepeatsAPlateNorServesOneFood(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 36017, 9100, 17270),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 20, CarbsG: 70}, Count: 5, Seed: 1})
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Len(t, rs[0].Ingredients, 3)
	require.True(t, rs[0].WithinTolerance)

	_, err = gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 17270),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 270, ProteinG: 0, FatG: 30, CarbsG: 0}, Count: 2})
	var u *nutrition.Unsolvable
	require.ErrorAs(t, err, &u)
	require.Equal(t, "no_plate", u.Code)
}
