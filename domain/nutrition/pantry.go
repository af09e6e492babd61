package nutrition

import (
	"fmt"
	"slices"
)

// Pantry staples (docs/nutrition.md, "Pantry staples"): what a household keeps in its cupboard
// and ticks once, so that a dish form can season the person's foods as a curry or a tajine is
// seasoned. A staple never changes a recipe's grams or totals: a seasoning (spices, herbs, garlic,
// ginger, lemon juice, vinegar) brings under 5 kcal to a serving,
// the size of the pinch of herbs the steps always offered; a salty one (soy sauce, mustard, stock)
// replaces the pinch of salt by the amount holding the same salt, so saltG stays exact and it is
// used only when the steps salt; a staple with energy (onion, shallot, coconut milk, tomato
// passata, tahini) is used only when the recipe holds it as one of its counted foods. A cooking
// fat (oil, butter) is the one staple the engine may add as a counted food: to a meal whose foods
// hold no fat, as a cook takes oil from the cupboard (GenerateRequest.PantryFoods); its grams
// count like any food's, the recipe marks it, and the shopping list does not buy it.

// Staple is one pantry staple.
type Staple struct {
	// ID is the staple's stable id, as `pantry` lists it.
	ID string
	// Name is the staple as a cook names it.
	Name Text
	// Code is the CIQUAL food the staple counts as.
	Code int
	// Grams is what a dish uses per serving; Measure says it in the kitchen's words.
	Grams   float64
	Measure Text
	// KcalPer100, SaltPer100 are the CIQUAL food's energy and salt per 100 g (salt as the engine
	// counts it, SaltOf: sodium × 2.5).
	KcalPer100, SaltPer100 float64
	// Energy: the staple brings energy a serving would count; a dish uses it only when the
	// recipe holds it as a food.
	Energy bool
	// Salty: the staple replaces the pinch of salt (Grams holds the pinch's salt).
	Salty bool
	// CookingFat: the engine may add the staple's food to a meal without a fat
	// (PantryFoodCodes).
	CookingFat bool
}

// Staples is the pantry, in the order the settings list it.
var Staples = []Staple{
	{ID: "oil", Name: Text{FR: "huile d’olive", EN: "olive oil"}, Code: 17270, Grams: 10, Measure: Text{FR: "1 cuillère à soupe d’huile d’olive", EN: "1 tablespoon of olive oil"}, KcalPer100: 899, SaltPer100: 0.013, Energy: true, CookingFat: true},
	{ID: "butter", Name: Text{FR: "beurre", EN: "butter"}, Code: 16400, Grams: 10, Measure: Text{FR: "1 noisette de beurre", EN: "1 knob of butter"}, KcalPer100: 753, SaltPer100: 0.035, Energy: true, CookingFat: true},
	{ID: "onion", Name: Text{FR: "oignon", EN: "onion"}, Code: 20034, Grams: 30, Measure: Text{FR: "¼ d’oignon", EN: "¼ onion"}, KcalPer100: 39, SaltPer100: 0.098, Energy: true},
	{ID: "shallot", Name: Text{FR: "échalote", EN: "shallot"}, Code: 20097, Grams: 15, Measure: Text{FR: "½ échalote", EN: "½ shallot"}, KcalPer100: 61.7, SaltPer100: 0.013, Energy: true},
	{ID: "garlic", Name: Text{FR: "ail", EN: "garlic"}, Code: 11000, Grams: 3, Measure: Text{FR: "1 gousse d’ail", EN: "1 garlic clove"}, KcalPer100: 109, SaltPer100: 0.023},
	{ID: "ginger", Name: Text{FR: "gingembre frais", EN: "fresh ginger"}, Code: 11074, Grams: 3, Measure: Text{FR: "1 cm de gingembre râpé", EN: "1 cm of grated ginger"}, KcalPer100: 33.3, SaltPer100: 0.016},
	{ID: "tomato_passata", Name: Text{FR: "coulis de tomate", EN: "tomato passata"}, Code: 20260, Grams: 60, Measure: Text{FR: "4 cuillères à soupe de coulis de tomate", EN: "4 tablespoons of passata"}, KcalPer100: 45.5, SaltPer100: 0.88, Energy: true},
	{ID: "coconut_milk", Name: Text{FR: "lait de coco", EN: "coconut milk"}, Code: 18041, Grams: 50, Measure: Text{FR: "5 cl de lait de coco", EN: "50 ml of coconut milk"}, KcalPer100: 199, SaltPer100: 0.068, Energy: true},
	{ID: "tahini", Name: Text{FR: "tahin", EN: "tahini"}, Code: 15203, Grams: 10, Measure: Text{FR: "1 cuillère à soupe de tahin", EN: "1 tablespoon of tahini"}, KcalPer100: 631, SaltPer100: 0.19, Energy: true},
	{ID: "lemon", Name: Text{FR: "jus de citron", EN: "lemon juice"}, Code: 13009, Grams: 10, Measure: Text{FR: "2 cuillères à café de jus de citron", EN: "2 teaspoons of lemon juice"}, KcalPer100: 24.3, SaltPer100: 0.013},
	{ID: "vinegar", Name: Text{FR: "vinaigre", EN: "vinegar"}, Code: 11018, Grams: 10, Measure: Text{FR: "2 cuillères à café de vinaigre", EN: "2 teaspoons of vinegar"}, KcalPer100: 22.5, SaltPer100: 0.013},
	{ID: "mustard", Name: Text{FR: "moutarde", EN: "mustard"}, Code: 11013, Grams: 3, Measure: Text{FR: "½ cuillère à café de moutarde", EN: "½ teaspoon of mustard"}, KcalPer100: 151, SaltPer100: 5.75, Salty: true},
	{ID: "soy_sauce", Name: Text{FR: "sauce soja", EN: "soy sauce"}, Code: 11104, Grams: 3, Measure: Text{FR: "½ cuillère à café de sauce soja", EN: "½ teaspoon of soy sauce"}, KcalPer100: 39.9, SaltPer100: 13.125, Salty: true},
	{ID: "stock", Name: Text{FR: "bouillon de légumes", EN: "vegetable stock"}, Code: 25948, Grams: 65, Measure: Text{FR: "6,5 cl de bouillon de légumes", EN: "65 ml of vegetable stock"}, KcalPer100: 4.78, SaltPer100: 0.6, Salty: true},
	{ID: "curry_spices", Name: Text{FR: "curry en poudre", EN: "curry powder"}, Code: 11005, Grams: 1, Measure: Text{FR: "½ cuillère à café de curry", EN: "½ teaspoon of curry powder"}, KcalPer100: 301, SaltPer100: 0.13},
	{ID: "cumin", Name: Text{FR: "cumin", EN: "cumin"}, Code: 11042, Grams: 0.5, Measure: Text{FR: "1 pincée de cumin", EN: "a pinch of cumin"}, KcalPer100: 427, SaltPer100: 0.42},
	{ID: "paprika", Name: Text{FR: "paprika", EN: "paprika"}, Code: 11049, Grams: 0.5, Measure: Text{FR: "1 pincée de paprika", EN: "a pinch of paprika"}, KcalPer100: 318, SaltPer100: 0.17},
	// The table has no chili powder: it counts as paprika powder, its closest spice.
	{ID: "chili_powder", Name: Text{FR: "piment en poudre", EN: "chili powder"}, Code: 11049, Grams: 0.3, Measure: Text{FR: "1 pincée de piment", EN: "a pinch of chili powder"}, KcalPer100: 318, SaltPer100: 0.17},
	{ID: "cinnamon", Name: Text{FR: "cannelle", EN: "cinnamon"}, Code: 11025, Grams: 0.5, Measure: Text{FR: "1 pincée de cannelle", EN: "a pinch of cinnamon"}, KcalPer100: 243, SaltPer100: 0.025},
	{ID: "herbes_de_provence", Name: Text{FR: "herbes de Provence", EN: "dried Provence herbs"}, Code: 11060, Grams: 0.5, Measure: Text{FR: "1 pincée d’herbes de Provence", EN: "a pinch of Provence herbs"}, KcalPer100: 283, SaltPer100: 0.088},
	{ID: "thyme", Name: Text{FR: "thym", EN: "thyme"}, Code: 11038, Grams: 0.3, Measure: Text{FR: "1 pincée de thym", EN: "a pinch of thyme"}, KcalPer100: 285, SaltPer100: 0.14},
	{ID: "parsley", Name: Text{FR: "persil", EN: "parsley"}, Code: 11014, Grams: 3, Measure: Text{FR: "1 cuillère à soupe de persil ciselé", EN: "1 tablespoon of chopped parsley"}, KcalPer100: 42.5, SaltPer100: 0.129},
	{ID: "chives", Name: Text{FR: "ciboulette", EN: "chives"}, Code: 11080, Grams: 1, Measure: Text{FR: "1 cuillère à café de ciboulette", EN: "1 teaspoon of chives"}, KcalPer100: 51.2, SaltPer100: 0.08},
}

