// Package season is the calendar of fruit and vegetables in season in metropolitan France (issue
// 24): which CIQUAL foods are in season in a month. Pure rules over the shipped data file
// (data/seasons); the recipe engine prefers in-season produce, the pages mark it.
package season

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Kind is fruit or vegetable.
type Kind string

// Kinds of produce. Aromatics (garlic, onion, shallot) season a dish: a meal prep short of
// vegetables is not offered them.
const (
	Fruit     Kind = "fruit"
	Vegetable Kind = "vegetable"
	Aromatic  Kind = "aromatic"
)

// Produce is one fruit or vegetable of the calendar.
type Produce struct {
	ID     string
	NameFR string
	NameEN string
	Kind   Kind
	// Months it is in season, bit m for month m (1–12).
	months uint16
	// Codes are the CIQUAL foods made of it.
	Codes []int
}

// In reports whether the produce is in season in month m.
func (p Produce) In(m time.Month) bool { return p.months&(1<<uint(m)) != 0 }

// Months lists the months it is in season, in calendar order.
func (p Produce) Months() []time.Month {
	var out []time.Month
	for m := time.January; m <= time.December; m++ {
		if p.In(m) {
			out = append(out, m)
		}
	}
	return out
}

// Calendar is the whole calendar, by produce and by CIQUAL code.
type Calendar struct {
	produce []Produce
	byCode  map[int]int // code → index in produce
}

// ErrFormat is a calendar file that cannot be read.
var ErrFormat = errors.New("season: malformed calendar")

// Parse reads a calendar CSV (produce,name_fr,name_en,kind,months,ciqual_codes).
func Parse(b []byte) (*Calendar, error) {
	r := csv.NewReader(bytes.NewReader(b))
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrFormat, err)
	}
	want := []string{"produce", "name_fr", "name_en", "kind", "months", "ciqual_codes"}
	if !slices.Equal(head, want) {
		return nil, fmt.Errorf("%w: header %v, want %v", ErrFormat, head, want)
	}
	c := &Calendar{byCode: map[int]int{}}
	for line := 2; ; line++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrFormat, line, err)
		}
		p := Produce{ID: rec[0], NameFR: rec[1], NameEN: rec[2], Kind: Kind(rec[3])}
		if p.Kind != Fruit && p.Kind != Vegetable && p.Kind != Aromatic {
			return nil, fmt.Errorf("%w: line %d: kind %q", ErrFormat, line, rec[3])
		}
		for _, f := range strings.Fields(rec[4]) {
			m, err := strconv.Atoi(f)
			if err != nil || m < 1 || m > 12 {
				return nil, fmt.Errorf("%w: line %d: month %q", ErrFormat, line, f)
			}
			p.months |= 1 << uint(m)
		}
		for _, f := range strings.Fields(rec[5]) {
			code, err := strconv.Atoi(f)
			if err != nil || code <= 0 {
				return nil, fmt.Errorf("%w: line %d: code %q", ErrFormat, line, f)
			}
			if prev, dup := c.byCode[code]; dup {
				return nil, fmt.Errorf("%w: line %d: code %d already belongs to %s", ErrFormat, line, code, c.produce[prev].ID)
			}
			c.byCode[code] = len(c.produce)
			p.Codes = append(p.Codes, code)
		}
		c.produce = append(c.produce, p)
	}
	return c, nil
}

// MustParse is Parse for the shipped file, which the tests prove readable.
func MustParse(b []byte) *Calendar {
	c, err := Parse(b)
	if err != nil {
		panic(err)
	}
	return c
}

// Of is the produce a CIQUAL food is made of, if the calendar knows it.
func (c *Calendar) Of(code int) (Produce, bool) {
	if c == nil {
		return Produce{}, false
	}
	i, ok := c.byCode[code]
	if !ok {
		return Produce{}, false
	}
	return c.produce[i], true
}

// InSeason reports whether a food is produce in season in month m; false for foods the
// calendar does not know (meat, grains, imported fruit).
func (c *Calendar) InSeason(code int, m time.Month) bool {
	p, ok := c.Of(code)
	return ok && p.In(m)
}

// OutOfSeason reports whether a food is produce the calendar knows and not in season in m.
func (c *Calendar) OutOfSeason(code int, m time.Month) bool {
	p, ok := c.Of(code)
	return ok && !p.In(m)
}

// All is the calendar's produce, in file order.
func (c *Calendar) All() []Produce { return slices.Clone(c.produce) }

// Vegetables in season in month m, in file order.
func (c *Calendar) Vegetables(m time.Month) []Produce {
	var out []Produce
	for _, p := range c.produce {
		if p.Kind == Vegetable && p.In(m) {
			out = append(out, p)
		}
	}
	return out
}
