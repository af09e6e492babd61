package mealprep

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// FailGenerationCommand ends a request that will not make its remaining recipes. It works on a
// deleted meal prep (its tokens are still owed) and checks no ownership: the worker runs it.
type FailGenerationCommand struct {
	prepCommand
	RequestID uuid.UUID              `json:"requestId"`
	Reason    mealprep.FailureReason `json:"reason"`
	Why       mealprep.Diagnosis     `json:"why"`
}

// CommandName implements eventstore.Command.
func (FailGenerationCommand) CommandName() string { return "mealprep.fail_generation" }

// Decide implements eventstore.Command.
func (c FailGenerationCommand) Decide(m *mealprep.MealPrep) error {
	_, err := m.FailGeneration(c.RequestID, c.Reason, c.Why)
	return err
}

// FailRequest ends a request that will not make its remaining recipes and refunds the tokens of
// the recipes not made, once (the domain records the failure once; the refund is keyed by the
// request). why, when not empty, tells the person what would make the request possible.
func (s *Service) FailRequest(ctx context.Context, args GenerateArgs, reason mealprep.FailureReason, why mealprep.Diagnosis) error {
	cmd := FailGenerationCommand{prepCommand: prepCommand{CommandMeta: eventstore.CommandMeta{Actor: "system", CorrelationID: args.RequestID.String()},
		Owner: args.OwnerID, MealPrepID: args.MealPrepID}, RequestID: args.RequestID, Reason: reason, Why: why}
	_, err := s.run(ctx, cmd, func(tx pgx.Tx, res eventstore.AppendResult) error {
		var failed mealprep.RecipeGenerationFailed
		if err := json.Unmarshal(res.Events[0].Payload, &failed); err != nil {
			return fmt.Errorf("read failure of request %s: %w", args.RequestID, err)
		}
		if failed.Unfulfilled == 0 {
			return nil
		}
		_, err := s.ledger.RefundTx(ctx, tx, ledgerapp.RefundCommand{
			UserID: args.OwnerID, Amount: int64(failed.Unfulfilled), Ref: args.RequestID.String(),
			CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "generation-refund:" + args.RequestID.String(), CorrelationID: args.RequestID.String()},
		})
		if err != nil {
			return fmt.Errorf("refund %d tokens of request %s: %w", failed.Unfulfilled, args.RequestID, err)
		}
		return nil
	})
	return err
}
