package batchcook

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// Limits of the plan ("Bad input").
const (
	MinDays = 1
	MaxDays = 7
	// MaxSessions: one or two cooking sessions a week.
	MaxSessions = 2
	// MaxPeople is the most people one plan cooks for, the person included.
	MaxPeople = 8
	// ovenSlots and hobSlots are what a home kitchen holds at once: two dishes in the oven, four
	// rings on the hob.
	ovenSlots = 2
	hobSlots  = 4
	// preheatMin is how long the oven takes to heat before the first dish goes in.
	preheatMin = 10
)

// Errors of the plan's input; handlers map them to field errors.
var (
	ErrDays     = fault.New(fault.Invalid, "days", "batchcook.error.days", "batchcook: days must be 1 to 7")
	ErrSessions = fault.New(fault.Invalid, "sessions", "batchcook.error.sessions", "batchcook: one or two cooking sessions")
	ErrPeople   = fault.New(fault.Invalid, "household", "batchcook.error.people", "batchcook: the plan cooks for 1 to 8 people")
)

// CheckDays validates the number of days the plan covers.
func CheckDays(d int) error {
	if d < MinDays || d > MaxDays {
		return fmt.Errorf("%w: %d", ErrDays, d)
	}
	return nil
}

// CheckSessions validates the number of cooking sessions.
func CheckSessions(n int) error {
	if n < 1 || n > MaxSessions {
		return fmt.Errorf("%w: %d", ErrSessions, n)
	}
	return nil
}

// Person is someone the plan cooks for: the meal prep's owner first, then their household.
type Person struct {
	ID    uuid.UUID           `json:"id"`
	Name  string              `json:"name"`
	Daily nutrition.Macros    `json:"daily"`
	Split nutrition.MealSplit `json:"split"`
}

// MealTarget is the person's target for one meal of category c, rounded as recipes' targets are.
// It is nutrition.MealTarget, the one the recipes were generated for.
func (p Person) MealTarget(c nutrition.Category) nutrition.Macros {
	return nutrition.MealTarget(p.Daily, p.Split, c)
}

// Recipe is a meal-prep recipe as the plan needs it.
type Recipe struct {
	ID       uuid.UUID
	Name     string // in the page's language
	Category nutrition.Category
	Servings int
	// Ingredients are for the whole recipe (all servings).
	Ingredients []nutrition.Ingredient
	// Dish is the recipe's dish form ("curry"; empty when unknown), for the schedule.
	Dish string
}

// Input is everything a plan is built from.
type Input struct {
	Days     int
	Sessions int
	Recipes  []Recipe
	Foods    map[int]nutrition.Food
	// People: the owner first; the schedule follows the owner's meal split.
	People []Person
	Shelf  ShelfTable
}

// Meal is when a box is eaten.
type Meal string

// Meals of a day.
const (
	MealBreakfast Meal = "breakfast"
	MealLunch     Meal = "lunch"
	MealDinner    Meal = "dinner"
	MealSnack     Meal = "snack"
)

// CookPlan is the batch-cooking plan.
type CookPlan struct {
	Days     int       `json:"days"`
	Sessions []Session `json:"sessions"`
	Boxes    []Box     `json:"boxes"`
	// Plates are the plating cards: per recipe, each person's grams of each food.
	Plates []PlatingCard `json:"plates"`
	Eating []EatingDay   `json:"eating"`
	// Warnings are boxes the table cannot keep to their day (nothing in them freezes).
	Warnings []Warning `json:"warnings"`
}

// Session is one cooking session.
type Session struct {
	Number int `json:"number"`
	// Day is the day the session cooks (1-based), before that day's meals.
	Day     int            `json:"day"`
	Recipes []CookedRecipe `json:"recipes"`
	// Night is what to do the night before (soaking).
	Night       []WorkStep `json:"night"`
	Steps       []WorkStep `json:"steps"`
	DurationMin int        `json:"durationMin"`
	FridgeBoxes int        `json:"fridgeBoxes"`
	FreezeBoxes int        `json:"freezerBoxes"`
}

// CookedRecipe is a recipe cooked in a session: how many portions (boxes) and how much of each
// food, as the recipe lists the food (raw, dry or cooked).
type CookedRecipe struct {
	RecipeID uuid.UUID    `json:"recipeId"`
	Name     string       `json:"name"`
	Portions int          `json:"portions"`
	Foods    []CookedFood `json:"foods"`
}

// CookedFood is a food and its grams.
type CookedFood struct {
	FoodCode int            `json:"foodCode"`
	Name     nutrition.Text `json:"name"`
	Grams    int            `json:"grams"`
}

