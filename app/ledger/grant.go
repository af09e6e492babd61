package ledger

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
)

// GrantCommand adds tokens: sign-up bonus, purchase or admin grant (refunds use RefundCommand).
type GrantCommand struct {
	UserID uuid.UUID
	Amount int64
	Reason ledger.GrantReason
	// Ref names the cause: checkout id for a purchase, free note for an admin grant (no personal
	// data), empty allowed for a sign-up bonus.
	Ref            string
	Actor          string
	IdempotencyKey string
	CausationID    string
	CorrelationID  string
}

func (c GrantCommand) command() command {
	return command{
		name:   "grant",
		userID: c.UserID,
		meta:   Meta{Actor: c.Actor, IdempotencyKey: c.IdempotencyKey, CausationID: c.CausationID, CorrelationID: c.CorrelationID},
		hash:   requestHash("grant", c.UserID, c.Amount, c.Reason, c.Ref),
		decide: func(w *ledger.Wallet) error {
			_, err := w.Grant(c.Amount, c.Reason, c.Ref)
			return err
		},
	}
}

// Grant adds tokens in its own transaction.
func (s *Service) Grant(ctx context.Context, cmd GrantCommand) (Result, error) {
	return s.run(ctx, cmd.command())
}

// GrantTx adds tokens inside the caller's transaction.
func (s *Service) GrantTx(ctx context.Context, tx pgx.Tx, cmd GrantCommand) (Result, error) {
	return s.runTx(ctx, tx, cmd.command())
}
