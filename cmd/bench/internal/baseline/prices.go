package baseline

import (
	"errors"
	"sync"
)

// Currency of a price.
type Currency string

// Currencies a person can choose (docs/product.md §3).
const (
	EUR Currency = "EUR"
	USD Currency = "USD"
)

// Currencies lists the currencies.
var Currencies = []Currency{EUR, USD}

// PriceTable holds estimated retail prices in EUR per kg by CIQUAL group and subgroup (the
// shipped data/prices/prices.csv), possibly overridden by admins. They are estimates and are
// always shown as such. It is safe for concurrent use: Apply swaps the prices in place, so every
// holder of the pointer (meal-prep engine, shopping lists) sees an admin's change.
type PriceTable struct {
	mu         sync.RWMutex
	bySubgroup map[[2]string]float64
	byGroup    map[string]float64
	fallback   float64
}

// PriceRow is one price: a group and subgroup (both empty for the default, an empty subgroup
// for a whole group) and its estimate in EUR per kg.
type PriceRow struct {
	Group    string  `json:"group"`
	Subgroup string  `json:"subgroup"`
	EURPerKg float64 `json:"eurPerKg"`
}

// MaxPricePerKgEUR bounds an estimate: more than 1000 EUR per kg is a typo.
const MaxPricePerKgEUR = 1000

// ErrUnknownPriceRow: an override names a group and subgroup the shipped table does not have.
var ErrUnknownPriceRow = errors.New("no such price row")

// ErrBadPrice: an estimate is not in (0, MaxPricePerKgEUR].
var ErrBadPrice = errors.New("price out of range")

// ErrBadPrices is returned for a price file that is not group,subgroup,eur_per_kg.
var ErrBadPrices = errors.New("not a price table")

// PerKgEUR estimates a food's price: its own price when set, else its subgroup's, its group's or
// the default. Grains and legumes are priced dry; a cooked one (more than 40 g water per 100 g)
// costs its dry-matter share of the dry price, so cooked rice is not priced like raw rice.
func (t *PriceTable) PerKgEUR(f Food) float64 {
	if f.PricePerKgEUR > 0 {
		return f.PricePerKgEUR
	}
	if t == nil {
		return 0
	}
	t.mu.RLock()
	p, ok := t.bySubgroup[[2]string{f.Group, f.Subgroup}]
	if !ok {
		if p, ok = t.byGroup[f.Group]; !ok {
			p = t.fallback
		}
	}
	t.mu.RUnlock()
	if (f.Subgroup == "pasta, rice and grains" || f.Subgroup == "legumes") && f.Per100g.WaterG.Or(0) > 40 {
		p *= (100 - f.Per100g.WaterG.V) / 88 // dry products hold about 12 g water per 100 g
	}
	return p
}

// Money converts EUR into the person's currency at usdPerEUR (a configured rate).
func Money(eur float64, c Currency, usdPerEUR float64) float64 {
	if c == USD {
		return eur * usdPerEUR
	}
	return eur
}
