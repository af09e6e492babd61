package nutrition

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// Ingredient is one food of a recipe. Grams are for the whole recipe (all servings), whole grams,
// in 5 g steps per serving when the engine chose them.
type Ingredient struct {
	FoodCode int `json:"foodCode"`
	Grams    int `json:"grams"`
	// Suggested marks a catalog food the engine added to close a gap (the person allowed AI food
	// suggestions); it is not in the meal prep yet.
	Suggested bool `json:"suggested,omitempty"`
	// Pantry marks a cooking fat taken from the person's cupboard (GenerateRequest.PantryFoods):
	// counted like any food, not bought by the shopping list.
	Pantry bool `json:"pantry,omitempty"`
}

// Steps are the preparation steps in both languages.
type Steps struct {
	FR []string `json:"fr"`
	EN []string `json:"en"`
}

// Source says who chose the foods and wrote the texts. Quantities and every number always come
// from the solver and the food data.
type Source string

// Sources of a recipe.
const (
	SourceBuiltin Source = "builtin"
	SourceAI      Source = "ai"
	// SourceAIFallback: the AI was asked and failed (time-out, error, unusable answer); the
	// built-in generator made the recipe and Notice says so.
	SourceAIFallback Source = "ai_fallback"
)

// Price is a recipe's estimated cost, in EUR and in the currency of the person at the time.
type Price struct {
	EURPerServing float64  `json:"eurPerServing"`
	EURTotal      float64  `json:"eurTotal"`
	Currency      Currency `json:"currency"`
	PerServing    float64  `json:"perServing"`
	Total         float64  `json:"total"`
	// Estimated is always true: prices come from the group table, not from a shop.
	Estimated bool `json:"estimated"`
}

// Recipe is what the generator returns and what a meal prep stores in its events. Field names
// are stable: stored events are decoded with them years later.
type Recipe struct {
	Name Text `json:"name"`
	// Dish is the id of the recipe's dish form (docs/nutrition.md, "Dish forms"): "curry",
	// "gratin"…, PlateDish for a plate of separately cooked foods; empty in recipes stored before.
	Dish        string       `json:"dish"`
	Category    Category     `json:"category"`
	Ingredients []Ingredient `json:"ingredients"`
	Steps       Steps        `json:"steps"`
	Servings    int          `json:"servings"`
	DurationMin int          `json:"durationMin"`
	// Nutrition is per serving. A nutrient is null when no ingredient has a value for it;
	// IncompleteNutrients names those summed over only some ingredients (CIQUAL gaps).
	Nutrition           Nutrients `json:"nutrition"`
	IncompleteNutrients []string  `json:"incompleteNutrients,omitempty"`
	// Target and Achieved are per serving; Achieved is recomputed from the food data.
	Target          Macros `json:"target"`
	Achieved        Macros `json:"achieved"`
	WithinTolerance bool   `json:"withinTolerance"`
	// Feasible: the foods could meet the target within tolerance (continuous quantities within
	// the per-food bounds and the price limit). Feasible && !WithinTolerance is the engine's miss,
	// which refunds the token.
	Feasible bool `json:"feasible"`
	// Explanation says why the target is not met and which kind of food would fix it.
	Explanation *Text `json:"explanation,omitempty"`
	// Suggestion is the explanation's change as data, checked by solving again (diagnose).
	Suggestion *Suggestion `json:"suggestion,omitempty"`
	// SaltG is one serving's salt as eaten, sodium × 2.5 (docs/nutrition.md, "Salt as eaten"):
	// the foods' salt plus the pinch and the cooking water's salt the steps add; within the
	// meal's cap for its target (PlateSaltCapFor) when the engine chose the quantities.
	SaltG       float64     `json:"saltG"`
	Price       Price       `json:"price"`
	HealthScore HealthScore `json:"healthScore"`
	Source      Source      `json:"source"`
	// Notice is shown with the recipe when Source is ai_fallback.
	Notice *Text `json:"notice,omitempty"`
}

