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

// MealsPerRecipe is how many of a plan's meals one recipe feeds when the meal prep has the
// variety a week needs (docs/mealprep.md, "A varied week"): four, a batch's usual servings and
// at most two days of boxes at lunch and dinner.
const MealsPerRecipe = 4

// RecipesWanted is how many recipes of each category a varied plan of days needs under the
// split: the category's meals over the days, MealsPerRecipe to a recipe, rounded up, and never
// fewer than the meals of one day (lunch and dinner then differ). For 7 days of the default
// split: 2 breakfasts, 4 lunch/dinner recipes and 2 snacks; for 3 days: 1, 2 and 1.
func RecipesWanted(split nutrition.MealSplit, days int) map[Category]int {
	out := MealsPerDayOf(split)
	for c, n := range out {
		if n > 0 {
			out[c] = max(n, (n*max(days, 1)+MealsPerRecipe-1)/MealsPerRecipe)
		}
	}
	return out
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
// counted recipes bring, shared between the replaced recipes' meals by their meal share. A
// target far from the meal's usual one (kept recipes much lighter or heavier than their share)
// is held within half and one and a half times it, and an inconsistent one falls back to it.
func RegenerationTargets(recipes []PlanRecipe, replaced map[uuid.UUID]bool, daily Macros, split nutrition.MealSplit) map[Category]Macros {
	sched := make([]ScheduleRecipe, 0, len(recipes))
	per := map[uuid.UUID]PlanRecipe{}
	for _, r := range recipes {
		sched = append(sched, ScheduleRecipe{ID: r.ID, Category: r.Category})
		per[r.ID] = r
	}
	s := ScheduleOf(sched, split, PlanDays)
	var counted Macros
	weight := 0.0
	cats := map[Category]bool{}
	for _, d := range s.Days {
		for _, m := range d.Meals {
			r := per[m.RecipeID]
			if replaced[m.RecipeID] {
				weight += float64(m.Portions) * split.Share(m.Category)
				cats[m.Category] = true
				continue
			}
			k := float64(m.Portions)
			counted.Kcal += r.PerServing.Kcal * k
			counted.ProteinG += r.PerServing.ProteinG * k
			counted.FatG += r.PerServing.FatG * k
			counted.CarbsG += r.PerServing.CarbsG * k
		}
	}
	out := map[Category]Macros{}
	days := float64(PlanDays)
	for c := range cats {
		share := split.Share(c)
		usual := Macros{Kcal: daily.Kcal * share, ProteinG: daily.ProteinG * share, FatG: daily.FatG * share, CarbsG: daily.CarbsG * share}
		f := share / (weight / days)
		gap := func(goal, got float64) float64 { return math.Max(goal-got/days, 0) * f }
		t := Macros{Kcal: gap(daily.Kcal, counted.Kcal), ProteinG: gap(daily.ProteinG, counted.ProteinG),
			FatG: gap(daily.FatG, counted.FatG), CarbsG: gap(daily.CarbsG, counted.CarbsG)}
		if usual.Kcal > 0 {
			if k := t.Kcal / usual.Kcal; k < 0.5 || k > 1.5 {
				lim := math.Min(math.Max(k, 0.5), 1.5) / math.Max(k, 1e-9)
				t = Macros{Kcal: t.Kcal * lim, ProteinG: t.ProteinG * lim, FatG: t.FatG * lim, CarbsG: t.CarbsG * lim}
			}
		}
		t = Macros{Kcal: math.Round(t.Kcal), ProteinG: math.Round(t.ProteinG), FatG: math.Round(t.FatG), CarbsG: math.Round(t.CarbsG)}
		if !nutrition.ConsistentTarget(nutrition.Macros(t)) {
			t = Macros{Kcal: math.Round(usual.Kcal), ProteinG: math.Round(usual.ProteinG), FatG: math.Round(usual.FatG), CarbsG: math.Round(usual.CarbsG)}
		}
		out[c] = t
	}
	return out
}
