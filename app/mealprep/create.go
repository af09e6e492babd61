package mealprep

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// CreateCommand starts a meal prep. The name is checked here and stored beside the log
// (mealprep_texts), never in it.
type CreateCommand struct {
	prepCommand
	Name string `json:"name"`
}

// CommandName implements eventstore.Command.
func (CreateCommand) CommandName() string { return "mealprep.create" }

// Decide implements eventstore.Command: the stream must not exist yet.
func (c CreateCommand) Decide(m *mealprep.MealPrep) error { return m.Create(c.Owner, c.Name) }

// Create starts a meal prep named name for owner and returns its id.
func (s *Service) Create(ctx context.Context, owner uuid.UUID, name string) (uuid.UUID, Result, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	res, err := s.run(ctx, CreateCommand{prepCommand: byOwner(owner, id), Name: name}, func(tx pgx.Tx, _ eventstore.AppendResult) error {
		clean, _ := mealprep.CheckName(name)
		return setText(ctx, tx, id, owner, clean)
	})
	return id, result(res), err
}