// GenerateRequest is everything a generator needs for one generation request.
type GenerateRequest struct {
	// Foods are the meal prep's foods (per-100 g nutrients; price 0 = price table).
	Foods []Food `json:"foods"`
	// Suggestions are catalog foods the engine may add when the person allows AI food
	// suggestions; ingredients taken from them are marked Suggested.
	Suggestions []Food   `json:"suggestions,omitempty"`
	Category    Category `json:"category"`
	// Target is one serving's target (the person's daily goals × the meal's share).
	Target Macros `json:"target"`
	// Diet is "omnivore", "vegetarian" or "vegan"; foods the diet excludes are never used.
	Diet Diet `json:"diet"`
	// PriceLimit per serving in Currency; 0 means no limit.
	PriceLimit float64  `json:"priceLimit"`
	Currency   Currency `json:"currency"`
	// USDPerEUR converts prices for USD; 0 uses DefaultUSDPerEUR.
	USDPerEUR float64 `json:"usdPerEur,omitempty"`
	// Count is how many recipes (1–10); they differ from each other when the foods allow it.
	Count int `json:"count"`
	// Seed makes the result reproducible: same request and seed, same recipes.
	Seed int64 `json:"seed"`
	// Locale ("fr" or "en") is the person's language; the AI writes in it first.
	Locale string `json:"locale,omitempty"`
	// Servings per recipe; 0 means 1. Ingredient grams scale with it, nutrition stays per serving.
	Servings int `json:"servings,omitempty"`
	// MaxGrams caps a food's grams in one recipe (all its servings), by food code: what the
	// person has of it. A food whose cap is under its kind's minimum is not used.
	MaxGrams map[int]float64 `json:"maxGrams,omitempty"`
	// OutOfSeason are the foods that are produce out of season this month (domain/season): the
	// engine prefers plates without them when the foods offer a choice, a preference below the
	// meal rules and the tolerance. Nil: no preference.
	OutOfSeason map[int]bool `json:"-"`
	// Pantry are the staple ids the person keeps (docs/nutrition.md, "Pantry staples"): the
	// dish forms season with them. Nil: no dish form, the plate of separately cooked foods.
	Pantry []string `json:"pantry,omitempty"`
	// Larger are foods (CIQUAL codes) the person takes in a larger serving than usual, up to
	// one and a half times its usual maximum: a refusal's "more of" suggestion, applied (docs/nutrition.md,
	// "Accuracy and tolerance").
	Larger []int `json:"larger,omitempty"`
	// PantryFoods are the foods of Pantry's cooking fats (PantryFoodCodes, looked up by the
	// caller): the engine adds the first that belongs to the meal when Foods hold no fat
	// (docs/nutrition.md, "Pantry staples"). Nil: the meal prep's foods only.
	PantryFoods []Food `json:"-"`
	// Exclude are the allergens the person and their household declare: the app leaves their
	// foods out of Foods, and a diagnosis never suggests a food holding one (docs/nutrition.md,
	// "Allergens").
	Exclude []Allergen `json:"-"`
	// RecentDishes are the dish form ids the meal prep already holds: the engine prefers another
	// form when the foods allow, for a varied week (a preference, like OutOfSeason).
	RecentDishes []string `json:"-"`
	// fuller: the lunch may be a fuller meal (Generate's second search, when no plate of one
	// protein and one starch meets the target): a dessert, bread beside a protein and a legume.
	fuller bool
}

// DefaultUSDPerEUR is used when no rate is configured.
const DefaultUSDPerEUR = 1.08

// MaxCount is the most recipes one request may ask for.
const MaxCount = 10

// Generator makes recipes. The built-in solver and the AI adapter both implement it.
type Generator interface {
	Generate(ctx context.Context, req GenerateRequest) ([]Recipe, error)
}

// Unsolvable is the error for a request no recipe can answer (no usable food). Reason is for the
// person; Code is stable for logs and tests.
type Unsolvable struct {
	Code   string
	Reason Text
	// Suggestion is Reason's change as data when the foods make no plate (no_plate).
	Suggestion *Suggestion
}

func (e *Unsolvable) Error() string { return "no recipe possible: " + e.Code + ": " + e.Reason.EN }

// ErrUnsolvable matches every *Unsolvable with errors.Is.
var ErrUnsolvable = errors.New("no recipe possible")

// Is makes errors.Is(err, ErrUnsolvable) true.
func (e *Unsolvable) Is(target error) bool { return target == ErrUnsolvable }

// ErrUnknownFood means an ingredient names a food the caller did not provide.
var ErrUnknownFood = errors.New("unknown food")

// Tolerance is the published accuracy: 5 % of the target or 3 g, whichever is larger, for each
// macro; for energy 5 % or 12 kcal (the energy of 3 g of protein or carbohydrate).
func Tolerance(target Macros) Macros {
	return Macros{
		Kcal:     math.Max(0.05*target.Kcal, 12),
		ProteinG: math.Max(0.05*target.ProteinG, 3),
		FatG:     math.Max(0.05*target.FatG, 3),
		CarbsG:   math.Max(0.05*target.CarbsG, 3),
	}
}

// WithinTolerance reports whether achieved is within Tolerance(target) on all four values.
func WithinTolerance(target, achieved Macros) bool {
	tol, t, a := Tolerance(target).vec(), target.vec(), achieved.vec()
	for k := range t {
		if math.Abs(a[k]-t[k]) > tol[k]+1e-9 {
			return false
		}
	}
	return true
}

// Pricing is what a recomputation needs to price a recipe.
type Pricing struct {
	Table     *PriceTable
	Currency  Currency
	USDPerEUR float64
	// Units are the person's: Imperial buys the US market's pack sizes (PackingIn).
	Units Units
}

func (p Pricing) rate() float64 {
	if p.USDPerEUR > 0 {
		return p.USDPerEUR
	}
	return DefaultUSDPerEUR
}

