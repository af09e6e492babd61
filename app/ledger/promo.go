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

// ReservePromoCommand holds a promo code for an open checkout, so that no other checkout of the
// wallet carries it until it is released or redeemed.
type ReservePromoCommand struct {
	eventstore.CommandMeta
	UserID     uuid.UUID `json:"userId"`
	Code       string    `json:"code"`
	CheckoutID string    `json:"checkoutId"`
}

// CommandName implements eventstore.Command.
func (ReservePromoCommand) CommandName() string { return "ledger.reserve-promo" }

// StreamID implements eventstore.Command.
func (c ReservePromoCommand) StreamID() string { return ledger.StreamID(c.UserID) }

// Decide implements eventstore.Command. It needs the history (which codes are held or used).
func (c ReservePromoCommand) Decide(w *ledger.Wallet) error {
	_, _, err := w.ReservePromo(c.Code, c.CheckoutID)
	return err
}

// ReservePromoTx reserves the code inside the caller's transaction (the one that starts the
// checkout): ledger.ErrPromoReserved when another open checkout holds it,
// ledger.ErrPromoAlreadyRedeemed when a paid one used it. Reserving again for the same checkout
// changes nothing.
func (s *Service) ReservePromoTx(ctx context.Context, tx pgx.Tx, cmd ReservePromoCommand) error {
	_, err := s.runner.RunTx(ctx, tx, cmd)
	return err
}

// ReleasePromoCommand frees the code a checkout held, when it ended unpaid.
type ReleasePromoCommand struct {
	eventstore.CommandMeta
	UserID     uuid.UUID `json:"userId"`
	Code       string    `json:"code"`
	CheckoutID string    `json:"checkoutId"`
}

// CommandName implements eventstore.Command.
func (ReleasePromoCommand) CommandName() string { return "ledger.release-promo" }

// StreamID implements eventstore.Command.
func (c ReleasePromoCommand) StreamID() string { return ledger.StreamID(c.UserID) }

// Decide implements eventstore.Command.
func (c ReleasePromoCommand) Decide(w *ledger.Wallet) error {
	_, _, err := w.ReleasePromo(c.Code, c.CheckoutID)
	return err
}

// ReleasePromoTx frees the code inside the caller's transaction (the one that records the
// checkout's expiry or failure); a code the checkout does not hold is left as it is.
func (s *Service) ReleasePromoTx(ctx context.Context, tx pgx.Tx, cmd ReleasePromoCommand) error {
	_, err := s.runner.RunTx(ctx, tx, cmd)
	return err
}
