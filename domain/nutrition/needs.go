package nutrition

import (
	"errors"
	"fmt"
	"math"

	"github.com/gamelle/gamelle/domain/fault"
)

// Sex selects the constant of the Mifflin–St Jeor equation.
type Sex string

// Sexes the equation knows.
const (
	Male   Sex = "male"
	Female Sex = "female"
)

// ActivityLevel is how active a person is on a usual week.
type ActivityLevel string

// Activity levels, from the least to the most active.
const (
	Sedentary  ActivityLevel = "sedentary"
	Light      ActivityLevel = "light"       // 1-3 days a week
	Moderate   ActivityLevel = "moderate"    // 3-5 days a week
	Active     ActivityLevel = "active"      // 6-7 days a week
	VeryActive ActivityLevel = "very_active" // physical job or twice a day
)

// ActivityLevels lists the levels in display order with their multipliers of the basal
// metabolic rate (the usual Harris-Benedict/Mifflin factors).
var ActivityLevels = []struct {
	Level  ActivityLevel
	Factor float64
}{
	{Sedentary, 1.2},
	{Light, 1.375},
	{Moderate, 1.55},
	{Active, 1.725},
	{VeryActive, 1.9},
}

// Body bounds accepted by the calculator; outside them the equation is not meant to be used.
const (
	MinWeightKg = 20
	MaxWeightKg = 400
	MinHeightCm = 100
	MaxHeightCm = 250
	MinAge      = 14
	MaxAge      = 110
)

// RecompositionProteinPerKg is the protein floor, in grams per kilogram of body weight, for
// people who want to gain muscle while losing fat.
const RecompositionProteinPerKg = 2.0

// Reasons a needs calculation is refused; each names the field at fault.
var (
	ErrWeightOutOfRange = fault.New(fault.Invalid, "weightKg", "batchcook.error.weight", "weight out of range")
	ErrHeightOutOfRange = fault.New(fault.Invalid, "heightCm", "batchcook.error.height", "height out of range")
	ErrAgeOutOfRange    = fault.New(fault.Invalid, "age", "batchcook.error.age", "age out of range")
	ErrSexInvalid       = fault.New(fault.Invalid, "survey", "batchcook.error.survey", "sex invalid")
	ErrActivityInvalid  = fault.New(fault.Invalid, "survey", "batchcook.error.survey", "activity level invalid")
	ErrMealSplitInvalid = errors.New("meal split must be four shares from 0 to 100 summing to 100")
)

// ParseSex accepts male or female.
func ParseSex(s string) (Sex, error) {
	switch Sex(s) {
	case Male, Female:
		return Sex(s), nil
	}
	return "", ErrSexInvalid
}

// ParseActivityLevel accepts one of ActivityLevels and returns its factor.
func ParseActivityLevel(s string) (ActivityLevel, float64, error) {
	for _, a := range ActivityLevels {
		if string(a.Level) == s {
			return a.Level, a.Factor, nil
		}
	}
	return "", 0, ErrActivityInvalid
}

// objectiveAdjustment is the share of maintenance calories added (negative: removed).
func objectiveAdjustment(o Objective) (float64, error) {
	switch o {
	case WeightLoss:
		return -0.20, nil
	case MuscleGain:
		return 0.10, nil
	case Recomposition:
		return -0.10, nil
	case Maintenance:
		return 0, nil
	}
	return 0, ErrObjectiveInvalid
}

// Body is what the needs equation takes, in metric units.
type Body struct {
	WeightKg float64 `json:"weightKg"`
	HeightCm float64 `json:"heightCm"`
	Age      int     `json:"age"`
	Sex      Sex     `json:"sex"`
}

// Validate checks the body is within the equation's bounds.
func (b Body) Validate() error {
	switch {
	case math.IsNaN(b.WeightKg) || b.WeightKg < MinWeightKg || b.WeightKg > MaxWeightKg:
		return ErrWeightOutOfRange
	case math.IsNaN(b.HeightCm) || b.HeightCm < MinHeightCm || b.HeightCm > MaxHeightCm:
		return ErrHeightOutOfRange
	case b.Age < MinAge || b.Age > MaxAge:
		return ErrAgeOutOfRange
	}
	_, err := ParseSex(string(b.Sex))
	return err
}

