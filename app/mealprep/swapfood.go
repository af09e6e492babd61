package mealprep

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// Refusals of a swap; handlers map them to the toFoodCode field.
var (
	// ErrSwapDiet: the person's diet excludes the new food.
	ErrSwapDiet = fault.New(fault.Conflict, "toFoodCode", "batchcook.error.swap_diet", "mealprep: the diet excludes this food")
	// ErrSwapAllergen: the new food contains an allergen the person declares.
	ErrSwapAllergen = fault.New(fault.Conflict, "toFoodCode", "batchcook.error.swap_allergen", "mealprep: this food contains an allergen you declared")
	// ErrSwapMeal: the new food has no place in this meal (the engine's composition rules).
	ErrSwapMeal = fault.New(fault.Conflict, "toFoodCode", "batchcook.error.swap_meal", "mealprep: this food does not belong in this meal")
	// ErrSwapSame: the new food is already in the recipe.
	ErrSwapSame = fault.New(fault.Conflict, "toFoodCode", "batchcook.error.swap_same", "mealprep: this food is already in the recipe")
)

// SwapImpossibleError: with the new food no quantities meet the recipe's target within the
// tolerance; Why says what misses and what would make it possible, in French and English.
type SwapImpossibleError struct{ Why nutrition.Text }

func (e *SwapImpossibleError) Error() string { return "mealprep: swap out of tolerance: " + e.Why.EN }

// SwapFoodCommand records a swap the app solved.
type SwapFoodCommand struct {
	prepCommand
	RecipeID uuid.UUID                  `json:"recipeId"`
	From     int                        `json:"from"`
	To       int                        `json:"to"`
	Swap     mealprep.RecipeFoodSwapped `json:"-"`
}

// CommandName implements eventstore.Command.
func (SwapFoodCommand) CommandName() string { return "mealprep.swap_food" }

// Decide implements eventstore.Command.
func (c SwapFoodCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	return m.SwapFood(c.Swap)
}

// SwapFoodInput replaces food From of a recipe with food To (of the meal prep or the catalogue).
type SwapFoodInput struct {
	Owner, MealPrepID, RecipeID uuid.UUID
	From, To                    int
}

// SwapFood replaces one ingredient with another food, for free: the engine re-solves the
// quantities over the recipe's foods so it stays within tolerance of its target, and rewrites
// its name and steps. A food the diet excludes, one that has no place in the meal, or a target
// no quantities meet (SwapImpossibleError, saying why) writes nothing.
func (s *Service) SwapFood(ctx context.Context, in SwapFoodInput) (Result, error) {
	m, err := s.Load(ctx, in.Owner, in.MealPrepID)
	if err != nil {
		return Result{}, err
	}
	stored := m.Recipe(in.RecipeID)
	if stored == nil {
		return Result{}, fmt.Errorf("%w: %s", mealprep.ErrRecipeNotFound, in.RecipeID)
	}
	if err := mealprep.CheckFoodCode(in.To); err != nil {
		return Result{}, err
	}
	i := slices.IndexFunc(stored.Ingredients, func(x mealprep.Ingredient) bool { return x.FoodCode == in.From })
	if i < 0 {
		return Result{}, fmt.Errorf("%w: %d", mealprep.ErrFoodNotFound, in.From)
	}
	if slices.ContainsFunc(stored.Ingredients, func(x mealprep.Ingredient) bool { return x.FoodCode == in.To }) {
		return Result{}, fmt.Errorf("%w: %d", ErrSwapSame, in.To)
	}
	p, err := s.Person(ctx, s.pool, in.Owner)
	if err != nil {
		return Result{}, err
	}
	view, err := s.Recipe(ctx, p, in.MealPrepID, in.RecipeID, "fr")
	if err != nil {
		return Result{}, err
	}
	ings := slices.Clone(stored.Ingredients)
	ings[i].FoodCode = in.To
	// The old food too: a refusal names it ("or keep the chicken").
	codes := []int{in.From}
	for _, x := range ings {
		codes = append(codes, x.FoodCode)
	}
	byCode, err := s.foods.EngineFoods(ctx, s.pool, in.Owner, codes)
	if err != nil {
		return Result{}, err
	}
	foods := make([]nutrition.Food, len(ings))
	for k, x := range ings {
		f, ok := byCode[x.FoodCode]
		if !ok {
			return Result{}, fmt.Errorf("%w: %d", ErrUnknownFood, x.FoodCode)
		}
		foods[k] = f
	}
	to := foods[i]
	if !nutrition.DietAllows(p.Diet, to) {
		return Result{}, fmt.Errorf("%w: %d", ErrSwapDiet, in.To)
	}
	if nutrition.ContainsAny(to, p.Allergens) {
		return Result{}, fmt.Errorf("%w: %d", ErrSwapAllergen, in.To)
	}
	if !nutrition.Suits(view.Category, to) {
		return Result{}, fmt.Errorf("%w: %d", ErrSwapMeal, in.To)
	}
	target := nutrition.Macros(view.Target)
	fit := nutrition.SolvePlate(view.Category, foods, target)
	if !fit.Within {
		return Result{}, &SwapImpossibleError{Why: swapWhy(to, target, fit.Achieved, byCode, stored.Ingredients[i].FoodCode)}
	}
	servings := max(stored.Servings, 1)
	for k := range ings {
		ings[k].Grams = fit.Grams[k] * servings
	}
	nums, err := recompute(byCode, ings, view.Category, mealprep.Macros(target), servings, s.prices)
	if err != nil {
		return Result{}, err
	}
	r := nutrition.Recipe{Category: view.Category, Servings: servings}
	for _, x := range ings {
		r.Ingredients = append(r.Ingredients, nutrition.Ingredient{FoodCode: x.FoodCode, Grams: x.Grams})
	}
	nutrition.WriteTexts(&r, byCode, uint64(in.RecipeID.ID()))
	swap := mealprep.RecipeFoodSwapped{RecipeID: in.RecipeID, FromFoodCode: in.From, ToFoodCode: in.To, Ingredients: ings,
		Nutrition: nums.Nutrition, PriceCents: nums.PriceCents, HealthScore: nums.HealthScore, HealthGrade: nums.HealthGrade,
		WithinTolerance: true, NameFR: r.Name.FR, NameEN: r.Name.EN, StepsFR: r.Steps.FR, StepsEN: r.Steps.EN, DurationMin: r.DurationMin}
	res, err := s.run(ctx, SwapFoodCommand{prepCommand: byOwner(in.Owner, in.MealPrepID), RecipeID: in.RecipeID, From: in.From, To: in.To, Swap: swap}, nil)
	return result(res), err
}

