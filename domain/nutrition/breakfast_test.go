package nutrition_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// A breakfast bowl of fromage blanc or Greek yoghurt goes up to 300 g and a bowl of oats to 90 g;
// a snack keeps the smaller pot (250 g) and the smaller bowl (80 g).
func TestBreakfastBowlPortions(t *testing.T) {
	for _, code := range []int{19644, 19860, 19593} { // fromage blanc 0 %, Greek yoghurt, plain yoghurt
		f := foodsOf(t, code)[0]
		_, _, hi := nutrition.Portion(nutrition.Breakfast, f)
		require.Equal(t, 300.0, hi, f.Name.EN)
		_, _, hi = nutrition.Portion(nutrition.Snack, f)
		require.Equal(t, 250.0, hi, f.Name.EN)
	}
	for _, code := range []int{32140, 32004} { // oat flakes, muesli
		f := foodsOf(t, code)[0]
		_, _, hi := nutrition.Portion(nutrition.Breakfast, f)
		require.Equal(t, 90.0, hi, f.Name.EN)
		_, _, hi = nutrition.Portion(nutrition.Snack, f)
		require.Equal(t, 80.0, hi, f.Name.EN)
	}
}

// A full breakfast bowl beside a glass of milk (300 g fromage blanc, 90 g oats, 150 g fruit, 100 g
// milk: 640 g) is one usual breakfast; 700 g is not, unless the breakfast is a big eater's (the
// cap grows with the meal's energy: 650 g × 700 / 550 kcal).
func TestBreakfastCapCountsTheDrink(t *testing.T) {
	cat, _ := shipped(t)
	ings := []nutrition.Ingredient{{FoodCode: 19644, Grams: 300}, {FoodCode: 32140, Grams: 90}, {FoodCode: 13014, Grams: 150}, {FoodCode: 19041, Grams: 100}}
	require.Empty(t, nutrition.PlateProblems(nutrition.Breakfast, nutrition.Macros{Kcal: 500}, ings, cat, nil))
	ings[3].Grams = 160
	require.Contains(t, nutrition.PlateProblems(nutrition.Breakfast, nutrition.Macros{Kcal: 500}, ings, cat, nil), "weight 700 g over 650 g")
	require.Empty(t, nutrition.PlateProblems(nutrition.Breakfast, nutrition.Macros{Kcal: 700}, ings, cat, nil))
}

// At breakfast eggs may sit beside a bowl of yoghurt without bread, and a glass of milk goes with
// tartines and a yoghurt; at a snack neither, and eggs still never go in a bowl of oats.
func TestBreakfastPairings(t *testing.T) {
	cat, _ := shipped(t)
	eggsAndYoghurt := []nutrition.Ingredient{{FoodCode: 19860, Grams: 200}, {FoodCode: 13014, Grams: 150}, {FoodCode: 22000, Grams: 100}}
	require.Empty(t, nutrition.PlateProblems(nutrition.Breakfast, nutrition.Macros{Kcal: 400}, eggsAndYoghurt, cat, nil))
	eggsAndYoghurt[0].Grams, eggsAndYoghurt[2].Grams = 150, 60
	require.Contains(t, nutrition.PlateProblems(nutrition.Snack, nutrition.Macros{Kcal: 300}, eggsAndYoghurt, cat, nil), "pairing")

	tartines := []nutrition.Ingredient{{FoodCode: 7001, Grams: 80}, {FoodCode: 16400, Grams: 10}, {FoodCode: 19593, Grams: 125}, {FoodCode: 19041, Grams: 200}}
	require.Empty(t, nutrition.PlateProblems(nutrition.Breakfast, nutrition.Macros{Kcal: 500}, tartines, cat, nil))

	oatsAndEggs := []nutrition.Ingredient{{FoodCode: 32140, Grams: 60}, {FoodCode: 19593, Grams: 150}, {FoodCode: 22000, Grams: 100}}
	require.Contains(t, nutrition.PlateProblems(nutrition.Breakfast, nutrition.Macros{Kcal: 500}, oatsAndEggs, cat, nil), "pairing")
}

