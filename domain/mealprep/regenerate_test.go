package mealprep_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// withRecipes is a meal prep with two lunch recipes a and b made by one request.
func withRecipes(a, b uuid.UUID) []mealprep.Event {
	req := uuid.New()
	recipe := func(id uuid.UUID) mealprep.Recipe {
		return mealprep.Recipe{ID: id, Category: mealprep.LunchDinner, Servings: 4, Ingredients: []mealprep.Ingredient{{FoodCode: 36017, Grams: 600}, {FoodCode: 9100, Grams: 300}}}
	}
	return []mealprep.Event{
		mealprep.MealPrepCreated{OwnerID: uuid.New()}, mealprep.FoodAdded{FoodCode: 36017}, mealprep.FoodAdded{FoodCode: 9100},
		mealprep.RecipeGenerationRequested{RequestID: req, Category: mealprep.LunchDinner, Count: 2},
		mealprep.RecipeGenerated{RequestID: req, Index: 0, Recipe: recipe(a)},
		mealprep.RecipeGenerated{RequestID: req, Index: 1, Recipe: recipe(b)},
	}
}

func TestKeptRecipesAreNotRegenerated(t *testing.T) {
	t.Parallel()
	a, b := uuid.New(), uuid.New()
	given(t, withRecipes(a, b)...).When(func(m *mealprep.MealPrep) error { return m.KeepRecipe(a, true) }).
		Then(mealprep.RecipeKept{RecipeID: a, Kept: true})
	kept := append(withRecipes(a, b), mealprep.RecipeKept{RecipeID: a, Kept: true})
	given(t, kept...).When(func(m *mealprep.MealPrep) error { return m.KeepRecipe(a, true) }).Then()
	req := uuid.New()
	given(t, kept...).When(func(m *mealprep.MealPrep) error {
		return m.RequestRegeneration([]mealprep.Regeneration{{RequestID: req, Category: mealprep.LunchDinner, Replaces: []uuid.UUID{a}}})
	}).ThenError(mealprep.ErrNothingToRegenerate)
}

func TestARegeneratedRecipeReplacesTheOldOneWhichStaysInTheLog(t *testing.T) {
	t.Parallel()
	a, b, req, c := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	target := &mealprep.Macros{Kcal: 700, ProteinG: 45, FatG: 22, CarbsG: 80}
	history := append(withRecipes(a, b), mealprep.RecipeKept{RecipeID: a, Kept: true})
	given(t, history...).When(func(m *mealprep.MealPrep) error {
		return m.RequestRegeneration([]mealprep.Regeneration{{RequestID: req, Category: mealprep.LunchDinner, Replaces: []uuid.UUID{b}, Target: target}})
	}).Then(mealprep.RecipeGenerationRequested{RequestID: req, Category: mealprep.LunchDinner, Count: 1, Replaces: []uuid.UUID{b}, Target: target})
	history = append(history, mealprep.RecipeGenerationRequested{RequestID: req, Category: mealprep.LunchDinner, Count: 1, Replaces: []uuid.UUID{b}, Target: target})
	newRecipe := mealprep.Recipe{ID: c, Category: mealprep.LunchDinner, Servings: 4, Ingredients: []mealprep.Ingredient{{FoodCode: 36017, Grams: 500}, {FoodCode: 9100, Grams: 350}}}
	o := given(t, history...).When(func(m *mealprep.MealPrep) error {
		_, err := m.RecordRecipe(req, 0, newRecipe)
		return err
	})
	o.Then(mealprep.RecipeGenerated{RequestID: req, Index: 0, Recipe: newRecipe}, mealprep.RecipeReplaced{OldRecipeID: b, NewRecipeID: c})
	require.Nil(t, o.Aggregate().Recipe(b))
	require.NotNil(t, o.Aggregate().Recipe(c))
	require.ElementsMatch(t, []uuid.UUID{a, c}, o.Aggregate().RecipeIDs())
}

func TestSwapNeedsTheFoodInTheRecipe(t *testing.T) {
	t.Parallel()
	a, b := uuid.New(), uuid.New()
	swap := mealprep.RecipeFoodSwapped{RecipeID: a, FromFoodCode: 36017, ToFoodCode: 36304, Ingredients: []mealprep.Ingredient{{FoodCode: 36304, Grams: 620}, {FoodCode: 9100, Grams: 300}}}
	given(t, withRecipes(a, b)...).When(func(m *mealprep.MealPrep) error { return m.SwapFood(swap) }).Then(swap)
	bad := swap
	bad.FromFoodCode = 20057
	given(t, withRecipes(a, b)...).When(func(m *mealprep.MealPrep) error { return m.SwapFood(bad) }).ThenError(mealprep.ErrFoodNotFound)
}

