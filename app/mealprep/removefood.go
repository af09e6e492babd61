package mealprep

import (
	"context"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// RemoveFoodCommand takes a food out of a meal prep.
type RemoveFoodCommand struct {
	prepCommand
	FoodCode int `json:"foodCode"`
}

// CommandName implements eventstore.Command.
func (RemoveFoodCommand) CommandName() string { return "mealprep.remove_food" }

// Decide implements eventstore.Command.
func (c RemoveFoodCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	return m.RemoveFood(c.FoodCode)
}

// RemoveFood takes a food out.
func (s *Service) RemoveFood(ctx context.Context, owner, id uuid.UUID, code int) (Result, error) {
	res, err := s.run(ctx, RemoveFoodCommand{prepCommand: byOwner(owner, id), FoodCode: code}, nil)
	return result(res), err
}
