package mealprep

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
)

// UpdateRecipeCommand renames a recipe, changes its servings or its ingredients. When the
// ingredients change, nutrition and price are recomputed from Foods (the ingredients' foods,
// looked up before the command) with Prices; neither is part of the request.
type UpdateRecipeCommand struct {
	prepCommand
	RecipeID uuid.UUID              `json:"recipeId"`
	Change   mealprep.RecipeChange  `json:"change"`
	Foods    map[int]nutrition.Food `json:"-"`
	Prices   *nutrition.PriceTable  `json:"-"`
}

// CommandName implements eventstore.Command.
func (UpdateRecipeCommand) CommandName() string { return "mealprep.update_recipe" }

// Decide implements eventstore.Command.
func (c UpdateRecipeCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	ch := c.Change
	if ch.Ingredients != nil {
		if err := mealprep.CheckIngredients(ch.Ingredients); err != nil {
			return err
		}
		for _, in := range ch.Ingredients {
			if _, ok := c.Foods[in.FoodCode]; !ok {
				return fmt.Errorf("%w: %d", ErrUnknownFood, in.FoodCode)
			}
		}
		// Nutrition is stored for the whole recipe; the salt the steps add is per serving, for
		// the recipe's meal and target.
		r := m.Recipe(c.RecipeID)
		if r == nil {
			return m.UpdateRecipe(c.RecipeID, ch) // its refusal (a meal prep deleted, no such recipe)
		}
		servings := r.Servings
		if ch.Servings != nil {
			servings = *ch.Servings
		}
		nums, err := recompute(c.Foods, ch.Ingredients, r.Category, r.Target, servings, c.Prices)
		if err != nil {
			return err
		}
		ch.Nutrition, ch.PriceCents = &nums.Nutrition, &nums.PriceCents
		ch.HealthScore, ch.HealthGrade = nums.HealthScore, nums.HealthGrade
	}
	return m.UpdateRecipe(c.RecipeID, ch)
}

// UpdateRecipe renames a recipe, changes its servings or ingredients; nutrition and price are
// recomputed from food data when ingredients change.
func (s *Service) UpdateRecipe(ctx context.Context, owner, id, recipeID uuid.UUID, c mealprep.RecipeChange) (Result, error) {
	cmd := UpdateRecipeCommand{prepCommand: byOwner(owner, id), RecipeID: recipeID, Change: c, Prices: s.prices}
	// Valid ingredients only are looked up; the command refuses the others.
	if c.Ingredients != nil && mealprep.CheckIngredients(c.Ingredients) == nil {
		codes := make([]int, len(c.Ingredients))
		for i, in := range c.Ingredients {
			codes[i] = in.FoodCode
		}
		var err error
		if cmd.Foods, err = s.foods.EngineFoods(ctx, s.pool, owner, codes); err != nil {
			return Result{}, err
		}
	}
	res, err := s.run(ctx, cmd, func(tx pgx.Tx, _ eventstore.AppendResult) error {
		if c.Name == nil {
			return nil
		}
		clean, _ := mealprep.CheckName(*c.Name)
		return setText(ctx, tx, recipeID, owner, clean)
	})
	return result(res), err
}
