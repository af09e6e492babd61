package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestPlan(t *testing.T) {
	t.Parallel()
	goal := mealprep.Macros{Kcal: 2000, ProteinG: 125, FatG: 56, CarbsG: 250}
	t.Run("nothing yet: every meal is missing and the button asks for a varied week", func(t *testing.T) {
		p := mealprep.PlanOf(nil, goal, nutrition.DefaultMealSplit, 7)
		require.Equal(t, []mealprep.Suggestion{{Category: mealprep.Breakfast, Count: 2}, {Category: mealprep.LunchDinner, Count: 4}, {Category: mealprep.Snack, Count: 2}}, p.Generate)
		require.Equal(t, mealprep.Shortfall{Kind: "meal", Category: mealprep.Breakfast}, p.Missing[0])
		require.Contains(t, p.Missing, mealprep.Shortfall{Kind: "macro", Macro: "protein", Amount: 125})
	})
	t.Run("a day adds one breakfast, two main meals and a snack", func(t *testing.T) {
		p := mealprep.PlanOf([]mealprep.PlanRecipe{
			{Category: mealprep.Breakfast, Servings: 2, PerServing: mealprep.Macros{Kcal: 500, ProteinG: 25, FatG: 14, CarbsG: 62}},
			{Category: mealprep.LunchDinner, Servings: 4, PerServing: mealprep.Macros{Kcal: 650, ProteinG: 40, FatG: 18, CarbsG: 81}},
			{Category: mealprep.LunchDinner, Servings: 2, PerServing: mealprep.Macros{Kcal: 650, ProteinG: 30, FatG: 18, CarbsG: 81}},
			{Category: mealprep.Snack, Servings: 1, PerServing: mealprep.Macros{Kcal: 200, ProteinG: 10, FatG: 6, CarbsG: 25}},
		}, goal, nutrition.DefaultMealSplit, 7)
		require.Equal(t, mealprep.Macros{Kcal: 2000, ProteinG: 105, FatG: 56, CarbsG: 249}, p.PerDay)
		require.Equal(t, []mealprep.Suggestion{{Category: mealprep.Breakfast, Count: 1}, {Category: mealprep.LunchDinner, Count: 2}, {Category: mealprep.Snack, Count: 1}}, p.Generate,
			"one recipe a meal is a day repeated: a week asks for more")
		require.Equal(t, []mealprep.Shortfall{{Kind: "macro", Macro: "protein", Amount: 20}}, p.Missing, "20 g protein short per day")
		require.Equal(t, mealprep.Macros{Kcal: 0, ProteinG: -20, FatG: 0, CarbsG: -1}, p.Diff)
		require.Equal(t, 3.0, p.Meals[1].Days, "6 lunch/dinner servings are 3 days")
	})
}
