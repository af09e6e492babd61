// Package nutritiontest draws random recipe-engine cases, so the property tests of
// domain/nutrition and the engine part of `make bench` (cmd/bench) check and measure the same
// distribution.
package nutritiontest

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// UsableFoods are the catalog's foods the solver can use (energy and the three macros known),
// ordered by code so a seeded draw picks the same foods on every run.
func UsableFoods(catalog map[int]nutrition.Food) []nutrition.Food {
	var out []nutrition.Food
	for _, f := range catalog {
		if f.Per100g.HasMacros() && f.Per100g.Kcal.V > 0 {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b nutrition.Food) int { return a.Code - b.Code })
	return out
}

// FeasibleCase draws n distinct foods from pool and a target made of 2–5 of them at
// quantities within their serving bounds, in 5 g steps, so a recipe meeting it exactly exists.
func FeasibleCase(rng *rand.Rand, pool []nutrition.Food, n int) ([]nutrition.Food, nutrition.Macros) {
	perm := rng.Perm(len(pool))[:n]
	foods := make([]nutrition.Food, n)
	for i, j := range perm {
		foods[i] = pool[j]
	}
	var target nutrition.Macros
	for _, i := range rng.Perm(n)[:2+rng.IntN(4)] {
		lo, hi := nutrition.ServingBounds(foods[i])
		g := math.Round((lo+rng.Float64()*(hi-lo))/5) * 5
		m := foods[i].Per100g.Macros()
		target.Kcal += m.Kcal * g / 100
		target.ProteinG += m.ProteinG * g / 100
		target.FatG += m.FatG * g / 100
		target.CarbsG += m.CarbsG * g / 100
	}
	return foods, target
}

// Category draws a recipe category, each equally likely.
func Category(rng *rand.Rand) nutrition.Category {
	return nutrition.Categories[rng.IntN(len(nutrition.Categories))]
}

// MealPrepCodes are common French meal-prep foods (CIQUAL codes) as people shop for a week:
// breakfast, lunch and snack foods together. The plausibility part of `make bench` and the
// property tests draw meal preps from them.
var MealPrepCodes = []int{
	// proteins
	36017, 36304, 6250, 26036, 26043, 26039, 28900, 22000, 20904,
	// legumes
	20360, 20507, 20503,
	// starches
	9100, 9104, 9810, 9340, 9610, 4003, 4101, 7001, 7110,
	// vegetables
	20057, 20009, 20020, 20172, 20059, 20061, 20031, 20087, 20056, 20034,
	// fats
	17270, 17130, 16400,
	// breakfast
	32140, 32004, 19041, 19501, 19644, 19593, 31008, 30990,
	// fruit and nuts
	13005, 13039, 13034, 13014, 13021, 13028, 15000, 15202,
	// cheese, sauces, sweets
	12120, 12115, 12110, 11104, 11107, 31005,
}

// MealPrepFoods returns the MealPrepCodes foods of the catalog.
func MealPrepFoods(catalog map[int]nutrition.Food) []nutrition.Food {
	out := make([]nutrition.Food, 0, len(MealPrepCodes))
	for _, c := range MealPrepCodes {
		if f, ok := catalog[c]; ok {
			out = append(out, f)
		}
	}
	return out
}

// plateKinds are the kinds a plate of each meal is drawn from, one food per line (a line with
// several kinds picks one of them); optional lines are taken half the time.
var plateKinds = map[nutrition.Category][]struct {
	kinds    []nutrition.Kind
	optional bool
}{
	nutrition.LunchDinner: {
		{[]nutrition.Kind{nutrition.KindMeat, nutrition.KindFish, nutrition.KindEgg, nutrition.KindVegetarian, nutrition.KindLegume}, false},
		{[]nutrition.Kind{nutrition.KindGrain, nutrition.KindTuber, nutrition.KindBread}, false},
		{[]nutrition.Kind{nutrition.KindVegetable}, false},
		{[]nutrition.Kind{nutrition.KindFat}, true},
	},
	nutrition.Breakfast: {
		{[]nutrition.Kind{nutrition.KindCereal, nutrition.KindBread}, false},
		{[]nutrition.Kind{nutrition.KindDairy, nutrition.KindMilk}, false},
		{[]nutrition.Kind{nutrition.KindFruit}, false},
		{[]nutrition.Kind{nutrition.KindNut}, true},
	},
	nutrition.Snack: {
		{[]nutrition.Kind{nutrition.KindFruit}, false},
		{[]nutrition.Kind{nutrition.KindDairy, nutrition.KindNut}, false},
	},
}

