package mealprep

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// DuplicateCommand starts a new meal prep (MealPrepID) as a copy of From's foods, not its
// recipes. From is read before the command and passed in; it is not part of the request's
// encoding.
type DuplicateCommand struct {
	prepCommand
	FromID uuid.UUID          `json:"fromId"`
	From   *mealprep.MealPrep `json:"-"`
}

// CommandName implements eventstore.Command.
func (DuplicateCommand) CommandName() string { return "mealprep.duplicate" }

// Decide implements eventstore.Command: the new stream must not exist yet.
func (c DuplicateCommand) Decide(m *mealprep.MealPrep) error { return m.DuplicateFrom(c.From) }

// Duplicate copies a meal prep's foods (not its recipes) into a new one named name.
func (s *Service) Duplicate(ctx context.Context, owner, fromID uuid.UUID, name string) (uuid.UUID, Result, error) {
	src, err := s.Load(ctx, owner, fromID)
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	clean, err := mealprep.CheckName(name)
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	cmd := DuplicateCommand{prepCommand: byOwner(owner, id), FromID: fromID, From: src}
	res, err := s.run(ctx, cmd, func(tx pgx.Tx, _ eventstore.AppendResult) error {
		return setText(ctx, tx, id, owner, clean)
	})
	return id, result(res), err
}
