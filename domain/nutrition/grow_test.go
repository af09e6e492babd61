package nutrition_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// A big eater's meal is a bigger plate, not an impossible one (docs/nutrition.md, "Rules that
// grow with the eater"): the usual foods of a lunch and of a French breakfast meet the meal
// targets of an active 25-year-old man (3,400 kcal a day) and of a 2,800-kcal man, every rule
// of the meal kept for that target.
func TestBigEatersGetAPlate(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	for _, c := range []struct {
		name   string
		cat    nutrition.Category
		foods  []int
		target nutrition.Macros
	}{
		// Chicken, rice, broccoli and olive oil: 1,100 kcal, 70 g protein (more than 300 g of cooked
		// rice or 120 g of raw rice, the usual maximum).
		{"1,100-kcal lunch", nutrition.LunchDinner, []int{36017, 9100, 20057, 17270}, nutrition.Macros{Kcal: 1100, ProteinG: 70, FatG: 35, CarbsG: 126}},
		// Baguette, butter, jam, milk, yoghurt, orange juice: the 2,800-kcal man's breakfast
		// (700 kcal, 26 g protein by its meal profile) holds about 1.7 g of salt with 120 g of bread.
		{"700-kcal breakfast", nutrition.Breakfast, []int{7001, 16400, 31024, 19041, 19593, 2070}, nutrition.Macros{Kcal: 700, ProteinG: 26, FatG: 19, CarbsG: 105}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, c.foods...), Category: c.cat,
				Target: c.target, Currency: nutrition.EUR, Count: 1, Seed: 3})
			require.NoError(t, err, c.name)
			r := rs[0]
			require.True(t, r.Feasible && r.WithinTolerance, "%s: %+v for %+v (%v)", c.name, r.Achieved, c.target, r.Explanation)
			ings := make([]nutrition.Ingredient, len(r.Ingredients))
			for i, ing := range r.Ingredients {
				ings[i] = nutrition.Ingredient{FoodCode: ing.FoodCode, Grams: ing.Grams / max(r.Servings, 1)}
			}
			require.Empty(t, nutrition.PlateProblems(c.cat, c.target, ings, cat, foodsOf(t, c.foods...)), c.name)
		})
	}
}

// Every cap is a function of the meal's target (docs/nutrition.md, "Rules that grow with the
// eater"): a usual meal keeps the table's values; a bigger one gets portions and a plate cap
// grown by its energy over the reference meal (at most twice), and salt the WHO's 5 g a day at
// 2,000 kcal scaled to its energy, never below the meal's floor.
func TestCapsAreFunctionsOfTheTarget(t *testing.T) {
	t.Parallel()
	chicken := foodsOf(t, 36017)[0]
	kcal := func(k float64) nutrition.Macros { return nutrition.Macros{Kcal: k} }
	for _, c := range []struct {
		cat                nutrition.Category
		kcal, salt, weight float64
		chickenHi          float64
	}{
		{nutrition.LunchDinner, 650, 2.5, 800, 250},
		{nutrition.LunchDinner, 1100, 2.75, 800 * 1100 / 700.0, 250 * 1100 / 700.0},
		{nutrition.LunchDinner, 2000, 5, 1600, 500},
		{nutrition.Breakfast, 500, 1.8, 650, 0},
		{nutrition.Breakfast, 800, 2, 650 * 800 / 550.0, 0},
		{nutrition.Snack, 200, 1.5, 350, 0},
	} {
		require.InDelta(t, c.salt, nutrition.SaltCapFor(c.cat, kcal(c.kcal)), 1e-9, "salt %s %v", c.cat, c.kcal)
		require.InDelta(t, c.weight, nutrition.PlateCapFor(c.cat, kcal(c.kcal)), 1e-9, "weight %s %v", c.cat, c.kcal)
		if c.chickenHi > 0 {
			lo, _, hi := nutrition.PortionFor(c.cat, chicken, kcal(c.kcal))
			require.InDelta(t, 80, lo, 1e-9)
			require.InDelta(t, c.chickenHi, hi, 1e-9)
		}
	}
}

