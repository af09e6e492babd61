package nutrition

import "strings"

// NaturalUnit is how people count a food when grams are not how they think of it: eggs by the
// piece, oils by volume. Quantities stay in grams everywhere; this only says them
// another way beside the grams.
type NaturalUnit struct {
	// Kind is "piece" or "ml".
	Kind string `json:"kind" ts:"'piece' | 'ml'"`
	// Grams is the mass of one piece or one millilitre.
	Grams float64 `json:"grams"`
}

// OilGramsPML is the density of edible oils (g per ml). An egg is EggGrams (shopping.go), the
// edible part of a medium egg, as the shopping list counts boxes.
const OilGramsPML = 0.92

// NaturalUnitOf returns the natural unit of a CIQUAL food, from its English name and subgroup:
// a whole hen's egg, however cooked ("Egg, raw", "Egg, hard-boiled"; not whites, yolks or
// powder), and the vegetable and fish oils. ok is false for any other food.
func NaturalUnitOf(nameEN, subgroupEN string) (NaturalUnit, bool) {
	name := strings.ToLower(nameEN)
	switch {
	case subgroupEN == "vegetable oils" || subgroupEN == "fish oils":
		return NaturalUnit{Kind: "ml", Grams: OilGramsPML}, true
	case strings.HasPrefix(name, "egg,") && !strings.Contains(name, "powder"):
		return NaturalUnit{Kind: "piece", Grams: EggGrams}, true
	}
	return NaturalUnit{}, false
}
