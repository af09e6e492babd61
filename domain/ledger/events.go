package ledger

import (
	"encoding/json"
	"fmt"

	"github.com/gamelle/gamelle/domain/eventcodec"
)

// Stable event type names. Change a payload incompatibly by adding a .v2, never by editing.
const (
	TypeTokensGranted     = "TokensGranted.v1"
	TypeTokensCharged     = "TokensCharged.v1"
	TypePromoCodeRedeemed = "PromoCodeRedeemed.v1"
	TypeTokensRevoked     = "TokensRevoked.v1"
	TypePromoCodeReserved = "PromoCodeReserved.v1"
	TypePromoCodeReleased = "PromoCodeReleased.v1"
)

// Event is a wallet event. Payloads carry ids and amounts only, never personal data.
type Event interface {
	// EventType is the stable versioned name.
	EventType() string
	// BalanceAfterEvent is the wallet balance once the event applies.
	BalanceAfterEvent() int64
	// Delta is the signed change in balance.
	Delta() int64
}

// TokensGranted adds tokens: sign-up bonus, purchase, admin grant or refund.
type TokensGranted struct {
	Amount       int64       `json:"amount"`
	Reason       GrantReason `json:"reason"`
	Ref          string      `json:"ref"`
	BalanceAfter int64       `json:"balanceAfter"`
}

// TokensCharged spends tokens on a recipe generation or a needs calculation.
type TokensCharged struct {
	Amount       int64        `json:"amount"`
	Reason       ChargeReason `json:"reason"`
	Ref          string       `json:"ref"`
	BalanceAfter int64        `json:"balanceAfter"`
}

// PromoCodeRedeemed records that the wallet used a promo code for a checkout. The balance does
// not change: the discount is on the price.
type PromoCodeRedeemed struct {
	Code         string `json:"code"`
	CheckoutID   string `json:"checkoutID"`
	BalanceAfter int64  `json:"balanceAfter"`
}

// PromoCodeReserved holds a promo code for an open checkout: no other checkout of the wallet may
// carry it until it is released or redeemed. The balance does not change.
type PromoCodeReserved struct {
	Code         string `json:"code"`
	CheckoutID   string `json:"checkoutID"`
	BalanceAfter int64  `json:"balanceAfter"`
}

// PromoCodeReleased frees a code its checkout held: the checkout expired or failed unpaid.
type PromoCodeReleased struct {
	Code         string `json:"code"`
	CheckoutID   string `json:"checkoutID"`
	BalanceAfter int64  `json:"balanceAfter"`
}

// EventType implements Event.
func (PromoCodeReserved) EventType() string { return TypePromoCodeReserved }

// BalanceAfterEvent implements Event.
func (e PromoCodeReserved) BalanceAfterEvent() int64 { return e.BalanceAfter }

// Delta implements Event.
func (PromoCodeReserved) Delta() int64 { return 0 }

// EventType implements Event.
func (PromoCodeReleased) EventType() string { return TypePromoCodeReleased }

// BalanceAfterEvent implements Event.
func (e PromoCodeReleased) BalanceAfterEvent() int64 { return e.BalanceAfter }

// Delta implements Event.
func (PromoCodeReleased) Delta() int64 { return 0 }

// TokensRevoked takes back purchased tokens when the purchase was refunded: at most what the
// balance holds, so it never goes below zero (tokens already spent stay spent).
type TokensRevoked struct {
	Amount       int64        `json:"amount"`
	Reason       RevokeReason `json:"reason"`
	Ref          string       `json:"ref"`
	BalanceAfter int64        `json:"balanceAfter"`
}

// EventType implements Event.
func (TokensRevoked) EventType() string { return TypeTokensRevoked }

// BalanceAfterEvent implements Event.
func (e TokensRevoked) BalanceAfterEvent() int64 { return e.BalanceAfter }

// Delta implements Event.
func (e TokensRevoked) Delta() int64 { return -e.Amount }

// EventType implements Event.
func (TokensGranted) EventType() string { return TypeTokensGranted }

// EventType implements Event.
func (TokensCharged) EventType() string { return TypeTokensCharged }

// EventType implements Event.
func (PromoCodeRedeemed) EventType() string { return TypePromoCodeRedeemed }

// BalanceAfterEvent implements Event.
func (e TokensGranted) BalanceAfterEvent() int64 { return e.BalanceAfter }

// BalanceAfterEvent implements Event.
func (e TokensCharged) BalanceAfterEvent() int64 { return e.BalanceAfter }

// BalanceAfterEvent implements Event.
func (e PromoCodeRedeemed) BalanceAfterEvent() int64 { return e.BalanceAfter }

// Delta implements Event.
func (e TokensGranted) Delta() int64 { return e.Amount }

// Delta implements Event.
func (e TokensCharged) Delta() int64 { return -e.Amount }

// Delta implements Event.
func (PromoCodeRedeemed) Delta() int64 { return 0 }

// ErrUnknownEventType is returned by Decode for a type this package does not know.
var ErrUnknownEventType = fmt.Errorf("ledger: unknown event type")

// decodeAs decodes payload as a T, one of this package's events.
func decodeAs[T Event](payload []byte) (Event, error) {
	var v T
	err := json.Unmarshal(payload, &v)
	return v, err
}

// codec lists the area's event types, each with the Go type it decodes into.
var codec = eventcodec.New("ledger", ErrUnknownEventType, map[string]func([]byte) (Event, error){
	TypeTokensGranted:     decodeAs[TokensGranted],
	TypeTokensCharged:     decodeAs[TokensCharged],
	TypePromoCodeRedeemed: decodeAs[PromoCodeRedeemed],
	TypeTokensRevoked:     decodeAs[TokensRevoked],
	TypePromoCodeReserved: decodeAs[PromoCodeReserved],
	TypePromoCodeReleased: decodeAs[PromoCodeReleased],
})

// Decode turns a stored event back into its Go value.
func Decode(eventType string, payload []byte) (Event, error) { return codec.Decode(eventType, payload) }

// IsLedgerEvent reports whether eventType is a wallet event the token read models record (balances,
// token history). Promo reservations (PromoCodeReserved, PromoCodeReleased) also live on the
// wallet stream but move no tokens and are not recorded there; Decode reads them all.
func IsLedgerEvent(eventType string) bool {
	switch eventType {
	case TypeTokensGranted, TypeTokensCharged, TypePromoCodeRedeemed, TypeTokensRevoked:
		return true
	}
	return false
}
