package nutrition_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// A lunch may end with the meal prep's yoghurt or fromage blanc when no plate without one meets
// its target (docs/nutrition.md, "Plate composition"): a vegetarian small woman's 437 kcal,
// 42 g-protein lunch from eggs, lentils and vegetables was refused 4 g short of protein; with the
// fromage blanc 0 % she bought for breakfast as dessert it is served, named and served last.
func TestADessertServesALunchNothingElseMeets(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	c, o := runCase(t, "vegetarian", "small woman", "high_protein", nutrition.LunchDinner)
	require.True(t, o.Served, "refused: %v", o.Suggestion)
	r := o.Recipes[0]
	require.True(t, r.WithinTolerance)
	var dessert *nutrition.Food
	for _, ing := range r.Ingredients {
		if f := cat[ing.FoodCode]; nutrition.KindOf(f) == nutrition.KindDairy {
			dessert = &f
		}
	}
	require.NotNil(t, dessert, "%s: no dessert", r.Name.FR)
	require.True(t, strings.HasSuffix(r.Name.FR, "fromage blanc en dessert"), r.Name.FR)
	require.True(t, strings.HasSuffix(r.Name.EN, "fromage blanc for dessert"), r.Name.EN)
	require.Equal(t, "Servez le fromage blanc en dessert.", r.Steps.FR[len(r.Steps.FR)-1])
	require.Equal(t, "Serve the fromage blanc as dessert.", r.Steps.EN[len(r.Steps.EN)-1])
	foods := map[int]nutrition.Food{}
	var prep []nutrition.Food
	for _, code := range c.Prep.Codes {
		foods[code], prep = cat[code], append(prep, cat[code])
	}
	for _, ing := range r.Ingredients {
		foods[ing.FoodCode] = cat[ing.FoodCode]
	}
	require.Empty(t, nutrition.PlateProblems(r.Category, r.Target, r.Ingredients, foods, prep))
}

// A dessert is a last resort: over the availability sweep, every lunch served with a yoghurt or
// fromage blanc is one whose plates without it all missed the target, so the lunches that were
// served before keep their plate (the golden recipes that change are refusals that are now served).
func TestALunchTakesADessertOnlyWhenNoPlateWithoutOneMeetsIt(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	desserts := 0
	for i, c := range nutritiontest.AvailabilityCases() {
		if c.Meal != nutrition.LunchDinner || i%2 != 0 {
			continue
		}
		o := nutritiontest.Run(context.Background(), gen, cat, c)
		if !o.Served || !holdsDairy(cat, o.Recipes[0]) {
			continue
		}
		desserts++
		// The same request without the meal prep's dairy foods has no plate within tolerance.
		c.Prep.Codes = withoutDairy(cat, c.Prep.Codes)
		without := nutritiontest.Run(context.Background(), gen, cat, c)
		require.False(t, without.Served, "%s %s %s: served with a dessert (%s) though %s meets it",
			c.Prep.Name, c.Eater.Name, c.Preset, o.Recipes[0].Name.FR, nameOf(without))
	}
	require.Positive(t, desserts, "no lunch of the sweep took a dessert")
}

func holdsDairy(cat map[int]nutrition.Food, r nutrition.Recipe) bool {
	for _, ing := range r.Ingredients {
		if nutrition.KindOf(cat[ing.FoodCode]) == nutrition.KindDairy {
			return true
		}
	}
	return false
}

func withoutDairy(cat map[int]nutrition.Food, codes []int) []int {
	var out []int
	for _, code := range codes {
		if nutrition.KindOf(cat[code]) != nutrition.KindDairy {
			out = append(out, code)
		}
	}
	return out
}

func nameOf(o nutritiontest.Outcome) string {
	if len(o.Recipes) == 0 {
		return "-"
	}
	return o.Recipes[0].Name.FR
}

// runCase runs the sweep's case of that meal prep, body, preset and meal as the app asks it.
func runCase(t *testing.T, prep, eater, preset string, meal nutrition.Category) (nutritiontest.AvailabilityCase, nutritiontest.Outcome) {
	t.Helper()
	cat, pt := shipped(t)
	c := availabilityCase(t, prep, eater, preset, meal)
	return c, nutritiontest.Run(context.Background(), nutrition.NewBuiltin(pt), cat, c)
}

// availabilityCase is the sweep's case of that meal prep, body, preset and meal.
func availabilityCase(t *testing.T, prep, eater, preset string, meal nutrition.Category) nutritiontest.AvailabilityCase {
	t.Helper()
	for _, c := range nutritiontest.AvailabilityCases() {
		if c.Prep.Name == prep && c.Eater.Name == eater && string(c.Preset) == preset && c.Meal == meal {
			return c
		}
	}
	t.Fatalf("no availability case %s %s %s %s", prep, eater, preset, meal)
	return nutritiontest.AvailabilityCase{}
}

