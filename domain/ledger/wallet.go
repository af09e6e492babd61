package ledger

import (
	"fmt"
	"strings"

	"github.com/google/uuid"
)

// Wallet is the aggregate. Behaviours check the rules and record events; state changes only
// when an event is applied, so replaying the stream rebuilds exactly the same wallet.
type Wallet struct {
	userID  uuid.UUID
	version int64
	balance int64

	// history is false when the wallet was built from its stream head only: enough to grant and
	// charge (the common, hot path), not to refund or redeem a promo code.
	history bool
	// refundable is what is left to refund per charge reference.
	refundable map[string]int64
	promos     map[string]bool
	// reserved is the checkout holding each reserved (not yet redeemed or released) code.
	reserved map[string]string

	changes []Event
}

// NewWallet is an empty wallet (no stream yet).
func NewWallet(userID uuid.UUID) *Wallet {
	return &Wallet{userID: userID, history: true, refundable: map[string]int64{}, promos: map[string]bool{}, reserved: map[string]string{}}
}

// FromHistory replays a wallet's events in stream order.
func FromHistory(userID uuid.UUID, events []Event) *Wallet {
	w := NewWallet(userID)
	for _, e := range events {
		w.apply(e)
		w.version++
	}
	return w
}

// FromHead builds a wallet from its stream head (version and the last event's balanceAfter).
// Grant and Charge work on it; Refund and RedeemPromo return ErrHistoryRequired.
func FromHead(userID uuid.UUID, version, balance int64) *Wallet {
	return &Wallet{userID: userID, version: version, balance: balance}
}

// UserID is the wallet owner.
func (w *Wallet) UserID() uuid.UUID { return w.userID }

// Version is the stream version the wallet was loaded at (before uncommitted changes).
func (w *Wallet) Version() int64 { return w.version }

// Balance includes uncommitted changes.
func (w *Wallet) Balance() int64 { return w.balance }

// Changes are the events recorded by behaviours since the wallet was loaded.
func (w *Wallet) Changes() []Event { return w.changes }

func (w *Wallet) record(e Event) {
	w.apply(e)
	w.changes = append(w.changes, e)
}

func (w *Wallet) apply(e Event) {
	w.balance = e.BalanceAfterEvent()
	switch e := e.(type) {
	case TokensCharged:
		if w.refundable != nil {
			w.refundable[e.Ref] += e.Amount
		}
	case TokensGranted:
		if e.Reason == ReasonRefund && w.refundable != nil {
			w.refundable[e.Ref] -= e.Amount
		}
	case PromoCodeRedeemed:
		if w.promos != nil {
			w.promos[normalizeCode(e.Code)] = true
			delete(w.reserved, normalizeCode(e.Code))
		}
	case PromoCodeReserved:
		if w.reserved != nil {
			w.reserved[normalizeCode(e.Code)] = e.CheckoutID
		}
	case PromoCodeReleased:
		if w.reserved != nil && w.reserved[normalizeCode(e.Code)] == e.CheckoutID {
			delete(w.reserved, normalizeCode(e.Code))
		}
	}
}

func checkAmount(amount int64) error {
	if amount <= 0 || amount > MaxAmount {
		return fmt.Errorf("%w: %d", ErrInvalidAmount, amount)
	}
	return nil
}

// Grant adds amount tokens. Refunds go through Refund, which checks the charge.
func (w *Wallet) Grant(amount int64, reason GrantReason, ref string) (TokensGranted, error) {
	if err := checkAmount(amount); err != nil {
		return TokensGranted{}, err
	}
	if !reason.Valid() || reason == ReasonRefund {
		return TokensGranted{}, fmt.Errorf("%w: grant reason %q", ErrInvalidReason, reason)
	}
	if reason == ReasonPurchase && ref == "" {
		return TokensGranted{}, fmt.Errorf("%w: a purchase names its checkout", ErrMissingRef)
	}
	e := TokensGranted{Amount: amount, Reason: reason, Ref: ref, BalanceAfter: w.balance + amount}
	w.record(e)
	return e, nil
}

// Charge spends amount tokens, failing with *InsufficientTokensError when the balance would go
// below zero.
func (w *Wallet) Charge(amount int64, reason ChargeReason, ref string) (TokensCharged, error) {
	if err := checkAmount(amount); err != nil {
		return TokensCharged{}, err
	}
	if !reason.Valid() {
		return TokensCharged{}, fmt.Errorf("%w: charge reason %q", ErrInvalidReason, reason)
	}
	if ref == "" {
		return TokensCharged{}, fmt.Errorf("%w: a charge names what it pays for", ErrMissingRef)
	}
	if w.balance < amount {
		return TokensCharged{}, &InsufficientTokensError{Balance: w.balance, Requested: amount}
	}
	e := TokensCharged{Amount: amount, Reason: reason, Ref: ref, BalanceAfter: w.balance - amount}
	w.record(e)
	return e, nil
}

