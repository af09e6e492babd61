package nutrition_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// mainGroup is a food's part of a lunch as docs/nutrition.md "The solver" spreads it: its
// protein (meat, fish, eggs, delicatessen, tofu, pulses) or its starch.
func mainGroup(f nutrition.Food) string {
	switch nutrition.KindOf(f) {
	case nutrition.KindMeat, nutrition.KindFish, nutrition.KindEgg, nutrition.KindDeli, nutrition.KindVegetarian, nutrition.KindLegume:
		return "protein"
	case nutrition.KindGrain, nutrition.KindTuber, nutrition.KindBread:
		return "starch"
	}
	return ""
}

// servedAlone are the foods of group whose plate the target can be met with when they are the
// meal prep's only food of that group.
func servedAlone(t *testing.T, gen *nutrition.Builtin, req nutrition.GenerateRequest, group string) []nutrition.Food {
	t.Helper()
	var out []nutrition.Food
	for _, f := range req.Foods {
		if mainGroup(f) != group {
			continue
		}
		one := req
		one.Count = 1
		one.Foods = slices.DeleteFunc(slices.Clone(req.Foods), func(o nutrition.Food) bool { return mainGroup(o) == group && o.Code != f.Code })
		rs, err := gen.Generate(context.Background(), one)
		if err == nil && len(rs) == 1 && rs[0].Feasible && rs[0].WithinTolerance {
			out = append(out, f)
		}
	}
	return out
}

// One request of several lunches spreads its main foods: when the meal prep holds three
// proteins that each make a plate within tolerance, three lunches asked at once hold three
// different proteins, and their starches differ too when three of them make a plate. The most
// plausible plates of a large meal prep all hold the chicken and the rice; the engine then looks
// further for plates of the other main foods.
func TestOneRequestSpreadsItsMainFoods(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	preps := map[string][]int{
		// chicken, minced beef, cod; rice, pasta, potatoes, bread; vegetables, fats, cheese
		"cod":  {36017, 6252, 26043, 9100, 9810, 4008, 7001, 20009, 20020, 20057, 20041, 17270, 16400, 12066, 19644},
		"eggs": {36017, 6252, 22000, 9100, 9810, 4008, 7001, 20009, 20020, 20057, 20041, 17270, 16400, 12066},
	}
	for name, codes := range preps {
		for seed := range int64(4) {
			req := nutrition.GenerateRequest{Foods: foodsOf(t, codes...), Category: nutrition.LunchDinner,
				Target: nutrition.Macros{Kcal: 860, ProteinG: 65, FatG: 24, CarbsG: 96}, Currency: nutrition.EUR, Count: 3, Seed: seed, Servings: 1}
			rs, err := gen.Generate(context.Background(), req)
			require.NoError(t, err)
			require.Len(t, rs, 3)
			for _, group := range []string{"protein", "starch"} {
				alone := servedAlone(t, gen, req, group)
				if name == "cod" {
					require.Len(t, alone, 3, "the chicken, the beef and the cod each make a lunch")
				}
				held := map[int]int{}
				for _, r := range rs {
					for _, in := range r.Ingredients {
						if mainGroup(cat[in.FoodCode]) == group {
							held[in.FoodCode]++
						}
					}
				}
				for code, n := range held {
					require.True(t, n == 1 || len(alone) < 3, "%s, seed %d: %s %s in %d of 3 lunches while %d of the meal prep's make one (%v)",
						name, seed, group, cat[code].Name.FR, n, len(alone), names(rs))
				}
			}
		}
	}
}

func names(rs []nutrition.Recipe) []string {
	out := make([]string, 0, len(rs))
	for _, r := range rs {
		out = append(out, r.Name.FR)
	}
	return out
}
