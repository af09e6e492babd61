package mealprep

import (
	"bytes"
	"context"
	"fmt"
	"sync"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// ShelfTable is the shipped shelf-life table (data/shelflife), parsed once.
var ShelfTable = sync.OnceValue(func() batchcook.ShelfTable {
	t, err := batchcook.ParseShelfTable(bytes.NewReader(data.ShelfLifeCSV))
	if err != nil {
		panic(fmt.Sprintf("shipped shelf-life table: %v", err)) // the embedded file is tested
	}
	return t
})

// CookPlanInput is what the batch-cooking plan page asks for.
type CookPlanInput struct {
	Owner      uuid.UUID
	MealPrepID uuid.UUID
	Lang       string
	Days       int
	Sessions   int
	// People are the owner first, then their household (householdapp.Members).
	People []batchcook.Person
}

// CookPlan builds the batch-cooking plan of a meal prep from its recipes (names in the page's
// language), their foods and the people cooked for. Bad days, sessions or household sizes are
// the domain's errors, nothing is written (the plan is a reading of the meal prep).
func (s *Service) CookPlan(ctx context.Context, p Person, in CookPlanInput) (batchcook.CookPlan, error) {
	if err := batchcook.CheckDays(in.Days); err != nil {
		return batchcook.CookPlan{}, err
	}
	if err := batchcook.CheckSessions(in.Sessions); err != nil {
		return batchcook.CookPlan{}, err
	}
	views, err := s.Recipes(ctx, p, in.MealPrepID, in.Lang)
	if err != nil {
		return batchcook.CookPlan{}, err
	}
	bi, err := s.cookInput(ctx, in.Owner, views)
	if err != nil {
		return batchcook.CookPlan{}, err
	}
	bi.Days, bi.Sessions, bi.People = in.Days, in.Sessions, in.People
	return batchcook.Build(bi)
}

// cookInput is the batch-cooking input of the recipes as the recipes page shows them: each
// recipe with its ingredients, the foods they name (looked up once) and the shelf-life table.
func (s *Service) cookInput(ctx context.Context, owner uuid.UUID, views []RecipeView) (batchcook.Input, error) {
	in := batchcook.Input{Recipes: make([]batchcook.Recipe, 0, len(views)), Shelf: ShelfTable()}
	var codes []int
	seen := map[int]bool{}
	for _, v := range views {
		r := batchcook.Recipe{ID: v.ID, Name: v.Name, Category: v.Category, Servings: v.Servings, Dish: v.Dish}
		for _, ing := range v.Ingredients {
			r.Ingredients = append(r.Ingredients, nutrition.Ingredient{FoodCode: ing.FoodCode, Grams: ing.Grams})
			if !seen[ing.FoodCode] {
				seen[ing.FoodCode] = true
				codes = append(codes, ing.FoodCode)
			}
		}
		in.Recipes = append(in.Recipes, r)
	}
	var err error
	in.Foods, err = s.foods.EngineFoods(ctx, s.pool, owner, codes)
	return in, err
}

// Self is the owner as the plan cooks for them: their goals and meal split, named name.
func (p Person) Self(id uuid.UUID, name string) batchcook.Person {
	return batchcook.Person{ID: id, Name: name, Daily: nutrition.Macros(p.Daily), Split: p.Split}
}
