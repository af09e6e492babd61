package nutrition

import (
	"errors"

	"github.com/gamelle/gamelle/domain/fault"
)

// Diet is what a person eats; it decides which food groups a recipe may use (docs/product.md).
type Diet string

// Diets offered.
const (
	Omnivore   Diet = "omnivore"
	Vegetarian Diet = "vegetarian"
	Vegan      Diet = "vegan"
)

// Diets lists the diets in display order.
var Diets = []Diet{Omnivore, Vegetarian, Vegan}

// Objective is what a person wants from their meals; it adjusts their daily calories.
type Objective string

// Objectives offered. Recomposition is "muscle gain and weight loss".
const (
	WeightLoss    Objective = "weight_loss"
	MuscleGain    Objective = "muscle_gain"
	Recomposition Objective = "recomposition"
	Maintenance   Objective = "maintenance"
)

// Objectives lists the objectives in display order.
var Objectives = []Objective{WeightLoss, MuscleGain, Recomposition, Maintenance}

// Reasons a preference is refused.
var (
	ErrDietInvalid      = errors.New("diet invalid")
	ErrObjectiveInvalid = fault.New(fault.Invalid, "survey", "batchcook.error.survey", "objective invalid")
)

// ParseDiet accepts one of Diets.
func ParseDiet(s string) (Diet, error) {
	for _, d := range Diets {
		if string(d) == s {
			return d, nil
		}
	}
	return "", ErrDietInvalid
}

// ParseObjective accepts one of Objectives.
func ParseObjective(s string) (Objective, error) {
	for _, o := range Objectives {
		if string(o) == s {
			return o, nil
		}
	}
	return "", ErrObjectiveInvalid
}