// PantryFoodCodes are the CIQUAL codes of the cooking fats among the staple ids, in the table's
// order (oil before butter): the foods a caller looks up for GenerateRequest.PantryFoods.
func PantryFoodCodes(ids []string) []int {
	var out []int
	for _, s := range Staples {
		if s.CookingFat && slices.Contains(ids, s.ID) {
			out = append(out, s.Code)
		}
	}
	return out
}

// PantryFoods are the cooking fats among the staple ids found in foods (a caller's food table,
// by CIQUAL code), in the table's order: GenerateRequest.PantryFoods.
func PantryFoods(ids []string, foods map[int]Food) []Food {
	var out []Food
	for _, code := range PantryFoodCodes(ids) {
		if f, ok := foods[code]; ok {
			out = append(out, f)
		}
	}
	return out
}

// ValidStaple reports whether id is a pantry staple's id.
func ValidStaple(id string) bool {
	_, ok := stapleByID(id)
	return ok
}

// StapleIDs lists every staple id, in the table's order.
func StapleIDs() []string {
	ids := make([]string, len(Staples))
	for i, s := range Staples {
		ids[i] = s.ID
	}
	return ids
}

// ParsePantry checks a list of staple ids and returns them without repeats.
func ParsePantry(ids []string) ([]string, error) {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if !ValidStaple(id) {
			return nil, fmt.Errorf("%w: %q", ErrUnknownStaple, id)
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

func stapleByID(id string) (Staple, bool) {
	for _, s := range Staples {
		if s.ID == id {
			return s, true
		}
	}
	return Staple{}, false
}

// seasoningOK: the staple, in a dish's amount, stays a seasoning (docs/nutrition.md, "Pantry
// staples"): under 5 kcal a serving, and a salty one holds no more salt than the pinch.
func (s Staple) seasoningOK() bool {
	if s.Energy || s.Grams*s.KcalPer100/100 >= 5 {
		return false
	}
	return !s.Salty || s.Grams*s.SaltPer100/100 <= pinchG+1e-9
}

// nounFR is the salty staple with its article, in a sentence: "la sauce soja", "le bouillon".
func (s Staple) nounFR() string {
	if s.ID == "stock" {
		return "le bouillon"
	}
	return "la " + s.Name.FR
}
