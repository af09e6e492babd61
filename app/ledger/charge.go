package ledger

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// ChargeCommand spends tokens.
type ChargeCommand struct {
	eventstore.CommandMeta
	UserID uuid.UUID           `json:"userId"`
	Amount int64               `json:"amount"`
	Reason ledger.ChargeReason `json:"reason"`
	// Ref names what is paid for (e.g. the generation request id); Refund uses it to find the charge.
	Ref string `json:"ref"`
}

// CommandName implements eventstore.Command.
func (ChargeCommand) CommandName() string { return "ledger.charge" }

// StreamID implements eventstore.Command.
func (c ChargeCommand) StreamID() string { return ledger.StreamID(c.UserID) }

// DecidesOnHead implements eventstore.HeadCommand: a charge needs the balance only.
func (ChargeCommand) DecidesOnHead() bool { return true }

// Decide implements eventstore.Command.
func (c ChargeCommand) Decide(w *ledger.Wallet) error {
	_, err := w.Charge(c.Amount, c.Reason, c.Ref)
	return err
}

// Charge spends tokens in its own transaction. It fails with an error matching
// ledger.ErrInsufficientTokens (errors.Is) when the balance is too low; nothing is appended then.
func (s *Service) Charge(ctx context.Context, cmd ChargeCommand) (Result, error) {
	return resultOf(s.runner.Run(ctx, cmd))
}

// ChargeTx spends tokens inside the caller's transaction, typically together with the River job
// that does the paid work (riverClient.InsertTx(ctx, tx, ...)). Conflicts are retried inside
// savepoints; an error means the caller must roll back.
func (s *Service) ChargeTx(ctx context.Context, tx pgx.Tx, cmd ChargeCommand) (Result, error) {
	return resultOf(s.runner.RunTx(ctx, tx, cmd))
}