// WorkStep is one task of a session, at minutes from its start.
type WorkStep struct {
	StartMin  int                 `json:"startMin"`
	EndMin    int                 `json:"endMin"`
	Appliance nutrition.Appliance `json:"appliance"`
	// Kind: "preheat", "cook" (a food), "prep" (no heat), "box" (cool and fill the boxes).
	Kind   string         `json:"kind"`
	Method nutrition.Text `json:"method"`
	Food   nutrition.Text `json:"food"`
	Grams  int            `json:"grams"`
	// Batches: a pan or a steamer cooks this much in so many turns.
	Batches int `json:"batches"`
	// For is each recipe's share when one pot cooks a food for several recipes.
	For []RecipeShare `json:"for"`
	// While names the foods still cooking when this step starts ("while the chicken roasts").
	While []nutrition.Text `json:"while"`
}

// RecipeShare is one recipe's part of a shared pot.
type RecipeShare struct {
	Recipe string `json:"recipe"`
	Grams  int    `json:"grams"`
}

// Box is one container: one person's portion of one meal.
type Box struct {
	Number   int       `json:"number"`
	RecipeID uuid.UUID `json:"recipeId"`
	Recipe   string    `json:"recipe"`
	Person   string    `json:"person"`
	Day      int       `json:"day"`
	Meal     Meal      `json:"meal"`
	Portions int       `json:"portions"`
	Session  int       `json:"session"`
	// CookedOn is the session's day; EatBy the last day it may be eaten (the fridge's limit, or
	// its day for a frozen box).
	CookedOn int  `json:"cookedOn"`
	EatBy    int  `json:"eatBy"`
	Freezer  bool `json:"freezer"`
	// ThawNight is the evening (day) a frozen box moves to the fridge: the night before.
	ThawNight int `json:"thawNight,omitempty"`
	// AddFresh are the foods that do not freeze, left out of a frozen box and prepared on the day.
	AddFresh []nutrition.Text `json:"addFresh"`
}

// PlatingCard is one recipe's plates: each person's grams of each food, one serving.
type PlatingCard struct {
	RecipeID uuid.UUID          `json:"recipeId"`
	Recipe   string             `json:"recipe"`
	Category nutrition.Category `json:"category"`
	Plates   []Plate            `json:"plates"`
}

// Plate is one person's serving of a recipe.
type Plate struct {
	Person   string           `json:"person"`
	Target   nutrition.Macros `json:"target"`
	Achieved nutrition.Macros `json:"achieved"`
	Within   bool             `json:"within"`
	// Reachable: the recipe's foods can meet this person's target at all (Within is then the
	// engine's job); an unreachable plate is the closest one.
	Reachable  bool        `json:"reachable"`
	Components []PlateFood `json:"components"`
}

// PlateFood is a food on a plate. Grams are as the recipe lists the food; for a food that
// changes weight in cooking (raw meat, dry rice), SharePct is the plate's share of the recipe's
// cooked pan in each session that cooks it, so the cook weighs the pan and divides.
type PlateFood struct {
	FoodCode      int            `json:"foodCode"`
	Name          nutrition.Text `json:"name"`
	Grams         int            `json:"grams"`
	ChangesWeight bool           `json:"changesWeight"`
	SharePct      []SessionShare `json:"sharePct"`
}

// SessionShare is a share of a pan in one session.
type SessionShare struct {
	Session int     `json:"session"`
	Pct     float64 `json:"pct"`
}

// EatingDay is what is eaten on one day.
type EatingDay struct {
	Day   int          `json:"day"`
	Meals []EatingMeal `json:"meals"`
}

// EatingMeal is one meal of a day: a recipe, the boxes it takes, or made on the day.
type EatingMeal struct {
	Meal     Meal      `json:"meal"`
	RecipeID uuid.UUID `json:"recipeId"`
	Recipe   string    `json:"recipe"`
	Boxes    []int     `json:"boxes"`
	// OnTheDay: breakfasts and snacks are assembled on the day, nothing cooked ahead.
	OnTheDay bool `json:"onTheDay"`
}

// Warning is a box the shelf-life table cannot keep until its day.
type Warning struct {
	Box    int            `json:"box"`
	Recipe string         `json:"recipe"`
	Day    int            `json:"day"`
	Why    nutrition.Text `json:"why"`
}

// SessionDay is the day a session cooks: the first on day 1, the second halfway (day 4 of 7,
// day 3 of 5) so no box waits more than three or four days.
// It is the schedule's mealprep.CookDay, after which the shorter-keeping boxes are eaten first.
func SessionDay(session, days int) int {
	if session <= 1 {
		return 1
	}
	return days/2 + 1
}

