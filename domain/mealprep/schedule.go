package mealprep

import (
	"math"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// PlanDays is how many days the plan page lays out: a week, the shopping list's default.
const PlanDays = 7

// MealsPerDayOf is how many meals of each category a day has under the person's meal split:
// one breakfast, a lunch and a dinner (both lunch_dinner recipes) and one snack, less any
// meal the split gives no share of the day.
func MealsPerDayOf(split nutrition.MealSplit) map[Category]int {
	one := func(share int) int {
		if share > 0 {
			return 1
		}
		return 0
	}
	return map[Category]int{
		Breakfast:   one(split.Breakfast),
		LunchDinner: one(split.Lunch) + one(split.Dinner),
		Snack:       one(split.Snack),
	}
}

// ScheduleRecipe is what the schedule needs of a recipe, in the meal prep's order.
type ScheduleRecipe struct {
	ID       uuid.UUID
	Category Category
}

// ScheduledMeal is one recipe eaten on a day: how many portions of it.
type ScheduledMeal struct {
	RecipeID uuid.UUID `json:"recipeId"`
	Category Category  `json:"category"`
	Portions int       `json:"portions"`
}

// ScheduleDay is one day of eating, 1-based.
type ScheduleDay struct {
	Day   int             `json:"day"`
	Meals []ScheduledMeal `json:"meals"`
}

// RecipePortions is how many portions of a recipe the schedule eats over all its days.
type RecipePortions struct {
	RecipeID uuid.UUID `json:"recipeId"`
	Portions int       `json:"portions"`
}

// Schedule is which recipe is eaten on which day and how many portions: the one count the plan
// page shows and the shopping list buys.
type Schedule struct {
	Days []ScheduleDay `json:"days"`
	// Totals are the portions per recipe over all days, in the recipes' order; a recipe never
	// eaten (none of its category's meals in the split) has 0.
	Totals []RecipePortions `json:"totals"`
}

// ScheduleOf lays out days of eating: each day has MealsPerDayOf(split) meals of each
// category, one portion each, taken from the category's recipes in turn so a week alternates
// them (two lunch/dinner recipes: one at lunch, the other at dinner). A category without a
// recipe leaves its meals empty: the plan reports it missing.
func ScheduleOf(recipes []ScheduleRecipe, split nutrition.MealSplit, days int) Schedule {
	perDay := MealsPerDayOf(split)
	byCat := map[Category][]uuid.UUID{}
	for _, r := range recipes {
		byCat[r.Category] = append(byCat[r.Category], r.ID)
	}
	totals := make(map[uuid.UUID]int, len(recipes))
	next := map[Category]int{}
	s := Schedule{Days: make([]ScheduleDay, 0, max(days, 0)), Totals: make([]RecipePortions, 0, len(recipes))}
	for d := 1; d <= days; d++ {
		day := ScheduleDay{Day: d, Meals: []ScheduledMeal{}}
		for _, c := range Categories {
			ids := byCat[c]
			if len(ids) == 0 {
				continue
			}
			for range perDay[c] {
				id := ids[next[c]%len(ids)]
				next[c]++
				totals[id]++
				merged := false
				for i := range day.Meals {
					if day.Meals[i].RecipeID == id {
						day.Meals[i].Portions++
						merged = true
					}
				}
				if !merged {
					day.Meals = append(day.Meals, ScheduledMeal{RecipeID: id, Category: c, Portions: 1})
				}
			}
		}
		s.Days = append(s.Days, day)
	}
	for _, r := range recipes {
		s.Totals = append(s.Totals, RecipePortions{RecipeID: r.ID, Portions: totals[r.ID]})
	}
	return s
}

// PortionsOf is how many portions of the recipe the schedule eats.
func (s Schedule) PortionsOf(id uuid.UUID) int {
	for _, t := range s.Totals {
		if t.RecipeID == id {
			return t.Portions
		}
	}
	return 0
}

// StockNeed is a food the schedule eats more of than the person said they have.
type StockNeed struct {
	FoodCode int `json:"foodCode"`
	// Name is filled by the caller (the page's language).
	Name string `json:"name"`
	// NeededG is what the schedule's portions use over its days; HaveG what the person has.
	NeededG float64 `json:"neededG"`
	HaveG   int     `json:"haveG"`
}

// StockRecipe is what NeedsBeyondStock needs of a recipe: its ingredients for its servings.
type StockRecipe struct {
	ID          uuid.UUID
	Servings    int
	Ingredients []Ingredient
}

// NeedsBeyondStock lists the foods the schedule needs more of than the person has (foods with a
// quantity; 0 is no limit), in the foods' order. Each recipe stays within what they have, but
// eating it for days takes more: the page says so rather than let the list surprise them.
func NeedsBeyondStock(foods []Ingredient, recipes []StockRecipe, s Schedule) []StockNeed {
	needed := map[int]float64{}
	for _, r := range recipes {
		n := s.PortionsOf(r.ID)
		for _, in := range r.Ingredients {
			needed[in.FoodCode] += float64(in.Grams) * float64(n) / float64(max(r.Servings, 1))
		}
	}
	out := []StockNeed{}
	for _, f := range foods {
		if g := needed[f.FoodCode]; f.Grams > 0 && g > float64(f.Grams) {
			out = append(out, StockNeed{FoodCode: f.FoodCode, NeededG: round1(g), HaveG: f.Grams})
		}
	}
	return out
}

// RegenerationTargets is the per-serving target of each category's new recipes when the
// replaced recipes are made again and the others are counted ("closes the day's gap
// with the kept ones counted"): over PlanDays of the schedule, the day's goals less what the
// counted recipes bring, shared between the replaced recipes' meals by their meal targets
// (nutrition.MealTarget, the meal profiles a first generation aims at: kept recipes that bring
// exactly their meals' targets leave the new ones exactly theirs). A target far from the meal's
// usual one (kept recipes much lighter or heavier than their share) is held within half and one
// and a half times it, and an inconsistent one falls back to it.
func RegenerationTargets(recipes []PlanRecipe, replaced map[uuid.UUID]bool, daily Macros, split nutrition.MealSplit) map[Category]Macros {
	sched := make([]ScheduleRecipe, 0, len(recipes))
	per := map[uuid.UUID]PlanRecipe{}
	for _, r := range recipes {
		sched = append(sched, ScheduleRecipe{ID: r.ID, Category: r.Category})
		per[r.ID] = r
	}
	usual := nutrition.MealTargets(nutrition.Macros(daily), split)
	s := ScheduleOf(sched, split, PlanDays)
	// counted is what the kept recipes bring; aimed what the replaced meals' targets would.
	var counted, aimed [4]float64
	for _, d := range s.Days {
		for _, m := range d.Meals {
			k := float64(m.Portions)
			if replaced[m.RecipeID] {
				aimed = addScaled(aimed, usual[m.Category], k)
				continue
			}
			counted = addScaled(counted, nutrition.Macros(per[m.RecipeID].PerServing), k)
		}
	}
	days := float64(PlanDays)
	goal := [4]float64{daily.Kcal, daily.ProteinG, daily.FatG, daily.CarbsG}
	// scale[k]: the day's gap on value k over what the replaced meals' targets bring a day.
	var scale [4]float64
	for k := range goal {
		if aimed[k] > 0 {
			scale[k] = math.Max(goal[k]-counted[k]/days, 0) / (aimed[k] / days)
		}
	}
	out := map[Category]Macros{}
	for c, u := range usual {
		if aimed == ([4]float64{}) || !replacedIn(s, replaced, c) {
			continue
		}
		t := Macros{Kcal: u.Kcal * scale[0], ProteinG: u.ProteinG * scale[1], FatG: u.FatG * scale[2], CarbsG: u.CarbsG * scale[3]}
		if u.Kcal > 0 {
			if k := t.Kcal / u.Kcal; k < 0.5 || k > 1.5 {
				lim := math.Min(math.Max(k, 0.5), 1.5) / math.Max(k, 1e-9)
				t = Macros{Kcal: t.Kcal * lim, ProteinG: t.ProteinG * lim, FatG: t.FatG * lim, CarbsG: t.CarbsG * lim}
			}
		}
		t = Macros{Kcal: math.Round(t.Kcal), ProteinG: math.Round(t.ProteinG), FatG: math.Round(t.FatG), CarbsG: math.Round(t.CarbsG)}
		if !nutrition.ConsistentTarget(nutrition.Macros(t)) {
			t = Macros(u)
		}
		out[c] = t
	}
	return out
}

// addScaled is a plus k × m, as kcal, protein, fat and carbohydrates.
func addScaled(a [4]float64, m nutrition.Macros, k float64) [4]float64 {
	return [4]float64{a[0] + m.Kcal*k, a[1] + m.ProteinG*k, a[2] + m.FatG*k, a[3] + m.CarbsG*k}
}

// replacedIn reports whether the schedule s holds a replaced recipe of category c.
func replacedIn(s Schedule, replaced map[uuid.UUID]bool, c Category) bool {
	for _, d := range s.Days {
		for _, m := range d.Meals {
			if m.Category == c && replaced[m.RecipeID] {
				return true
			}
		}
	}
	return false
}
