package mealprep_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestScheduleOf(t *testing.T) {
	t.Parallel()
	bf, lunchA, lunchB, snack := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	recipes := []mealprep.ScheduleRecipe{
		{ID: bf, Category: mealprep.Breakfast}, {ID: lunchA, Category: mealprep.LunchDinner},
		{ID: lunchB, Category: mealprep.LunchDinner}, {ID: snack, Category: mealprep.Snack},
	}
	t.Run("a week eats 7 breakfasts, 14 lunches and dinners, 7 snacks", func(t *testing.T) {
		s := mealprep.ScheduleOf(recipes, nutrition.DefaultMealSplit, 7)
		require.Len(t, s.Days, 7)
		require.Equal(t, []mealprep.RecipePortions{{RecipeID: bf, Portions: 7}, {RecipeID: lunchA, Portions: 7}, {RecipeID: lunchB, Portions: 7}, {RecipeID: snack, Portions: 7}}, s.Totals)
		require.Equal(t, []mealprep.ScheduledMeal{
			{RecipeID: bf, Category: mealprep.Breakfast, Portions: 1},
			{RecipeID: lunchA, Category: mealprep.LunchDinner, Portions: 1},
			{RecipeID: lunchB, Category: mealprep.LunchDinner, Portions: 1},
			{RecipeID: snack, Category: mealprep.Snack, Portions: 1},
		}, s.Days[0].Meals, "two lunch/dinner recipes: one at lunch, the other at dinner")
	})
	t.Run("one lunch/dinner recipe is eaten twice a day", func(t *testing.T) {
		s := mealprep.ScheduleOf(recipes[:2], nutrition.DefaultMealSplit, 3)
		require.Equal(t, []mealprep.ScheduledMeal{{RecipeID: bf, Category: mealprep.Breakfast, Portions: 1}, {RecipeID: lunchA, Category: mealprep.LunchDinner, Portions: 2}}, s.Days[2].Meals)
		require.Equal(t, 6, s.PortionsOf(lunchA))
		require.Equal(t, 3, s.PortionsOf(bf))
	})
	t.Run("three recipes for two meals a day rotate", func(t *testing.T) {
		c := uuid.New()
		s := mealprep.ScheduleOf([]mealprep.ScheduleRecipe{{ID: lunchA, Category: mealprep.LunchDinner}, {ID: lunchB, Category: mealprep.LunchDinner}, {ID: c, Category: mealprep.LunchDinner}}, nutrition.DefaultMealSplit, 3)
		require.Equal(t, []mealprep.ScheduledMeal{{RecipeID: c, Category: mealprep.LunchDinner, Portions: 1}, {RecipeID: lunchA, Category: mealprep.LunchDinner, Portions: 1}}, s.Days[1].Meals)
		require.Equal(t, 2, s.PortionsOf(c))
	})
	t.Run("a split without a snack eats no snack", func(t *testing.T) {
		s := mealprep.ScheduleOf(recipes, nutrition.MealSplit{Breakfast: 30, Lunch: 40, Dinner: 30}, 2)
		require.Equal(t, 0, s.PortionsOf(snack))
		require.Equal(t, map[mealprep.Category]int{mealprep.Breakfast: 1, mealprep.LunchDinner: 2, mealprep.Snack: 0}, mealprep.MealsPerDayOf(nutrition.MealSplit{Breakfast: 30, Lunch: 40, Dinner: 30}))
	})
}

func TestNeedsBeyondStock(t *testing.T) {
	t.Parallel()
	a, b := uuid.New(), uuid.New()
	s := mealprep.ScheduleOf([]mealprep.ScheduleRecipe{{ID: a, Category: mealprep.LunchDinner}, {ID: b, Category: mealprep.Breakfast}}, nutrition.DefaultMealSplit, 7)
	recipes := []mealprep.StockRecipe{
		{ID: a, Servings: 2, Ingredients: []mealprep.Ingredient{{FoodCode: 1, Grams: 300}, {FoodCode: 2, Grams: 100}}},
		{ID: b, Servings: 1, Ingredients: []mealprep.Ingredient{{FoodCode: 3, Grams: 50}}},
	}
	foods := []mealprep.Ingredient{{FoodCode: 1, Grams: 150}, {FoodCode: 2, Grams: 0}, {FoodCode: 3, Grams: 400}}
	// Recipe a: 14 portions of 150 g chicken = 2100 g; food 2 has no limit; food 3: 7 × 50 = 350 g ≤ 400.
	require.Equal(t, []mealprep.StockNeed{{FoodCode: 1, NeededG: 2100, HaveG: 150}}, mealprep.NeedsBeyondStock(foods, recipes, s))
}