// Build makes the plan. It checks days, sessions and people; everything else comes from the
// meal prep's own recipes and the shelf-life table.
func Build(in Input) (CookPlan, error) {
	if err := CheckDays(in.Days); err != nil {
		return CookPlan{}, err
	}
	if err := CheckSessions(in.Sessions); err != nil {
		return CookPlan{}, err
	}
	if len(in.People) < 1 || len(in.People) > MaxPeople {
		return CookPlan{}, fmt.Errorf("%w: %d", ErrPeople, len(in.People))
	}
	sessions := in.Sessions
	if in.Days < 2 {
		sessions = 1
	}
	owner := in.People[0]
	byID := map[uuid.UUID]Recipe{}
	tasks := map[uuid.UUID][]nutrition.CookTask{}
	for _, r := range in.Recipes {
		byID[r.ID] = r
		tasks[r.ID] = nutrition.CookTasks(r.Category, r.Ingredients, in.Foods, r.Servings)
	}
	schedule := mealprep.ScheduleOf(scheduleRecipes(in, tasks), owner.Split, in.Days)

	plan := CookPlan{Days: in.Days, Boxes: []Box{}, Plates: []PlatingCard{}, Eating: []EatingDay{}, Warnings: []Warning{}}
	// plates[recipe][person] is one serving for that person.
	plates := map[uuid.UUID][]Plate{}
	for _, r := range in.Recipes {
		card := PlatingCard{RecipeID: r.ID, Recipe: r.Name, Category: r.Category}
		foods := make([]nutrition.Food, 0, len(r.Ingredients))
		for _, ing := range r.Ingredients {
			foods = append(foods, in.Foods[ing.FoodCode])
		}
		card.Plates = platesFor(r, in.People, foods, tasks[r.ID])
		plates[r.ID] = card.Plates
		plan.Plates = append(plan.Plates, card)
	}

	for _, d := range schedule.Days {
		day := EatingDay{Day: d.Day, Meals: []EatingMeal{}}
		eachPortion(d, owner.Split, func(recipeID uuid.UUID, category nutrition.Category, meal Meal) {
			r := byID[recipeID]
			em := EatingMeal{Meal: meal, RecipeID: r.ID, Recipe: r.Name, Boxes: []int{}, OnTheDay: category != nutrition.LunchDinner}
			if !em.OnTheDay {
				for _, p := range in.People {
					if !eats(p.Split, meal) {
						continue
					}
					b := plan.box(in, r, tasks[r.ID], p, d.Day, meal, sessions)
					em.Boxes = append(em.Boxes, b.Number)
					if b.Freezer && len(b.AddFresh) == len(tasks[r.ID]) {
						plan.Warnings = append(plan.Warnings, noFreezeWarning(b))
					}
				}
			}
			day.Meals = append(day.Meals, em)
		})
		slices.SortStableFunc(day.Meals, func(a, b EatingMeal) int { return cmp.Compare(mealOrder(a.Meal), mealOrder(b.Meal)) })
		plan.Eating = append(plan.Eating, day)
	}

	for s := 1; s <= sessions; s++ {
		plan.Sessions = append(plan.Sessions, plan.session(in, s, sessions, tasks, plates))
	}
	// Shares of each pan, per session, on the plating cards.
	for ci := range plan.Plates {
		card := &plan.Plates[ci]
		for pi := range card.Plates {
			for fi := range card.Plates[pi].Components {
				c := &card.Plates[pi].Components[fi]
				if !c.ChangesWeight || c.Grams == 0 {
					continue
				}
				for _, s := range plan.Sessions {
					for _, cr := range s.Recipes {
						if cr.RecipeID != card.RecipeID {
							continue
						}
						for _, f := range cr.Foods {
							if f.FoodCode == c.FoodCode && f.Grams > 0 {
								// The session's grams are of the food as it goes into the pan.
								start := startPerGram(tasks[card.RecipeID], c.FoodCode)
								c.SharePct = append(c.SharePct, SessionShare{Session: s.Number, Pct: math.Round(float64(c.Grams)*start/float64(f.Grams)*1000) / 10})
							}
						}
					}
				}
			}
		}
	}
	return plan, nil
}

// KeepDays is how many days each lunch or dinner recipe of in keeps in the fridge after its
// cooking day (the shelf-life table's shortest-lived food of its cooking tasks): what the plan
// page's schedule needs to lay the days out as Build does.
func KeepDays(in Input) map[uuid.UUID]int {
	tasks := map[uuid.UUID][]nutrition.CookTask{}
	for _, r := range in.Recipes {
		tasks[r.ID] = nutrition.CookTasks(r.Category, r.Ingredients, in.Foods, r.Servings)
	}
	out := map[uuid.UUID]int{}
	for _, sr := range scheduleRecipes(in, tasks) {
		out[sr.ID] = sr.KeepDays
	}
	return out
}