// swapWhy says which value the plate with the new food misses most and what would make the
// swap possible: a food richer or poorer in it, or keeping the old food.
func swapWhy(to nutrition.Food, target, got nutrition.Macros, foods map[int]nutrition.Food, from int) nutrition.Text {
	tol := nutrition.Tolerance(target)
	type miss struct {
		fr, frIn, en string
		diff, units  float64
		unit         string
	}
	ms := []miss{
		{"d’énergie", "en énergie", "energy", got.Kcal - target.Kcal, math.Abs(got.Kcal-target.Kcal) / tol.Kcal, "kcal"},
		{"de protéines", "en protéines", "protein", got.ProteinG - target.ProteinG, math.Abs(got.ProteinG-target.ProteinG) / tol.ProteinG, "g"},
		{"de lipides", "en lipides", "fat", got.FatG - target.FatG, math.Abs(got.FatG-target.FatG) / tol.FatG, "g"},
		{"de glucides", "en glucides", "carbohydrates", got.CarbsG - target.CarbsG, math.Abs(got.CarbsG-target.CarbsG) / tol.CarbsG, "g"},
	}
	worst := ms[0]
	for _, x := range ms[1:] {
		if x.units > worst.units {
			worst = x
		}
	}
	old := foods[from].Name
	if old.FR == "" {
		old = nutrition.Text{FR: "l’aliment d’origine", EN: "the original food"}
	}
	moreFR, moreEN := "trop peu", "too little"
	richFR, richEN := "plus riche", "richer"
	if worst.diff > 0 {
		moreFR, moreEN, richFR, richEN = "trop", "too much", "moins riche", "lower"
	}
	n := math.Abs(math.Round(worst.diff))
	return nutrition.Text{
		FR: fmt.Sprintf("Avec %s, la recette a %s %s (%.0f\u00a0%s d’écart)\u202f: choisissez un aliment %s %s, ou gardez %s.", to.Name.FR, moreFR, worst.fr, n, worst.unit, richFR, worst.frIn, old.FR),
		EN: fmt.Sprintf("With %s, the recipe has %s %s (%.0f %s off): choose a food %s in %s, or keep %s.", to.Name.EN, moreEN, worst.en, n, worst.unit, richEN, worst.en, old.EN),
	}
}
