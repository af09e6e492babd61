package billing

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/stripe"
)

// errUnknownCheckout: the event names no checkout of ours (another integration on the same
// Stripe account, or a test event). Acknowledged and logged, never granted.
var errUnknownCheckout = errors.New("billing: unknown checkout")

// WebhookOutcome says what a webhook delivery did, for logs and tests.
type WebhookOutcome string

// Outcomes of HandleWebhook.
const (
	WebhookApplied   WebhookOutcome = "applied"
	WebhookDuplicate WebhookOutcome = "duplicate"
	WebhookIgnored   WebhookOutcome = "ignored"
)

// HandleWebhook verifies a Stripe delivery on its raw body and applies it once: the event id is
// recorded in the same transaction as its effects, so a replay (serial or concurrent) finds it
// and changes nothing. A bad or stale signature returns an error matching
// stripe.ErrBadSignature with nothing written.
func (s *Service) HandleWebhook(ctx context.Context, payload []byte, signature string) (WebhookOutcome, error) {
	ev, err := stripe.VerifyWebhook(payload, signature, s.opts.WebhookSecrets)
	if err != nil {
		return "", err
	}
	outcome := WebhookApplied
	err = eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		outcome = WebhookApplied
		tag, err := tx.Exec(ctx, `INSERT INTO stripe_webhook_events (event_id, event_type) VALUES ($1, $2) ON CONFLICT DO NOTHING`, ev.ID, ev.Type)
		if err != nil {
			return fmt.Errorf("billing: record webhook %s: %w", ev.ID, err)
		}
		if tag.RowsAffected() == 0 {
			outcome = WebhookDuplicate
			return nil
		}
		err = s.apply(ctx, tx, ev)
		if errors.Is(err, errUnknownCheckout) {
			s.log.Warn("stripe webhook for no checkout of ours", "event", ev.ID, "type", ev.Type, "err", err)
			outcome = WebhookIgnored
			return nil
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("billing: webhook %s (%s): %w", ev.ID, ev.Type, err)
	}
	s.log.Info("stripe webhook", "event", ev.ID, "type", ev.Type, "api_version", ev.APIVersion, "outcome", outcome)
	return outcome, nil
}

func checkoutIDOf(ev stripe.Event) (uuid.UUID, error) {
	if ev.Session == nil {
		return uuid.Nil, fmt.Errorf("%w: event without a session", errUnknownCheckout)
	}
	id, err := uuid.Parse(ev.Session.OurCheckoutID())
	if err != nil {
		return uuid.Nil, fmt.Errorf("%w: session %s names %q", errUnknownCheckout, ev.Session.ID, ev.Session.OurCheckoutID())
	}
	return id, nil
}

func (s *Service) apply(ctx context.Context, tx pgx.Tx, ev stripe.Event) error {
	switch ev.Type {
	case stripe.EventSessionCompleted, stripe.EventAsyncPaymentSucceded:
		id, err := checkoutIDOf(ev)
		if err != nil {
			return err
		}
		if !ev.Session.Paid() {
			// A delayed payment method: async_payment_succeeded or _failed follows.
			s.log.Info("checkout awaits an asynchronous payment", "checkout", id, "event", ev.ID)
			return nil
		}
		return s.completeTx(ctx, tx, id, billing.Payment{
			StripeEventID: ev.ID, SessionID: ev.Session.ID, AmountPaidCents: ev.Session.AmountTotal, PaymentIntentID: ev.Session.PaymentIntentID,
		}, "stripe")
	case stripe.EventAsyncPaymentFailed, stripe.EventSessionExpired:
		id, err := checkoutIDOf(ev)
		if err != nil {
			return err
		}
		base := checkoutCommand{CommandMeta: eventstore.CommandMeta{Actor: "stripe", CausationID: ev.ID}, CheckoutID: id}
		if ev.Type == stripe.EventSessionExpired {
			return s.closeTx(ctx, tx, id, expireCheckout{checkoutCommand: base, StripeEventID: ev.ID})
		}
		return s.closeTx(ctx, tx, id, failCheckout{checkoutCommand: base, Reason: billing.FailurePaymentFailed, StripeEventID: ev.ID})
	case stripe.EventChargeRefunded:
		return s.refundTx(ctx, tx, ev)
	}
	return nil
}