// scheduleRecipes are the recipes as the schedule rotates them: a lunch or dinner box keeps as
// long as the shelf-life table keeps its shortest-lived food (breakfasts and snacks are made on
// the day). Build and Eaten give the schedule the same, so the list buys what the plan cooks.
func scheduleRecipes(in Input, tasks map[uuid.UUID][]nutrition.CookTask) []mealprep.ScheduleRecipe {
	out := make([]mealprep.ScheduleRecipe, 0, len(in.Recipes))
	for _, r := range in.Recipes {
		sr := mealprep.ScheduleRecipe{ID: r.ID, Category: r.Category, Dish: r.Dish}
		if r.Category == nutrition.LunchDinner && in.Shelf != nil {
			sr.KeepDays, _ = shelfOf(in.Shelf, tasks[r.ID])
		}
		out = append(out, sr)
	}
	return out
}

// startPerGram is the grams of a food as it goes into the pan per gram the recipe lists (1 for a
// food used as it is bought).
func startPerGram(tasks []nutrition.CookTask, code int) float64 {
	for _, t := range tasks {
		if t.FoodCode == code && t.StartPerGram > 0 {
			return t.StartPerGram
		}
	}
	return 1
}

// eachPortion calls fn for each portion the day's schedule eats, in order, with the meal it is:
// a lunch/dinner portion takes the next of the owner's lunch and dinner slots.
func eachPortion(d mealprep.ScheduleDay, ownerSplit nutrition.MealSplit, fn func(recipeID uuid.UUID, category nutrition.Category, meal Meal)) {
	slots := lunchDinnerSlots(ownerSplit)
	slot := 0
	for _, m := range d.Meals {
		for range m.Portions {
			meal := Meal(m.Category)
			if m.Category == nutrition.LunchDinner {
				meal = slots[min(slot, len(slots)-1)]
				slot++
			}
			fn(m.RecipeID, m.Category, meal)
		}
	}
}

func mealOrder(m Meal) int {
	return slices.Index([]Meal{MealBreakfast, MealLunch, MealSnack, MealDinner}, m)
}

// lunchDinnerSlots are the lunch/dinner meals of a day under the split, in order.
func lunchDinnerSlots(s nutrition.MealSplit) []Meal {
	var out []Meal
	if s.Lunch > 0 {
		out = append(out, MealLunch)
	}
	if s.Dinner > 0 {
		out = append(out, MealDinner)
	}
	if len(out) == 0 {
		out = append(out, MealLunch)
	}
	return out
}

// eats reports whether the person's own split has the meal.
func eats(s nutrition.MealSplit, m Meal) bool {
	switch m {
	case MealLunch:
		return s.Lunch > 0
	case MealDinner:
		return s.Dinner > 0
	case MealBreakfast:
		return s.Breakfast > 0
	}
	return s.Snack > 0
}

// platesFor solves every person's serving of one recipe so that each food's share of the pan
// stays close to each person's share of the meal's energy (docs/mealprep.md, "Plates from one pan"):
// the plates are first pulled towards the recipe's serving scaled to each eater, then towards
// the pan those plates make (when one eater's target bends the dish, more broccoli and fewer
// carrots, the others' plates bend the same way), as long as no plate leaves its tolerance.
func platesFor(r Recipe, people []Person, foods []nutrition.Food, tasks []nutrition.CookTask) []Plate {
	ref := make([]float64, len(r.Ingredients))
	for i, ing := range r.Ingredients {
		ref[i] = float64(ing.Grams) / float64(max(r.Servings, 1))
	}
	plates := make([]Plate, len(people))
	for i, p := range people {
		plates[i] = platePerson(r, p, foods, tasks, ref)
	}
	// bent: some plate strays past 1.5 times its share of the recipe's serving either way (and
	// 5 g): only then do the plates follow the pan.
	bent := func(ps []Plate) bool {
		var kcal float64
		for i, f := range foods {
			kcal += f.Per100g.Kcal.Or(0) * ref[i] / 100
		}
		for i, pl := range ps {
			k := people[i].MealTarget(r.Category).Kcal / math.Max(kcal, 1)
			for j, c := range pl.Components {
				want := ref[j] * k
				if g := float64(c.Grams); math.Abs(g-want) > 5 && (g > 1.5*want || g < want/1.5) {
					return true
				}
			}
		}
		return false
	}
	within := func(ps []Plate) int {
		n := 0
		for _, p := range ps {
			if p.Within {
				n++
			}
		}
		return n
	}
	if len(people) > 1 && bent(plates) {
		pan := make([]float64, len(ref))
		for _, pl := range plates {
			for i, c := range pl.Components {
				pan[i] += float64(c.Grams)
			}
		}
		next := make([]Plate, len(people))
		for i, p := range people {
			next[i] = platePerson(r, p, foods, tasks, pan)
		}
		if within(next) >= within(plates) {
			plates = next
		}
	}
	return plates
}

