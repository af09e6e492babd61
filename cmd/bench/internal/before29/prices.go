package before29

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

// PriceTable holds estimated retail prices in EUR per kg by CIQUAL group and subgroup, and by
// CIQUAL code where a subgroup is too coarse (the shipped data/prices/prices.csv), possibly
// overridden by admins. They are estimates and are always shown as such. It is safe for
// concurrent use: Apply swaps the prices in place, so every holder of the pointer (meal-prep
// engine, shopping lists) sees an admin's change.
//
// Admins override group and subgroup rows only. A food's own row follows its subgroup: when an
// admin sets the subgroup 20 % higher, the food costs 20 % more, so one override still moves
// every food it covers.
type PriceTable struct {
	mu         sync.RWMutex
	shipped    []PriceRow
	foods      map[int]PriceRow
	bySubgroup map[[2]string]float64
	byGroup    map[string]float64
	fallback   float64
	// shippedIdx is the index of the shipped rows alone, to scale a food's row by its
	// subgroup's override.
	shippedIdx priceIndex
}

// PriceRow is one price: a group and subgroup (both empty for the default, an empty subgroup
// for a whole group), or one food (Code set, Group and Subgroup are then the food's), and its
// estimate in EUR per kg.
type PriceRow struct {
	Group    string  `json:"group"`
	Subgroup string  `json:"subgroup"`
	EURPerKg float64 `json:"eurPerKg"`
	// Code is the CIQUAL code of a food's own row (0 for a group or subgroup row).
	Code int `json:"code,omitempty"`
}

type priceIndex struct {
	bySubgroup map[[2]string]float64
	byGroup    map[string]float64
	fallback   float64
}

func (x priceIndex) lookup(group, subgroup string) float64 {
	if p, ok := x.bySubgroup[[2]string{group, subgroup}]; ok && subgroup != "" {
		return p
	}
	if p, ok := x.byGroup[group]; ok && group != "" {
		return p
	}
	return x.fallback
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
		if r.Code == 0 && r.Group == group && r.Subgroup == subgroup {
			return r, true
		}
	}
	return PriceRow{}, false
}

func index(rows []PriceRow) priceIndex {
	bySubgroup, byGroup, fallback := map[[2]string]float64{}, map[string]float64{}, 0.0
	for _, r := range rows {
		switch {
		case r.Code != 0:
			continue
		case r.Group == "" && r.Subgroup == "":
			fallback = r.EURPerKg
		case r.Subgroup == "":
			byGroup[r.Group] = r.EURPerKg
		default:
			bySubgroup[[2]string{r.Group, r.Subgroup}] = r.EURPerKg
		}
	}
	return priceIndex{bySubgroup: bySubgroup, byGroup: byGroup, fallback: fallback}
}

func (t *PriceTable) lookupLocked(group, subgroup string) float64 {
	return priceIndex{bySubgroup: t.bySubgroup, byGroup: t.byGroup, fallback: t.fallback}.lookup(group, subgroup)
}

// ErrBadPrices is returned for a price file that is not group,subgroup,eur_per_kg[,code,food].
var ErrBadPrices = errors.New("not a price table")

