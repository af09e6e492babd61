package mealprep

import (
	"github.com/gamelle/gamelle/domain/nutrition"
)

// Exclusion names why a food does not fit a diet; the page translates it.
type Exclusion string

// Exclusions a diet warning can name.
const (
	ExcludedMeat  Exclusion = Exclusion(nutrition.ExcludesMeat)
	ExcludedFish  Exclusion = Exclusion(nutrition.ExcludesFish)
	ExcludedEgg   Exclusion = Exclusion(nutrition.ExcludesEgg)
	ExcludedDairy Exclusion = Exclusion(nutrition.ExcludesDairy)
	ExcludedHoney Exclusion = Exclusion(nutrition.ExcludesHoney)
)

// FoodGroups are a food's CIQUAL code, group and subgroup (English names, the stable keys) and
// its English name, which is all DietConflict needs.
type FoodGroups struct {
	Code                    int
	Group, Subgroup, NameEN string
}

// DietConflict says whether a food is outside a diet, by the recipe engine's one rule
// (nutrition.DietExcludes: CIQUAL subgroup and code lists, never words of the name). The person
// is warned, not refused: the food may be for someone else at the table.
func DietConflict(d nutrition.Diet, f FoodGroups) (Exclusion, bool) {
	ex, out := nutrition.DietExcludes(d, nutrition.Food{Code: f.Code, Group: f.Group, Subgroup: f.Subgroup, Name: nutrition.Text{EN: f.NameEN}})
	return Exclusion(ex), out
}
