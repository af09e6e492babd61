package mealprep_test

import (
	"testing"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/mealprep"
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
