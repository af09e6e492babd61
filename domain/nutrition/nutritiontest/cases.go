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
