package nutritiontest

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// MealPrep is a realistic weekly meal prep: foods as people shop them, with the diet of the
// person who shops them.
type MealPrep struct {
	Name  string
	Diet  nutrition.Diet
	Codes []int
}

// MealPreps are the availability sweep's meal preps (student, vegetarian, vegan, pescatarian,
// lifter, family, December, June, low-carb, 5 foods, 25 foods, convenience, and two more:
// Mediterranean and budget), CIQUAL codes.
var MealPreps = []MealPrep{
	{"student", nutrition.Omnivore, []int{26034, 9810, 20066, 20036, 22000, 19041, 32005, 13038, 7200, 7001}},
	{"vegetarian", nutrition.Vegetarian, []int{22000, 12066, 20585, 20385, 20019, 7110, 19860, 31008, 13039, 9119, 19644}},
	{"vegan", nutrition.Vegan, []int{20904, 20535, 9119, 20059, 20385, 17130, 18901, 32004, 13005, 15005, 7110}},
	{"pescatarian", nutrition.Omnivore, []int{26036, 26043, 9119, 20061, 4023, 17270, 19593, 13021, 15000, 7001, 31024}},
	{"lifter", nutrition.Omnivore, []int{36017, 6250, 19644, 22000, 9102, 20057, 15000, 32140, 13028, 7110, 17270}},
	{"family", nutrition.Omnivore, []int{36002, 4008, 20061, 20009, 16400, 28900, 12118, 19023, 7001, 31024, 13039, 19593}},
	{"low-carb", nutrition.Omnivore, []int{36017, 26036, 22000, 20057, 20041, 17270, 19644, 12066, 15000, 13014}},
	{"five-foods", nutrition.Omnivore, []int{36017, 9100, 20057, 7001, 19593}},
	{"twenty-five-foods", nutrition.Omnivore, []int{36017, 26036, 6252, 22000, 20532, 9100, 9810, 4008, 7001, 7110, 20057, 20009, 20020, 20041,
		17270, 16400, 19041, 19593, 19644, 32140, 13005, 13039, 15000, 31008, 12066}},
	{"convenience", nutrition.Omnivore, []int{25019, 25111, 25002, 20062, 7001, 19041, 32004, 13039, 19593, 28900}},
	{"mediterranean", nutrition.Omnivore, []int{20532, 9681, 20053, 20020, 20385, 12066, 17270, 19860, 31008, 13034, 7001}},
	{"budget", nutrition.Omnivore, []int{9810, 22000, 20535, 20009, 20034, 17440, 19041, 32140, 13005, 7001}},
	// A week's shopping in December and one in June, in season.
	{"december", nutrition.Omnivore, []int{28204, 20585, 4008, 20039, 20009, 20138, 13024, 13039, 7001, 19041, 19593, 12118, 22000, 32140}},
	{"june", nutrition.Omnivore, []int{36304, 26039, 4023, 20020, 20385, 20031, 9810, 13014, 13430, 13000, 7110, 19593, 22000}},
}

// Eater is a body of the sweep, from a small to a large eater.
type Eater struct {
	Name     string
	Body     nutrition.Body
	Activity nutrition.ActivityLevel
	Goal     nutrition.Objective
}

// Eaters are four bodies, small to large eaters (about 1,500 to 3,400 kcal a day).
var Eaters = []Eater{
	{"small woman", nutrition.Body{WeightKg: 52, HeightCm: 158, Age: 45, Sex: nutrition.Female}, nutrition.Sedentary, nutrition.Maintenance},
	{"woman", nutrition.Body{WeightKg: 62, HeightCm: 166, Age: 32, Sex: nutrition.Female}, nutrition.Light, nutrition.Maintenance},
	{"man", nutrition.Body{WeightKg: 78, HeightCm: 178, Age: 38, Sex: nutrition.Male}, nutrition.Moderate, nutrition.Maintenance},
	{"active young man", nutrition.Body{WeightKg: 80, HeightCm: 185, Age: 25, Sex: nutrition.Male}, nutrition.VeryActive, nutrition.MuscleGain},
}

// Meals are the three meals recipes are made for.
var Meals = []nutrition.Category{nutrition.Breakfast, nutrition.LunchDinner, nutrition.Snack}

// AvailabilityCase is one request of the sweep: a meal prep, a person's preset and body, a meal,
// and the target the app gives the engine (nutrition.CalculateNeeds, then MealTarget).
type AvailabilityCase struct {
	Prep   MealPrep
	Eater  Eater
	Preset nutrition.MacroPreset
	Meal   nutrition.Category
	Target nutrition.Macros
}

