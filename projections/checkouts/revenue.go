package checkouts

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/eventstore"
)

// Revenue is what completed checkouts brought in one currency, net of refunds.
type Revenue struct {
	Currency      string `json:"currency"`
	Purchases     int64  `json:"purchases"`
	PaidCents     int64  `json:"paidCents"`
	RefundedCents int64  `json:"refundedCents"`
	NetCents      int64  `json:"netCents"`
}

// RevenueSince sums completed checkouts started since from, per currency.
func RevenueSince(ctx context.Context, db eventstore.DBTX, from time.Time) ([]Revenue, error) {
	rows, err := db.Query(ctx, `
		SELECT currency, count(*), coalesce(sum(amount_paid_cents), 0), coalesce(sum(refunded_cents), 0)
		FROM checkouts WHERE status = 'completed' AND started_at >= $1
		GROUP BY currency ORDER BY currency`, from)
	if err != nil {
		return nil, fmt.Errorf("checkouts: revenue: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Revenue, error) {
		var x Revenue
		err := r.Scan(&x.Currency, &x.Purchases, &x.PaidCents, &x.RefundedCents)
		x.NetCents = x.PaidCents - x.RefundedCents
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("checkouts: revenue: %w", err)
	}
	return out, nil
}

// OfUser lists a person's checkouts, newest first.
func OfUser(ctx context.Context, db eventstore.DBTX, user uuid.UUID, limit int) ([]Row, error) {
	rows, err := db.Query(ctx, `
		SELECT checkout_id, user_id, pack_id, tokens, amount_cents, currency, promo_code, status,
		       amount_paid_cents, refunded_cents, tokens_revoked, started_at
		FROM checkouts WHERE user_id = $1 ORDER BY started_at DESC, checkout_id DESC LIMIT $2`, user, limit)
	if err != nil {
		return nil, fmt.Errorf("checkouts: of user: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Row, error) {
		var x Row
		err := r.Scan(&x.CheckoutID, &x.UserID, &x.PackID, &x.Tokens, &x.AmountCents, &x.Currency, &x.PromoCode, &x.Status,
			&x.AmountPaidCents, &x.RefundedCents, &x.TokensRevoked, &x.StartedAt)
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("checkouts: of user: %w", err)
	}
	return out, nil
}

// OpenOfUser lists the person's checkouts still open with a payment session (the read model:
// one opened a moment ago may be missing).
func OpenOfUser(ctx context.Context, db eventstore.DBTX, user uuid.UUID) ([]uuid.UUID, error) {
	rows, err := db.Query(ctx, `
		SELECT checkout_id FROM checkouts
		WHERE user_id = $1 AND status = $2 AND stripe_session_id <> ''
		ORDER BY started_at DESC LIMIT 20`, user, string(billing.StatusStarted))
	if err != nil {
		return nil, fmt.Errorf("checkouts: open of user: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("checkouts: open of user: %w", err)
	}
	return out, nil
}