func TestRegenerationTargetsCloseTheDaysGap(t *testing.T) {
	t.Parallel()
	daily := mealprep.Macros{Kcal: 2000, ProteinG: 125, FatG: 56, CarbsG: 250}
	kept, old := uuid.New(), uuid.New()
	heavy := mealprep.Macros{Kcal: 900, ProteinG: 56, FatG: 25, CarbsG: 113}
	recipes := []mealprep.PlanRecipe{
		{ID: kept, Category: mealprep.LunchDinner, Servings: 4, PerServing: heavy},
		{ID: old, Category: mealprep.LunchDinner, Servings: 4, PerServing: heavy},
	}
	split := nutrition.MealSplit{Lunch: 50, Dinner: 50}
	got := mealprep.RegenerationTargets(recipes, map[uuid.UUID]bool{old: true}, daily, split)
	// The kept lunch brings 900 kcal a day: the new dinner gets the other 1,100.
	require.InDelta(t, 1100, got[mealprep.LunchDinner].Kcal, 1)
	require.True(t, nutrition.ConsistentTarget(nutrition.Macros(got[mealprep.LunchDinner])))
}

// regenerating is withRecipes(a, b) with a regeneration of a asked for (req), its job not run.
func regenerating(a, b, req uuid.UUID) []mealprep.Event {
	return append(withRecipes(a, b), mealprep.RecipeGenerationRequested{RequestID: req, Category: mealprep.LunchDinner, Count: 1, Replaces: []uuid.UUID{a}})
}

func replace(req uuid.UUID, ids ...uuid.UUID) func(m *mealprep.MealPrep) error {
	return func(m *mealprep.MealPrep) error {
		return m.RequestRegeneration([]mealprep.Regeneration{{RequestID: req, Category: mealprep.LunchDinner, Replaces: ids}})
	}
}

// TestARecipeIsReplacedOnce: two tabs or two devices each ask to regenerate the same recipe,
// with their own idempotency keys. The second is refused while the first one's job is pending
// and after it replaced the recipe; it is allowed again once the first one failed (refunded).
func TestARecipeIsReplacedOnce(t *testing.T) {
	t.Parallel()
	a, b, first, second, c := uuid.New(), uuid.New(), uuid.New(), uuid.New(), uuid.New()
	given(t, regenerating(a, b, first)...).When(replace(second, a)).ThenError(mealprep.ErrAlreadyReplaced)
	given(t, regenerating(a, b, first)...).When(replace(second, b, a)).ThenError(mealprep.ErrAlreadyReplaced)
	// The other recipe is free.
	given(t, regenerating(a, b, first)...).When(replace(second, b)).
		Then(mealprep.RecipeGenerationRequested{RequestID: second, Category: mealprep.LunchDinner, Count: 1, Replaces: []uuid.UUID{b}})

	made := mealprep.Recipe{ID: c, Category: mealprep.LunchDinner, Servings: 4, Ingredients: []mealprep.Ingredient{{FoodCode: 36017, Grams: 500}}}
	done := append(regenerating(a, b, first), mealprep.RecipeGenerated{RequestID: first, Index: 0, Recipe: made}, mealprep.RecipeReplaced{OldRecipeID: a, NewRecipeID: c})
	given(t, done...).When(replace(second, a)).ThenError(mealprep.ErrAlreadyReplaced)
	// The new recipe can be regenerated in its turn.
	given(t, done...).When(replace(second, c)).
		Then(mealprep.RecipeGenerationRequested{RequestID: second, Category: mealprep.LunchDinner, Count: 1, Replaces: []uuid.UUID{c}})

	failed := append(regenerating(a, b, first), mealprep.RecipeGenerationFailed{RequestID: first, Reason: mealprep.FailureTimeout, Unfulfilled: 1})
	given(t, failed...).When(replace(second, a)).
		Then(mealprep.RecipeGenerationRequested{RequestID: second, Category: mealprep.LunchDinner, Count: 1, Replaces: []uuid.UUID{a}})
}

