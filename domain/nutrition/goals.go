package nutrition

import (
	"math"

	"github.com/gamelle/gamelle/domain/fault"
)

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
	ErrGoalKcalOutOfRange    = fault.New(fault.Invalid, "kcal", "batchcook.error.goal_kcal", "calorie goal out of range")
	ErrGoalProteinOutOfRange = fault.New(fault.Invalid, "proteinG", "batchcook.error.goal_macro", "protein goal out of range")
	ErrGoalFatOutOfRange     = fault.New(fault.Invalid, "fatG", "batchcook.error.goal_macro", "fat goal out of range")
	ErrGoalCarbsOutOfRange   = fault.New(fault.Invalid, "carbsG", "batchcook.error.goal_macro", "carbohydrate goal out of range")
	// ErrGoalKcalInconsistent: the calories differ from the macros' 4/9/4 kcal by more than 15 %,
	// a target no recipe can honour (the engine refuses it too: inconsistent_target).
	ErrGoalKcalInconsistent = fault.New(fault.Invalid, "kcal", "batchcook.error.goal_inconsistent", "calorie goal does not match the macronutrients")
	// ErrGoalNegative is a figure below zero (a calorie goal of zero or less): a sign typed by
	// mistake, told as such rather than as a missing or out-of-range value.
	ErrGoalNegative = fault.New(fault.Invalid, "kcal", "batchcook.error.goal_negative", "goal must be positive")
)

// Validate returns one error per refused field, keyed by the form's field name (kcal,
// proteinG, fatG, carbsG); nil when all are accepted. A negative figure is ErrGoalNegative, a
// figure outside its bounds its own out-of-range error; when every figure is within bounds,
// calories that contradict the grams (ConsistentTarget, the engine's rule) are
// ErrGoalKcalInconsistent on kcal (Goals.MacroKcal tells what the grams add up to).
func (g Goals) Validate() map[string]error {
	out := map[string]error{}
	check := func(field string, v, lo, hi int, outOfRange error) {
		switch {
		case v < 0 || (field == "kcal" && v == 0):
			out[field] = ErrGoalNegative
		case v < lo || v > hi:
			out[field] = outOfRange
		}
	}
	check("kcal", g.Kcal, MinGoalKcal, MaxGoalKcal, ErrGoalKcalOutOfRange)
	check("proteinG", g.ProteinG, 0, MaxGoalProteinG, ErrGoalProteinOutOfRange)
	check("fatG", g.FatG, 0, MaxGoalFatG, ErrGoalFatOutOfRange)
	check("carbsG", g.CarbsG, 0, MaxGoalCarbsG, ErrGoalCarbsOutOfRange)
	if len(out) == 0 && !ConsistentTarget(g.macros()) {
		out["kcal"] = ErrGoalKcalInconsistent
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Macros are the goals as the engine's target type, the daily figures meal targets are taken
// from (MealTarget).
func (g Goals) Macros() Macros { return g.macros() }

func (g Goals) macros() Macros {
	return Macros{Kcal: float64(g.Kcal), ProteinG: float64(g.ProteinG), FatG: float64(g.FatG), CarbsG: float64(g.CarbsG)}
}

// MacroKcal is the energy of the gram goals at 4 kcal per gram of protein and carbohydrate and
// 9 per gram of fat, rounded to the kcal.
func (g Goals) MacroKcal() int { return int(math.Round(KcalFromMacros(g.macros()))) }

// ReferenceDailyKcal is the adult reference intake the first goals start from before any needs
// calculation (the figure food labels use).
const ReferenceDailyKcal = 2000

// StarterGoals are a person's first goals from what the onboarding asked (objective and preset,
// no body figures): the reference intake adjusted as the needs calculation adjusts for the
// objective, rounded to 50 kcal, split by the preset. A needs calculation replaces them.
func StarterGoals(o Objective, p MacroPreset) (Goals, error) {
	adj, err := objectiveAdjustment(o)
	if err != nil {
		return Goals{}, err
	}
	kcal := int(math.Round(ReferenceDailyKcal*(1+adj)/50) * 50)
	return GoalsForPreset(kcal, p)
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
