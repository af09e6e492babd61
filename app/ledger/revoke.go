package ledger

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
)

// RevokeCommand takes back purchased tokens after a refund, never below zero.
type RevokeCommand struct {
	UserID uuid.UUID
	// Amount is how many tokens the refund asks back; fewer are taken when some were spent.
	Amount int64
	Reason ledger.RevokeReason
	// Ref names the refunded purchase (its checkout id).
	Ref            string
	Actor          string
	IdempotencyKey string
	CausationID    string
	CorrelationID  string
}

// errNothingToRevoke stops the append when the wallet is already empty.
var errNothingToRevoke = errors.New("wallets: nothing to revoke")

// RevokeTx takes back up to cmd.Amount tokens inside the caller's transaction and returns how
// many were taken (0 when the balance was zero: nothing is appended then).
func (s *Service) RevokeTx(ctx context.Context, tx pgx.Tx, cmd RevokeCommand) (int64, Result, error) {
	var taken int64
	c := command{
		name:   "revoke",
		userID: cmd.UserID,
		meta:   Meta{Actor: cmd.Actor, IdempotencyKey: cmd.IdempotencyKey, CausationID: cmd.CausationID, CorrelationID: cmd.CorrelationID},
		hash:   requestHash("revoke", cmd.UserID, cmd.Amount, cmd.Reason, cmd.Ref),
		decide: func(w *ledger.Wallet) error {
			e, ok, err := w.Revoke(cmd.Amount, cmd.Reason, cmd.Ref)
			if err != nil {
				return err
			}
			if !ok {
				return errNothingToRevoke
			}
			taken = e.Amount
			return nil
		},
	}
	res, err := s.runTx(ctx, tx, c)
	if errors.Is(err, errNothingToRevoke) {
		return 0, Result{}, nil
	}
	return taken, res, err
}
