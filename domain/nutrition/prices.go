package nutrition

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
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
// shipped data/prices/prices.csv). They are estimates and are always shown as such.
type PriceTable struct {
	bySubgroup map[[2]string]float64
	byGroup    map[string]float64
	fallback   float64
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
	t := &PriceTable{bySubgroup: map[[2]string]float64{}, byGroup: map[string]float64{}}
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
		switch {
		case rec[0] == "" && rec[1] == "":
			t.fallback = p
		case rec[1] == "":
			t.byGroup[rec[0]] = p
		default:
			t.bySubgroup[[2]string{rec[0], rec[1]}] = p
		}
	}
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
	p, ok := t.bySubgroup[[2]string{f.Group, f.Subgroup}]
	if !ok {
		if p, ok = t.byGroup[f.Group]; !ok {
			p = t.fallback
		}
	}
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