// Refund gives back up to what was charged under chargeRef and not refunded yet.
func (w *Wallet) Refund(amount int64, chargeRef string) (TokensGranted, error) {
	if err := checkAmount(amount); err != nil {
		return TokensGranted{}, err
	}
	if chargeRef == "" {
		return TokensGranted{}, fmt.Errorf("%w: a refund names the charge", ErrMissingRef)
	}
	if !w.history {
		return TokensGranted{}, ErrHistoryRequired
	}
	if left := w.refundable[chargeRef]; left < amount {
		return TokensGranted{}, fmt.Errorf("%w: %q has %d refundable, asked %d", ErrNothingToRefund, chargeRef, left, amount)
	}
	e := TokensGranted{Amount: amount, Reason: ReasonRefund, Ref: chargeRef, BalanceAfter: w.balance + amount}
	w.record(e)
	return e, nil
}

// Revoke takes back up to amount purchased tokens for a refunded purchase (ref: its checkout),
// never more than the balance: it returns the event and true when something was taken, or
// false when the balance is already zero (nothing to record).
func (w *Wallet) Revoke(amount int64, reason RevokeReason, ref string) (TokensRevoked, bool, error) {
	if err := checkAmount(amount); err != nil {
		return TokensRevoked{}, false, err
	}
	if reason != ReasonPurchaseRefunded {
		return TokensRevoked{}, false, fmt.Errorf("%w: revoke reason %q", ErrInvalidReason, reason)
	}
	if ref == "" {
		return TokensRevoked{}, false, fmt.Errorf("%w: a revocation names the purchase", ErrMissingRef)
	}
	take := min(amount, w.balance)
	if take <= 0 {
		return TokensRevoked{}, false, nil
	}
	e := TokensRevoked{Amount: take, Reason: reason, Ref: ref, BalanceAfter: w.balance - take}
	w.record(e)
	return e, true, nil
}

// RedeemPromo records the use of a promo code for a checkout; each code once per wallet.
func (w *Wallet) RedeemPromo(code, checkoutID string) (PromoCodeRedeemed, error) {
	code = normalizeCode(code)
	if code == "" || checkoutID == "" {
		return PromoCodeRedeemed{}, fmt.Errorf("%w: promo code and checkout", ErrMissingRef)
	}
	if !w.history {
		return PromoCodeRedeemed{}, ErrHistoryRequired
	}
	if w.promos[code] {
		return PromoCodeRedeemed{}, fmt.Errorf("%w: %s", ErrPromoAlreadyRedeemed, code)
	}
	e := PromoCodeRedeemed{Code: code, CheckoutID: checkoutID, BalanceAfter: w.balance}
	w.record(e)
	return e, nil
}

// ReservePromo holds code for the open checkout checkoutID, so that at most one open or paid
// checkout carries it: ErrPromoAlreadyRedeemed when a paid checkout used it, ErrPromoReserved
// when another open checkout holds it. The same checkout again records nothing (false).
func (w *Wallet) ReservePromo(code, checkoutID string) (PromoCodeReserved, bool, error) {
	code = normalizeCode(code)
	if code == "" || checkoutID == "" {
		return PromoCodeReserved{}, false, fmt.Errorf("%w: promo code and checkout", ErrMissingRef)
	}
	if !w.history {
		return PromoCodeReserved{}, false, ErrHistoryRequired
	}
	if w.promos[code] {
		return PromoCodeReserved{}, false, fmt.Errorf("%w: %s", ErrPromoAlreadyRedeemed, code)
	}
	switch holder, ok := w.reserved[code]; {
	case ok && holder == checkoutID:
		return PromoCodeReserved{}, false, nil
	case ok:
		return PromoCodeReserved{}, false, fmt.Errorf("%w: %s is held by checkout %s", ErrPromoReserved, code, holder)
	}
	e := PromoCodeReserved{Code: code, CheckoutID: checkoutID, BalanceAfter: w.balance}
	w.record(e)
	return e, true, nil
}

// ReleasePromo frees code when checkoutID holds it (its checkout ended unpaid); otherwise (never
// reserved, already released or redeemed, held by another checkout) it records nothing (false).
func (w *Wallet) ReleasePromo(code, checkoutID string) (PromoCodeReleased, bool, error) {
	code = normalizeCode(code)
	if code == "" || checkoutID == "" {
		return PromoCodeReleased{}, false, fmt.Errorf("%w: promo code and checkout", ErrMissingRef)
	}
	if !w.history {
		return PromoCodeReleased{}, false, ErrHistoryRequired
	}
	if w.reserved[code] != checkoutID {
		return PromoCodeReleased{}, false, nil
	}
	e := PromoCodeReleased{Code: code, CheckoutID: checkoutID, BalanceAfter: w.balance}
	w.record(e)
	return e, true, nil
}

// ReservedBy is the checkout holding code, or "" (needs history).
func (w *Wallet) ReservedBy(code string) string { return w.reserved[normalizeCode(code)] }

// HasRedeemed reports whether the wallet used code (needs history).
func (w *Wallet) HasRedeemed(code string) bool { return w.promos[normalizeCode(code)] }

func normalizeCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }
