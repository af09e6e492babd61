package mealprep

import (
	"context"
	"math"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// Engine adapts a recipe-engine generator (domain/nutrition: the built-in solver, or the AI
// adapter) to this package's Generator port. The engine gives nutrition per serving; recipes
// store the whole recipe's.
type Engine struct {
	Gen       nutrition.Generator
	USDPerEUR float64
}

func value(p *float64) nutrition.Value {
	if p == nil {
		return nutrition.Value{}
	}
	return nutrition.Of(*p)
}

// request is in as the engine's request.
func (e Engine) request(in GenerateInput) nutrition.GenerateRequest {
	foods := make([]nutrition.Food, 0, len(in.Foods))
	var have map[int]float64
	for _, f := range in.Foods {
		foods = append(foods, engineFood(f))
		if f.HaveG > 0 {
			if have == nil {
				have = map[int]float64{}
			}
			have[f.Code] = float64(f.HaveG)
		}
	}
	cur := nutrition.EUR
	if in.Currency == string(nutrition.USD) {
		cur = nutrition.USD
	}
	return nutrition.GenerateRequest{
		Foods: foods, Category: in.Category, Target: nutrition.Macros(in.Target), Diet: in.Diet,
		PriceLimit: float64(in.PriceLimitCents) / 100, Currency: cur, USDPerEUR: e.USDPerEUR,
		Count: in.Count, Seed: int64(in.Seed), MaxGrams: have,
	}
}

var _ FewerDiagnoser = Engine{}

// fewerDiagnoser is a recipe engine that can say what would let the foods make more distinct
// recipes (the built-in generator, and the AI adapter through its built-in fallback).
type fewerDiagnoser interface {
	DiagnoseFewer(req nutrition.GenerateRequest, made int) nutrition.Text
}

// DiagnoseFewer implements FewerDiagnoser with the engine's diagnosis, when it has one.
func (e Engine) DiagnoseFewer(in GenerateInput, made int) mealprep.Diagnosis {
	d, ok := e.Gen.(fewerDiagnoser)
	if !ok {
		return mealprep.Diagnosis{}
	}
	t := d.DiagnoseFewer(e.request(in), made)
	return mealprep.Diagnosis{FR: t.FR, EN: t.EN}
}

// Generate implements Generator.
func (e Engine) Generate(ctx context.Context, in GenerateInput) ([]mealprep.Recipe, error) {
	rs, err := e.Gen.Generate(ctx, e.request(in))
	out := make([]mealprep.Recipe, 0, len(rs))
	for _, r := range rs {
		out = append(out, fromEngine(r))
	}
	return out, err
}

func fromEngine(r nutrition.Recipe) mealprep.Recipe {
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
		PriceCents: int(math.Round(r.Price.EURTotal * 100)), Generator: string(r.Source),
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
