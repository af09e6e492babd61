package baseline

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
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
	shipped    []PriceRow
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

// ValidPrice reports whether p is an acceptable estimate in EUR per kg.
func ValidPrice(p float64) bool {
	return p > 0 && p <= MaxPricePerKgEUR && !math.IsNaN(p) && !math.IsInf(p, 0)
}

// Shipped returns the shipped row for group and subgroup.
func (t *PriceTable) Shipped(group, subgroup string) (PriceRow, bool) {
	for _, r := range t.shipped {
		if r.Group == group && r.Subgroup == subgroup {
			return r, true
		}
	}
	return PriceRow{}, false
}

// Rows returns the current prices (overrides applied) in the shipped order, for display.
func (t *PriceTable) Rows() []PriceRow {
	t.mu.RLock()
	defer t.mu.RUnlock()
	out := make([]PriceRow, len(t.shipped))
	for i, r := range t.shipped {
		out[i] = PriceRow{Group: r.Group, Subgroup: r.Subgroup, EURPerKg: t.lookupLocked(r.Group, r.Subgroup)}
	}
	return out
}

// ShippedRows returns the shipped prices, ignoring overrides.
func (t *PriceTable) ShippedRows() []PriceRow { return append([]PriceRow(nil), t.shipped...) }

// Apply replaces every override by overrides: the table becomes the shipped prices with these
// on top (an empty list restores the shipped table). It checks every override first and
// changes nothing when one names an unknown row or an out-of-range price.
func (t *PriceTable) Apply(overrides []PriceRow) error {
	for _, o := range overrides {
		if _, ok := t.Shipped(o.Group, o.Subgroup); !ok {
			return fmt.Errorf("%w: %q / %q", ErrUnknownPriceRow, o.Group, o.Subgroup)
		}
		if !ValidPrice(o.EURPerKg) {
			return fmt.Errorf("%w: %q / %q: %v", ErrBadPrice, o.Group, o.Subgroup, o.EURPerKg)
		}
	}
	rows := append(t.ShippedRows(), overrides...) // later rows win
	bySubgroup, byGroup, fallback := index(rows)
	t.mu.Lock()
	t.bySubgroup, t.byGroup, t.fallback = bySubgroup, byGroup, fallback
	t.mu.Unlock()
	return nil
}

func index(rows []PriceRow) (map[[2]string]float64, map[string]float64, float64) {
	bySubgroup, byGroup, fallback := map[[2]string]float64{}, map[string]float64{}, 0.0
	for _, r := range rows {
		switch {
		case r.Group == "" && r.Subgroup == "":
			fallback = r.EURPerKg
		case r.Subgroup == "":
			byGroup[r.Group] = r.EURPerKg
		default:
			bySubgroup[[2]string{r.Group, r.Subgroup}] = r.EURPerKg
		}
	}
	return bySubgroup, byGroup, fallback
}

func (t *PriceTable) lookupLocked(group, subgroup string) float64 {
	if p, ok := t.bySubgroup[[2]string{group, subgroup}]; ok && subgroup != "" {
		return p
	}
	if p, ok := t.byGroup[group]; ok && group != "" {
		return p
	}
	return t.fallback
}

// ErrBadPrices is returned for a price file that is not group,subgroup,eur_per_kg.
var ErrBadPrices = errors.New("not a price table")

// ParsePrices reads a CSV with the header group,subgroup,eur_per_kg. A row with an empty subgroup
// is the group's price; the row with both empty is the price of foods without a group.
func ParsePrices(r io.Reader) (*PriceTable, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = 3
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrBadPrices, err)
	}
	if head[0] != "group" || head[1] != "subgroup" || head[2] != "eur_per_kg" {
		return nil, fmt.Errorf("%w: header is %q", ErrBadPrices, head)
	}
	t := &PriceTable{}
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrBadPrices, line, err)
		}
		p, err := strconv.ParseFloat(rec[2], 64)
		if err != nil || p <= 0 || math.IsInf(p, 0) {
			return nil, fmt.Errorf("%w: line %d: price %q", ErrBadPrices, line, rec[2])
		}
		t.shipped = append(t.shipped, PriceRow{Group: rec[0], Subgroup: rec[1], EURPerKg: p})
	}
	t.bySubgroup, t.byGroup, t.fallback = index(t.shipped)
	if t.fallback == 0 {
		return nil, fmt.Errorf("%w: no default row (empty group and subgroup)", ErrBadPrices)
	}
	return t, nil
}

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