// platePerson solves one person's serving over the recipe's foods (the engine's solver, the
// person's meal target), pulled towards ref's shape scaled to the person's energy.
func platePerson(r Recipe, p Person, foods []nutrition.Food, tasks []nutrition.CookTask, ref []float64) Plate {
	target := p.MealTarget(r.Category)
	fit := nutrition.SolvePlateLike(r.Category, foods, ref, target)
	pl := Plate{Person: p.Name, Target: target, Achieved: fit.Achieved, Within: fit.Within, Reachable: fit.Reachable, Components: []PlateFood{}}
	for i, ing := range r.Ingredients {
		pf := PlateFood{FoodCode: ing.FoodCode, Grams: fit.Grams[i], SharePct: []SessionShare{}}
		for _, t := range tasks {
			if t.FoodCode == ing.FoodCode {
				pf.Name, pf.ChangesWeight = t.Name, t.ChangesWeight
			}
		}
		pl.Components = append(pl.Components, pf)
	}
	return pl
}

// NaivePlate is one person's serving when everyone gets the same portion (the recipe divided
// by its servings): what the plan is measured against.
func NaivePlate(r Recipe, p Person, foods map[int]nutrition.Food) bool {
	var a nutrition.Macros
	for _, ing := range r.Ingredients {
		n := foods[ing.FoodCode].Per100g
		g := float64(ing.Grams) / float64(max(r.Servings, 1)) / 100
		a.Kcal += n.Kcal.Or(0) * g
		a.ProteinG += n.ProteinG.Or(0) * g
		a.FatG += n.FatG.Or(0) * g
		a.CarbsG += n.CarbsG.Or(0) * g
	}
	return nutrition.WithinTolerance(p.MealTarget(r.Category), a)
}

// shelfOf is how long a recipe's box keeps in the fridge and which of its foods do not freeze.
func shelfOf(t ShelfTable, tasks []nutrition.CookTask) (fridge int, noFreeze []nutrition.Text) {
	fridge = math.MaxInt
	for _, task := range tasks {
		k := ShelfKindOf(task.Kind, task.Heated)
		if k == ShelfNone {
			continue
		}
		l := t[k]
		fridge = min(fridge, l.FridgeDays)
		if !l.Freezes {
			noFreeze = append(noFreeze, task.Name)
		}
	}
	if fridge == math.MaxInt {
		fridge = t[ShelfDishes].FridgeDays
	}
	return fridge, noFreeze
}

func (plan *CookPlan) box(in Input, r Recipe, tasks []nutrition.CookTask, p Person, day int, meal Meal, sessions int) Box {
	s := 1
	if sessions == 2 && day >= SessionDay(2, in.Days) {
		s = 2
	}
	cooked := SessionDay(s, in.Days)
	fridge, noFreeze := shelfOf(in.Shelf, tasks)
	b := Box{Number: len(plan.Boxes) + 1, RecipeID: r.ID, Recipe: r.Name, Person: p.Name, Day: day, Meal: meal, Portions: 1,
		Session: s, CookedOn: cooked, EatBy: cooked + fridge, AddFresh: []nutrition.Text{}}
	if day-cooked > fridge {
		// It would outlive its shelf life: to the freezer on cooking day, thawed the night before.
		b.Freezer, b.EatBy, b.ThawNight = true, day, day-1
		if noFreeze != nil {
			b.AddFresh = noFreeze
		}
	}
	plan.Boxes = append(plan.Boxes, b)
	return b
}

func noFreezeWarning(b Box) Warning {
	return Warning{Box: b.Number, Recipe: b.Recipe, Day: b.Day, Why: nutrition.Text{
		FR: fmt.Sprintf("Rien de cette recette ne se congèle et elle ne se garde pas jusqu’au jour %d : choisissez deux sessions ou préparez-la le jour même.", b.Day),
		EN: fmt.Sprintf("Nothing in this recipe freezes and it does not keep until day %d: choose two sessions or make it on the day.", b.Day)}}
}