// BMR is the basal metabolic rate in kcal/day by the Mifflin–St Jeor equation:
// 10·kg + 6.25·cm − 5·age, +5 for men, −161 for women.
func (b Body) BMR() float64 {
	v := 10*b.WeightKg + 6.25*b.HeightCm - 5*float64(b.Age)
	if b.Sex == Male {
		return v + 5
	}
	return v - 161
}

// NeedsInput is everything the daily needs depend on.
type NeedsInput struct {
	Body      Body          `json:"body"`
	Activity  ActivityLevel `json:"activityLevel"`
	Objective Objective     `json:"objective"`
	Preset    MacroPreset   `json:"macroPreset"`
}

// Needs are a person's daily targets and every intermediate figure, so a page can explain
// how each number was found.
type Needs struct {
	BMR                 float64 `json:"bmr"`
	ActivityFactor      float64 `json:"activityFactor"`
	Maintenance         float64 `json:"maintenanceKcal"`
	ObjectiveAdjustment float64 `json:"objectiveAdjustment"` // e.g. -0.2 for weight loss
	Split               Split   `json:"split"`
	ProteinRaised       bool    `json:"proteinRaised"` // recomposition floor applied
	// Bounded: a physiological bound moved the preset's split; Bounds names which
	// (BoundProteinMin, BoundProteinMax, BoundFatMin), so a page can say why.
	Bounded  bool       `json:"bounded"`
	Bounds   []string   `json:"bounds"`
	Kcal     int        `json:"kcal"`
	ProteinG int        `json:"proteinG"`
	FatG     int        `json:"fatG"`
	CarbsG   int        `json:"carbsG"`
	Input    NeedsInput `json:"input"`
}

// Calories per gram of each macronutrient (Atwater general factors).
const (
	KcalPerGProtein = 4
	KcalPerGFat     = 9
	KcalPerGCarbs   = 4
)

// Physiological bounds on a preset's split (docs/nutrition.md, "Targets a plate can meet"):
// protein per kilogram of body weight between the usual adult reference intake and the upper
// bound of sports-nutrition position stands (ISSN 2017: 1.4–2.0, up to 2.2 g/kg), and fat at
// least 20 % of energy (EFSA's lower reference intake for adults).
const (
	MinProteinPerKg   = 0.8
	MaxProteinPerKg   = 2.2
	MinFatEnergyShare = 0.20
)

// Bounds that can move a preset's split; Needs.Bounds lists those that applied.
const (
	BoundProteinMin = "protein_min"
	BoundProteinMax = "protein_max"
	BoundFatMin     = "fat_min"
)

// boundedMacros splits kcal by the preset's shares, then holds protein within
// [floorPerKg, MaxProteinPerKg] g/kg (when weightKg > 0) and fat at no less than
// MinFatEnergyShare of energy; the energy a bound moves goes to the macros still free in the
// preset's proportion, until no free macro crosses a bound. It returns grams and the bounds
// that applied.
func boundedMacros(kcal float64, split Split, weightKg, floorPerKg float64) (protein, fat, carbs float64, bounds []string) {
	shares := [3]float64{float64(split.Protein), float64(split.Fat), float64(split.Carbs)}
	perG := [3]float64{KcalPerGProtein, KcalPerGFat, KcalPerGCarbs}
	var fixed [3]bool
	var e [3]float64 // kcal of each macro
	for range 3 {
		rest, free := kcal, 0.0
		for i := range 3 {
			if fixed[i] {
				rest -= e[i]
			} else {
				free += shares[i]
			}
		}
		for i := range 3 {
			if !fixed[i] && free > 0 {
				e[i] = math.Max(rest, 0) * shares[i] / free
			}
		}
		moved := false
		if !fixed[0] && weightKg > 0 {
			switch lo, hi := floorPerKg*weightKg*KcalPerGProtein, MaxProteinPerKg*weightKg*KcalPerGProtein; {
			case e[0] < lo:
				// A floor above the whole budget leaves nothing for fat and carbs, never less.
				e[0], fixed[0], moved = math.Min(lo, kcal), true, true
				if floorPerKg == MinProteinPerKg {
					bounds = append(bounds, BoundProteinMin)
				}
			case e[0] > hi:
				e[0], fixed[0], moved = hi, true, true
				bounds = append(bounds, BoundProteinMax)
			}
		}
		if !fixed[1] && e[1] < MinFatEnergyShare*kcal {
			e[1], fixed[1], moved = math.Min(MinFatEnergyShare*kcal, math.Max(kcal-e[0], 0)), true, true
			bounds = append(bounds, BoundFatMin)
		}
		if !moved {
			break
		}
	}
	return e[0] / perG[0], e[1] / perG[1], e[2] / perG[2], bounds
}