// TestARegenerationNamesEachRecipeOnce: one request naming a recipe twice would charge it twice.
func TestARegenerationNamesEachRecipeOnce(t *testing.T) {
	t.Parallel()
	a, b := uuid.New(), uuid.New()
	given(t, withRecipes(a, b)...).When(replace(uuid.New(), a, b, a)).ThenError(mealprep.ErrAlreadyReplaced)
	given(t, withRecipes(a, b)...).When(func(m *mealprep.MealPrep) error {
		return m.RequestRegeneration([]mealprep.Regeneration{
			{RequestID: uuid.New(), Category: mealprep.LunchDinner, Replaces: []uuid.UUID{a}},
			{RequestID: uuid.New(), Category: mealprep.LunchDinner, Replaces: []uuid.UUID{a}},
		})
	}).ThenError(mealprep.ErrAlreadyReplaced)
}

// TestRegenerationTargetsFollowTheMealProfiles: a regeneration aims at the same meal targets as
// a first generation (nutrition.MealTarget: a breakfast and a snack carry less protein than
// their share of the day, lunch and dinner more; docs/nutrition.md, "Meal profiles"). When the
// kept recipes bring exactly their meals' targets, the new ones get exactly theirs. They used to
// get the day's protein by energy share, a breakfast as protein-heavy as a lunch.
func TestRegenerationTargetsFollowTheMealProfiles(t *testing.T) {
	t.Parallel()
	daily := mealprep.Macros{Kcal: 2400, ProteinG: 150, FatG: 80, CarbsG: 270}
	split := nutrition.DefaultMealSplit
	want := nutrition.MealTargets(nutrition.Macros(daily), split)
	breakfast, lunch, dinner, snack := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	recipes := []mealprep.PlanRecipe{
		{ID: breakfast, Category: mealprep.Breakfast, Servings: 7, PerServing: mealprep.Macros(want[mealprep.Breakfast])},
		{ID: lunch, Category: mealprep.LunchDinner, Servings: 7, PerServing: mealprep.Macros(want[mealprep.LunchDinner])},
		{ID: dinner, Category: mealprep.LunchDinner, Servings: 7, PerServing: mealprep.Macros(want[mealprep.LunchDinner])},
		{ID: snack, Category: mealprep.Snack, Servings: 7, PerServing: mealprep.Macros(want[mealprep.Snack])},
	}
	for name, replaced := range map[string]map[uuid.UUID]bool{
		"all":                    {breakfast: true, lunch: true, dinner: true, snack: true},
		"breakfast and a dinner": {breakfast: true, dinner: true},
		"the snack":              {snack: true},
	} {
		got := mealprep.RegenerationTargets(recipes, replaced, daily, split)
		for c, g := range got {
			w := want[c]
			require.InDelta(t, w.Kcal, g.Kcal, 1, "%s: %s", name, c)
			require.InDelta(t, w.ProteinG, g.ProteinG, 1, "%s: %s protein", name, c)
			require.InDelta(t, w.FatG, g.FatG, 1, "%s: %s fat", name, c)
			require.InDelta(t, w.CarbsG, g.CarbsG, 1, "%s: %s carbohydrates", name, c)
		}
		require.NotEmpty(t, got, name)
	}
}

// TestRegeneratingALunchOfALunchOnlyMealPrepAimsAtALunch: a meal prep of lunches and dinners
// alone leaves breakfast and the snack to other food. With the kept lunches at their target, the
// new one gets the usual lunch target; it used to take the breakfast's and the snack's share
// too (held at one and a half lunches), a plate the foods that made the others could not make.
func TestRegeneratingALunchOfALunchOnlyMealPrepAimsAtALunch(t *testing.T) {
	t.Parallel()
	daily := mealprep.Macros{Kcal: 2000, ProteinG: 100, FatG: 67, CarbsG: 250}
	split := nutrition.DefaultMealSplit
	want := nutrition.MealTargets(nutrition.Macros(daily), split)[mealprep.LunchDinner]
	a, b, c := uuid.New(), uuid.New(), uuid.New()
	recipes := []mealprep.PlanRecipe{
		{ID: a, Category: mealprep.LunchDinner, Servings: 4, PerServing: mealprep.Macros(want)},
		{ID: b, Category: mealprep.LunchDinner, Servings: 4, PerServing: mealprep.Macros(want)},
		{ID: c, Category: mealprep.LunchDinner, Servings: 4, PerServing: mealprep.Macros(want)},
	}
	got := mealprep.RegenerationTargets(recipes, map[uuid.UUID]bool{c: true}, daily, split)
	g := got[mealprep.LunchDinner]
	require.InDelta(t, want.Kcal, g.Kcal, 1)
	require.InDelta(t, want.ProteinG, g.ProteinG, 1)
	require.InDelta(t, want.FatG, g.FatG, 1)
	require.InDelta(t, want.CarbsG, g.CarbsG, 1)
	require.Len(t, got, 1)
}