// TestTheScheduleRotatesAWeek (docs/mealprep.md, "The schedule"): for every size of meal prep
// and plan, with or without a dinner, with a dish that keeps 2 days (fish) among others that
// keep 3: each recipe is eaten as often as a plain rotation gives it (the shopping list's
// totals), never twice in a row when another exists (so lunch and dinner differ), never more
// than 3 days running when the others allow it, and from three recipes on, the fish is eaten
// within 2 days of its cooking day (day 1, and day ⌊days/2⌋+1 with a second session).
func TestTheScheduleRotatesAWeek(t *testing.T) {
	t.Parallel()
	splits := map[string]nutrition.MealSplit{"lunch and dinner": nutrition.DefaultMealSplit, "lunch only": {Breakfast: 30, Lunch: 70}}
	for name, split := range splits {
		perDay := mealprep.MealsPerDayOf(split)[mealprep.LunchDinner]
		for n := 1; n <= 6; n++ {
			for days := 1; days <= 7; days++ {
				rs := make([]mealprep.ScheduleRecipe, n)
				for i := range rs {
					rs[i] = mealprep.ScheduleRecipe{ID: uuid.New(), Category: mealprep.LunchDinner, KeepDays: 3}
				}
				rs[0].KeepDays = 2
				s := mealprep.ScheduleOf(rs, split, days)
				var eaten []uuid.UUID
				daysOf := map[uuid.UUID][]int{}
				for _, d := range s.Days {
					for _, m := range d.Meals {
						for range m.Portions {
							eaten = append(eaten, m.RecipeID)
							daysOf[m.RecipeID] = append(daysOf[m.RecipeID], d.Day)
						}
					}
				}
				meals := perDay * days
				require.Len(t, eaten, meals)
				for i, r := range rs {
					want := meals / n
					if i < meals%n {
						want++
					}
					require.Equal(t, want, s.PortionsOf(r.ID), "%s, %d recipes, %d days: recipe %d", name, n, days, i)
				}
				for i := 1; i < len(eaten) && n > 1; i++ {
					require.NotEqual(t, eaten[i-1], eaten[i], "%s, %d recipes, %d days: meal %d repeats the one before", name, n, days, i+1)
				}
				for i, r := range rs {
					if n >= 3 || (n == 2 && perDay == 1) {
						require.LessOrEqual(t, run(daysOf[r.ID]), mealprep.MaxDaysRunning, "%s, %d recipes, %d days: recipe %d on days %v", name, n, days, i, daysOf[r.ID])
					}
				}
				if n >= 3 {
					for _, d := range daysOf[rs[0].ID] {
						require.LessOrEqual(t, d-mealprep.CookDay(d, days), 2, "%s, %d recipes, %d days: the fish on days %v", name, n, days, daysOf[rs[0].ID])
					}
				}
			}
		}
	}
}

// run is the most consecutive days in days (ascending, a day possibly twice).
func run(days []int) int {
	best, n := 0, 0
	for i, d := range days {
		switch {
		case i > 0 && d == days[i-1]:
			continue
		case i > 0 && d == days[i-1]+1:
			n++
		default:
			n = 1
		}
		best = max(best, n)
	}
	return best
}

// TestTheScheduleSeparatesDishForms (docs/mealprep.md, "The schedule"): two curries among four
// to six lunch recipes, with a fish that keeps 2 days: no two meals in a row are the same dish
// form, and the rotation's other rules still hold (each recipe's portions, never the same recipe
// twice in a row). The schedule used to know recipes only, and served two curries in a row.
func TestTheScheduleSeparatesDishForms(t *testing.T) {
	t.Parallel()
	forms := []string{"papillote", "curry", "curry", "poelee", "gratin", "soupe"}
	for _, split := range []nutrition.MealSplit{nutrition.DefaultMealSplit, {Breakfast: 30, Lunch: 70}} {
		perDay := mealprep.MealsPerDayOf(split)[mealprep.LunchDinner]
		for n := 4; n <= 6; n++ {
			for days := 2; days <= 7; days++ {
				rs := make([]mealprep.ScheduleRecipe, n)
				form := map[uuid.UUID]string{}
				for i := range rs {
					rs[i] = mealprep.ScheduleRecipe{ID: uuid.New(), Category: mealprep.LunchDinner, KeepDays: 3, Dish: forms[i]}
					form[rs[i].ID] = forms[i]
				}
				rs[0].KeepDays = 2
				s := mealprep.ScheduleOf(rs, split, days)
				var eaten []uuid.UUID
				for _, d := range s.Days {
					for _, m := range d.Meals {
						for range m.Portions {
							eaten = append(eaten, m.RecipeID)
						}
					}
				}
				require.Len(t, eaten, perDay*days)
				for i, r := range rs {
					want := perDay * days / n
					if i < perDay*days%n {
						want++
					}
					require.Equal(t, want, s.PortionsOf(r.ID), "%d recipes, %d days: recipe %d", n, days, i)
				}
				for i := 1; i < len(eaten); i++ {
					require.NotEqual(t, eaten[i-1], eaten[i], "%d recipes, %d days: meal %d repeats the one before", n, days, i+1)
					require.NotEqual(t, form[eaten[i-1]], form[eaten[i]], "%d recipes, %d days, %d a day: meals %d and %d are both a %s", n, days, perDay, i, i+1, form[eaten[i]])
				}
			}
		}
	}
}