// CalculateNeeds applies the documented formula (docs/profile.md): Mifflin–St Jeor BMR × the
// activity factor, adjusted for the objective, then split between protein, fat and carbs by
// the preset (4/9/4 kcal per gram) within the physiological bounds (MinProteinPerKg,
// MaxProteinPerKg, MinFatEnergyShare): the energy a bound moves goes to the other macros in the
// preset's proportion, so the calorie target stays the same. For recomposition the protein
// floor is 2 g per kg instead of 0.8.
func CalculateNeeds(in NeedsInput) (Needs, error) {
	if err := in.Body.Validate(); err != nil {
		return Needs{}, err
	}
	_, factor, err := ParseActivityLevel(string(in.Activity))
	if err != nil {
		return Needs{}, err
	}
	adj, err := objectiveAdjustment(in.Objective)
	if err != nil {
		return Needs{}, err
	}
	_, split, err := ParsePreset(string(in.Preset))
	if err != nil {
		return Needs{}, err
	}
	n := Needs{BMR: in.Body.BMR(), ActivityFactor: factor, ObjectiveAdjustment: adj, Split: split, Input: in}
	n.Maintenance = n.BMR * factor
	kcal := n.Maintenance * (1 + adj)
	floor := MinProteinPerKg
	if in.Objective == Recomposition {
		floor = RecompositionProteinPerKg
	}
	protein, fat, carbs, bounds := boundedMacros(kcal, split, in.Body.WeightKg, floor)
	sum := float64(split.Protein + split.Fat + split.Carbs)
	n.ProteinRaised = in.Objective == Recomposition && kcal*float64(split.Protein)/sum/KcalPerGProtein < floor*in.Body.WeightKg
	if bounds == nil {
		bounds = []string{}
	}
	n.Bounds = bounds
	n.Bounded = len(bounds) > 0
	n.Kcal = int(math.Round(kcal))
	n.ProteinG, n.FatG, n.CarbsG = int(math.Round(protein)), int(math.Round(fat)), int(math.Round(carbs))
	return n, nil
}

// MealSplit is the share of daily calories, in whole percent, eaten at each meal.
type MealSplit struct {
	Breakfast int `json:"breakfast"`
	Lunch     int `json:"lunch"`
	Dinner    int `json:"dinner"`
	Snack     int `json:"snack"`
}

// DefaultMealSplit is used until a person chooses their own.
var DefaultMealSplit = MealSplit{Breakfast: 25, Lunch: 35, Dinner: 30, Snack: 10}

// Share is the share of the day's energy one meal of category c gets: breakfast and snack their
// own, a lunch/dinner recipe the mean of lunch and dinner (it is eaten at either). A meal the
// split leaves out (no snack, say) gets the default split's share when a recipe for it is asked
// for anyway: a recipe of 0 kcal is no recipe.
func (m MealSplit) Share(c Category) float64 {
	if f := m.share(c); f > 0 {
		return f
	}
	return DefaultMealSplit.share(c)
}

func (m MealSplit) share(c Category) float64 {
	switch c {
	case Breakfast:
		return float64(m.Breakfast) / 100
	case Snack:
		return float64(m.Snack) / 100
	}
	return float64(m.Lunch+m.Dinner) / 200
}

