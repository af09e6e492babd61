package before29

// Form is the state a food is bought in when the recipe uses it in another one.
type Form string

// Forms of purchase.
const (
	// AsUsed: bought as the recipe uses it.
	AsUsed Form = ""
	// BoughtDryForm: a cooked grain or pulse, bought dry (DryGrams).
	BoughtDryForm Form = "dry"
	// BoughtRawForm: cooked meat or fish, bought raw (cooked grams ÷ CookedYield).
	BoughtRawForm Form = "raw"
)

// CookedYield is what a kilo of raw meat or fish weighs once cooked (about 0.72 for meat
// grilled, roasted or braised, 0.80 for fish): the shopping list buys cooked meat and fish raw.
var CookedYield = map[string]float64{"cooked meat": 0.72, "fish, cooked": 0.80}

// PurchaseOf says in which state the food is bought and how many grams of it grams of the food
// (as the recipe uses it) need.
func PurchaseOf(f Food, grams float64) (Form, float64) {
	if BoughtDry(f) {
		return BoughtDryForm, DryGrams(f, grams)
	}
	if y, ok := CookedYield[f.Subgroup]; ok {
		return BoughtRawForm, grams / y
	}
	return AsUsed, grams
}
