// Package mealpreptest holds what meal-prep tests share: a recipe generator that is quick and
// predictable, for tests that exercise the pipeline rather than the recipe engine.
package mealpreptest

import (
	"context"
	"fmt"
	"math"
	"strings"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// ScaledGenerator picks up to four foods with energy (rotating through the foods with the seed,
// so recipes of one request differ) and scales their quantities, in 5 g steps, to the target
// energy with an equal share of energy each; the engine's calculator (nutrition.Recompute)
// gives the numbers. It does not aim at the macros and never claims a target was feasible, so
// it never triggers a tolerance refund. Prices is the price table (nil: the shipped one).
type ScaledGenerator struct {
	Prices *nutrition.PriceTable
}

var _ nutrition.Generator = ScaledGenerator{}

// Generate implements nutrition.Generator.
func (g ScaledGenerator) Generate(_ context.Context, req nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	out := make([]nutrition.Recipe, 0, req.Count)
	for i := range req.Count {
		r, err := g.one(req, uint64(req.Seed)+uint64(i))
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

func (g ScaledGenerator) one(req nutrition.GenerateRequest, seed uint64) (nutrition.Recipe, error) {
	var usable []nutrition.Food
	for _, f := range req.Foods {
		if f.Per100g.Kcal.Known && f.Per100g.Kcal.V > 0 {
			usable = append(usable, f)
		}
	}
	if len(usable) == 0 {
		return nutrition.Recipe{}, fmt.Errorf("no food with energy among %d", len(req.Foods))
	}
	n := min(len(usable), 4)
	start := int(seed % uint64(len(usable)))
	picked := make([]nutrition.Food, 0, n)
	foods := map[int]nutrition.Food{}
	for i := range n {
		f := usable[(start+i)%len(usable)]
		picked = append(picked, f)
		foods[f.Code] = f
	}
	share := req.Target.Kcal / float64(n)
	r := nutrition.Recipe{Category: req.Category, Servings: 1, Target: req.Target, Source: nutrition.SourceBuiltin}
	for _, f := range picked {
		grams := math.Round(share/f.Per100g.Kcal.V*100/5) * 5
		r.Ingredients = append(r.Ingredients, nutrition.Ingredient{FoodCode: f.Code, Grams: int(min(max(grams, 5), 500))})
	}
	prices := g.Prices
	if prices == nil {
		prices = mealprepapp.ShippedPrices()
	}
	if err := nutrition.Recompute(&r, foods, nutrition.Pricing{Table: prices, Currency: nutrition.EUR}); err != nil {
		return nutrition.Recipe{}, err
	}
	// Judged as the stored recipe is: whole-recipe values, rounded.
	r.WithinTolerance = nutrition.WithinTolerance(req.Target, nutrition.Macros(mealprepapp.RecipeOf(r).Nutrition.Macros))
	r.Feasible, r.DurationMin = false, 5+5*n
	names := func(fr bool) string {
		var parts []string
		for _, f := range picked[:min(2, len(picked))] {
			name := f.Name.EN
			if fr {
				name = f.Name.FR
			}
			name, _, _ = strings.Cut(name, ",")
			parts = append(parts, strings.TrimSpace(name))
		}
		if fr {
			return strings.Join(parts, " et ")
		}
		return strings.Join(parts, " and ")
	}
	switch req.Category {
	case mealprep.Breakfast:
		r.Name = nutrition.Text{FR: "Petit-déjeuner : " + names(true), EN: "Breakfast: " + names(false)}
	case mealprep.Snack:
		r.Name = nutrition.Text{FR: "En-cas : " + names(true), EN: "Snack: " + names(false)}
	default:
		r.Name = nutrition.Text{FR: "Assiette : " + names(true), EN: "Plate: " + names(false)}
	}
	for i, f := range picked {
		r.Steps.FR = append(r.Steps.FR, fmt.Sprintf("Peser %d g de %s.", r.Ingredients[i].Grams, strings.ToLower(f.Name.FR)))
		r.Steps.EN = append(r.Steps.EN, fmt.Sprintf("Weigh %d g of %s.", r.Ingredients[i].Grams, strings.ToLower(f.Name.EN)))
	}
	r.Steps.FR = append(r.Steps.FR, "Cuire ce qui doit l’être, assembler et servir.")
	r.Steps.EN = append(r.Steps.EN, "Cook what needs cooking, assemble and serve.")
	return r, nil
}
