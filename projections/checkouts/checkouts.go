// Package checkouts is the "checkouts" read model: one row per checkout stream with its status,
// amounts and refunds, for admin lists and for finding a checkout from a Stripe payment.
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

// Name is the projection's name and consumer group.
const Name = "checkouts"

// Projection writes the checkouts table.
type Projection struct{}

// New returns the projection.
func New() Projection { return Projection{} }

// Name implements projections.Projection.
func (Projection) Name() string { return Name }

// Tables implements projections.Projection.
func (Projection) Tables() []string { return []string{"checkouts"} }

// Handles implements projections.Projection.
func (Projection) Handles(eventType string) bool { return billing.IsCheckoutEvent(eventType) }

// Apply writes each event with a version guard: the row only moves forward, so a redelivered
// or replayed event changes nothing. Events of one stream arrive in version order.
func (Projection) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	for _, e := range events {
		if !billing.IsCheckoutEvent(e.Type) {
			continue
		}
		if err := apply(ctx, tx, e); err != nil {
			return fmt.Errorf("checkouts: position %d: %w", e.Position, err)
		}
	}
	return nil
}

func apply(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	id, err := billing.CheckoutIDFromStream(e.StreamID)
	if err != nil {
		return err
	}
	ev, err := billing.Decode(e.Type, e.Payload)
	if err != nil {
		return err
	}
	update := func(set string, args ...any) error {
		args = append([]any{id, e.Version, e.RecordedAt}, args...)
		_, err := tx.Exec(ctx, `UPDATE checkouts SET version = $2, updated_at = $3, `+set+` WHERE checkout_id = $1 AND version < $2`, args...)
		return err
	}
	switch v := ev.(type) {
	case billing.CheckoutStarted:
		_, err = tx.Exec(ctx, `
			INSERT INTO checkouts (checkout_id, user_id, pack_id, tokens, amount_cents, currency, promo_code, status, version, started_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
			ON CONFLICT (checkout_id) DO NOTHING`,
			id, v.UserID, v.PackID, v.Tokens, v.AmountCents, string(v.Currency), v.PromoCode, string(billing.StatusStarted), e.Version, e.RecordedAt)
	case billing.CheckoutSessionOpened:
		err = update(`stripe_session_id = $4`, v.StripeSessionID)
	case billing.CheckoutCompleted:
		err = update(`status = $4, stripe_session_id = CASE WHEN $5::text = '' THEN stripe_session_id ELSE $5 END, amount_paid_cents = $6, stripe_payment_intent_id = $7`,
			string(billing.StatusCompleted), v.StripeSessionID, v.AmountPaidCents, v.StripePaymentIntentID)
	case billing.CheckoutFailed:
		err = update(`status = $4`, string(billing.StatusFailed))
	case billing.CheckoutExpired:
		err = update(`status = $4`, string(billing.StatusExpired))
	case billing.CheckoutRefunded:
		err = update(`refunded_cents = GREATEST(refunded_cents, $4), tokens_revoked = tokens_revoked + $5`, v.AmountRefundedCents, v.TokensRevoked)
	}
	return err
}

// Row is one checkout as the read model holds it.
type Row struct {
	CheckoutID      uuid.UUID
	UserID          uuid.UUID
	PackID          string
	Tokens          int64
	AmountCents     int64
	Currency        string
	PromoCode       string
	Status          string
	AmountPaidCents int64
	RefundedCents   int64
	TokensRevoked   int64
	StartedAt       time.Time
}

// Recent lists the latest checkouts, newest first (admin view).
func Recent(ctx context.Context, db eventstore.DBTX, limit int) ([]Row, error) {
	rows, err := db.Query(ctx, `
		SELECT checkout_id, user_id, pack_id, tokens, amount_cents, currency, promo_code, status,
		       amount_paid_cents, refunded_cents, tokens_revoked, started_at
		FROM checkouts ORDER BY started_at DESC, checkout_id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("checkouts: recent: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Row, error) {
		var x Row
		err := r.Scan(&x.CheckoutID, &x.UserID, &x.PackID, &x.Tokens, &x.AmountCents, &x.Currency, &x.PromoCode, &x.Status,
			&x.AmountPaidCents, &x.RefundedCents, &x.TokensRevoked, &x.StartedAt)
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("checkouts: recent: %w", err)
	}
	return out, nil
}
