package mealprep

import (
	"context"
	"slices"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// GenerateSpread makes a lunch/dinner request's recipes from the request's foods less the main
// foods already in a third or more of the meal prep's other lunch/dinner recipes (prior;
// mealprep.SpreadMains, docs/mealprep.md "Main foods spread"), so a new recipe brings another
// protein or starch when the meal prep has one. When those foods make fewer recipes within
// tolerance than asked (or none: only the closest plate), it spreads the proteins alone, then the
// starches alone, and the rest come from all the foods, the recipes whose main foods the meal
// prep's others hold least first, none of the same foods as one of them while another exists:
// spreading never costs a recipe nor its target.
func GenerateSpread(ctx context.Context, gen nutrition.Generator, in nutrition.GenerateRequest, prior [][]int) ([]nutrition.Recipe, error) {
	spread := mealprep.SpreadMains(in.Foods, prior)
	if len(spread) == len(in.Foods) {
		return gen.Generate(ctx, in)
	}
	want := max(in.Count, 1)
	var rs []nutrition.Recipe
	for _, foods := range narrowings(in.Foods, spread) {
		req := in
		req.Foods = foods
		if more, err := gen.Generate(ctx, req); err == nil {
			if rs = addFeasible(rs, more, want, prior); len(rs) >= want {
				return rs, nil
			}
		}
	}
	req := in
	req.Count = min(want+len(prior), nutrition.MaxCount)
	all, err := gen.Generate(ctx, req)
	if err != nil || len(all) == 0 || !all[0].Feasible {
		if len(rs) > 0 {
			return rs, nil
		}
		return all[:min(len(all), want)], err
	}
	rs = addFeasible(rs, leastHeld(all, in.Foods, prior), want, prior)
	return addFeasible(rs, all, want, nil), nil
}

// leastHeld is rs, the recipes whose main foods fewer of prior hold first (a stable order).
func leastHeld(rs []nutrition.Recipe, foods []nutrition.Food, prior [][]int) []nutrition.Recipe {
	main := map[int]bool{}
	for _, f := range foods {
		main[f.Code] = mealprep.MainGroupOf(f) != ""
	}
	held := func(r nutrition.Recipe) int {
		n := 0
		for _, c := range codesOf(r) {
			for _, p := range prior {
				if main[c] && slices.Contains(p, c) {
					n++
				}
			}
		}
		return n
	}
	out := slices.Clone(rs)
	slices.SortStableFunc(out, func(a, b nutrition.Recipe) int { return held(a) - held(b) })
	return out
}

// narrowings are the food lists GenerateSpread tries before all the foods: every main group
// spread, then the proteins only (every starch kept), then the starches only; a list equal to an
// earlier one or to all the foods is left out.
func narrowings(foods, spread []nutrition.Food) [][]nutrition.Food {
	out := [][]nutrition.Food{spread}
	for _, whole := range []mealprep.MainGroup{mealprep.MainStarch, mealprep.MainProtein} {
		l := slices.DeleteFunc(slices.Clone(foods), func(f nutrition.Food) bool {
			return mealprep.MainGroupOf(f) != whole && !slices.ContainsFunc(spread, func(s nutrition.Food) bool { return s.Code == f.Code })
		})
		if len(l) < len(foods) && !slices.ContainsFunc(out, func(o []nutrition.Food) bool { return sameFoods(foodCodes(o), foodCodes(l)) }) {
			out = append(out, l)
		}
	}
	return out
}

// addFeasible appends to rs, up to want, the recipes of more that are within tolerance and of
// other foods than each of rs and prior.
func addFeasible(rs, more []nutrition.Recipe, want int, prior [][]int) []nutrition.Recipe {
	for _, r := range more {
		if len(rs) >= want {
			break
		}
		c := codesOf(r)
		if r.Feasible && !slices.ContainsFunc(rs, func(m nutrition.Recipe) bool { return sameFoods(codesOf(m), c) }) &&
			!slices.ContainsFunc(prior, func(p []int) bool { return sameFoods(p, c) }) {
			rs = append(rs, r)
		}
	}
	return rs
}

func foodCodes(fs []nutrition.Food) []int {
	out := make([]int, 0, len(fs))
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

func codesOf(r nutrition.Recipe) []int {
	out := make([]int, 0, len(r.Ingredients))
	for _, in := range r.Ingredients {
		out = append(out, in.FoodCode)
	}
	return out
}

// sameFoods: two recipes of the same foods, whatever their order and grams.
func sameFoods(a, b []int) bool {
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}
