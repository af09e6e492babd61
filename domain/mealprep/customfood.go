package mealprep

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/gamelle/gamelle/domain/fault"
)

// CustomFood is a food a person adds themselves, with its nutrients per 100 g (or 100 ml).
type CustomFood struct {
	Name                         string
	Producer                     string
	Country                      string
	Language                     string // "fr" or "en"
	Unit                         string // "g" or "ml"
	Kcal, ProteinG, FatG, CarbsG float64
	// Optional nutrients; nil when unknown.
	SatFatG, FibreG, SugarsG, SaltG *float64
}

// Custom food refusals, each naming its field.
var (
	ErrCustomName      = fault.New(fault.Invalid, "name", "mealprep.error.custom_name", "mealprep: custom food name must be 1 to 120 characters")
	ErrCustomText      = fault.New(fault.Invalid, "producer", "mealprep.error.custom_text", "mealprep: producer and country are at most 120 and 60 characters")
	ErrCustomLanguage  = fault.New(fault.Invalid, "language", "mealprep.error.custom_choice", "mealprep: language must be fr or en")
	ErrCustomUnit      = fault.New(fault.Invalid, "unit", "mealprep.error.custom_choice", "mealprep: unit must be g or ml")
	ErrNutrientRange   = fault.New(fault.Invalid, "kcal", "mealprep.error.nutrient_range", "mealprep: nutrients are 0 to 100 g per 100 g (energy 0 to 900 kcal)")
	ErrMacrosOver100   = fault.New(fault.Invalid, "carbsG", "mealprep.error.macros_over_100", "mealprep: protein, fat and carbohydrates add up to more than 100 g per 100 g")
	ErrNutrientOverTop = fault.New(fault.Invalid, "satFatG", "mealprep.error.nutrient_over_total", "mealprep: a part is more than its whole (saturated fat > fat, sugars > carbohydrates)")
)

// CustomFoodErrors maps a field name to its refusal.
type CustomFoodErrors map[string]error

// EnergyTolerance is how far the given energy may be from the energy of the macros (Atwater:
// 4 kcal/g protein and carbohydrates, 9 kcal/g fat) before the person is warned: 15 %, at least
// 20 kcal. Fibre, alcohol and polyols explain real differences, so it is a warning, not a refusal.
const EnergyTolerance = 0.15

// Validate checks the food; warning is true when the energy does not match the macros.
func (f *CustomFood) Validate() (errs CustomFoodErrors, energyWarning bool) {
	errs = CustomFoodErrors{}
	f.Name, f.Producer, f.Country = strings.TrimSpace(f.Name), strings.TrimSpace(f.Producer), strings.TrimSpace(f.Country)
	if f.Name == "" || utf8.RuneCountInString(f.Name) > 120 {
		errs["name"] = ErrCustomName
	}
	if utf8.RuneCountInString(f.Producer) > 120 {
		errs["producer"] = ErrCustomText
	}
	if utf8.RuneCountInString(f.Country) > 60 {
		errs["country"] = ErrCustomText
	}
	if f.Language != "fr" && f.Language != "en" {
		errs["language"] = ErrCustomLanguage
	}
	if f.Unit != "g" && f.Unit != "ml" {
		errs["unit"] = ErrCustomUnit
	}
	in := func(v, hi float64) bool { return !math.IsNaN(v) && v >= 0 && v <= hi }
	if !in(f.Kcal, 900) {
		errs["kcal"] = ErrNutrientRange
	}
	for field, v := range map[string]float64{"proteinG": f.ProteinG, "fatG": f.FatG, "carbsG": f.CarbsG} {
		if !in(v, 100) {
			errs[field] = ErrNutrientRange
		}
	}
	for field, v := range map[string]*float64{"satFatG": f.SatFatG, "fibreG": f.FibreG, "sugarsG": f.SugarsG, "saltG": f.SaltG} {
		if v != nil && !in(*v, 100) {
			errs[field] = ErrNutrientRange
		}
	}
	if len(errs) == 0 && f.ProteinG+f.FatG+f.CarbsG > 100 {
		errs["carbsG"] = ErrMacrosOver100
	}
	if f.SatFatG != nil && *f.SatFatG > f.FatG {
		errs["satFatG"] = ErrNutrientOverTop
	}
	if f.SugarsG != nil && *f.SugarsG > f.CarbsG {
		errs["sugarsG"] = ErrNutrientOverTop
	}
	atwater := 4*f.ProteinG + 9*f.FatG + 4*f.CarbsG
	energyWarning = math.Abs(f.Kcal-atwater) > max(20, EnergyTolerance*atwater)
	return errs, energyWarning
}
