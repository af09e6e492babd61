package billing

import (
	"fmt"
	"strings"

	"github.com/google/uuid"
)

// CheckoutStreamPrefix starts every checkout stream id: "checkout-<checkoutID>".
const CheckoutStreamPrefix = "checkout-"

// CheckoutStreamID is the event stream of a checkout.
func CheckoutStreamID(id uuid.UUID) string { return CheckoutStreamPrefix + id.String() }

// CheckoutIDFromStream parses a checkout stream id back into the checkout id.
func CheckoutIDFromStream(streamID string) (uuid.UUID, error) {
	rest, ok := strings.CutPrefix(streamID, CheckoutStreamPrefix)
	if !ok {
		return uuid.Nil, fmt.Errorf("billing: %q is not a checkout stream", streamID)
	}
	id, err := uuid.Parse(rest)
	if err != nil {
		return uuid.Nil, fmt.Errorf("billing: checkout stream %q: %w", streamID, err)
	}
	return id, nil
}

// Status is where a checkout stands.
type Status string

// Checkout statuses. Completed is final for the sale; refunds are recorded on top of it.
const (
	StatusNone      Status = ""
	StatusStarted   Status = "started"
	StatusCompleted Status = "completed"
	StatusFailed    Status = "failed"
	StatusExpired   Status = "expired"
)

// Failure reasons recorded in CheckoutFailed.
const (
	FailureProvider      = "provider_error"
	FailurePaymentFailed = "payment_failed"
)

// Checkout is the purchase aggregate (stream "checkout-<id>"). Its one job: say whether the
// purchase is to be fulfilled now, exactly once, whatever order and however often the payment
// provider's messages arrive.
type Checkout struct {
	id      uuid.UUID
	version int64
	status  Status
	started CheckoutStarted

	sessionID       string
	testMode        bool
	amountPaidCents int64
	paymentIntentID string
	refundedCents   int64
	tokensDue       int64
	tokensRevoked   int64

	changes []Event
}

// NewCheckout is a checkout with no stream yet.
func NewCheckout(id uuid.UUID) *Checkout { return &Checkout{id: id} }

// CheckoutFromHistory replays a checkout's events in stream order.
func CheckoutFromHistory(id uuid.UUID, events []Event) *Checkout {
	c := NewCheckout(id)
	for _, e := range events {
		c.apply(e)
		c.version++
	}
	return c
}

// ID is the checkout id (ours, not the provider's).
func (c *Checkout) ID() uuid.UUID { return c.id }

// Version is the stream version the checkout was loaded at.
func (c *Checkout) Version() int64 { return c.version }

// Changes are the events recorded since loading.
func (c *Checkout) Changes() []Event { return c.changes }

// Status is where the checkout stands, uncommitted changes included.
func (c *Checkout) Status() Status { return c.status }

// Started is what the checkout is for (zero before Start).
func (c *Checkout) Started() CheckoutStarted { return c.started }

// SessionID is the payment provider's session, once opened.
func (c *Checkout) SessionID() string { return c.sessionID }

// TestMode reports whether the session is the local test-mode one.
func (c *Checkout) TestMode() bool { return c.testMode }

// AmountPaidCents is what the provider reported paid.
func (c *Checkout) AmountPaidCents() int64 { return c.amountPaidCents }

// AmountPaidOr is the amount paid, or fallback when the provider did not report one.
func (c *Checkout) AmountPaidOr(fallback int64) int64 {
	if c.amountPaidCents > 0 {
		return c.amountPaidCents
	}
	return fallback
}

// PaymentIntentID is the provider's payment, once completed (refunds name it).
func (c *Checkout) PaymentIntentID() string { return c.paymentIntentID }

// RefundedCents is the total refunded so far.
func (c *Checkout) RefundedCents() int64 { return c.refundedCents }

// TokensRevoked is how many purchased tokens refunds took back.
func (c *Checkout) TokensRevoked() int64 { return c.tokensRevoked }

func (c *Checkout) record(e Event) {
	c.apply(e)
	c.changes = append(c.changes, e)
}

func (c *Checkout) apply(e Event) {
	switch e := e.(type) {
	case CheckoutStarted:
		c.status, c.started = StatusStarted, e
	case CheckoutSessionOpened:
		c.sessionID, c.testMode = e.StripeSessionID, e.TestMode
	case CheckoutCompleted:
		c.status, c.amountPaidCents, c.paymentIntentID = StatusCompleted, e.AmountPaidCents, e.StripePaymentIntentID
		if e.StripeSessionID != "" {
			c.sessionID = e.StripeSessionID
		}
	case CheckoutFailed:
		c.status = StatusFailed
	case CheckoutExpired:
		c.status = StatusExpired
	case CheckoutRefunded:
		c.refundedCents = max(c.refundedCents, e.AmountRefundedCents)
		c.tokensDue += e.TokensDue
		c.tokensRevoked += e.TokensRevoked
	}
}

// StartInput is a validated purchase request.
type StartInput struct {
	UserID     uuid.UUID
	Pack       Pack
	Currency   Currency
	PriceCents int64
	Promo      Promo
}

