package mealprep

import (
	"math"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// PlanRecipe is what the plan needs of a recipe.
type PlanRecipe struct {
	ID       uuid.UUID
	Category Category
	Servings int
	// PerServing is the recipe's nutrition for one serving.
	PerServing Macros
	// Dish is the recipe's dish form ("curry"; empty when unknown), for the schedule.
	Dish string
	// KeepDays is how long its box keeps after its cooking day (0: unknown), for the schedule.
	KeepDays int
}

// PlanMeal is one category of the plan: how many recipes and servings cover it, and the mean
// serving that stands for one such meal in a day.
type PlanMeal struct {
	Category    Category `json:"category"`
	Recipes     int      `json:"recipes"`
	Servings    int      `json:"servings"`
	MealsPerDay int      `json:"mealsPerDay"`
	// Days is how many days the servings cover at MealsPerDay.
	Days    float64 `json:"days"`
	Average Macros  `json:"average"`
}

// Shortfall is one thing the plan lacks: a meal with no recipe, or a macro under its goal.
type Shortfall struct {
	// Kind is "meal" or "macro".
	Kind     string   `json:"kind" ts:"'meal' | 'macro'"`
	Category Category `json:"category,omitempty"`
	// Macro is kcal, protein, fat or carbs; Amount how far under the daily goal (kcal or g).
	Macro  string  `json:"macro,omitempty" ts:"'kcal' | 'protein' | 'fat' | 'carbs'"`
	Amount float64 `json:"amount,omitempty"`
}

// Suggestion is a request that would fill a missing meal.
type Suggestion struct {
	Category Category `json:"category"`
	Count    int      `json:"count"`
}

// Plan is the meal prep seen as days of eating: which meals are covered, what a day adds up to
// against the daily goals, and what is missing.
type Plan struct {
	Meals    []PlanMeal   `json:"meals"`
	PerDay   Macros       `json:"perDay"`
	Goal     Macros       `json:"goal"`
	Diff     Macros       `json:"diff"`
	Missing  []Shortfall  `json:"missing"`
	Generate []Suggestion `json:"generate"`
	// Schedule is the days laid out recipe by recipe: the portions the shopping list buys.
	Schedule Schedule `json:"schedule"`
	// Stock lists the foods the schedule needs more of than the person has (NeedsBeyondStock).
	Stock []StockNeed `json:"stock"`
}

// PlanOf builds the plan over days: a day has the meals of the split (MealsPerDayOf: one
// breakfast, two lunch/dinner meals and one snack by default), each the mean serving of its
// category's recipes, and ScheduleOf lays the days out. A macro is short when a day falls under
// its goal by more than the recipe tolerance (5 %, at least 3 g or 15 kcal). Generate asks for
// the recipes a varied plan of days still needs (RecipesWanted less the recipes there are).
func PlanOf(recipes []PlanRecipe, daily Macros, split nutrition.MealSplit, days int) Plan {
	p := Plan{Goal: daily, Missing: []Shortfall{}, Generate: []Suggestion{}, Meals: []PlanMeal{}, Stock: []StockNeed{}}
	perDay := MealsPerDayOf(split)
	wanted := RecipesWanted(split, days)
	sched := make([]ScheduleRecipe, 0, len(recipes))
	for _, r := range recipes {
		sched = append(sched, ScheduleRecipe{ID: r.ID, Category: r.Category, Dish: r.Dish, KeepDays: r.KeepDays})
	}
	p.Schedule = ScheduleOf(sched, split, days)
	for _, c := range Categories {
		if perDay[c] == 0 {
			continue
		}
		var sum Macros
		meal := PlanMeal{Category: c, MealsPerDay: perDay[c]}
		for _, r := range recipes {
			if r.Category != c {
				continue
			}
			meal.Recipes++
			meal.Servings += max(r.Servings, 1)
			sum.Kcal += r.PerServing.Kcal
			sum.ProteinG += r.PerServing.ProteinG
			sum.FatG += r.PerServing.FatG
			sum.CarbsG += r.PerServing.CarbsG
		}
		if n := wanted[c] - meal.Recipes; n > 0 {
			p.Generate = append(p.Generate, Suggestion{Category: c, Count: n})
		}
		if meal.Recipes == 0 {
			p.Missing = append(p.Missing, Shortfall{Kind: "meal", Category: c})
			p.Meals = append(p.Meals, meal)
			continue
		}
		n := float64(meal.Recipes)
		meal.Average = Macros{Kcal: round1(sum.Kcal / n), ProteinG: round1(sum.ProteinG / n), FatG: round1(sum.FatG / n), CarbsG: round1(sum.CarbsG / n)}
		meal.Days = round1(float64(meal.Servings) / float64(meal.MealsPerDay))
		k := float64(meal.MealsPerDay)
		p.PerDay.Kcal += meal.Average.Kcal * k
		p.PerDay.ProteinG += meal.Average.ProteinG * k
		p.PerDay.FatG += meal.Average.FatG * k
		p.PerDay.CarbsG += meal.Average.CarbsG * k
		p.Meals = append(p.Meals, meal)
	}
	p.PerDay = Macros{Kcal: math.Round(p.PerDay.Kcal), ProteinG: round1(p.PerDay.ProteinG), FatG: round1(p.PerDay.FatG), CarbsG: round1(p.PerDay.CarbsG)}
	p.Diff = Macros{
		Kcal: math.Round(p.PerDay.Kcal - daily.Kcal), ProteinG: round1(p.PerDay.ProteinG - daily.ProteinG),
		FatG: round1(p.PerDay.FatG - daily.FatG), CarbsG: round1(p.PerDay.CarbsG - daily.CarbsG),
	}
	short := func(name string, got, goal, abs float64) {
		if gap := goal - got; gap > max(abs, 0.05*goal) {
			p.Missing = append(p.Missing, Shortfall{Kind: "macro", Macro: name, Amount: math.Round(gap)})
		}
	}
	short("kcal", p.PerDay.Kcal, daily.Kcal, 15)
	short("protein", p.PerDay.ProteinG, daily.ProteinG, 3)
	short("fat", p.PerDay.FatG, daily.FatG, 3)
	short("carbs", p.PerDay.CarbsG, daily.CarbsG, 3)
	return p
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
