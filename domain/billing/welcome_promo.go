package billing

import (
	"errors"
	"fmt"
	"strings"
)

// The first-order promo: shown at the end of onboarding, redeemed at checkout on the first
// completed purchase only.
const (
	WelcomePromoCode    = "BIENVENUE30"
	WelcomePromoPercent = 30
)

// NormalizePromoCode is how codes compare: case and surrounding spaces do not matter.
func NormalizePromoCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// BuyerHistory is what the promo rules need to know about the buyer, read from their wallet.
type BuyerHistory struct {
	// CompletedPurchases counts the purchases already granted.
	CompletedPurchases int
	// RedeemedCodes are the promo codes the wallet already used (normalised).
	RedeemedCodes []string
	// PendingCodes are the promo codes an open checkout holds (normalised).
	PendingCodes []string
}

func (h BuyerHistory) redeemed(code string) bool { return hasCode(h.RedeemedCodes, code) }

func (h BuyerHistory) pending(code string) bool { return hasCode(h.PendingCodes, code) }

func hasCode(codes []string, code string) bool {
	for _, c := range codes {
		if NormalizePromoCode(c) == code {
			return true
		}
	}
	return false
}

// Promo is a validated promo code with its discount.
type Promo struct {
	Code    string
	Percent int64
}

// CheckPromo validates code for a buyer with history h. An empty code is no promo. The only code
// is the welcome promo: once per account, only while no purchase was completed, and on one open
// checkout at a time (the wallet's reservation decides races; this is the early answer).
func CheckPromo(code string, h BuyerHistory) (Promo, error) {
	code = NormalizePromoCode(code)
	switch {
	case code == "":
		return Promo{}, nil
	case code != WelcomePromoCode:
		return Promo{}, fmt.Errorf("%w: %q", ErrUnknownPromo, code)
	case h.redeemed(code):
		return Promo{}, fmt.Errorf("%w: %s", ErrPromoUsed, code)
	case h.CompletedPurchases > 0:
		return Promo{}, fmt.Errorf("%w: %s after %d purchases", ErrPromoFirstOrderOnly, code, h.CompletedPurchases)
	case h.pending(code):
		return Promo{}, fmt.Errorf("%w: %s", ErrPromoPending, code)
	}
	return Promo{Code: code, Percent: WelcomePromoPercent}, nil
}

// WelcomePromoState says whether the welcome code can still be used by a buyer, and if not why,
// so the shop tells the truth: "used" only when this account redeemed it.
type WelcomePromoState string

// The states of the welcome code for one buyer.
const (
	WelcomePromoAvailable WelcomePromoState = "available"
	// WelcomePromoUsed: this account paid with the code.
	WelcomePromoUsed WelcomePromoState = "used"
	// WelcomePromoFirstOrderOnly: a first purchase was made without the code; the offer is over.
	WelcomePromoFirstOrderOnly WelcomePromoState = "first_order_only"
)

// WelcomePromoStateOf is the state of the welcome code for a buyer with history h. A code held by
// an open checkout is still available: the form explains, if they try it on a second checkout.
func WelcomePromoStateOf(h BuyerHistory) WelcomePromoState {
	_, err := CheckPromo(WelcomePromoCode, h)
	switch {
	case errors.Is(err, ErrPromoUsed):
		return WelcomePromoUsed
	case errors.Is(err, ErrPromoFirstOrderOnly):
		return WelcomePromoFirstOrderOnly
	}
	return WelcomePromoAvailable
}

// Apply is the price after the discount, the discount rounded half up to the cent like the
// payment provider rounds a percentage coupon (11.99 at 30 % → 8.39).
func (p Promo) Apply(priceCents int64) int64 {
	if p.Percent <= 0 {
		return priceCents
	}
	discount := (priceCents*p.Percent + 50) / 100
	return priceCents - discount
}
