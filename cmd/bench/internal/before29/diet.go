package before29

// Diets decide by CIQUAL subgroup and by code, never by words in a food's name: "laitue"
// (lettuce) holds "lait", "tomate cœur de bœuf" holds "bœuf", and a plant-based sausage sits
// among delicatessen meats. docs/nutrition.md (Diets) has the rules.

// DietExclusion names what puts a food outside a diet; pages translate it.
type DietExclusion string

// Exclusions, in the order a food is judged.
const (
	ExcludesMeat  DietExclusion = "meat"
	ExcludesFish  DietExclusion = "fish"
	ExcludesEgg   DietExclusion = "egg"
	ExcludesDairy DietExclusion = "dairy"
	ExcludesHoney DietExclusion = "honey"
)

// animal is the set of animal products a food holds.
type animal uint8

const (
	aMeat animal = 1 << iota
	aFish
	aEgg
	aDairy
	aHoney
)

// subgroupAnimal is what every food of a single-product subgroup holds. Subgroups not listed
// (plants, grains, oils, composites…) hold nothing unless compositeAnimal lists the food.
var subgroupAnimal = map[string]animal{
	"raw meat": aMeat, "cooked meat": aMeat, "other meat products": aMeat, "delicatessen meat and similar": aMeat,
	"other fats": aMeat, // lard, poultry, duck and goose fat
	"fish, raw":  aFish, "fish, cooked": aFish, "fish products": aFish, "seafood, raw": aFish, "seafood, cooked": aFish,
	"fish oils": aFish,
	"eggs":      aEgg,
	"milk":      aDairy, "cream and similar": aDairy, "cheese and similar": aDairy, "dairy products": aDairy,
	"butters": aDairy, "baby milk and beverages": aDairy, "ice cream": aDairy, "frozen desserts": aDairy,
}

// animalOf is what the food holds: its code's exception, its subgroup's rule, or its composite
// entry. A person's own food (no group) holds nothing we know of.
func animalOf(f Food) animal {
	if a, ok := animalExceptions[f.Code]; ok {
		return a
	}
	if a, ok := subgroupAnimal[f.Subgroup]; ok {
		return a
	}
	return compositeAnimal[f.Code]
}

// DietExcludes says why a food is outside the diet (ok false when it fits). Vegetarians
// exclude meat and fish (fish oils, gelatine and meat stocks included); vegans also exclude
// eggs, dairy and honey (bee products included).
func DietExcludes(diet Diet, f Food) (DietExclusion, bool) {
	if diet != Vegetarian && diet != Vegan {
		return "", false
	}
	a := animalOf(f)
	switch {
	case a&aMeat != 0:
		return ExcludesMeat, true
	case a&aFish != 0:
		return ExcludesFish, true
	case diet == Vegetarian:
		return "", false
	case a&aEgg != 0:
		return ExcludesEgg, true
	case a&aDairy != 0:
		return ExcludesDairy, true
	case a&aHoney != 0:
		return ExcludesHoney, true
	}
	return "", false
}

// DietAllows reports whether a person on diet may eat the food (DietExcludes finds nothing).
func DietAllows(diet Diet, f Food) bool {
	_, out := DietExcludes(diet, f)
	return !out
}
