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
