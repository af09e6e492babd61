package ledger

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/ledger"
)

// RedeemPromoCommand records a promo code's use for a checkout (once per code and wallet).
type RedeemPromoCommand struct {
	UserID         uuid.UUID
	Code           string
	CheckoutID     string
	Actor          string
	IdempotencyKey string
	CausationID    string
	CorrelationID  string
}

func (c RedeemPromoCommand) command() command {
	return command{
		name:        "redeem promo",
		userID:      c.UserID,
		meta:        Meta{Actor: c.Actor, IdempotencyKey: c.IdempotencyKey, CausationID: c.CausationID, CorrelationID: c.CorrelationID},
		hash:        requestHash("promo", c.UserID, c.Code, c.CheckoutID),
		needHistory: true,
		decide: func(w *ledger.Wallet) error {
			_, err := w.RedeemPromo(c.Code, c.CheckoutID)
			return err
		},
	}
}

// RedeemPromo records the promo use in its own transaction; ledger.ErrPromoAlreadyRedeemed when
// the wallet used the code before.
func (s *Service) RedeemPromo(ctx context.Context, cmd RedeemPromoCommand) (Result, error) {
	return s.run(ctx, cmd.command())
}

// RedeemPromoTx records the promo use inside the caller's transaction.
func (s *Service) RedeemPromoTx(ctx context.Context, tx pgx.Tx, cmd RedeemPromoCommand) (Result, error) {
	return s.runTx(ctx, tx, cmd.command())
}
