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
	given(t, withRecipes(a, b)...).when(func(m *mealprep.MealPrep) error { return m.KeepRecipe(a, true) }).
		then(mealprep.RecipeKept{RecipeID: a, Kept: true})
	kept := append(withRecipes(a, b), mealprep.RecipeKept{RecipeID: a, Kept: true})
	given(t, kept...).when(func(m *mealprep.MealPrep) error { return m.KeepRecipe(a, true) }).thenNothing()
	req := uuid.New()
	given(t, kept...).when(func(m *mealprep.MealPrep) error {
		return m.RequestRegeneration([]mealprep.Regeneration{{RequestID: req, Category: mealprep.LunchDinner, Replaces: []uuid.UUID{a}}})
	}).thenError(mealprep.ErrNothingToRegenerate)
}

func TestARegeneratedRecipeReplacesTheOldOneWhichStaysInTheLog(t *testing.T) {
	t.Parallel()
	a, b, req, c := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	target := &mealprep.Macros{Kcal: 700, ProteinG: 45, FatG: 22, CarbsG: 80}
	history := append(withRecipes(a, b), mealprep.RecipeKept{RecipeID: a, Kept: true})
	given(t, history...).when(func(m *mealprep.MealPrep) error {
		return m.RequestRegeneration([]mealprep.Regeneration{{RequestID: req, Category: mealprep.LunchDinner, Replaces: []uuid.UUID{b}, Target: target}})
	}).then(mealprep.RecipeGenerationRequested{RequestID: req, Category: mealprep.LunchDinner, Count: 1, Replaces: []uuid.UUID{b}, Target: target})
	history = append(history, mealprep.RecipeGenerationRequested{RequestID: req, Category: mealprep.LunchDinner, Count: 1, Replaces: []uuid.UUID{b}, Target: target})
	newRecipe := mealprep.Recipe{ID: c, Category: mealprep.LunchDinner, Servings: 4, Ingredients: []mealprep.Ingredient{{FoodCode: 36017, Grams: 500}, {FoodCode: 9100, Grams: 350}}}
	o := given(t, history...).when(func(m *mealprep.MealPrep) error {
		_, err := m.RecordRecipe(req, 0, newRecipe)
		return err
	})
	o.then(mealprep.RecipeGenerated{RequestID: req, Index: 0, Recipe: newRecipe}, mealprep.RecipeReplaced{OldRecipeID: b, NewRecipeID: c})
	require.Nil(t, o.m.Recipe(b))
	require.NotNil(t, o.m.Recipe(c))
	require.ElementsMatch(t, []uuid.UUID{a, c}, o.m.RecipeIDs())
}

func TestSwapNeedsTheFoodInTheRecipe(t *testing.T) {
	t.Parallel()
	a, b := uuid.New(), uuid.New()
	swap := mealprep.RecipeFoodSwapped{RecipeID: a, FromFoodCode: 36017, ToFoodCode: 36304, Ingredients: []mealprep.Ingredient{{FoodCode: 36304, Grams: 620}, {FoodCode: 9100, Grams: 300}}}
	given(t, withRecipes(a, b)...).when(func(m *mealprep.MealPrep) error { return m.SwapFood(swap) }).then(swap)
	bad := swap
	bad.FromFoodCode = 20057
	given(t, withRecipes(a, b)...).when(func(m *mealprep.MealPrep) error { return m.SwapFood(bad) }).thenError(mealprep.ErrFoodNotFound)
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
