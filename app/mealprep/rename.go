package mealprep

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// RenameCommand renames a meal prep; the name is stored beside the log.
type RenameCommand struct {
	prepCommand
	Name string `json:"name"`
}

// CommandName implements eventstore.Command.
func (RenameCommand) CommandName() string { return "mealprep.rename" }

// Decide implements eventstore.Command.
func (c RenameCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	return m.Rename(c.Name)
}

// Rename renames a meal prep.
func (s *Service) Rename(ctx context.Context, owner, id uuid.UUID, name string) (Result, error) {
	res, err := s.run(ctx, RenameCommand{prepCommand: byOwner(owner, id), Name: name}, func(tx pgx.Tx, _ eventstore.AppendResult) error {
		clean, _ := mealprep.CheckName(name)
		return setText(ctx, tx, id, owner, clean)
	})
	return result(res), err
}
