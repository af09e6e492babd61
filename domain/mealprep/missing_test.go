package mealprep_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

var day = map[mealprep.Category]int{mealprep.Breakfast: 1, mealprep.LunchDinner: 2, mealprep.Snack: 1}

func TestWhatIsMissingIsAskedForInOneCommand(t *testing.T) {
	t.Parallel()
	a, b := uuid.New(), uuid.New()
	ids := []uuid.UUID{uuid.New(), uuid.New(), uuid.New()}
	// Lunch has its recipes: breakfast and the snack are asked for, in that order.
	given(t, withRecipes(a, b)...).When(func(m *mealprep.MealPrep) error { return m.RequestMissing(ids, day, 2) }).
		Then(mealprep.RecipeGenerationRequested{RequestID: ids[0], Category: mealprep.Breakfast, Count: 1},
			mealprep.RecipeGenerationRequested{RequestID: ids[1], Category: mealprep.Snack, Count: 1})
}

func TestWhatIsMissingIsRefusedWhenItIsNotWhatWasShown(t *testing.T) {
	t.Parallel()
	a, b := uuid.New(), uuid.New()
	ids := []uuid.UUID{uuid.New(), uuid.New(), uuid.New()}
	// Shown 4 (the whole day) while lunch already has its recipes.
	given(t, withRecipes(a, b)...).When(func(m *mealprep.MealPrep) error { return m.RequestMissing(ids, day, 4) }).
		ThenError(mealprep.ErrMissingChanged)
	// A request still making breakfast and the snack (another device's click): nothing is missing.
	asked := append(withRecipes(a, b),
		mealprep.RecipeGenerationRequested{RequestID: uuid.New(), Category: mealprep.Breakfast, Count: 1},
		mealprep.RecipeGenerationRequested{RequestID: uuid.New(), Category: mealprep.Snack, Count: 1})
	given(t, asked...).When(func(m *mealprep.MealPrep) error { return m.RequestMissing(ids, day, 2) }).
		ThenError(mealprep.ErrNothingMissing)
	// A failed request leaves its meal missing: it can be asked for again.
	failed := uuid.New()
	retry := append(withRecipes(a, b),
		mealprep.RecipeGenerationRequested{RequestID: failed, Category: mealprep.Snack, Count: 1},
		mealprep.RecipeGenerationFailed{RequestID: failed, Reason: mealprep.FailureGenerator, Unfulfilled: 1})
	given(t, retry...).When(func(m *mealprep.MealPrep) error {
		return m.RequestMissing(ids, map[mealprep.Category]int{mealprep.LunchDinner: 2, mealprep.Snack: 1}, 1)
	}).Then(mealprep.RecipeGenerationRequested{RequestID: ids[0], Category: mealprep.Snack, Count: 1})
	// No foods, nothing to make them from.
	given(t, mealprep.MealPrepCreated{OwnerID: uuid.New()}).When(func(m *mealprep.MealPrep) error { return m.RequestMissing(ids, day, 4) }).
		ThenError(mealprep.ErrNoFoods)
}

// A varied week, not one day repeated (docs/mealprep.md, "A varied week"): the plan's days at
// MealsPerRecipe meals a recipe, and never fewer recipes than a day's meals of the category.
func TestAVariedWeekIsWhatIsAskedFor(t *testing.T) {
	t.Parallel()
	split := nutrition.DefaultMealSplit
	require.Equal(t, map[mealprep.Category]int{mealprep.Breakfast: 2, mealprep.LunchDinner: 4, mealprep.Snack: 2}, mealprep.RecipesWanted(split, 7))
	require.Equal(t, map[mealprep.Category]int{mealprep.Breakfast: 2, mealprep.LunchDinner: 3, mealprep.Snack: 2}, mealprep.RecipesWanted(split, 5))
	require.Equal(t, map[mealprep.Category]int{mealprep.Breakfast: 1, mealprep.LunchDinner: 2, mealprep.Snack: 1}, mealprep.RecipesWanted(split, 3))
	require.Equal(t, map[mealprep.Category]int{mealprep.Breakfast: 1, mealprep.LunchDinner: 2, mealprep.Snack: 1}, mealprep.RecipesWanted(split, 1))
	lunchOnly := nutrition.MealSplit{Breakfast: 30, Lunch: 70}
	require.Equal(t, map[mealprep.Category]int{mealprep.Breakfast: 2, mealprep.LunchDinner: 2, mealprep.Snack: 0}, mealprep.RecipesWanted(lunchOnly, 7))

	// Two lunch/dinner recipes are not a week: two more are asked for, with the breakfasts and
	// snacks, and a request still making one lunch counts.
	a, b := uuid.New(), uuid.New()
	ids := []uuid.UUID{uuid.New(), uuid.New(), uuid.New()}
	week := mealprep.RecipesWanted(split, 7)
	given(t, withRecipes(a, b)...).When(func(m *mealprep.MealPrep) error { return m.RequestMissing(ids, week, 6) }).
		Then(mealprep.RecipeGenerationRequested{RequestID: ids[0], Category: mealprep.Breakfast, Count: 2},
			mealprep.RecipeGenerationRequested{RequestID: ids[1], Category: mealprep.LunchDinner, Count: 2},
			mealprep.RecipeGenerationRequested{RequestID: ids[2], Category: mealprep.Snack, Count: 2})
	making := append(withRecipes(a, b), mealprep.RecipeGenerationRequested{RequestID: uuid.New(), Category: mealprep.LunchDinner, Count: 1})
	given(t, making...).When(func(m *mealprep.MealPrep) error { return m.RequestMissing(ids, week, 5) }).
		Then(mealprep.RecipeGenerationRequested{RequestID: ids[0], Category: mealprep.Breakfast, Count: 2},
			mealprep.RecipeGenerationRequested{RequestID: ids[1], Category: mealprep.LunchDinner, Count: 1},
			mealprep.RecipeGenerationRequested{RequestID: ids[2], Category: mealprep.Snack, Count: 2})
}
