package nutrition_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// twentyFiveFoods is a week's shopping of 25 foods (nutritiontest.MealPreps' largest).
var twentyFiveFoods = []int{36017, 26036, 6252, 22000, 20532, 9100, 9810, 4008, 7001, 7110, 20057, 20009, 20020, 20041,
	17270, 16400, 19041, 19593, 19644, 32140, 13005, 13039, 15000, 31008, 12066}

// lunchTargets are four eaters' lunch targets, small to large (the default preset).
var lunchTargets = []nutrition.Macros{{Kcal: 437, ProteinG: 33, FatG: 12, CarbsG: 49}, {Kcal: 597, ProteinG: 45, FatG: 17, CarbsG: 67},
	{Kcal: 860, ProteinG: 65, FatG: 24, CarbsG: 96}, {Kcal: 1247, ProteinG: 70, FatG: 38, CarbsG: 157}}

// basicPantry is a cupboard without spices, stock or onion: the forms these tests expect are the
// ones a plain cupboard allows, whatever the default ticks.
var basicPantry = []string{"oil", "butter", "garlic", "herbes_de_provence", "thyme", "lemon", "vinegar", "mustard"}

// When every form the foods allow is already in the meal prep, the new recipe takes the one used
// longest ago (RecentDishes: the newest last), never the last one: chicken, rice and broccoli
// make a poêlée or a salad with a plain cupboard, and they alternate.
func TestDishFormNeverFollowsItselfWhenAnotherFits(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	for seed := range int64(8) {
		for _, recent := range [][]string{{"poelee", "salade_composee"}, {"salade_composee", "poelee"}} {
			rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 36017, 9100, 20057, 17270),
				Category: nutrition.LunchDinner, Target: lunchTargets[1], Currency: nutrition.EUR, Count: 1, Seed: seed, Servings: 1,
				Pantry: basicPantry, RecentDishes: recent})
			require.NoError(t, err)
			require.Equal(t, recent[0], rs[0].Dish, "seed %d, after %v: %q", seed, recent, rs[0].Name.FR)
		}
	}
}

// A fortnight of lunches and dinners asked one after the other from a 25-food meal prep, with the
// default cupboard (docs/nutrition.md, "Dish forms"): at least 6 dish forms for every eater, and
// never the same form twice in a row when the foods make another. The most plausible plate
// often makes only a form the meal prep holds; the engine takes a plate that makes a new one.
func TestAFortnightOfLunchesVariesItsDishForms(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	for ei, tg := range lunchTargets {
		var recent, made []string
		for k := range 14 {
			rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, twentyFiveFoods...),
				Category: nutrition.LunchDinner, Target: tg, Currency: nutrition.EUR, Count: 1, Seed: int64(ei*1000 + k), Servings: 1,
				Pantry: nutrition.DefaultPantry, RecentDishes: slices.Clone(recent)})
			require.NoError(t, err)
			r := rs[0]
			require.True(t, r.WithinTolerance, "%q", r.Name.FR)
			if len(recent) > 0 {
				require.NotEqual(t, recent[len(recent)-1], r.Dish, "eater %d, lunch %d: %q after %v", ei, k, r.Name.FR, made)
			}
			made = append(made, r.Dish)
			recent = append(slices.DeleteFunc(recent, func(d string) bool { return d == r.Dish }), r.Dish)
		}
		require.GreaterOrEqual(t, len(recent), 6, "eater %d: %v", ei, made)
	}
}

// Forms that were closed to common foods by a rule too strict (docs/nutrition.md, "Dish forms"):
// a velouté or a soup of red lentils and carrots takes the hard-boiled eggs the plate holds
// (halved on it, kept apart in the box), a lentil soup needs one vegetable, not two, and
// chickpeas simmer à la provençale as meat does. Asked after the forms the foods made before,
// each makes a new one; the eggs and the chickpeas stay named.
func TestLentilsEggsAndChickpeasMakeSoupsAndAProvencale(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	cases := []struct {
		codes  []int
		target nutrition.Macros
		recent []string
		want   []string
		named  string
	}{
		{[]int{22000, 20535, 20009, 17440}, lunchTargets[0], []string{"salade_composee", "salade_lentilles", "omelette", nutrition.PlateDish}, []string{"veloute", "soupe"}, "œuf"},
		{[]int{20532, 9681, 20020, 20053, 17270}, nutrition.Macros{Kcal: 590, ProteinG: 25, FatG: 18, CarbsG: 80}, []string{"salade_composee", "poelee", "veloute", "soupe", "gratin", nutrition.PlateDish}, []string{"saute_provencale"}, "pois chiches"},
	}
	for _, c := range cases {
		for seed := range int64(3) {
			rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, c.codes...), Category: nutrition.LunchDinner,
				Target: c.target, Currency: nutrition.EUR, Count: 1, Seed: seed, Servings: 1, Pantry: basicPantry, RecentDishes: c.recent})
			require.NoError(t, err)
			r := rs[0]
			require.True(t, r.WithinTolerance, "%q", r.Name.FR)
			require.Contains(t, c.want, r.Dish, "seed %d: %q (%v)", seed, r.Name.FR, ingredientNames(cat, r))
			require.Contains(t, strings.ToLower(r.Name.FR), c.named, "%q", r.Name.FR)
		}
	}
}

func ingredientNames(cat map[int]nutrition.Food, r nutrition.Recipe) []string {
	var out []string
	for _, in := range r.Ingredients {
		out = append(out, cat[in.FoodCode].Name.FR)
	}
	return out
}

// The lunches of one request vary their forms too: four asked at once from 25 foods with the
// default cupboard are four dish forms (the plate of a form already made is swapped for another
// of a new form that shares no more proteins or starches), and their proteins stay spread.
func TestOneRequestOfFourLunchesMakesFourForms(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	for _, ei := range []int{1, 2} {
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, twentyFiveFoods...), Category: nutrition.LunchDinner,
			Target: lunchTargets[ei], Currency: nutrition.EUR, Count: 4, Seed: int64(ei), Servings: 4, Pantry: nutrition.DefaultPantry, RecentDishes: []string{}})
		require.NoError(t, err)
		require.Len(t, rs, 4)
		forms, proteins := map[string]bool{}, map[int]int{}
		for _, r := range rs {
			require.True(t, r.WithinTolerance, "%q", r.Name.FR)
			forms[r.Dish] = true
			for _, in := range r.Ingredients {
				if mainGroup(cat[in.FoodCode]) == "protein" {
					proteins[in.FoodCode]++
				}
			}
		}
		require.Len(t, forms, 4, "eater %d: %v", ei, names(rs))
		require.GreaterOrEqual(t, len(proteins), 3, "eater %d: %v", ei, names(rs))
	}
}