// ParsePrices reads a CSV with the header group,subgroup,eur_per_kg, optionally followed by
// code,food. A row with an empty subgroup is the group's price; the row with both empty is the
// price of foods without a group; a row with a code is that CIQUAL food's own price (its group
// and subgroup are the food's; food is its name, for people reading the file).
func ParsePrices(r io.Reader) (*PriceTable, error) {
	cr := csv.NewReader(r)
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrBadPrices, err)
	}
	withCodes := len(head) == 5 && head[3] == "code" && head[4] == "food"
	if (len(head) != 3 && !withCodes) || head[0] != "group" || head[1] != "subgroup" || head[2] != "eur_per_kg" {
		return nil, fmt.Errorf("%w: header is %q", ErrBadPrices, head)
	}
	t := &PriceTable{foods: map[int]PriceRow{}}
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrBadPrices, line, err)
		}
		p, err := strconv.ParseFloat(rec[2], 64)
		if err != nil || !ValidPrice(p) {
			return nil, fmt.Errorf("%w: line %d: price %q", ErrBadPrices, line, rec[2])
		}
		row := PriceRow{Group: rec[0], Subgroup: rec[1], EURPerKg: p}
		if withCodes && rec[3] != "" {
			code, err := strconv.Atoi(rec[3])
			if err != nil || code <= 0 {
				return nil, fmt.Errorf("%w: line %d: code %q", ErrBadPrices, line, rec[3])
			}
			if _, dup := t.foods[code]; dup {
				return nil, fmt.Errorf("%w: line %d: code %d twice", ErrBadPrices, line, code)
			}
			row.Code = code
			t.foods[code] = row
		} else if _, dup := t.Shipped(row.Group, row.Subgroup); dup {
			return nil, fmt.Errorf("%w: line %d: %q / %q twice", ErrBadPrices, line, row.Group, row.Subgroup)
		}
		t.shipped = append(t.shipped, row)
	}
	t.shippedIdx = index(t.shipped)
	t.bySubgroup, t.byGroup, t.fallback = t.shippedIdx.bySubgroup, t.shippedIdx.byGroup, t.shippedIdx.fallback
	if t.fallback == 0 {
		return nil, fmt.Errorf("%w: no default row (empty group and subgroup)", ErrBadPrices)
	}
	return t, nil
}

// PerKgEUR estimates a food's price: its own price when set, else its row in the table (scaled
// by any override of its subgroup), else its subgroup's, its group's or the default. Grains and
// legumes are priced dry; a cooked one costs its dry equivalent (DryGrams), so cooked rice is
// not priced like raw rice.
func (t *PriceTable) PerKgEUR(f Food) float64 {
	if f.PricePerKgEUR > 0 {
		return f.PricePerKgEUR
	}
	if t == nil {
		return 0
	}
	return t.DryPerKgEUR(f) * DryGrams(f, 1000) / 1000
}

// DryPerKgEUR is the price of what a shop sells of the food: for a cooked grain or pulse, the
// dry product; for anything else, PerKgEUR.
func (t *PriceTable) DryPerKgEUR(f Food) float64 {
	if f.PricePerKgEUR > 0 {
		return f.PricePerKgEUR * 1000 / DryGrams(f, 1000)
	}
	if t == nil {
		return 0
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	p := t.lookupLocked(f.Group, f.Subgroup)
	if own, ok := t.foods[f.Code]; ok && f.Code != 0 {
		// The food's own price moves with its subgroup's override.
		if base := t.shippedIdx.lookup(own.Group, own.Subgroup); base > 0 {
			p = own.EURPerKg * t.lookupLocked(own.Group, own.Subgroup) / base
		} else {
			p = own.EURPerKg
		}
	}
	return p
}

// DryWaterG is the water of a dry grain or pulse per 100 g (CIQUAL's raw rice, pasta and
// lentils hold 9–13 g).
const DryWaterG = 12

// BoughtDry reports whether the food is a cooked grain or pulse (CIQUAL's "pasta, rice and
// grains" or "legumes" with more than 40 g water per 100 g): it is priced and bought dry.
func BoughtDry(f Food) bool {
	return (f.Subgroup == "pasta, rice and grains" || f.Subgroup == "legumes") && f.Per100g.WaterG.Or(0) > 40
}

// DryGrams converts grams of the food into grams of what is bought: for a cooked grain or pulse,
// the dry product that cooks into it (dry = cooked × (100 − water cooked) / (100 − DryWaterG));
// anything else is bought as it is.
func DryGrams(f Food, grams float64) float64 {
	if !BoughtDry(f) {
		return grams
	}
	return grams * (100 - f.Per100g.WaterG.V) / (100 - DryWaterG)
}

// Money converts EUR into the person's currency at usdPerEUR (a configured rate).
func Money(eur float64, c Currency, usdPerEUR float64) float64 {
	if c == USD {
		return eur * usdPerEUR
	}
	return eur
}
