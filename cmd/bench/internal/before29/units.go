package before29

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Units is a person's measurement system (docs/product.md §3: grams or pounds).
type Units string

// Measurement systems.
const (
	Metric   Units = "grams"
	Imperial Units = "pounds"
)

// ErrUnitsInvalid means the measurement system is not grams or pounds.
var ErrUnitsInvalid = errors.New("measurement system invalid")

// Exact definitions (international yard and pound agreement, 1959).
const (
	GramsPerPound = 453.59237
	GramsPerOunce = GramsPerPound / 16
)

// FormatMass writes a mass for people: "850 g" and "1,25 kg" (French decimal comma, no-break
// space) or "1.25 kg"; in pounds "14 oz", "1 lb 2 oz". Ounces are rounded up, as a shopping list
// must not fall short; grams and kilograms are shown to the gram.
func FormatMass(grams float64, units Units, locale string) string {
	if grams < 0 || math.IsNaN(grams) {
		grams = 0
	}
	sep := " "
	if locale != "en" {
		sep = "\u00a0"
	}
	if units == Imperial {
		oz := int(math.Ceil(grams/GramsPerOunce - 1e-9))
		lb, rest := oz/16, oz%16
		switch {
		case lb == 0:
			return fmt.Sprintf("%d%soz", oz, sep)
		case rest == 0:
			return fmt.Sprintf("%d%slb", lb, sep)
		}
		return fmt.Sprintf("%d%slb %d%soz", lb, sep, rest, sep)
	}
	g := math.Round(grams)
	if g < 1000 {
		return fmt.Sprintf("%d%sg", int(g), sep)
	}
	kg := strconv.FormatFloat(g/1000, 'f', -1, 64)
	if locale != "en" {
		kg = strings.Replace(kg, ".", ",", 1)
	}
	return kg + sep + "kg"
}
