package ledger

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// GrantCommand adds tokens: sign-up bonus, purchase or admin grant (refunds use RefundCommand).
type GrantCommand struct {
	eventstore.CommandMeta
	UserID uuid.UUID          `json:"userId"`
	Amount int64              `json:"amount"`
	Reason ledger.GrantReason `json:"reason"`
	// Ref names the cause: checkout id for a purchase, free note for an admin grant (no personal
	// data), empty allowed for a sign-up bonus.
	Ref string `json:"ref"`
}

// CommandName implements eventstore.Command.
func (GrantCommand) CommandName() string { return "ledger.grant" }

// StreamID implements eventstore.Command.
func (c GrantCommand) StreamID() string { return ledger.StreamID(c.UserID) }

// DecidesOnHead implements eventstore.HeadCommand: a grant needs the balance only.
func (GrantCommand) DecidesOnHead() bool { return true }

// Decide implements eventstore.Command.
func (c GrantCommand) Decide(w *ledger.Wallet) error {
	_, err := w.Grant(c.Amount, c.Reason, c.Ref)
	return err
}

// Grant adds tokens in its own transaction.
func (s *Service) Grant(ctx context.Context, cmd GrantCommand) (Result, error) {
	return resultOf(s.runner.Run(ctx, cmd))
}

// GrantTx adds tokens inside the caller's transaction.
func (s *Service) GrantTx(ctx context.Context, tx pgx.Tx, cmd GrantCommand) (Result, error) {
	return resultOf(s.runner.RunTx(ctx, tx, cmd))
}
