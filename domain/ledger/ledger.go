// Package ledger is the token wallet aggregate: one event stream per user ("wallet-<userID>")
// holding every grant, charge, refund and promo use. Each event records the balance after it,
// so the current balance is the stream head, and the rule balanceAfter >= 0 is enforced here.
//
// The package is pure: no SQL, no HTTP. wallets/ runs the commands against the event store.
package ledger

import (
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/fault"
)

// StreamPrefix starts every wallet stream id.
const StreamPrefix = "wallet-"

// StreamID is the event stream of a user's wallet.
func StreamID(userID uuid.UUID) string { return StreamPrefix + userID.String() }

// UserIDFromStream parses a wallet stream id back into the user id.
func UserIDFromStream(streamID string) (uuid.UUID, error) {
	if len(streamID) <= len(StreamPrefix) || streamID[:len(StreamPrefix)] != StreamPrefix {
		return uuid.Nil, fmt.Errorf("ledger: %q is not a wallet stream", streamID)
	}
	id, err := uuid.Parse(streamID[len(StreamPrefix):])
	if err != nil {
		return uuid.Nil, fmt.Errorf("ledger: wallet stream %q: %w", streamID, err)
	}
	return id, nil
}

// GrantReason says why tokens were added.
type GrantReason string

// Grant reasons (docs/events.md).
const (
	ReasonSignupBonus GrantReason = "signup_bonus"
	ReasonPurchase    GrantReason = "purchase"
	ReasonAdminGrant  GrantReason = "admin_grant"
	// ReasonRefund is only recorded by Wallet.Refund, which checks there is a charge to refund.
	ReasonRefund GrantReason = "refund"
)

// SignupBonus is how many tokens an account earns, once, when its address is first proven
// (granted with ReasonSignupBonus). Token amounts the product gives away are ledger rules;
// identity only decides when an address counts as proven.
const SignupBonus = 2

// Valid reports whether r is a known grant reason.
func (r GrantReason) Valid() bool {
	switch r {
	case ReasonSignupBonus, ReasonPurchase, ReasonAdminGrant, ReasonRefund:
		return true
	}
	return false
}

// ChargeReason says what tokens were spent on.
type ChargeReason string

// Charge reasons (docs/events.md).
const (
	ReasonRecipeGeneration ChargeReason = "recipe_generation"
	ReasonNeedsCalculation ChargeReason = "needs_calculation"
	// ReasonAdminDeduction: an admin took tokens away by hand (with a written reason kept in the
	// admin audit, not in the event). Like every charge it never takes the balance below zero.
	ReasonAdminDeduction ChargeReason = "admin_deduction"
)

// Valid reports whether r is a known charge reason.
func (r ChargeReason) Valid() bool {
	return r == ReasonRecipeGeneration || r == ReasonNeedsCalculation || r == ReasonAdminDeduction
}

// RevokeReason says why tokens were taken back.
type RevokeReason string

// ReasonPurchaseRefunded: the purchase that granted the tokens was refunded.
const ReasonPurchaseRefunded RevokeReason = "purchase_refunded"

// MaxAmount bounds one grant or charge, far above any real pack, so sums never overflow.
const MaxAmount int64 = 1_000_000_000

// Domain errors. Handlers map them to form errors; they are never retried.
var (
	// ErrInsufficientTokens: the charge would take the balance below zero.
	ErrInsufficientTokens = fault.New(fault.InsufficientTokens, "tokens", "mealprep.error.tokens", "ledger: insufficient tokens")
	// ErrInvalidAmount: amounts are positive integers up to MaxAmount.
	ErrInvalidAmount = errors.New("ledger: amount must be a positive integer")
	// ErrInvalidReason: the reason is not in the catalogue.
	ErrInvalidReason = errors.New("ledger: unknown reason")
	// ErrMissingRef: charges, refunds and purchases must say what they refer to.
	ErrMissingRef = errors.New("ledger: reference required")
	// ErrNothingToRefund: no charge with this reference, or it is already fully refunded.
	ErrNothingToRefund = errors.New("ledger: nothing left to refund for this reference")
	// ErrPromoAlreadyRedeemed: the wallet already used this promo code.
	ErrPromoAlreadyRedeemed = errors.New("ledger: promo code already redeemed")
	// ErrPromoReserved: another open checkout of the wallet holds this promo code.
	ErrPromoReserved = errors.New("ledger: promo code reserved by another checkout")
	// ErrHistoryRequired: the behaviour needs the full stream, not just its head.
	ErrHistoryRequired = errors.New("ledger: wallet loaded from its head; load the full stream")
)

// InsufficientTokensError carries the figures; errors.Is(err, ErrInsufficientTokens) matches it.
type InsufficientTokensError struct {
	Balance, Requested int64
}

func (e *InsufficientTokensError) Error() string {
	return fmt.Sprintf("ledger: insufficient tokens: balance %d, requested %d", e.Balance, e.Requested)
}

// Is makes errors.Is(err, ErrInsufficientTokens) true.
func (e *InsufficientTokensError) Is(target error) bool { return target == ErrInsufficientTokens }

// Unwrap gives ErrInsufficientTokens, so errors.As reads its fault (kind, field, key).
func (e *InsufficientTokensError) Unwrap() error { return ErrInsufficientTokens }
