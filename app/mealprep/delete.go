package mealprep

import (
	"context"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// DeleteCommand deletes a meal prep.
type DeleteCommand struct {
	prepCommand
}

// CommandName implements eventstore.Command.
func (DeleteCommand) CommandName() string { return "mealprep.delete" }

// Decide implements eventstore.Command.
func (c DeleteCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	return m.Delete()
}

// Delete deletes a meal prep.
func (s *Service) Delete(ctx context.Context, owner, id uuid.UUID) (Result, error) {
	res, err := s.run(ctx, DeleteCommand{prepCommand: byOwner(owner, id)}, nil)
	return result(res), err
}