// A protein-rich breakfast made of 280 g fromage blanc, 150 g strawberries and two eggs beside the
// bowl is found from its own totals: before, eggs needed bread and the bowl stopped at 250 g.
func TestBreakfastFromageBlancAndEggsMeetAProteinTarget(t *testing.T) {
	cat, pr := shipped(t)
	plate := []nutrition.Ingredient{{FoodCode: 19644, Grams: 280}, {FoodCode: 13014, Grams: 150}, {FoodCode: 22000, Grams: 120}}
	var target nutrition.Macros
	for _, ing := range plate {
		m, g := cat[ing.FoodCode].Per100g.Macros(), float64(ing.Grams)/100
		target.Kcal, target.ProteinG, target.FatG, target.CarbsG = target.Kcal+m.Kcal*g, target.ProteinG+m.ProteinG*g, target.FatG+m.FatG*g, target.CarbsG+m.CarbsG*g
	}
	require.Greater(t, target.ProteinG*4/target.Kcal, 0.35, "a protein-rich breakfast")
	foods := foodsOf(t, 19644, 22000, 13014, 31008, 32140)
	rs, err := nutrition.NewBuiltin(pr).Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: nutrition.Breakfast, Target: target, Count: 1, Currency: nutrition.EUR})
	require.NoError(t, err)
	require.True(t, rs[0].Feasible, "%+v for %+v", rs[0].Ingredients, target)
	require.Empty(t, nutrition.PlateProblems(nutrition.Breakfast, target, rs[0].Ingredients, cat, foods))
}

// Hard-boiled eggs beside a bowl of yoghurt and apple: the salt and pepper go on the eggs, never
// into the yoghurt bowl.
func TestBreakfastEggsBesideTheBowlAreSeasonedApart(t *testing.T) {
	cat, _ := shipped(t)
	r := nutrition.Recipe{Category: nutrition.Breakfast, Servings: 1, Ingredients: []nutrition.Ingredient{
		{FoodCode: 19593, Grams: 250}, {FoodCode: 13039, Grams: 200}, {FoodCode: 22010, Grams: 110}}}
	nutrition.WriteTexts(&r, cat, 1)
	require.Contains(t, strings.Join(r.Steps.FR, "\n"), "Salez les œufs d’une pincée de sel, poivrez-les et servez-les à côté du bol.")
	require.Contains(t, strings.Join(r.Steps.EN, "\n"), "Season the eggs with a pinch of salt and some pepper and serve them beside the bowl.")
	for _, s := range r.Steps.FR {
		require.NotContains(t, s, "Salez d’une pincée de sel et poivrez", "the bowl is not salted")
	}
}

// Oats are not eaten dry: 90 g of flakes want at least 135 g of milk, yoghurt or a drink, and the
// engine never serves fewer even when the target pulls towards the flakes.
func TestBreakfastFlakesAreNotDry(t *testing.T) {
	cat, pr := shipped(t)
	dry := []nutrition.Ingredient{{FoodCode: 32140, Grams: 90}, {FoodCode: 19041, Grams: 100}, {FoodCode: 13005, Grams: 100}}
	require.Contains(t, nutrition.PlateProblems(nutrition.Breakfast, nutrition.Macros{Kcal: 500}, dry, cat, nil), "90 g of flakes with 100 g of milk, yoghurt or drink")
	dry[1].Grams = 135
	require.Empty(t, nutrition.PlateProblems(nutrition.Breakfast, nutrition.Macros{Kcal: 500}, dry, cat, nil))

	foods := foodsOf(t, 32140, 19041, 13005)
	target := nutrition.Macros{Kcal: 480, ProteinG: 14, FatG: 8, CarbsG: 85} // as much oats as allowed, little milk
	rs, err := nutrition.NewBuiltin(pr).Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: nutrition.Breakfast, Target: target, Count: 1, Currency: nutrition.EUR})
	require.NoError(t, err)
	require.Empty(t, nutrition.PlateProblems(nutrition.Breakfast, target, rs[0].Ingredients, cat, foods), "%+v", rs[0].Ingredients)
}

