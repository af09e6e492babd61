package mealprep

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// ShoppingList builds the shopping list of the owner's meal prep for days (1–14): every
// recipe's ingredients scaled to the portions the plan's schedule eats over those days
// (mealprep.ScheduleOf with the person's meal split, the count the plan page shows), merged,
// rounded up to purchase amounts and priced (domain/nutrition, docs/nutrition.md). With a
// household (people beyond the owner, householdapp.CookedFor) it buys every person's plates,
// the ones the batch-cooking plan cooks (batchcook.Eaten); people may be nil for the owner
// alone. A food that takes over the list is flagged (nutrition.FlagTakeOvers, for the people
// eating from it). Another person's meal prep is mealprep.ErrNotFound; days outside 1–14 are
// nutrition.ErrDaysMissing/ErrDaysOutOfRange.
func (s *Service) ShoppingList(ctx context.Context, owner, mealPrepID uuid.UUID, days int, pricing nutrition.Pricing, people []batchcook.Person) (nutrition.ShoppingList, error) {
	if err := nutrition.ValidateDays(days); err != nil {
		return nutrition.ShoppingList{}, err
	}
	m, err := s.Load(ctx, owner, mealPrepID)
	if err != nil {
		return nutrition.ShoppingList{}, err
	}
	person, err := s.Person(ctx, s.pool, owner)
	if err != nil {
		return nutrition.ShoppingList{}, err
	}
	cupboard := cupboardFats(person.Pantry, m.Foods())
	// The recipes as the recipes page shows them: from the stream while the read models are behind.
	rows, _, err := s.recipeRows(ctx, mealPrepID, uuid.Nil, "fr")
	if err != nil {
		return nutrition.ShoppingList{}, fmt.Errorf("mealprep: shopping list of %s: %w", mealPrepID, err)
	}
	var recipes []nutrition.Recipe
	var sched []mealprep.ScheduleRecipe
	var all []mealprep.Ingredient
	for _, row := range rows {
		r := nutrition.Recipe{Servings: max(row.Servings, 1)}
		for _, in := range row.Ingredients {
			if !cupboard[in.FoodCode] {
				r.Ingredients = append(r.Ingredients, nutrition.Ingredient{FoodCode: in.FoodCode, Grams: in.Grams})
			}
		}
		recipes = append(recipes, r)
		sched = append(sched, mealprep.ScheduleRecipe{ID: row.ID, Category: row.Category, Dish: row.Dish})
		all = append(all, row.Ingredients...)
	}
	codes := make([]int, len(all))
	for i, in := range all {
		codes[i] = in.FoodCode
	}
	foods, err := s.foods.EngineFoods(ctx, s.pool, owner, codes)
	if err != nil {
		return nutrition.ShoppingList{}, err
	}
	// A food deleted since (a person's own food) cannot be bought from the list: leave it out
	// rather than refuse the whole list.
	for i := range recipes {
		kept := recipes[i].Ingredients[:0]
		for _, in := range recipes[i].Ingredients {
			if _, ok := foods[in.FoodCode]; ok {
				kept = append(kept, in)
			}
		}
		recipes[i].Ingredients = kept
	}
	if len(people) > 1 {
		in := batchcook.Input{Foods: foods, People: people, Shelf: ShelfTable()}
		for i, r := range recipes {
			in.Recipes = append(in.Recipes, batchcook.Recipe{ID: sched[i].ID, Category: sched[i].Category, Servings: r.Servings, Ingredients: r.Ingredients, Dish: sched[i].Dish})
		}
		plates, portions, err := batchcook.Eaten(in, days)
		if err != nil {
			return nutrition.ShoppingList{}, err
		}
		list, err := nutrition.BuildShoppingListOfPortions(plates, portions, foods, days, pricing)
		list.FlagTakeOvers(foods, len(people))
		return list, err
	}
	plan := mealprep.ScheduleOf(sched, person.Split, days)
	portions := make([]int, len(sched))
	for i, r := range sched {
		portions[i] = plan.PortionsOf(r.ID)
	}
	list, err := nutrition.BuildShoppingListOfPortions(recipes, portions, foods, days, pricing)
	list.FlagTakeOvers(foods, 1)
	return list, err
}

// cupboardFats are the cooking fats the engine takes from the person's cupboard (their pantry's
// oil or butter, when the meal prep does not hold that food): the person has them, so the
// shopping list does not buy them (docs/nutrition.md, "Pantry staples").
func cupboardFats(pantry []string, foods []mealprep.Ingredient) map[int]bool {
	out := map[int]bool{}
	for _, code := range nutrition.PantryFoodCodes(pantry) {
		if !slices.ContainsFunc(foods, func(in mealprep.Ingredient) bool { return in.FoodCode == code }) {
			out[code] = true
		}
	}
	return out
}