// A low-carb lunch (under a quarter of its energy from carbohydrates) is a protein with
// vegetables and fat: it is not held to the starch rule because its vegetables bring 20 g of
// carbohydrates (docs/nutrition.md, "Plate composition").
func TestLowCarbLunchNeedsNoStarch(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	// Chicken, broccoli, carrots, olive oil and feta, rice in the cupboard: 632 kcal, 59 g protein,
	// 31 g fat, 24 g carbohydrates (200 g of chicken, 200 g of broccoli, 250 g of carrots, 20 g of
	// oil, 30 g of feta; 15 % of the energy from carbohydrates).
	rs, err := nutrition.NewBuiltin(pt).Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 36017, 20057, 20009, 17270, 12066, 9100),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 632, ProteinG: 59, FatG: 31, CarbsG: 24}, Currency: nutrition.EUR, Count: 1, Seed: 2})
	require.NoError(t, err)
	require.True(t, rs[0].Feasible && rs[0].WithinTolerance, "%+v (%v)", rs[0].Achieved, rs[0].Explanation)
	for _, ing := range rs[0].Ingredients {
		require.NotEqual(t, 9100, ing.FoodCode, "no rice in a low-carb lunch")
	}
}

// A small eater's snack is a small snack (docs/nutrition.md, "Rules that grow with the eater"):
// the 135 kcal, 9 g-protein snack of a sedentary 52 kg woman on the high-protein preset is an
// egg with a slice of bread from a student's shopping; with the table's 30 g of bread at least
// every such plate was 19 kcal over. A usual snack keeps the table's least portions.
func TestSmallEatersGetASmallSnack(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	student := []int{26034, 9810, 20066, 20036, 22000, 19041, 32005, 13038, 7200, 7001}
	target := nutrition.Macros{Kcal: 135, ProteinG: 9, FatG: 5, CarbsG: 14}
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, student...), Category: nutrition.Snack,
		Target: target, Currency: nutrition.EUR, Count: 1, Seed: 1})
	require.NoError(t, err)
	r := rs[0]
	require.True(t, r.Feasible && r.WithinTolerance, "%+v for %+v (%v)", r.Achieved, target, r.Explanation)
	ings := make([]nutrition.Ingredient, len(r.Ingredients))
	for i, ing := range r.Ingredients {
		ings[i] = nutrition.Ingredient{FoodCode: ing.FoodCode, Grams: ing.Grams / max(r.Servings, 1)}
	}
	require.Empty(t, nutrition.PlateProblems(nutrition.Snack, target, ings, cat, foodsOf(t, student...)))

	bread := foodsOf(t, 7001)[0]
	lo, _, _ := nutrition.PortionFor(nutrition.Snack, bread, nutrition.Macros{Kcal: 250})
	require.InDelta(t, 30, lo, 1e-9, "a usual snack: the table's slice")
	lo, _, _ = nutrition.PortionFor(nutrition.Snack, bread, target)
	require.InDelta(t, 20, lo, 1e-9, "a 135 kcal snack: a thinner slice")
	lo, _, _ = nutrition.PortionFor(nutrition.Snack, foodsOf(t, 22000)[0], target)
	require.InDelta(t, 50, lo, 1e-9, "an egg comes whole")
}

// A big eater's vegetables grow with the square root of the meal's scale, not with the scale:
// vegetables are the plate's volume, not its energy. An active young man's 1,247 kcal lunch was
// an omelette with 530 g of broccoli, and a lentil salad with 485 g of cucumber and 505 g of
// tomatoes; now each vegetable stops at 300 g × √1.78 = 400 g while his chicken grows to 445 g.
func TestABigEatersVegetablesGrowLessThanHisPlate(t *testing.T) {
	t.Parallel()
	broccoli, chicken := foodsOf(t, 20057)[0], foodsOf(t, 36017)[0]
	big := nutrition.Macros{Kcal: 1247}
	_, typ, hi := nutrition.PortionFor(nutrition.LunchDinner, broccoli, big)
	require.InDelta(t, 300*math.Sqrt(1247/700.0), hi, 1e-9)
	require.InDelta(t, 150*math.Sqrt(1247/700.0), typ, 1e-9)
	_, _, hi = nutrition.PortionFor(nutrition.LunchDinner, chicken, big)
	require.InDelta(t, 250*1247/700.0, hi, 1e-9)
	// A usual lunch keeps the table's portions.
	_, _, hi = nutrition.PortionFor(nutrition.LunchDinner, broccoli, nutrition.Macros{Kcal: 650})
	require.InDelta(t, 300.0, hi, 1e-9)
}
