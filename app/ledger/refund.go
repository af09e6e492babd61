package ledger

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// RefundCommand gives back tokens charged under Ref (the charge's Ref). The domain refuses to
// refund more than was charged under that reference; pair it with an idempotency key such as
// "refund:<jobID>" so a retried job refunds once.
type RefundCommand struct {
	eventstore.CommandMeta
	UserID uuid.UUID `json:"userId"`
	Amount int64     `json:"amount"`
	Ref    string    `json:"ref"`
}

// CommandName implements eventstore.Command.
func (RefundCommand) CommandName() string { return "ledger.refund" }

// StreamID implements eventstore.Command.
func (c RefundCommand) StreamID() string { return ledger.StreamID(c.UserID) }

// Decide implements eventstore.Command. It needs the history (what was charged under Ref).
func (c RefundCommand) Decide(w *ledger.Wallet) error {
	_, err := w.Refund(c.Amount, c.Ref)
	return err
}

// Refund records a TokensGranted{reason: refund} in its own transaction.
func (s *Service) Refund(ctx context.Context, cmd RefundCommand) (Result, error) {
	return resultOf(s.runner.Run(ctx, cmd))
}

// RefundTx refunds inside the caller's transaction (e.g. with river.JobCompleteTx).
func (s *Service) RefundTx(ctx context.Context, tx pgx.Tx, cmd RefundCommand) (Result, error) {
	return resultOf(s.runner.RunTx(ctx, tx, cmd))
}
