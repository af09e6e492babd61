package ledger

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
)

// RefundCommand gives back tokens charged under Ref (the charge's Ref). The domain refuses to
// refund more than was charged under that reference; pair it with an idempotency key such as
// "refund:<jobID>" so a retried job refunds once.
type RefundCommand struct {
	UserID         uuid.UUID
	Amount         int64
	Ref            string
	Actor          string
	IdempotencyKey string
	CausationID    string
	CorrelationID  string
}

func (c RefundCommand) command() command {
	return command{
		name:        "refund",
		userID:      c.UserID,
		meta:        Meta{Actor: c.Actor, IdempotencyKey: c.IdempotencyKey, CausationID: c.CausationID, CorrelationID: c.CorrelationID},
		hash:        requestHash("refund", c.UserID, c.Amount, c.Ref),
		needHistory: true,
		decide: func(w *ledger.Wallet) error {
			_, err := w.Refund(c.Amount, c.Ref)
			return err
		},
	}
}

// Refund records a TokensGranted{reason: refund} in its own transaction.
func (s *Service) Refund(ctx context.Context, cmd RefundCommand) (Result, error) {
	return s.run(ctx, cmd.command())
}

// RefundTx refunds inside the caller's transaction (e.g. with river.JobCompleteTx).
func (s *Service) RefundTx(ctx context.Context, tx pgx.Tx, cmd RefundCommand) (Result, error) {
	return s.runTx(ctx, tx, cmd.command())
}
