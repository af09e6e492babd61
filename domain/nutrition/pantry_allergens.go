package nutrition

import (
	"slices"

	"github.com/gamelle/gamelle/domain/fault"
)

// ErrUnknownStaple is a pantry id that is not one of Staples.
var ErrUnknownStaple = fault.New(fault.Invalid, "pantry", "profile.error.pantry", "nutrition: unknown pantry staple")

// stapleAllergens are the allergens of EU regulation 1169/2011 a staple contains or may
// contain (docs/nutrition.md, "Pantry staples"), conservative like the food table: each holds at
// least what the table finds in the CIQUAL food the staple counts as (a product whose recipe is
// unknown, such as a stock, a soy sauce or a coconut milk, may hold what its subgroup may), and a
// curry powder may hold mustard seed and celery. A staple not listed holds none.
var stapleAllergens = map[string][]Allergen{
	"butter":       {AllergenMilk},
	"coconut_milk": {AllergenGluten, AllergenSoy, AllergenMilk, AllergenCelery, AllergenMustard, AllergenSulphites},
	"tahini":       {AllergenSesame},
	"vinegar":      {AllergenMustard, AllergenSulphites},
	"mustard":      {AllergenMustard, AllergenSulphites},
	"soy_sauce":    {AllergenGluten, AllergenEggs, AllergenSoy, AllergenMilk, AllergenCelery, AllergenMustard, AllergenSulphites},
	"stock":        {AllergenGluten, AllergenSoy, AllergenMilk, AllergenCelery, AllergenMustard, AllergenSulphites},
	"curry_spices": {AllergenCelery, AllergenMustard},
}

// StapleAllergens are the allergens the staple contains or may contain, in Annex II's order.
func StapleAllergens(id string) []Allergen {
	out := []Allergen{}
	for _, a := range Allergens {
		if slices.Contains(stapleAllergens[id], a) {
			out = append(out, a)
		}
	}
	return out
}

// SafePantry is the pantry without the staples that contain one of the declared allergens: a
// person who declares one never sees it in a dish's seasoning (docs/nutrition.md, "Allergens").
func SafePantry(ids []string, declared []Allergen) []string {
	out := []string{}
	for _, id := range ids {
		if !slices.ContainsFunc(StapleAllergens(id), func(a Allergen) bool { return slices.Contains(declared, a) }) {
			out = append(out, id)
		}
	}
	return out
}

// DefaultPantry is the cupboard a person starts with (users.pantry's default, migrations 00116
// and 00117): what most French kitchens hold, a cooking oil and butter first, onion, stock cubes
// and the common spices; the person unticks what they lack.
var DefaultPantry = []string{"oil", "butter", "onion", "garlic", "stock", "curry_spices", "cumin", "paprika", "herbes_de_provence", "thyme", "lemon", "vinegar", "mustard"}
