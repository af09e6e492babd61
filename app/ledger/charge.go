package ledger

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
)

// ChargeCommand spends tokens.
type ChargeCommand struct {
	UserID uuid.UUID
	Amount int64
	Reason ledger.ChargeReason
	// Ref names what is paid for (e.g. the generation request id); Refund uses it to find the charge.
	Ref            string
	Actor          string
	IdempotencyKey string
	CausationID    string
	CorrelationID  string
}

func (c ChargeCommand) command() command {
	return command{
		name:   "charge",
		userID: c.UserID,
		meta:   Meta{Actor: c.Actor, IdempotencyKey: c.IdempotencyKey, CausationID: c.CausationID, CorrelationID: c.CorrelationID},
		hash:   requestHash("charge", c.UserID, c.Amount, c.Reason, c.Ref),
		decide: func(w *ledger.Wallet) error {
			_, err := w.Charge(c.Amount, c.Reason, c.Ref)
			return err
		},
	}
}

// Charge spends tokens in its own transaction. It fails with an error matching
// ledger.ErrInsufficientTokens (errors.Is) when the balance is too low; nothing is appended then.
func (s *Service) Charge(ctx context.Context, cmd ChargeCommand) (Result, error) {
	return s.run(ctx, cmd.command())
}

// ChargeTx spends tokens inside the caller's transaction, typically together with the River job
// that does the paid work (riverClient.InsertTx(ctx, tx, ...)). Conflicts are retried inside
// savepoints; an error means the caller must roll back.
func (s *Service) ChargeTx(ctx context.Context, tx pgx.Tx, cmd ChargeCommand) (Result, error) {
	return s.runTx(ctx, tx, cmd.command())
}
