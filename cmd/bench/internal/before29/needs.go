package before29

import (
	"errors"
	"math"
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
	ErrWeightOutOfRange = errors.New("weight out of range")
	ErrHeightOutOfRange = errors.New("height out of range")
	ErrAgeOutOfRange    = errors.New("age out of range")
	ErrSexInvalid       = errors.New("sex invalid")
	ErrActivityInvalid  = errors.New("activity level invalid")
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
	BMR                 float64    `json:"bmr"`
	ActivityFactor      float64    `json:"activityFactor"`
	Maintenance         float64    `json:"maintenanceKcal"`
	ObjectiveAdjustment float64    `json:"objectiveAdjustment"` // e.g. -0.2 for weight loss
	Split               Split      `json:"split"`
	ProteinRaised       bool       `json:"proteinRaised"` // recomposition floor applied
	Kcal                int        `json:"kcal"`
	ProteinG            int        `json:"proteinG"`
	FatG                int        `json:"fatG"`
	CarbsG              int        `json:"carbsG"`
	Input               NeedsInput `json:"input"`
}

// Calories per gram of each macronutrient (Atwater general factors).
const (
	KcalPerGProtein = 4
	KcalPerGFat     = 9
	KcalPerGCarbs   = 4
)

// CalculateNeeds applies the documented formula (docs/profile.md): Mifflin–St Jeor BMR × the
// activity factor, adjusted for the objective, then split between protein, fat and carbs by
// the preset (4/9/4 kcal per gram). For recomposition, protein is raised to at least 2 g per
// kg, the calories it adds are taken from fat and carbs in the preset's proportion, so the
// calorie target stays the same.
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
	// Balanced is 33/33/33: normalise by the sum so the grams add up to the calories.
	sum := float64(split.Protein + split.Fat + split.Carbs)
	protein := kcal * float64(split.Protein) / sum / KcalPerGProtein
	fat := kcal * float64(split.Fat) / sum / KcalPerGFat
	carbs := kcal * float64(split.Carbs) / sum / KcalPerGCarbs
	if in.Objective == Recomposition {
		if floor := RecompositionProteinPerKg * in.Body.WeightKg; protein < floor {
			extra := (floor - protein) * KcalPerGProtein
			fatKcal, carbKcal := fat*KcalPerGFat, carbs*KcalPerGCarbs
			rest := fatKcal + carbKcal
			// A floor above the whole budget leaves nothing for fat and carbs, never less.
			extra = math.Min(extra, rest)
			fat = (fatKcal - extra*fatKcal/rest) / KcalPerGFat
			carbs = (carbKcal - extra*carbKcal/rest) / KcalPerGCarbs
			protein += extra / KcalPerGProtein
			n.ProteinRaised = true
		}
	}
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