// Start opens the checkout at the pack's price less the promo.
func (c *Checkout) Start(in StartInput) (CheckoutStarted, error) {
	if c.status != StatusNone {
		return CheckoutStarted{}, fmt.Errorf("%w: %s is %s", ErrCheckoutClosed, c.id, c.status)
	}
	if in.UserID == uuid.Nil || in.Pack.ID == "" || in.Pack.Tokens <= 0 || in.PriceCents <= 0 {
		return CheckoutStarted{}, fmt.Errorf("%w: incomplete purchase", ErrUnknownPack)
	}
	e := CheckoutStarted{
		UserID: in.UserID, PackID: in.Pack.ID, Tokens: in.Pack.Tokens,
		AmountCents: in.Promo.Apply(in.PriceCents), Currency: in.Currency, PromoCode: in.Promo.Code,
	}
	c.record(e)
	return e, nil
}

// OpenSession records the provider's session; the same session again records nothing.
func (c *Checkout) OpenSession(sessionID string, testMode bool) error {
	if c.status == StatusNone {
		return ErrNotStarted
	}
	if c.status != StatusStarted {
		return fmt.Errorf("%w: %s is %s", ErrCheckoutClosed, c.id, c.status)
	}
	if c.sessionID == sessionID {
		return nil
	}
	c.record(CheckoutSessionOpened{StripeSessionID: sessionID, TestMode: testMode})
	return nil
}

// Payment is the provider's report that a checkout was paid.
type Payment struct {
	StripeEventID   string
	SessionID       string
	AmountPaidCents int64
	PaymentIntentID string
}

// Complete records the payment. It returns true when the tokens are to be granted now, false
// when the checkout was already completed (a replayed or concurrent report: nothing happens).
// A payment reported after a failure or expiry we recorded still completes: the buyer paid, so
// the buyer gets the tokens.
func (c *Checkout) Complete(p Payment) (bool, error) {
	switch c.status {
	case StatusNone:
		return false, ErrNotStarted
	case StatusCompleted:
		return false, nil
	}
	c.record(CheckoutCompleted{
		StripeEventID: p.StripeEventID, StripeSessionID: p.SessionID,
		AmountPaidCents: p.AmountPaidCents, StripePaymentIntentID: p.PaymentIntentID,
	})
	return true, nil
}

// Fail marks an open checkout failed; a completed or already closed checkout stays as it is.
func (c *Checkout) Fail(reason, stripeEventID string) error {
	switch c.status {
	case StatusNone:
		return ErrNotStarted
	case StatusStarted:
		c.record(CheckoutFailed{Reason: reason, StripeEventID: stripeEventID})
	}
	return nil
}

// Expire marks an open checkout expired; a completed or already closed checkout stays as it is.
func (c *Checkout) Expire(stripeEventID string) error {
	switch c.status {
	case StatusNone:
		return ErrNotStarted
	case StatusStarted:
		c.record(CheckoutExpired{StripeEventID: stripeEventID})
	}
	return nil
}

// RefundedWithin is a refund total as the checkout may record it: never more than the payment
// (a provider reporting more is a fault or a forged event; the payment is all that can have come
// back), and clamped reports whether it was cut. A checkout whose amount paid was not reported
// (0) keeps the total as given.
func (c *Checkout) RefundedWithin(refundedCents int64) (total int64, clamped bool) {
	if paid := c.amountPaidCents; paid > 0 && refundedCents > paid {
		return paid, true
	}
	return refundedCents, false
}

// TokensDueForRefund is how many more purchased tokens a refund totalling refundedCents asks
// back: the share of the pack the refund covers (all of it for a full refund), less what
// earlier refunds already asked. 0 when nothing more is due (a replay, or a smaller total).
func (c *Checkout) TokensDueForRefund(refundedCents int64) (int64, error) {
	if c.status != StatusCompleted {
		return 0, fmt.Errorf("%w: %s is %s", ErrNotCompleted, c.id, c.status)
	}
	refundedCents, _ = c.RefundedWithin(refundedCents)
	if refundedCents <= c.refundedCents {
		return 0, nil
	}
	tokens := c.started.Tokens
	target := tokens
	if paid := c.amountPaidCents; paid > 0 && refundedCents < paid {
		target = tokens * refundedCents / paid
	}
	return max(0, target-c.tokensDue), nil
}

// Refund records a refund totalling refundedCents (at most the payment, RefundedWithin), for
// which due tokens were asked back and revoked taken (revoked <= due: spent tokens cannot be
// taken back). A total not above the one recorded is a replay and records nothing.
func (c *Checkout) Refund(stripeEventID, chargeID string, refundedCents, due, revoked int64) error {
	if c.status != StatusCompleted {
		return fmt.Errorf("%w: %s is %s", ErrNotCompleted, c.id, c.status)
	}
	refundedCents, _ = c.RefundedWithin(refundedCents)
	if refundedCents <= c.refundedCents {
		return nil
	}
	if revoked < 0 || revoked > due {
		return fmt.Errorf("%w: %s revokes %d of %d tokens due", ErrInvalidRefund, c.id, revoked, due)
	}
	c.record(CheckoutRefunded{
		StripeEventID: stripeEventID, StripeChargeID: chargeID,
		AmountRefundedCents: refundedCents, TokensDue: due, TokensRevoked: revoked,
	})
	return nil
}
