package billing

import (
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/eventcodec"
)

// Stable event type names. Change a payload incompatibly by adding a .v2, never by editing.
const (
	TypePackSaved             = "PackSaved.v1"
	TypePackRetired           = "PackRetired.v1"
	TypeCheckoutStarted       = "CheckoutStarted.v1"
	TypeCheckoutSessionOpened = "CheckoutSessionOpened.v1"
	TypeCheckoutCompleted     = "CheckoutCompleted.v1"
	TypeCheckoutFailed        = "CheckoutFailed.v1"
	TypeCheckoutExpired       = "CheckoutExpired.v1"
	TypeCheckoutRefunded      = "CheckoutRefunded.v1"
)

// Event is a billing event. Payloads carry ids and amounts only, never personal data.
type Event interface {
	// EventType is the stable versioned name.
	EventType() string
}

// PackSaved creates or replaces a pack's figures (stream "packs").
type PackSaved struct {
	PackID string             `json:"packID"`
	Tokens int64              `json:"tokens"`
	Prices map[Currency]int64 `json:"prices"`
	Badge  Badge              `json:"badge"`
}

// PackRetired stops selling a pack; it stays in the history (stream "packs").
type PackRetired struct {
	PackID string `json:"packID"`
}

// CheckoutStarted opens a purchase: what is bought, at which price, with which promo.
type CheckoutStarted struct {
	UserID      uuid.UUID `json:"userID"`
	PackID      string    `json:"packID"`
	Tokens      int64     `json:"tokens"`
	AmountCents int64     `json:"amountCents"`
	Currency    Currency  `json:"currency"`
	PromoCode   string    `json:"promoCode"`
}

// CheckoutSessionOpened records the payment provider's session for the checkout.
type CheckoutSessionOpened struct {
	StripeSessionID string `json:"stripeSessionID"`
	// TestMode is true for the local test-mode checkout (no Stripe account).
	TestMode bool `json:"testMode"`
}

// CheckoutCompleted: the payment went through; the tokens are granted in the same transaction.
type CheckoutCompleted struct {
	// StripeEventID is the webhook event that completed it; empty when the success page did.
	StripeEventID         string `json:"stripeEventID"`
	StripeSessionID       string `json:"stripeSessionID"`
	AmountPaidCents       int64  `json:"amountPaidCents"`
	StripePaymentIntentID string `json:"stripePaymentIntentID,omitempty"`
}

// CheckoutFailed: the session could not be created or the payment failed. No tokens.
type CheckoutFailed struct {
	Reason        string `json:"reason"`
	StripeEventID string `json:"stripeEventID,omitempty"`
}

// CheckoutExpired: the buyer never paid and the session expired. No tokens.
type CheckoutExpired struct {
	StripeEventID string `json:"stripeEventID"`
}

// CheckoutRefunded records a (possibly partial) refund and the tokens taken back for it.
type CheckoutRefunded struct {
	StripeEventID  string `json:"stripeEventID"`
	StripeChargeID string `json:"stripeChargeID"`
	// AmountRefundedCents is the charge's total refunded so far (the provider reports totals).
	AmountRefundedCents int64 `json:"amountRefundedCents"`
	// TokensDue is how many more purchased tokens this refund asked back.
	TokensDue int64 `json:"tokensDue"`
	// TokensRevoked is how many were taken (fewer when some were already spent).
	TokensRevoked int64 `json:"tokensRevoked"`
}

// EventType implements Event.
func (PackSaved) EventType() string { return TypePackSaved }

// EventType implements Event.
func (PackRetired) EventType() string { return TypePackRetired }

// EventType implements Event.
func (CheckoutStarted) EventType() string { return TypeCheckoutStarted }

// EventType implements Event.
func (CheckoutSessionOpened) EventType() string { return TypeCheckoutSessionOpened }

// EventType implements Event.
func (CheckoutCompleted) EventType() string { return TypeCheckoutCompleted }

// EventType implements Event.
func (CheckoutFailed) EventType() string { return TypeCheckoutFailed }

// EventType implements Event.
func (CheckoutExpired) EventType() string { return TypeCheckoutExpired }

// EventType implements Event.
func (CheckoutRefunded) EventType() string { return TypeCheckoutRefunded }

// ErrUnknownEventType is returned by Decode for a type this package does not know.
var ErrUnknownEventType = fmt.Errorf("billing: unknown event type")

func decodeAs[T Event](payload []byte) (Event, error) {
	var v T
	err := json.Unmarshal(payload, &v)
	return v, err
}

// codec lists the area's event types, each with the Go type it decodes into.
var codec = eventcodec.New("billing", ErrUnknownEventType, map[string]func([]byte) (Event, error){
	TypePackSaved:             decodeAs[PackSaved],
	TypePackRetired:           decodeAs[PackRetired],
	TypeCheckoutStarted:       decodeAs[CheckoutStarted],
	TypeCheckoutSessionOpened: decodeAs[CheckoutSessionOpened],
	TypeCheckoutCompleted:     decodeAs[CheckoutCompleted],
	TypeCheckoutFailed:        decodeAs[CheckoutFailed],
	TypeCheckoutExpired:       decodeAs[CheckoutExpired],
	TypeCheckoutRefunded:      decodeAs[CheckoutRefunded],
})

// Decode turns a stored event back into its Go value.
func Decode(eventType string, payload []byte) (Event, error) { return codec.Decode(eventType, payload) }

// IsCheckoutEvent reports whether eventType belongs to a checkout stream.
func IsCheckoutEvent(eventType string) bool {
	switch eventType {
	case TypeCheckoutStarted, TypeCheckoutSessionOpened, TypeCheckoutCompleted, TypeCheckoutFailed,
		TypeCheckoutExpired, TypeCheckoutRefunded:
		return true
	}
	return false
}