// Recompute sets every number of r from its ingredients and the food data: nutrition per
// serving, achieved macros, tolerance, price, health score and duration. Use it after a manual
// edit (ingredients or servings); it keeps the name, steps, target and feasibility. foods must
// hold every ingredient's food.
func Recompute(r *Recipe, foods map[int]Food, pricing Pricing) error {
	if err := recomputeNumbers(r, foods, pricing); err != nil {
		return err
	}
	r.DurationMin = Duration(r.Ingredients, foods, r.Servings)
	return nil
}

// recomputeNumbers is Recompute but the duration: a generated recipe gets its exact duration
// with its steps (WriteTexts), and the steps are most of Recompute's cost.
func recomputeNumbers(r *Recipe, foods map[int]Food, pricing Pricing) error {
	if r.Servings < 1 {
		r.Servings = 1
	}
	var total Nutrients
	known := make([]int, len(NutrientNames))
	var grams, eur, fvlGrams, saltG float64
	for _, ing := range r.Ingredients {
		f, ok := foods[ing.FoodCode]
		if !ok {
			return fmt.Errorf("recompute recipe %q: %w %d", r.Name.EN, ErrUnknownFood, ing.FoodCode)
		}
		if ing.Grams < 0 {
			return fmt.Errorf("recompute recipe %q: food %d: grams %d", r.Name.EN, ing.FoodCode, ing.Grams)
		}
		g := float64(ing.Grams)
		grams += g
		eur += pricing.Table.PerKgEUR(f) * g / 1000
		fvlGrams += FVLShare(f) / 100 * g
		saltG += SaltOf(f.Per100g).Or(0) * g / 100
		src := f.Per100g.fields()
		dst := total.fields()
		for i := range src {
			if src[i].Known {
				dst[i].V += src[i].V * g / 100
				dst[i].Known = true
				known[i]++
			}
		}
	}
	s := float64(r.Servings)
	r.IncompleteNutrients = nil
	per := total
	pf := per.fields()
	for i := range pf {
		if pf[i].Known {
			pf[i].V /= s
			if known[i] < len(r.Ingredients) {
				r.IncompleteNutrients = append(r.IncompleteNutrients, NutrientNames[i])
			}
		}
	}
	// Salt as eaten: the foods' salt and what the steps add (seasonOf, docs/nutrition.md).
	added := addedSaltG(r, foods)
	saltG += added * s
	if added > 0 {
		per.SaltG = Of(per.SaltG.Or(0) + added)
		per.SodiumMg = Of(per.SodiumMg.Or(0) + added*1000/2.5)
	}
	r.Nutrition = per
	r.SaltG = round(saltG/s, 2)
	r.Achieved = per.Macros().Rounded()
	r.WithinTolerance = WithinTolerance(r.Target, per.Macros())
	r.Price = Price{EURPerServing: round(eur/s, 2), EURTotal: round(eur, 2), Currency: pricing.Currency,
		PerServing: round(Money(eur/s, pricing.Currency, pricing.rate()), 2),
		Total:      round(Money(eur, pricing.Currency, pricing.rate()), 2), Estimated: true}
	if r.Price.Currency == "" {
		r.Price.Currency = EUR
	}
	r.HealthScore = recipeScore(total, grams, fvlGrams, saltG)
	return nil
}

// recipeScore computes the general-foods Nutri-Score of the whole recipe per 100 g.
func recipeScore(total Nutrients, grams, fvlGrams, saltG float64) HealthScore {
	if grams <= 0 {
		return NutriScore(ScoreInput{Kind: ScoreGeneral})
	}
	per100 := func(v Value) float64 { return v.Or(0) * 100 / grams }
	return NutriScore(ScoreInput{
		EnergyKJ:   per100(total.Kcal) * KcalToKJ,
		SugarsG:    per100(total.SugarsG),
		SatFatG:    per100(total.SatFatG),
		SaltG:      saltG * 100 / grams,
		FibreG:     per100(total.FibreG),
		ProteinG:   per100(total.ProteinG),
		FVLPercent: fvlGrams * 100 / grams,
		Kind:       ScoreGeneral,
	})
}

// SaltOf prefers sodium × 2.5 (the regulation's definition of salt, and the value CIQUAL
// measures) over CIQUAL's separately compiled salt column; see docs/nutrition.md.
func SaltOf(n Nutrients) Value {
	if n.SodiumMg.Known {
		return Of(n.SodiumMg.V * 2.5 / 1000)
	}
	return n.SaltG
}

// ScaleServings changes a recipe's servings and scales its ingredients so that each serving
// stays the same (rounded to whole grams). Call Recompute afterwards.
func ScaleServings(r *Recipe, servings int) {
	if servings < 1 || r.Servings < 1 || servings == r.Servings {
		if servings >= 1 {
			r.Servings = servings
		}
		return
	}
	k := float64(servings) / float64(r.Servings)
	for i := range r.Ingredients {
		r.Ingredients[i].Grams = int(math.Round(float64(r.Ingredients[i].Grams) * k))
	}
	r.Servings = servings
}
