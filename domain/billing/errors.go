package billing

import "errors"

// Domain errors. Handlers map them to translated field errors; none is retried.
var (
	// ErrUnknownPack: no pack with this id.
	ErrUnknownPack = errors.New("billing: unknown pack")
	// ErrPackRetired: the pack exists but is no longer sold.
	ErrPackRetired = errors.New("billing: pack retired")
	// ErrUnknownCurrency: the currency is not one the packs are priced in.
	ErrUnknownCurrency = errors.New("billing: unknown currency")
	// ErrPriceChanged: the buyer saw another price or token count than the pack has now.
	ErrPriceChanged = errors.New("billing: price or tokens differ from the pack")
	// ErrUnknownPromo: no such promo code.
	ErrUnknownPromo = errors.New("billing: unknown promo code")
	// ErrPromoUsed: the account already used the code.
	ErrPromoUsed = errors.New("billing: promo code already used")
	// ErrPromoPending: another open checkout of the account carries the code; it is free again
	// when that checkout expires or fails.
	ErrPromoPending = errors.New("billing: promo code held by another open checkout")
	// ErrPromoFirstOrderOnly: the code only applies to a first purchase.
	ErrPromoFirstOrderOnly = errors.New("billing: promo code only valid on the first purchase")
	// ErrInvalidPack: a pack edit breaks a rule (id, tokens, prices, badge).
	ErrInvalidPack = errors.New("billing: invalid pack")
	// ErrCheckoutClosed: the checkout already ended (completed, failed or expired).
	ErrCheckoutClosed = errors.New("billing: checkout already closed")
	// ErrNotStarted: the behaviour needs a started checkout.
	ErrNotStarted = errors.New("billing: checkout not started")
	// ErrInvalidRefund: a refund would take back more tokens than are due.
	ErrInvalidRefund = errors.New("billing: refund revokes more than is due")
	// ErrNotCompleted: refunds need a completed checkout.
	ErrNotCompleted = errors.New("billing: checkout not completed")
)

// PackError names the field of a pack edit that breaks a rule; errors.Is(err, ErrInvalidPack).
type PackError struct {
	Field  string
	Reason string
}

func (e *PackError) Error() string { return "billing: invalid pack " + e.Field + ": " + e.Reason }

// Is makes errors.Is(err, ErrInvalidPack) true.
func (e *PackError) Is(target error) bool { return target == ErrInvalidPack }
