package mealprep

import (
	"math"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// RecipeOf is an engine's recipe as the meal prep records it (RecipeGenerated's payload): the
// engine gives nutrition per serving, the record keeps the whole recipe's, rounded; the price is
// in EUR cents. It is the one conversion between the two.
func RecipeOf(r nutrition.Recipe) mealprep.Recipe {
	servings := max(r.Servings, 1)
	whole := func(v nutrition.Value) float64 { return math.Round(v.Or(0)*float64(servings)*10) / 10 }
	n := r.Nutrition
	ings := make([]mealprep.Ingredient, 0, len(r.Ingredients))
	for _, in := range r.Ingredients {
		ings = append(ings, mealprep.Ingredient{FoodCode: in.FoodCode, Grams: in.Grams})
	}
	out := mealprep.Recipe{
		Category: r.Category, Servings: servings, Ingredients: ings, Target: mealprep.Macros(r.Target),
		Nutrition: mealprep.Nutrition{
			Macros:  mealprep.Macros{Kcal: math.Round(n.Kcal.Or(0) * float64(servings)), ProteinG: whole(n.ProteinG), FatG: whole(n.FatG), CarbsG: whole(n.CarbsG)},
			SatFatG: whole(n.SatFatG), FibreG: whole(n.FibreG), SugarsG: whole(n.SugarsG), SaltG: math.Round(nutrition.SaltOf(n).Or(0)*float64(servings)*100) / 100, SodiumMg: whole(n.SodiumMg),
		},
		WithinTolerance: r.WithinTolerance, Feasible: r.Feasible, DurationMin: r.DurationMin,
		PriceCents: int(math.Round(r.Price.EURTotal * 100)), Generator: string(r.Source), Dish: r.Dish,
		NameFR: r.Name.FR, NameEN: r.Name.EN, StepsFR: r.Steps.FR, StepsEN: r.Steps.EN,
	}
	if r.Explanation != nil {
		out.ExplanationFR, out.ExplanationEN = r.Explanation.FR, r.Explanation.EN
	}
	if r.HealthScore.Grade != "" {
		score := r.HealthScore.Score
		out.HealthScore, out.HealthGrade = &score, r.HealthScore.Grade
	}
	return out
}
