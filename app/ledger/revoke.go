package ledger

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// RevokeCommand takes back purchased tokens after a refund, never below zero.
type RevokeCommand struct {
	eventstore.CommandMeta
	UserID uuid.UUID `json:"userId"`
	// Amount is how many tokens the refund asks back; fewer are taken when some were spent.
	Amount int64               `json:"amount"`
	Reason ledger.RevokeReason `json:"reason"`
	// Ref names the refunded purchase (its checkout id).
	Ref string `json:"ref"`
}

// CommandName implements eventstore.Command.
func (RevokeCommand) CommandName() string { return "ledger.revoke" }

// StreamID implements eventstore.Command.
func (c RevokeCommand) StreamID() string { return ledger.StreamID(c.UserID) }

// DecidesOnHead implements eventstore.HeadCommand: a revocation needs the balance only.
func (RevokeCommand) DecidesOnHead() bool { return true }

// Decide implements eventstore.Command. An empty wallet records nothing.
func (c RevokeCommand) Decide(w *ledger.Wallet) error {
	_, _, err := w.Revoke(c.Amount, c.Reason, c.Ref)
	return err
}

// RevokeTx takes back up to cmd.Amount tokens inside the caller's transaction and returns how
// many were taken (0 when the balance was zero: nothing is appended then; for a duplicate, what
// the first run took).
func (s *Service) RevokeTx(ctx context.Context, tx pgx.Tx, cmd RevokeCommand) (int64, Result, error) {
	appended, err := s.runner.RunTx(ctx, tx, cmd)
	if err != nil || len(appended.Events) == 0 {
		return 0, Result{}, err
	}
	var revoked ledger.TokensRevoked
	last := appended.Events[len(appended.Events)-1]
	if err := last.Decode(&revoked); err != nil || last.Type != ledger.TypeTokensRevoked {
		return 0, Result{}, fmt.Errorf("ledgerapp: revoke appended %s (%v)", last.Type, err)
	}
	res, err := resultOf(appended, nil)
	return revoked.Amount, res, err
}
