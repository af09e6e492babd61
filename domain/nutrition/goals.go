package nutrition

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
	// ErrGoalKcalInconsistent: the calories differ from the macros' 4/9/4 kcal by more than 15 %,
	// a target no recipe can honour (the engine refuses it too: inconsistent_target).
	ErrGoalKcalInconsistent = errors.New("calorie goal does not match the macronutrients")
)

// Validate returns one error per field outside its bounds, keyed by the form's field name
// (kcal, proteinG, fatG, carbsG); nil when all are within.
func (g Goals) Validate() map[string]error {
	out := map[string]error{}
	if g.Kcal < MinGoalKcal || g.Kcal > MaxGoalKcal {
		out["kcal"] = ErrGoalKcalOutOfRange
	}
	if g.ProteinG < 0 || g.ProteinG > MaxGoalProteinG {
		out["proteinG"] = ErrGoalProteinOutOfRange
	}
	if g.FatG < 0 || g.FatG > MaxGoalFatG {
		out["fatG"] = ErrGoalFatOutOfRange
	}
	if g.CarbsG < 0 || g.CarbsG > MaxGoalCarbsG {
		out["carbsG"] = ErrGoalCarbsOutOfRange
	}
	if len(out) == 0 && !ConsistentTarget(Macros{Kcal: float64(g.Kcal), ProteinG: float64(g.ProteinG), FatG: float64(g.FatG), CarbsG: float64(g.CarbsG)}) {
		out["kcal"] = ErrGoalKcalInconsistent
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// GoalsForPreset splits kcal between the macronutrients by a preset (4/9/4 kcal per gram), the
// help offered to people who set their goals by hand.
func GoalsForPreset(kcal int, p MacroPreset) (Goals, error) {
	_, s, err := ParsePreset(string(p))
	if err != nil {
		return Goals{}, err
	}
	sum := float64(s.Protein + s.Fat + s.Carbs)
	k := float64(kcal)
	return Goals{
		Kcal:     kcal,
		ProteinG: int(k*float64(s.Protein)/sum/KcalPerGProtein + 0.5),
		FatG:     int(k*float64(s.Fat)/sum/KcalPerGFat + 0.5),
		CarbsG:   int(k*float64(s.Carbs)/sum/KcalPerGCarbs + 0.5),
	}, nil
}

// Goals are the needs' daily targets.
func (n Needs) Goals() Goals {
	return Goals{Kcal: n.Kcal, ProteinG: n.ProteinG, FatG: n.FatG, CarbsG: n.CarbsG}
}

// NeedsCalculationTokens is the price of one needs calculation (docs/profile.md).
const NeedsCalculationTokens = 10
