package before29

import (
	"fmt"
	"math"
)

// Text is a short text in both product languages.
type Text struct {
	FR string `json:"fr"`
	EN string `json:"en"`
}

// In returns the text in locale ("fr" or "en"); anything else gets French, the product's default.
func (t Text) In(locale string) string {
	if locale == "en" {
		return t.EN
	}
	return t.FR
}

// Value is an amount that may be unknown. CIQUAL marks missing values with "-", which must not be
// read as zero, so the zero Value is "unknown" and JSON carries it as null.
type Value struct {
	V     float64
	Known bool
}

// Of is a known Value.
func Of(v float64) Value { return Value{V: v, Known: true} }

// Or returns the amount, or def when it is unknown.
func (v Value) Or(def float64) float64 {
	if v.Known {
		return v.V
	}
	return def
}

// Nutrients are the nutrients of docs/product.md §3, per 100 g for a food and per serving for a recipe.
type Nutrients struct {
	Kcal          Value `json:"kcal"`
	ProteinG      Value `json:"proteinG"`
	CarbsG        Value `json:"carbsG"`
	FatG          Value `json:"fatG"`
	SatFatG       Value `json:"satFatG"`
	MonoFatG      Value `json:"monoFatG"`
	PolyFatG      Value `json:"polyFatG"`
	FibreG        Value `json:"fibreG"`
	SugarsG       Value `json:"sugarsG"`
	CholesterolMg Value `json:"cholesterolMg"`
	SodiumMg      Value `json:"sodiumMg"`
	SaltG         Value `json:"saltG"`
	WaterG        Value `json:"waterG"`
}

// NutrientNames lists the JSON names of Nutrients in declaration order.
var NutrientNames = []string{"kcal", "proteinG", "carbsG", "fatG", "satFatG", "monoFatG", "polyFatG",
	"fibreG", "sugarsG", "cholesterolMg", "sodiumMg", "saltG", "waterG"}

// fields gives pointers to the values in NutrientNames order, so sums need no reflection.
func (n *Nutrients) fields() [13]*Value {
	return [13]*Value{&n.Kcal, &n.ProteinG, &n.CarbsG, &n.FatG, &n.SatFatG, &n.MonoFatG, &n.PolyFatG,
		&n.FibreG, &n.SugarsG, &n.CholesterolMg, &n.SodiumMg, &n.SaltG, &n.WaterG}
}

// Macros returns kcal, protein, fat and carbs, unknown ones as 0.
func (n Nutrients) Macros() Macros {
	return Macros{Kcal: n.Kcal.Or(0), ProteinG: n.ProteinG.Or(0), FatG: n.FatG.Or(0), CarbsG: n.CarbsG.Or(0)}
}

// HasMacros reports whether kcal and the three macros are all known, which the solver needs.
func (n Nutrients) HasMacros() bool {
	return n.Kcal.Known && n.ProteinG.Known && n.FatG.Known && n.CarbsG.Known
}

// Macros are energy and the three macronutrients.
type Macros struct {
	Kcal     float64 `json:"kcal"`
	ProteinG float64 `json:"proteinG"`
	FatG     float64 `json:"fatG"`
	CarbsG   float64 `json:"carbsG"`
}

func (m Macros) vec() [4]float64 { return [4]float64{m.Kcal, m.ProteinG, m.FatG, m.CarbsG} }

// Rounded returns the macros rounded to 0.1, the precision shown and stored.
func (m Macros) Rounded() Macros {
	return Macros{Kcal: round(m.Kcal, 1), ProteinG: round(m.ProteinG, 1), FatG: round(m.FatG, 1), CarbsG: round(m.CarbsG, 1)}
}

// Food is one food as the engine sees it: a CIQUAL row or a person's own food.
type Food struct {
	// Code is the CIQUAL food code (20360), or the code of a person's own food (≥ 90,000,000).
	Code int  `json:"code"`
	Name Text `json:"name"`
	// Group and Subgroup are CIQUAL's English group names ("meat, egg and fish", "raw meat"); the
	// food-group rules, aisles and prices key on them. Empty for a person's own food.
	Group    string    `json:"group"`
	Subgroup string    `json:"subgroup"`
	Per100g  Nutrients `json:"per100g"`
	// PricePerKgEUR is the estimated price; 0 means "use the price table for the group".
	PricePerKgEUR float64 `json:"pricePerKgEur"`
}

// Category is the meal a recipe is for.
type Category string

// Categories of recipes (docs/product.md §3).
const (
	Breakfast   Category = "breakfast"
	LunchDinner Category = "lunch_dinner"
	Snack       Category = "snack"
)

// Categories lists the categories in display order.
var Categories = []Category{Breakfast, LunchDinner, Snack}

// ErrCategoryInvalid means the category is not one of Categories.
var ErrCategoryInvalid = fmt.Errorf("recipe category invalid")

func round(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	r := math.Round(v*p) / p
	if r == 0 {
		return 0 // no "-0" in JSON
	}
	return r
}