// The fruits of one serving together stay within a big bowl (350 g at a usual breakfast, grown
// with the meal's energy like the plate cap): a 660 kcal breakfast of June's foods was served
// with 300 g of apricots and 290 g of strawberries, each within its own portion.
func TestTheFruitsOfAPlateStayWithinABowl(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	target := nutrition.Macros{Kcal: 660}
	plate := []nutrition.Ingredient{{FoodCode: 13000, Grams: 300}, {FoodCode: 13014, Grams: 290}, {FoodCode: 22000, Grams: 60}, {FoodCode: 7110, Grams: 120}}
	require.Contains(t, nutrition.PlateProblems(nutrition.Breakfast, target, plate, cat, nil), "fruit 590 g over 420 g")
	plate[0].Grams, plate[1].Grams = 200, 160
	require.Empty(t, nutrition.PlateProblems(nutrition.Breakfast, target, plate, cat, nil))

	gen := nutrition.NewBuiltin(pt)
	n := 0
	for _, c := range nutritiontest.AvailabilityCases() {
		if c.Prep.Name != "june" || c.Meal == nutrition.LunchDinner {
			continue
		}
		o := nutritiontest.Run(context.Background(), gen, cat, c)
		if !o.Served {
			continue
		}
		n++
		r := o.Recipes[0]
		require.Empty(t, nutritiontest.PlateProblems(c, r, cat), "%s, %s, %s: %q", c.Eater.Name, c.Preset, c.Meal, r.Name.FR)
	}
	require.Positive(t, n)
}

// Jam, honey and sugar go on a tartine, in a yoghurt or fromage blanc or in a bowl of cereal: the
// family week's big-eater snack was a diced apple "served with the strawberry jam" beside a glass
// of whole milk. The same foods with bread now make tartines instead.
func TestJamGoesOnBreadOrInABowl(t *testing.T) {
	cat, pr := shipped(t)
	beside := []nutrition.Ingredient{{FoodCode: 19023, Grams: 390}, {FoodCode: 13039, Grams: 125}, {FoodCode: 31024, Grams: 20}}
	require.Contains(t, nutrition.PlateProblems(nutrition.Snack, nutrition.Macros{Kcal: 384}, beside, cat, nil), "pairing")
	inAYoghurt := []nutrition.Ingredient{{FoodCode: 19593, Grams: 175}, {FoodCode: 13039, Grams: 130}, {FoodCode: 31024, Grams: 10}}
	require.Empty(t, nutrition.PlateProblems(nutrition.Snack, nutrition.Macros{Kcal: 250}, inAYoghurt, cat, nil))
	onBread := []nutrition.Ingredient{{FoodCode: 7001, Grams: 60}, {FoodCode: 16400, Grams: 10}, {FoodCode: 31024, Grams: 15}, {FoodCode: 19023, Grams: 200}}
	require.Empty(t, nutrition.PlateProblems(nutrition.Breakfast, nutrition.Macros{Kcal: 450}, onBread, cat, nil))

	target := nutrition.Macros{Kcal: 384, ProteinG: 11, FatG: 17, CarbsG: 46}
	req := signedUpRequest(t, nutrition.Snack, target, 19023, 13039, 31024, 7001)
	req.Count = 3
	rs, err := nutrition.NewBuiltin(pr).Generate(context.Background(), req)
	require.NoError(t, err)
	for _, r := range rs {
		require.Empty(t, nutrition.PlateProblems(nutrition.Snack, target, r.Ingredients, cat, req.Foods), "%s %+v", r.Name.EN, r.Ingredients)
		for _, in := range r.Ingredients {
			if in.FoodCode == 31024 {
				require.True(t, slices.ContainsFunc(r.Ingredients, func(i nutrition.Ingredient) bool { return i.FoodCode == 7001 }), "%s: jam without its bread", r.Name.EN)
			}
		}
	}
}