// completeTx fulfils a checkout inside tx: CheckoutCompleted, the grant, the promo and the
// receipt, or nothing when it was already completed.
func (s *Service) completeTx(ctx context.Context, tx pgx.Tx, id uuid.UUID, pay billing.Payment, actor string) error {
	res, err := s.checkouts.RunTx(ctx, tx, completeCheckout{
		checkoutCommand: checkoutCommand{CommandMeta: eventstore.CommandMeta{Actor: actor, CausationID: pay.StripeEventID}, CheckoutID: id},
		Payment:         pay,
	})
	if errors.Is(err, billing.ErrNotStarted) {
		return fmt.Errorf("%w: %s", errUnknownCheckout, id)
	}
	if err != nil {
		return err
	}
	if !appended(res, billing.TypeCheckoutCompleted) {
		return nil // already completed: a replay, or the other path got there first
	}
	c, err := s.loadCheckout(ctx, tx, id)
	if err != nil {
		return err
	}
	st := c.Started()
	if pay.AmountPaidCents != st.AmountCents {
		// Stripe charged what the session said; a difference means the session was edited on
		// Stripe's side. The buyer paid, so the tokens are granted; an admin should look.
		s.log.Warn("checkout paid another amount than started", "checkout", id, "expected", st.AmountCents, "paid", pay.AmountPaidCents)
	}
	if _, err := s.ledger.GrantTx(ctx, tx, ledgerapp.GrantCommand{
		CommandMeta: eventstore.CommandMeta{Actor: actor, IdempotencyKey: "checkout:" + id.String(), CausationID: pay.StripeEventID},
		UserID:      st.UserID, Amount: st.Tokens, Reason: ledger.ReasonPurchase, Ref: id.String(),
	}); err != nil {
		return fmt.Errorf("billing: grant checkout %s: %w", id, err)
	}
	if st.PromoCode != "" {
		_, err := s.ledger.RedeemPromoTx(ctx, tx, ledgerapp.RedeemPromoCommand{
			CommandMeta: eventstore.CommandMeta{Actor: actor, IdempotencyKey: "promo:" + id.String()},
			UserID:      st.UserID, Code: st.PromoCode, CheckoutID: id.String(),
		})
		switch {
		case errors.Is(err, ledger.ErrPromoAlreadyRedeemed):
			// Two checkouts opened with the code before either was paid: both were paid at
			// the discounted price, so both are granted; the code stays redeemed once.
			s.log.Warn("promo code already redeemed by another checkout", "checkout", id, "code", st.PromoCode)
		case err != nil:
			return fmt.Errorf("billing: promo of checkout %s: %w", id, err)
		}
	}
	return s.queueReceipt(ctx, tx, c)
}

// appended reports whether res appended an event of type t (not a duplicate, not a no-op).
func appended(res eventstore.AppendResult, t string) bool {
	if res.Duplicate {
		return false
	}
	for _, e := range res.Events {
		if e.Type == t {
			return true
		}
	}
	return false
}

// closeTx records a failure or expiry (a no-op on a completed or already closed checkout) and,
// when it closed a checkout carrying a promo code, releases the code in the same transaction.
func (s *Service) closeTx(ctx context.Context, tx pgx.Tx, id uuid.UUID, cmd eventstore.Command[*billing.Checkout]) error {
	res, err := s.checkouts.RunTx(ctx, tx, cmd)
	if errors.Is(err, billing.ErrNotStarted) {
		return fmt.Errorf("%w: %s", errUnknownCheckout, cmd.StreamID())
	}
	if err != nil || !(appended(res, billing.TypeCheckoutFailed) || appended(res, billing.TypeCheckoutExpired)) {
		return err
	}
	c, err := s.loadCheckout(ctx, tx, id)
	if err != nil {
		return err
	}
	st := c.Started()
	if st.PromoCode == "" {
		return nil
	}
	meta := cmd.Meta()
	meta.IdempotencyKey = "promo-release:" + id.String()
	if err := s.ledger.ReleasePromoTx(ctx, tx, ledgerapp.ReleasePromoCommand{
		CommandMeta: meta, UserID: st.UserID, Code: st.PromoCode, CheckoutID: id.String(),
	}); err != nil {
		return fmt.Errorf("billing: release promo of checkout %s: %w", id, err)
	}
	return nil
}

