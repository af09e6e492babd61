package mealprep

import (
	"fmt"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// Recipes are made by a recipe engine (nutrition.Generator: the built-in solver, or the AI
// adapter) from the meal prep's foods as nutrition.Food (nutritionapp's EngineFoods), and
// recorded as the event's mealprep.Recipe by RecipeOf. Edited recipes are recomputed by the
// same engine calculator (nutrition.Recompute), so one rule gives every number.

// fewerDiagnoser is a recipe engine that can say what would let the foods make more distinct
// recipes (the built-in generator, and the AI adapter through its built-in fallback).
type fewerDiagnoser interface {
	DiagnoseFewer(req nutrition.GenerateRequest, made int) nutrition.Text
}

// recomputed is what a recipe's ingredients give: the whole recipe's nutrition, its price (EUR
// cents) and its Nutri-Score.
type recomputed struct {
	Nutrition   mealprep.Nutrition
	PriceCents  int
	HealthScore *int
	HealthGrade string
}

// recompute is the one path from edited ingredients to numbers: the recipe engine's
// nutrition.Recompute over the foods (water included), with the price table the process shares
// (admins' overrides included) and the engine's Nutri-Score, as generated recipes get them.
// ings are the whole recipe's grams for servings servings of meal c made for target (per
// serving): the salt the steps add is decided per serving against the meal's cap, as at
// generation (docs/nutrition.md, "Salt as eaten"). foods holds every ingredient's food.
func recompute(foods map[int]nutrition.Food, ings []mealprep.Ingredient, c mealprep.Category, target mealprep.Macros, servings int, prices *nutrition.PriceTable) (recomputed, error) {
	r := nutrition.Recipe{Category: c, Target: nutrition.Macros(target), Servings: max(servings, 1)}
	for _, in := range ings {
		r.Ingredients = append(r.Ingredients, nutrition.Ingredient{FoodCode: in.FoodCode, Grams: in.Grams})
	}
	if err := nutrition.Recompute(&r, foods, nutrition.Pricing{Table: prices, Currency: nutrition.EUR}); err != nil {
		return recomputed{}, fmt.Errorf("mealprep: recompute: %w", err)
	}
	// RecipeOf gives the whole recipe's nutrition (per serving × servings).
	out := RecipeOf(r)
	return recomputed{Nutrition: out.Nutrition, PriceCents: out.PriceCents, HealthScore: out.HealthScore, HealthGrade: out.HealthGrade}, nil
}