// PlateCase draws a meal prep of n foods from pool (mixed meals, as people shop) and a target made
// of a plate of meal c a cook would serve from them (one food per line of the meal's pattern, each
// within its portion, in 5 g steps, salt and weight under the caps), so a recipe meeting the
// target exactly exists under the meal rules.
func PlateCase(rng *rand.Rand, pool []nutrition.Food, n int, c nutrition.Category) ([]nutrition.Food, nutrition.Macros) {
	for {
		var plate []nutrition.Food
		var grams []float64
		for _, line := range plateKinds[c] {
			if line.optional && rng.IntN(2) == 0 {
				continue
			}
			var cands []nutrition.Food
			for _, f := range pool {
				if slices.Contains(line.kinds, nutrition.KindOf(f)) && nutrition.Suits(c, f) && !slices.ContainsFunc(plate, func(g nutrition.Food) bool { return g.Code == f.Code }) {
					if nutrition.KindOf(f) == nutrition.KindFat && c == nutrition.Breakfast {
						continue
					}
					cands = append(cands, f)
				}
			}
			if len(cands) == 0 {
				continue
			}
			f := cands[rng.IntN(len(cands))]
			lo, _, hi := nutrition.Portion(c, f)
			lo, hi = math.Ceil(lo/5)*5, math.Floor(hi/5)*5
			plate = append(plate, f)
			grams = append(grams, lo+5*float64(rng.IntN(int((hi-lo)/5)+1)))
		}
		var target nutrition.Macros
		var w, salt float64
		for i, f := range plate {
			m := f.Per100g.Macros()
			g := grams[i]
			target.Kcal += m.Kcal * g / 100
			target.ProteinG += m.ProteinG * g / 100
			target.FatG += m.FatG * g / 100
			target.CarbsG += m.CarbsG * g / 100
			w += g
			salt += f.Per100g.SodiumMg.Or(0) * 2.5 / 1000 * g / 100
		}
		if w > nutrition.PlateCapG(c) || salt > nutrition.SaltCapG(c) || len(plate) < 2 {
			continue
		}
		if !nutrition.ConsistentTarget(target) {
			continue // fibre-rich plates (beans, greens) carry energy 4/9/4 does not count
		}
		if c == nutrition.LunchDinner && target.CarbsG < 20 {
			continue // the pattern has a starch: keep targets that want one
		}
		foods := slices.Clone(plate)
		for _, j := range rng.Perm(len(pool)) {
			if len(foods) >= n {
				break
			}
			if !slices.ContainsFunc(foods, func(g nutrition.Food) bool { return g.Code == pool[j].Code }) {
				foods = append(foods, pool[j])
			}
		}
		rng.Shuffle(len(foods), func(a, b int) { foods[a], foods[b] = foods[b], foods[a] })
		return foods, target
	}
}

// Target draws a realistic meal target for c as the app computes it: a daily 1,600–3,200 kcal
// split by one of the app's macro presets (nutrition.Presets, 4/9/4 kcal per g), times the meal's
// usual share of the day.
func Target(rng *rand.Rand, c nutrition.Category) nutrition.Macros {
	t, _ := TargetPreset(rng, c)
	return t
}

// TargetPreset is Target with the index in nutrition.Presets of the split it drew (same draws
// from rng). The app applies the day's split to every meal, so a high-protein day asks a
// breakfast for 40–45 % of its energy as protein.
func TargetPreset(rng *rand.Rand, c nutrition.Category) (nutrition.Macros, int) {
	share := map[nutrition.Category]float64{nutrition.Breakfast: 0.25, nutrition.LunchDinner: 0.35, nutrition.Snack: 0.1}[c]
	kcal := (1600 + rng.Float64()*1600) * share
	pi := rng.IntN(len(nutrition.Presets))
	sp := nutrition.Presets[pi].Split
	sum := float64(sp.Protein + sp.Fat + sp.Carbs)
	return nutrition.Macros{Kcal: math.Round(kcal), ProteinG: math.Round(kcal * float64(sp.Protein) / sum / 4),
		FatG: math.Round(kcal * float64(sp.Fat) / sum / 9), CarbsG: math.Round(kcal * float64(sp.Carbs) / sum / 4)}, pi
}