// refundTx takes back the refunded share of the purchased tokens, at most what the buyer still
// holds, and records the refund on the checkout.
func (s *Service) refundTx(ctx context.Context, tx pgx.Tx, ev stripe.Event) error {
	ch := ev.Charge
	if ch == nil {
		return fmt.Errorf("%w: refund without a charge", errUnknownCheckout)
	}
	id, err := s.checkoutOfCharge(ctx, tx, ch)
	if err != nil {
		return err
	}
	c, err := s.lockCheckout(ctx, tx, id)
	if err != nil {
		return err
	}
	if c.Version() == 0 {
		return fmt.Errorf("%w: %s", errUnknownCheckout, id)
	}
	refunded, clamped := c.RefundedWithin(ch.AmountRefunded)
	if clamped {
		s.log.Warn("refund larger than its payment: recorded as the payment", "checkout", id, "charge", ch.ID,
			"event", ev.ID, "reported", ch.AmountRefunded, "paid", refunded)
	}
	due, err := c.TokensDueForRefund(refunded)
	if errors.Is(err, billing.ErrNotCompleted) {
		return fmt.Errorf("%w: refund of %s, which was never fulfilled: %w", errUnknownCheckout, id, err)
	}
	if err != nil {
		return err
	}
	var revoked int64
	if due > 0 {
		revoked, _, err = s.ledger.RevokeTx(ctx, tx, ledgerapp.RevokeCommand{
			UserID: c.Started().UserID, Amount: due, Reason: ledger.ReasonPurchaseRefunded, Ref: id.String(),
			CommandMeta: eventstore.CommandMeta{Actor: "stripe", IdempotencyKey: fmt.Sprintf("refund:%s:%d", id, refunded), CausationID: ev.ID},
		})
		if err != nil {
			return fmt.Errorf("billing: revoke tokens of %s: %w", id, err)
		}
	}
	if revoked < due {
		s.log.Warn("refund: some purchased tokens were already spent", "checkout", id, "due", due, "revoked", revoked)
	}
	_, err = s.checkouts.RunTx(ctx, tx, refundCheckout{
		checkoutCommand: checkoutCommand{CommandMeta: eventstore.CommandMeta{Actor: "stripe", CausationID: ev.ID}, CheckoutID: id},
		StripeEventID:   ev.ID, ChargeID: ch.ID, RefundedCents: refunded, Due: due, Revoked: revoked,
	})
	return err
}

// checkoutOfCharge finds our checkout from the charge's metadata (set through the session's
// payment_intent_data) or, failing that, from the payment recorded at completion.
func (s *Service) checkoutOfCharge(ctx context.Context, db eventstore.DBTX, ch *stripe.Charge) (uuid.UUID, error) {
	if id, err := uuid.Parse(ch.CheckoutID); err == nil {
		return id, nil
	}
	if ch.PaymentIntentID == "" {
		return uuid.Nil, fmt.Errorf("%w: charge %s has no payment intent", errUnknownCheckout, ch.ID)
	}
	var id uuid.UUID
	err := db.QueryRow(ctx, `SELECT checkout_id FROM checkouts WHERE stripe_payment_intent_id = $1`, ch.PaymentIntentID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, fmt.Errorf("%w: payment %s", errUnknownCheckout, ch.PaymentIntentID)
	}
	if err != nil {
		return uuid.Nil, fmt.Errorf("billing: checkout of payment %s: %w", ch.PaymentIntentID, err)
	}
	return id, nil
}
