package baseline

import (
	"errors"
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