// Validate checks each share is 0-100 and they sum to 100.
func (m MealSplit) Validate() error {
	for _, v := range []int{m.Breakfast, m.Lunch, m.Dinner, m.Snack} {
		if v < 0 || v > 100 {
			return ErrMealSplitInvalid
		}
	}
	if m.Breakfast+m.Lunch+m.Dinner+m.Snack != 100 {
		return fmt.Errorf("%w: the shares sum to %d", ErrMealSplitInvalid, m.Breakfast+m.Lunch+m.Dinner+m.Snack)
	}
	return nil
}

// mealProteinWeight is a meal's protein relative to its share of the day's energy (its meal
// profile, docs/nutrition.md "Meal profiles"): a French breakfast or snack (bread, cereal,
// dairy, fruit) carries about 15 % of its energy as protein where the day carries 25 %, so it
// gets 0.6 of its share and the protein it leaves goes to lunch and dinner, which carry the
// day's meat, fish, eggs or pulses. The energy moved is given back as carbohydrates (4 kcal a
// gram either way), so each meal keeps its energy and fat and the day still adds up.
var mealProteinWeight = map[Category]float64{Breakfast: 0.6, Snack: 0.6}

// maxMainProteinShare is the most of a lunch's or dinner's energy the meal profile gives to
// protein (a 600 kcal lunch of 57 g): beyond it a plate of the usual foods cannot follow.
const maxMainProteinShare = 0.38

// MealTarget is the per-serving target of one meal of category c for a person whose day is
// daily and whose day's energy is shared by split: energy and fat by the meal's share
// (MealSplit.Share), protein by the meal's profile (mealProteinWeight), carbohydrates the rest
// of the meal's energy; rounded to the unit. The meals of one day (breakfast, lunch, dinner,
// snack as the split shares them) add up to daily within rounding. It is the one function the
// app, the batch-cooking plan and `gamelle nutrition needs` take meal targets from.
func MealTarget(daily Macros, split MealSplit, c Category) Macros {
	f := split.Share(c)
	b, l, d, s := float64(split.Breakfast)/100, float64(split.Lunch)/100, float64(split.Dinner)/100, float64(split.Snack)/100
	wb, ws := mealProteinWeight[Breakfast], mealProteinWeight[Snack]
	main := 1.0
	if l+d > 0 {
		main = (1 - b*wb - s*ws) / (l + d)
	}
	// Lunch and dinner carry at most maxMainProteinShare of their energy as protein: past it the
	// profile moves less (a high-protein day's breakfast keeps more of its share).
	if daily.Kcal > 0 && daily.ProteinG > 0 && main > 1 && b+s > 0 {
		dayShare := daily.ProteinG * KcalPerGProtein / daily.Kcal
		if dayShare*main > maxMainProteinShare {
			main = math.Max(1, maxMainProteinShare/dayShare)
			w := (1 - main*(l+d)) / (b + s)
			wb, ws = w, w
		}
	}
	// Protein moved to lunch and dinner comes off their carbohydrates: never more than they hold.
	k := 1.0
	if main > 1 && daily.ProteinG > 0 {
		k = math.Min(1, daily.CarbsG/(daily.ProteinG*(main-1)))
	}
	w := main
	switch c {
	case Breakfast:
		w = wb
	case Snack:
		w = ws
	}
	w = 1 + k*(w-1)
	return Macros{
		Kcal:     math.Round(daily.Kcal * f),
		ProteinG: math.Round(daily.ProteinG * f * w),
		FatG:     math.Round(daily.FatG * f),
		CarbsG:   math.Round(math.Max(daily.CarbsG*f+daily.ProteinG*f*(1-w), 0)),
	}
}

// MealTargets are MealTarget for the three meals recipes are made for.
func MealTargets(daily Macros, split MealSplit) map[Category]Macros {
	return map[Category]Macros{
		Breakfast:   MealTarget(daily, split, Breakfast),
		LunchDinner: MealTarget(daily, split, LunchDinner),
		Snack:       MealTarget(daily, split, Snack),
	}
}
