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
// protein or starch when the meal prep has one. When those foods make fewer recipes than asked
// (or none), the rest come from all the foods, as before: spreading never costs a recipe.
func GenerateSpread(ctx context.Context, gen nutrition.Generator, in nutrition.GenerateRequest, prior [][]int) ([]nutrition.Recipe, error) {
	spread := mealprep.SpreadMains(in.Foods, prior)
	if len(spread) == len(in.Foods) {
		return gen.Generate(ctx, in)
	}
	req := in
	req.Foods = spread
	rs, err := gen.Generate(ctx, req)
	if err == nil && len(rs) >= in.Count {
		return rs, nil
	}
	if err != nil {
		rs = nil
	}
	all, err := gen.Generate(ctx, in)
	if len(rs) == 0 {
		return all, err
	}
	for _, r := range all {
		if len(rs) >= in.Count {
			break
		}
		if !slices.ContainsFunc(rs, func(m nutrition.Recipe) bool { return sameFoods(codesOf(m), codesOf(r)) }) {
			rs = append(rs, r)
		}
	}
	return rs, nil
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