// AvailabilityCases are every meal prep × preset × eater × meal.
func AvailabilityCases() []AvailabilityCase {
	var out []AvailabilityCase
	for _, prep := range MealPreps {
		for _, p := range nutrition.Presets {
			for _, e := range Eaters {
				n, err := nutrition.CalculateNeeds(nutrition.NeedsInput{Body: e.Body, Activity: e.Activity, Objective: e.Goal, Preset: p.Name})
				if err != nil {
					panic(err)
				}
				for _, m := range Meals {
					out = append(out, AvailabilityCase{prep, e, p.Name, m, nutrition.MealTarget(n.Goals().Macros(), nutrition.DefaultMealSplit, m)})
				}
			}
		}
	}
	return out
}

// Outcome is what the engine did with one case.
type Outcome struct {
	Case   AvailabilityCase
	Served bool // a recipe within tolerance from the meal prep as it is
	// Suggestion is the refusal's advice (nil when served).
	Suggestion *nutrition.Suggestion
	// Applied: the suggestion could be applied as a request (add one food of FoodCodes, or a
	// higher price limit); Fixed: applied, it made the request feasible.
	Applied, Fixed bool
	Elapsed        time.Duration // the generation itself
	Recipes        []nutrition.Recipe
	// After are the recipes of the request with its suggestion applied.
	After []nutrition.Recipe
}

// Run generates c with gen as the app asks for a person who signed up (the default pantry, its
// cooking fats among the foods the engine may add) and, when it is refused, applies its suggestion and generates again.
func Run(ctx context.Context, gen *nutrition.Builtin, catalog map[int]nutrition.Food, c AvailabilityCase) Outcome {
	req := nutrition.GenerateRequest{Category: c.Meal, Target: c.Target, Diet: c.Prep.Diet, Currency: nutrition.EUR, Count: 1, Seed: 1,
		Pantry: nutrition.DefaultPantry}
	for _, code := range c.Prep.Codes {
		if f, ok := catalog[code]; ok {
			req.Foods = append(req.Foods, f)
		}
	}
	req.PantryFoods = nutrition.PantryFoods(req.Pantry, catalog)
	o := Outcome{Case: c}
	start := time.Now()
	rs, err := gen.Generate(ctx, req)
	o.Elapsed = time.Since(start)
	o.Recipes = rs
	var u *nutrition.Unsolvable
	switch {
	case err == nil && len(rs) > 0 && rs[0].Feasible && rs[0].WithinTolerance:
		o.Served = true
		return o
	case err == nil && len(rs) > 0:
		o.Suggestion = rs[0].Suggestion
	case asUnsolvable(err, &u):
		o.Suggestion = u.Suggestion
	}
	s := o.Suggestion
	if s == nil {
		return o
	}
	q := req
	switch s.Action {
	case nutrition.ActionAddFood:
		if len(s.FoodCodes) == 0 {
			return o
		}
		q.Foods = slices.Clone(req.Foods)
		// One food of the list makes it alone; a pair is both.
		codes := s.FoodCodes[:1]
		if len(s.FoodCodes) == 2 && s.Pair {
			codes = s.FoodCodes
		}
		for _, code := range codes {
			q.Foods = append(q.Foods, catalog[code])
		}
	case nutrition.ActionRaisePriceLimit:
		q.PriceLimit = s.PriceLimit
	case nutrition.ActionMoreOf:
		q.Larger = slices.Clone(s.FoodCodes) // the page's "generate with a larger serving"
	default:
		return o
	}
	o.Applied = true
	rs, err = gen.Generate(ctx, q)
	o.After = rs
	o.Fixed = err == nil && len(rs) > 0 && rs[0].Feasible && rs[0].WithinTolerance
	return o
}

// HeldKinds are the kinds of food c's meal prep holds for its meal: of foods its diet allows and
// the meal can hold (olive oil at breakfast holds nothing: butter on bread is still what a
// breakfast short of fat lacks).
func HeldKinds(c AvailabilityCase, catalog map[int]nutrition.Food) map[nutrition.Kind]bool {
	held := map[nutrition.Kind]bool{}
	for _, code := range c.Prep.Codes {
		if f, ok := catalog[code]; ok && nutrition.DietAllows(c.Prep.Diet, f) && nutrition.Suits(c.Meal, f) {
			held[nutrition.KindOf(f)] = true
		}
	}
	return held
}

func asUnsolvable(err error, u **nutrition.Unsolvable) bool { return errors.As(err, u) }

// PlateProblems are the meal rules r breaks for c (nutrition.PlateProblems on one serving, the
// meal prep's foods as the foods it could have used); none for a plate a cook would serve.
func PlateProblems(c AvailabilityCase, r nutrition.Recipe, catalog map[int]nutrition.Food) []string {
	foods := make([]nutrition.Food, 0, len(c.Prep.Codes))
	for _, code := range c.Prep.Codes {
		foods = append(foods, catalog[code])
	}
	ings := make([]nutrition.Ingredient, len(r.Ingredients))
	for i, ing := range r.Ingredients {
		ings[i] = nutrition.Ingredient{FoodCode: ing.FoodCode, Grams: ing.Grams / max(r.Servings, 1)}
	}
	return nutrition.PlateProblems(c.Meal, c.Target, ings, catalog, foods)
}
