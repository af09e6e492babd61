package baseline

import (
	"errors"
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

// Body is what the needs equation takes, in metric units.
type Body struct {
	WeightKg float64 `json:"weightKg"`
	HeightCm float64 `json:"heightCm"`
	Age      int     `json:"age"`
	Sex      Sex     `json:"sex"`
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

// MealSplit is the share of daily calories, in whole percent, eaten at each meal.
type MealSplit struct {
	Breakfast int `json:"breakfast"`
	Lunch     int `json:"lunch"`
	Dinner    int `json:"dinner"`
	Snack     int `json:"snack"`
}

// DefaultMealSplit is used until a person chooses their own.
var DefaultMealSplit = MealSplit{Breakfast: 25, Lunch: 35, Dinner: 30, Snack: 10}
