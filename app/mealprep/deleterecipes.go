package mealprep

import (
	"context"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// DeleteRecipesCommand deletes one recipe, or all of them when RecipeID is uuid.Nil.
type DeleteRecipesCommand struct {
	prepCommand
	RecipeID uuid.UUID `json:"recipeId"`
}

// CommandName implements eventstore.Command.
func (DeleteRecipesCommand) CommandName() string { return "mealprep.delete_recipes" }

// Decide implements eventstore.Command.
func (c DeleteRecipesCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	if c.RecipeID == uuid.Nil {
		return m.DeleteAllRecipes()
	}
	return m.DeleteRecipe(c.RecipeID)
}

// DeleteRecipes deletes one recipe, or all of them when recipeID is uuid.Nil.
func (s *Service) DeleteRecipes(ctx context.Context, owner, id, recipeID uuid.UUID) (Result, error) {
	res, err := s.run(ctx, DeleteRecipesCommand{prepCommand: byOwner(owner, id), RecipeID: recipeID}, nil)
	return result(res), err
}
