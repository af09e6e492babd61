package before29

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// ciqualHeader is the column order of data/ciqual/foods.csv.
var ciqualHeader = []string{"code", "name_fr", "name_en", "group_fr", "group_en", "subgroup_fr", "subgroup_en",
	"kcal", "protein_g", "carbs_g", "fat_g", "sat_fat_g", "mono_fat_g", "poly_fat_g", "fibre_g", "sugars_g",
	"cholesterol_mg", "sodium_mg", "salt_g", "water_g"}

// ErrBadCIQUAL is returned for a file that is not the shipped CIQUAL export.
var ErrBadCIQUAL = errors.New("not a CIQUAL foods file")

// ReadCIQUAL parses data/ciqual/foods.csv into foods keyed by code. Empty cells (CIQUAL's "-")
// stay unknown. Prices are left at 0 (the price table applies).
func ReadCIQUAL(r io.Reader) (map[int]Food, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = len(ciqualHeader)
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrBadCIQUAL, err)
	}
	for i, h := range ciqualHeader {
		if head[i] != h {
			return nil, fmt.Errorf("%w: column %d is %q, want %q", ErrBadCIQUAL, i+1, head[i], h)
		}
	}
	foods := map[int]Food{}
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrBadCIQUAL, line, err)
		}
		code, err := strconv.Atoi(rec[0])
		if err != nil || code <= 0 {
			return nil, fmt.Errorf("%w: line %d: code %q", ErrBadCIQUAL, line, rec[0])
		}
		f := Food{Code: code, Name: Text{FR: rec[1], EN: rec[2]}, Group: rec[4], Subgroup: rec[6]}
		vals := f.Per100g.fields()
		for i, v := range vals {
			cell := rec[7+i]
			if cell == "" {
				continue
			}
			x, err := strconv.ParseFloat(cell, 64)
			if err != nil || x < 0 {
				return nil, fmt.Errorf("%w: line %d: %s is %q", ErrBadCIQUAL, line, ciqualHeader[7+i], cell)
			}
			*v = Of(x)
		}
		foods[f.Code] = f
	}
	if len(foods) == 0 {
		return nil, fmt.Errorf("%w: no rows", ErrBadCIQUAL)
	}
	return foods, nil
}
