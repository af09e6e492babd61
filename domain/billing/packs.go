// Package billing holds the rules of buying tokens: the packs on sale and how they compare, the
// checkout lifecycle and the first-order promotion. It is pure Go: prices are integer cents,
// never floats; no SQL, HTTP or payment SDK.
package billing

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Currency is an ISO 4217 code the product sells in.
type Currency string

// Currencies on sale.
const (
	EUR Currency = "EUR"
	USD Currency = "USD"
)

// Currencies lists every currency a pack is priced in, in display order.
func Currencies() []Currency { return []Currency{EUR, USD} }

// ParseCurrency accepts "eur", "EUR", " usd "; empty or unknown codes are an error.
func ParseCurrency(s string) (Currency, error) {
	c := Currency(strings.ToUpper(strings.TrimSpace(s)))
	if slices.Contains(Currencies(), c) {
		return c, nil
	}
	return "", fmt.Errorf("%w: %q", ErrUnknownCurrency, s)
}

// Badge marks a pack in the price table.
type Badge string

// Badges shown on packs.
const (
	BadgeNone        Badge = ""
	BadgeMostPopular Badge = "most_popular"
	BadgeBestValue   Badge = "best_value"
)

// Valid reports whether b is a known badge (or none).
func (b Badge) Valid() bool {
	return b == BadgeNone || b == BadgeMostPopular || b == BadgeBestValue
}

// Limits of a pack, far above anything sensible, so a typo cannot sell a million tokens.
const (
	MaxPackTokens     int64 = 100_000
	MaxPackPriceCents int64 = 1_000_000
)

var packIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// Pack is a number of tokens sold at a fixed price per currency.
type Pack struct {
	ID     string
	Tokens int64
	// Prices in cents per currency; every currency of Currencies() has one.
	Prices map[Currency]int64
	Badge  Badge
	// Active is false once an admin retired the pack: it is no longer sold, its history stays.
	Active bool
}

// Price is the pack's price in currency, and whether it is sold in it.
func (p Pack) Price(c Currency) (int64, bool) {
	v, ok := p.Prices[c]
	return v, ok && v > 0
}

// DefaultPacks are the packs on sale until an admin edits them: the same figures in euros and
// dollars. They seed the catalogue stream the first time the application starts.
func DefaultPacks() []Pack {
	same := func(c int64) map[Currency]int64 { return map[Currency]int64{EUR: c, USD: c} }
	return []Pack{
		{ID: "pack-20", Tokens: 20, Prices: same(499), Active: true},
		{ID: "pack-60", Tokens: 60, Prices: same(1199), Badge: BadgeMostPopular, Active: true},
		{ID: "pack-150", Tokens: 150, Prices: same(2499), Badge: BadgeBestValue, Active: true},
	}
}

// PackOffer is a pack priced in one currency with the figures the price table shows.
type PackOffer struct {
	Pack
	Currency   Currency
	PriceCents int64
	// PerTokenCents is the price of one token.
	PerTokenCents float64
	// TokensPerUnit is how many tokens one euro (or dollar) buys.
	TokensPerUnit float64
	// DiscountPercent is the saving per token against the smallest pack, rounded down.
	DiscountPercent int64
}

// Offers prices the active packs in currency, smallest first, and compares each against the
// smallest pack (the reference a buyer compares with). Packs not sold in currency are skipped.
func Offers(packs []Pack, currency Currency) []PackOffer {
	out := make([]PackOffer, 0, len(packs))
	for _, p := range packs {
		price, ok := p.Price(currency)
		if !p.Active || !ok || p.Tokens <= 0 {
			continue
		}
		out = append(out, PackOffer{
			Pack: p, Currency: currency, PriceCents: price,
			PerTokenCents: float64(price) / float64(p.Tokens),
			TokensPerUnit: float64(p.Tokens) * 100 / float64(price),
		})
	}
	slices.SortStableFunc(out, func(a, b PackOffer) int { return int(a.Tokens - b.Tokens) })
	if len(out) == 0 {
		return out
	}
	ref := out[0]
	for i := range out {
		// discount = 1 - (price/tokens) / (refPrice/refTokens), in integers to avoid float drift.
		num := out[i].PriceCents * ref.Tokens
		den := ref.PriceCents * out[i].Tokens
		if num < den {
			out[i].DiscountPercent = (den - num) * 100 / den
		}
	}
	return out
}
