package mealprep

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// MadeRecipe is recipe Index of a request, as the generator made it.
type MadeRecipe struct {
	Index  int             `json:"index"`
	Recipe mealprep.Recipe `json:"recipe"`
}

// RecordRecipesCommand records the recipes a generation job made, the indexes that already
// have theirs skipped (a retried job records nothing twice). The worker runs it for the
// request's owner, so it checks no ownership; a deleted meal prep or a closed request is a
// failure retrying cannot fix.
type RecordRecipesCommand struct {
	prepCommand
	RequestID uuid.UUID    `json:"requestId"`
	Recipes   []MadeRecipe `json:"recipes"`
}

// CommandName implements eventstore.Command.
func (RecordRecipesCommand) CommandName() string { return "mealprep.record_recipes" }

// Decide implements eventstore.Command.
func (c RecordRecipesCommand) Decide(m *mealprep.MealPrep) error {
	if !m.Exists() {
		return &errPermanent{reason: mealprep.FailureDeleted, err: mealprep.ErrNotFound}
	}
	for _, r := range c.Recipes {
		if _, err := m.RecordRecipe(c.RequestID, r.Index, r.Recipe); err != nil {
			if errors.Is(err, mealprep.ErrRequestClosed) {
				return &errPermanent{reason: mealprep.FailureGenerator, err: err}
			}
			return err
		}
	}
	return nil
}

// recordRecipes appends the recipes made, and refunds the token of each one that missed the
// tolerance on a feasible target (the engine's accuracy guarantee), in one transaction.
func (s *Service) recordRecipes(ctx context.Context, args GenerateArgs, made []MadeRecipe) error {
	cmd := RecordRecipesCommand{prepCommand: prepCommand{CommandMeta: eventstore.CommandMeta{Actor: "system", CorrelationID: args.RequestID.String()},
		Owner: args.OwnerID, MealPrepID: args.MealPrepID}, RequestID: args.RequestID, Recipes: made}
	_, err := s.run(ctx, cmd, func(tx pgx.Tx, res eventstore.AppendResult) error {
		for _, e := range res.Events {
			ev, err := mealprep.Decode(e.Type, e.Payload)
			if err != nil {
				return err
			}
			g, ok := ev.(mealprep.RecipeGenerated)
			if !ok || g.Recipe.WithinTolerance || !g.Recipe.Feasible {
				continue
			}
			_, err = s.ledger.RefundTx(ctx, tx, ledgerapp.RefundCommand{
				UserID: args.OwnerID, Amount: 1, Ref: args.RequestID.String(),
				CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: fmt.Sprintf("tolerance-refund:%s:%d", args.RequestID, g.Index), CorrelationID: args.RequestID.String()},
			})
			if err != nil {
				return fmt.Errorf("refund out-of-tolerance recipe %d of %s: %w", g.Index, args.RequestID, err)
			}
		}
		return nil
	})
	return err
}