// A fuller lunch takes bread beside a protein and a legume (docs/nutrition.md, "Plate
// composition"): a vegetarian man's 860 kcal, 65 g-protein lunch from eggs and green lentils was
// refused (170 g of dry lentils, more than a serving); eggs, lentils and wholemeal bread serve it.
// A protein and a legume never take rice or potatoes as well: that plate breaks the meal's rules.
func TestAFullerLunchTakesBreadBesideAProteinAndALegume(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	c, o := runCase(t, "vegetarian", "man", "default", nutrition.LunchDinner)
	require.True(t, o.Served, "refused: %v", o.Suggestion)
	kinds := map[nutrition.Kind]bool{}
	for _, ing := range o.Recipes[0].Ingredients {
		kinds[nutrition.KindOf(cat[ing.FoodCode])] = true
	}
	require.True(t, kinds[nutrition.KindEgg] && kinds[nutrition.KindLegume] && kinds[nutrition.KindBread], "%s", o.Recipes[0].Name.FR)
	require.False(t, kinds[nutrition.KindGrain] || kinds[nutrition.KindTuber], "%s", o.Recipes[0].Name.FR)

	foods := map[int]nutrition.Food{22000: cat[22000], 20585: cat[20585], 9119: cat[9119], 20385: cat[20385]}
	rice := []nutrition.Ingredient{{FoodCode: 22000, Grams: 120}, {FoodCode: 20585, Grams: 60}, {FoodCode: 9119, Grams: 60}, {FoodCode: 20385, Grams: 150}}
	require.NotEmpty(t, nutrition.PlateProblems(nutrition.LunchDinner, c.Target, rice, foods, nil), "eggs, lentils and rice")
}

// A buddha bowl's yoghurt is its dressing, not a dessert (docs/nutrition.md, "Dish forms"): the
// name says "sauce au fromage blanc" once, the sauce is the fromage blanc with the lemon and
// garlic, kept apart, and the plating leaves it out.
func TestABuddhaBowlsFromageBlancIsItsDressing(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	req := signedUpRequest(t, nutrition.LunchDinner, nutrition.Macros{Kcal: 650, ProteinG: 49, FatG: 18, CarbsG: 73}, 22000, 20385, 9119, 19644, 20019)
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	r := rs[0]
	require.Equal(t, "buddha_bowl", r.Dish, r.Name.FR)
	require.Equal(t, "Buddha bowl de riz basmati aux œufs, au concombre et aux tomates, sauce au fromage blanc", r.Name.FR)
	require.Equal(t, "Buddha bowl of basmati rice with eggs, cucumber and tomatoes, fromage blanc dressing", r.Name.EN)
	sauce := 0
	for i, s := range r.Steps.FR {
		require.NotContains(t, s, "dessert")
		if strings.HasPrefix(s, "Sauce") && strings.Contains(s, "mélangez le fromage blanc avec ") {
			sauce++
		}
		if strings.HasPrefix(s, "Dressez ") {
			require.NotContains(t, s, "fromage blanc", "the dressing stays in its pot: %s", r.Steps.FR[i])
		}
	}
	require.Equal(t, 1, sauce, "%q", r.Steps.FR)
}

// A request of several lunches takes a fuller meal when it brings a protein the others lack
// (docs/nutrition.md, "The solver", 4): the 25-food week's four lunches for a woman's 597 kcal,
// 45 g-protein target held the minced beef twice while the eggs, whose only plate ends with the
// fromage blanc, stayed out; now each lunch has its own protein, and no plate is fuller than it
// needs to be (a plain plate goes first when it brings the same).
func TestSeveralLunchesTakeAFullerMealForAnotherProtein(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	var codes []int
	for _, p := range nutritiontest.MealPreps {
		if p.Name == "twenty-five-foods" {
			codes = p.Codes
		}
	}
	for seed := int64(0); seed < 4; seed++ {
		req := nutrition.GenerateRequest{Foods: foodsOf(t, codes...), Category: nutrition.LunchDinner,
			Target: nutrition.Macros{Kcal: 597, ProteinG: 45, FatG: 17, CarbsG: 67}, Currency: nutrition.EUR, Count: 4, Servings: 4, Seed: seed}
		rs, err := gen.Generate(context.Background(), req)
		require.NoError(t, err)
		require.Len(t, rs, 4)
		proteins := map[int]int{}
		for _, r := range rs {
			require.True(t, r.WithinTolerance, r.Name.FR)
			for _, ing := range r.Ingredients {
				switch nutrition.KindOf(cat[ing.FoodCode]) {
				case nutrition.KindMeat, nutrition.KindFish, nutrition.KindEgg:
					proteins[ing.FoodCode]++
				}
			}
		}
		for code, n := range proteins {
			require.Equal(t, 1, n, "seed %d: %s in %d lunches: %v", seed, cat[code].Name.FR, n, names(rs))
		}
	}
}

// A hachis parmentier boils its potatoes for the mash even where the cupboard's oil would roast
// them on a plate (docs/nutrition.md, "Dish forms"): before, any lunch with a fat roasted its
// potatoes, and the hachis, which needs a mash, was never made (3 of 560 lunches of the bench).
func TestAHachisParmentierBoilsPotatoesTheOilWouldRoast(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	req := signedUpRequest(t, nutrition.LunchDinner, nutrition.Macros{Kcal: 650, ProteinG: 40, FatG: 22, CarbsG: 72}, 6252, 4008, 20009)
	req.Seed = 4
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	r := rs[0]
	require.Equal(t, "hachis_parmentier", r.Dish, r.Name.FR)
	steps := strings.Join(r.Steps.FR, "\n")
	require.Contains(t, steps, "faites-les cuire 20 à 25\u00a0minutes dans l’eau salée")
	require.Contains(t, steps, "Écrasez les pommes de terre en purée")
	require.Contains(t, steps, "dans un peu d’huile d’olive", "the oil browns the minced beef")
	require.NotContains(t, steps, "rôti")
}
