package ledger

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// RedeemPromoCommand records a promo code's use for a checkout (once per code and wallet).
type RedeemPromoCommand struct {
	eventstore.CommandMeta
	UserID     uuid.UUID `json:"userId"`
	Code       string    `json:"code"`
	CheckoutID string    `json:"checkoutId"`
}

// CommandName implements eventstore.Command.
func (RedeemPromoCommand) CommandName() string { return "ledger.redeem-promo" }

// StreamID implements eventstore.Command.
func (c RedeemPromoCommand) StreamID() string { return ledger.StreamID(c.UserID) }

// Decide implements eventstore.Command. It needs the history (which codes were used).
func (c RedeemPromoCommand) Decide(w *ledger.Wallet) error {
	_, err := w.RedeemPromo(c.Code, c.CheckoutID)
	return err
}

// RedeemPromo records the promo use in its own transaction; ledger.ErrPromoAlreadyRedeemed when
// the wallet used the code before.
func (s *Service) RedeemPromo(ctx context.Context, cmd RedeemPromoCommand) (Result, error) {
	return resultOf(s.runner.Run(ctx, cmd))
}

// RedeemPromoTx records the promo use inside the caller's transaction.
func (s *Service) RedeemPromoTx(ctx context.Context, tx pgx.Tx, cmd RedeemPromoCommand) (Result, error) {
	return resultOf(s.runner.RunTx(ctx, tx, cmd))
}
