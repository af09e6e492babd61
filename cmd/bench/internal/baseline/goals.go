package baseline

import "errors"

// Goals are a person's daily targets, set by hand or accepted from a needs calculation.
type Goals struct {
	Kcal     int `json:"kcal"`
	ProteinG int `json:"proteinG"`
	FatG     int `json:"fatG"`
	CarbsG   int `json:"carbsG"`
}

// Sane bounds for daily goals: below or above them a figure is a typing slip, not a diet.
const (
	MinGoalKcal     = 800
	MaxGoalKcal     = 6000
	MaxGoalProteinG = 400
	MaxGoalFatG     = 300
	MaxGoalCarbsG   = 900
)

// Reasons goals are refused, one per field.
var (
	ErrGoalKcalOutOfRange    = errors.New("calorie goal out of range")
	ErrGoalProteinOutOfRange = errors.New("protein goal out of range")
	ErrGoalFatOutOfRange     = errors.New("fat goal out of range")
	ErrGoalCarbsOutOfRange   = errors.New("carbohydrate goal out of range")
)

// NeedsCalculationTokens is the price of one needs calculation (docs/profile.md).
const NeedsCalculationTokens = 10
