// Package billing holds the rules of buying tokens: the packs on sale, how they compare, and
// the first-order promotion. It is pure Go: prices are integer cents, never floats.
package billing

// Currency is an ISO 4217 code the product sells in.
type Currency string

// Currencies on sale.
const (
	EUR Currency = "EUR"
	USD Currency = "USD"
)

// Badge marks a pack in the price table.
type Badge string

// Badges shown on packs.
const (
	BadgeNone        Badge = ""
	BadgeMostPopular Badge = "most_popular"
	BadgeBestValue   Badge = "best_value"
)

// Pack is a number of tokens sold at a fixed price.
type Pack struct {
	ID         string
	Tokens     int64
	PriceCents int64
	Badge      Badge
}

// DefaultPacks are the packs on sale until an admin edits them (DESIGN §6): the same figures in
// euros and dollars.
func DefaultPacks() []Pack {
	return []Pack{
		{ID: "pack-20", Tokens: 20, PriceCents: 499},
		{ID: "pack-60", Tokens: 60, PriceCents: 1199, Badge: BadgeMostPopular},
		{ID: "pack-150", Tokens: 150, PriceCents: 2499, Badge: BadgeBestValue},
	}
}

// PackOffer is a pack with the figures the price table shows.
type PackOffer struct {
	Pack
	// PerTokenCents is the price of one token.
	PerTokenCents float64
	// TokensPerUnit is how many tokens one euro (or dollar) buys.
	TokensPerUnit float64
	// DiscountPercent is the saving per token against the cheapest-per-pack offer, rounded down.
	DiscountPercent int64
}

// Offers computes the comparison figures of packs against the smallest pack (the reference a
// buyer compares with). Packs with no tokens or price are skipped as they cannot be compared.
func Offers(packs []Pack) []PackOffer {
	var ref *Pack
	for i := range packs {
		p := &packs[i]
		if p.Tokens <= 0 || p.PriceCents <= 0 {
			continue
		}
		if ref == nil || p.Tokens < ref.Tokens {
			ref = p
		}
	}
	out := make([]PackOffer, 0, len(packs))
	for _, p := range packs {
		if p.Tokens <= 0 || p.PriceCents <= 0 {
			continue
		}
		o := PackOffer{
			Pack:          p,
			PerTokenCents: float64(p.PriceCents) / float64(p.Tokens),
			TokensPerUnit: float64(p.Tokens) * 100 / float64(p.PriceCents),
		}
		// discount = 1 - (price/tokens) / (refPrice/refTokens), in integers to avoid float drift.
		num := p.PriceCents * ref.Tokens
		den := ref.PriceCents * p.Tokens
		if num < den {
			o.DiscountPercent = (den - num) * 100 / den
		}
		out = append(out, o)
	}
	return out
}
