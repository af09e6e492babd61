package mealprep

import (
	"context"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// KeepRecipeCommand marks a recipe kept or not.
type KeepRecipeCommand struct {
	prepCommand
	RecipeID uuid.UUID `json:"recipeId"`
	Kept     bool      `json:"kept"`
}

// CommandName implements eventstore.Command.
func (KeepRecipeCommand) CommandName() string { return "mealprep.keep_recipe" }

// Decide implements eventstore.Command.
func (c KeepRecipeCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	return m.KeepRecipe(c.RecipeID, c.Kept)
}

// KeepRecipe marks a recipe kept (or not): "regenerate the rest" leaves the kept ones.
func (s *Service) KeepRecipe(ctx context.Context, owner, id, recipeID uuid.UUID, kept bool) (Result, error) {
	res, err := s.run(ctx, KeepRecipeCommand{prepCommand: byOwner(owner, id), RecipeID: recipeID, Kept: kept}, nil)
	return result(res), err
}
