package mealprep

import (
	"math"
	"slices"

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
	// KeepDays is how many days after its cooking day the recipe's box keeps in the fridge (the
	// batch-cooking plan's shelf-life table); 0 when unknown, taken as keeping.
	KeepDays int
	// Dish is the recipe's dish form ("curry"; empty when unknown): two recipes of one form are
	// not eaten one after the other when another recipe can come between them.
	Dish string
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

// MaxDaysRunning is the most days in a row the schedule serves one dish when the meal prep has
// another of its meal.
const MaxDaysRunning = 3

// CookDay is the day the batch-cooking session that fills day's boxes cooks: day 1, or with a
// second session, day ⌊days/2⌋+1 (day 4 of 7, day 3 of 5) and after.
func CookDay(day, days int) int {
	if second := days/2 + 1; days >= 2 && day >= second {
		return second
	}
	return 1
}

// ScheduleOf lays out days of eating (docs/mealprep.md, "The schedule"): each day has
// MealsPerDayOf(split) meals of each category, one portion each. Each recipe of a category is
// eaten as often as its turn in a rotation would give it (the totals never depend on the
// order), and the order rotates the recipes: never the same recipe for two meals of a category
// in a row (lunch and dinner of a day differ) nor more than MaxDaysRunning days running when
// another recipe can take its place, nor the same dish form twice in a row (two curries) when a
// recipe of another form can come between them, and a recipe whose box keeps fewer days (KeepDays, counted
// from CookDay) is eaten first after each cooking day. A category without a recipe leaves its
// meals empty: the plan reports it missing.
func ScheduleOf(recipes []ScheduleRecipe, split nutrition.MealSplit, days int) Schedule {
	perDay := MealsPerDayOf(split)
	byCat := map[Category][]ScheduleRecipe{}
	for _, r := range recipes {
		byCat[r.Category] = append(byCat[r.Category], r)
	}
	totals := make(map[uuid.UUID]int, len(recipes))
	s := Schedule{Days: make([]ScheduleDay, 0, max(days, 0)), Totals: make([]RecipePortions, 0, len(recipes))}
	for d := 1; d <= days; d++ {
		s.Days = append(s.Days, ScheduleDay{Day: d, Meals: []ScheduledMeal{}})
	}
	for _, c := range Categories {
		if len(byCat[c]) == 0 || perDay[c] == 0 {
			continue
		}
		for i, id := range rotate(byCat[c], perDay[c], days) {
			day := &s.Days[i/perDay[c]]
			totals[id]++
			if j := slices.IndexFunc(day.Meals, func(m ScheduledMeal) bool { return m.RecipeID == id }); j >= 0 {
				day.Meals[j].Portions++
			} else {
				day.Meals = append(day.Meals, ScheduledMeal{RecipeID: id, Category: c, Portions: 1})
			}
		}
	}
	for _, r := range recipes {
		s.Totals = append(s.Totals, RecipePortions{RecipeID: r.ID, Portions: totals[r.ID]})
	}
	return s
}

// rotate orders one category's meals over the days (perDay a day): recipe i of n is eaten
// meals/n times, the first meals%n once more, as a plain rotation gives. Each meal takes,
// among the recipes with portions left, the first by: not the previous meal's recipe, not
// eaten on each of the MaxDaysRunning days before, keeping until this day, not the previous
// meal's dish form, leaving no form more portions than the meals left can keep apart, then the
// most portions left for the meals where it still keeps, then the
// longest since it was eaten (the meal prep's order at first). With the same keeping for all
// and distinct forms, that is the plain rotation (A B, C A, B C for three recipes).
func rotate(rs []ScheduleRecipe, perDay, days int) []uuid.UUID {
	meals := perDay * days
	left := make([]int, len(rs))
	for i := range rs {
		left[i] = meals / len(rs)
		if i < meals%len(rs) {
			left[i]++
		}
	}
	keeps := func(r ScheduleRecipe, day int) bool { return r.KeepDays <= 0 || day-CookDay(day, days) <= r.KeepDays }
	// slots is how many meals from meal m on fall on days the recipe keeps to.
	slots := func(r ScheduleRecipe, m int) int {
		n := 0
		for k := m; k < meals; k++ {
			if keeps(r, k/perDay+1) {
				n++
			}
		}
		return max(n, 1)
	}
	// formsLeft counts the portions left of each dish form: a meal that would leave one form more
	// portions than the meals left can keep apart is put off.
	formsLeft := map[string]int{}
	for i, r := range rs {
		if r.Dish != "" {
			formsLeft[r.Dish] += left[i]
		}
	}
	apart := func(dish string, rem int) bool {
		for f, n := range formsLeft {
			if f == dish {
				n--
			}
			if limit := (rem + 1) / 2; n > limit || f == dish && n > rem/2 {
				return false
			}
		}
		return true
	}
	out := make([]uuid.UUID, 0, meals)
	eatenOn := make([]map[int]bool, len(rs))
	last := make([]int, len(rs))
	for i := range eatenOn {
		eatenOn[i] = map[int]bool{}
		last[i] = i - len(rs)
	}
	prev := -1 // the previous meal's recipe
	for m := range meals {
		day := m/perDay + 1
		best, bestKey := -1, [7]float64{}
		for i, r := range rs {
			if left[i] == 0 {
				continue
			}
			running := day > MaxDaysRunning
			for k := 1; k <= MaxDaysRunning && running; k++ {
				running = eatenOn[i][day-k]
			}
			sameForm := prev >= 0 && r.Dish != "" && rs[prev].Dish == r.Dish
			key := [7]float64{b2f(prev == i), b2f(running), b2f(!keeps(r, day)), b2f(sameForm),
				b2f(r.Dish != "" && !apart(r.Dish, meals-m-1)), -float64(left[i]) / float64(slots(r, m)), float64(last[i])}
			if best < 0 || less(key, bestKey) {
				best, bestKey = i, key
			}
		}
		left[best]--
		prev = best
		if d := rs[best].Dish; d != "" {
			formsLeft[d]--
		}
		eatenOn[best][day], last[best] = true, m
		out = append(out, rs[best].ID)
	}
	return out
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// less orders keys lexicographically.
func less(a, b [7]float64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
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
// with the kept ones counted"): over PlanDays of the schedule, the day's goals for the meals
// the meal prep plans less what the counted recipes bring, shared between the replaced recipes' meals by their meal targets
// (nutrition.MealTarget, the meal profiles a first generation aims at: kept recipes that bring
// exactly their meals' targets leave the new ones exactly theirs). A target far from the meal's
// usual one (kept recipes much lighter or heavier than their share) is held within half and one
// and a half times it, and an inconsistent one falls back to it.
func RegenerationTargets(recipes []PlanRecipe, replaced map[uuid.UUID]bool, daily Macros, split nutrition.MealSplit) map[Category]Macros {
	sched := make([]ScheduleRecipe, 0, len(recipes))
	per := map[uuid.UUID]PlanRecipe{}
	for _, r := range recipes {
		sched = append(sched, ScheduleRecipe{ID: r.ID, Category: r.Category, Dish: r.Dish})
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
	// The gap is the day's goals for the meals the meal prep plans: a meal prep of
	// lunches alone leaves breakfast and the snack to other food, and its new lunch must not
	// take their share (it was asked for up to one and a half lunches, a plate its foods could
	// not make).
	// The meal targets add up to the day's goals (nutrition.MealTargets), so these are the day's
	// goals when the meal prep plans every meal.
	var goal [4]float64
	perDay := MealsPerDayOf(split)
	for c, u := range usual {
		if plans(s, c) {
			goal = addScaled(goal, u, float64(perDay[c]))
		}
	}
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

// plans reports whether the schedule s holds a meal of category c.
func plans(s Schedule, c Category) bool {
	for _, d := range s.Days {
		for _, m := range d.Meals {
			if m.Category == c {
				return true
			}
		}
	}
	return false
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
