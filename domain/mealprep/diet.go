package mealprep

import (
	"strings"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// Exclusion names why a food does not fit a diet; the page translates it.
type Exclusion string

// Exclusions a diet warning can name.
const (
	ExcludedMeat  Exclusion = "meat"
	ExcludedFish  Exclusion = "fish"
	ExcludedEgg   Exclusion = "egg"
	ExcludedDairy Exclusion = "dairy"
	ExcludedHoney Exclusion = "honey"
)

// FoodGroups are a food's CIQUAL group and subgroup (English names, the stable keys) and its
// English name, which is all DietConflict needs.
type FoodGroups struct {
	Group, Subgroup, NameEN string
}

// DietConflict says whether a food is outside a diet: vegetarians exclude meat and fish (and
// fish oils), vegans also eggs, dairy (butter included) and honey. The person is warned, not
// refused: the food may be for someone else at the table. Composite dishes are not judged by
// their group (a "dish" may or may not contain meat), only by the group rules above.
func DietConflict(d nutrition.Diet, f FoodGroups) (Exclusion, bool) {
	if d != nutrition.Vegetarian && d != nutrition.Vegan {
		return "", false
	}
	sub := strings.ToLower(f.Subgroup)
	switch {
	case sub == "raw meat" || sub == "cooked meat" || sub == "delicatessen meat and similar" || sub == "other meat products":
		return ExcludedMeat, true
	case strings.HasPrefix(sub, "fish") || strings.HasPrefix(sub, "seafood"):
		return ExcludedFish, true
	}
	if d != nutrition.Vegan {
		return "", false
	}
	switch {
	case sub == "eggs":
		return ExcludedEgg, true
	case strings.EqualFold(f.Group, "milk and milk products") || sub == "butters":
		return ExcludedDairy, true
	case strings.Contains(strings.ToLower(f.NameEN), "honey") && !strings.Contains(strings.ToLower(f.NameEN), "honeydew"):
		return ExcludedHoney, true
	}
	return "", false
}
