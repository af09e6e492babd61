package mealprep_test

import (
	"bytes"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestGenerationLeavesOutDeclaredAllergens: a person who declares gluten and peanuts, with
// pasta and peanut butter in their meal prep beside chicken and rice, gets recipes without
// them: the engine is never given a food that contains a declared allergen
// (docs/mealprep.md, "Allergens").
func TestGenerationLeavesOutDeclaredAllergens(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 2)
	_, err := e.pool.Exec(ctx, `UPDATE users SET allergens = '{gluten,peanuts}' WHERE id = $1`, owner)
	require.NoError(t, err)
	id, _, err := e.svc.Create(ctx, owner, "Sans gluten")
	require.NoError(t, err)
	const pasta, peanutButter = 9811, 15202
	for _, code := range []int{36017, pasta, 9100, peanutButter, 20009, 20039, 17270} {
		_, err := e.svc.SetFood(ctx, owner, id, code, 0)
		require.NoError(t, err)
	}
	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 2})
	require.NoError(t, err)
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	gen := &seenRequest{gen: nutrition.NewBuiltin(prices)}
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, gen, 0))
	tx := workTx(t, e)
	res, err := w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.Equal(t, river.EventKindJobCompleted, res.EventKind)
	require.NoError(t, tx.Commit(ctx))

	given := map[int]bool{}
	for _, f := range gen.last.Foods {
		given[f.Code] = true
		require.False(t, nutrition.ContainsAny(f, []nutrition.Allergen{nutrition.AllergenGluten, nutrition.AllergenPeanuts}), "%d %s", f.Code, f.Name.FR)
	}
	require.True(t, given[36017] && given[9100], "the safe foods are given: %v", given)
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	require.Len(t, m.RecipeIDs(), 2)
	for _, rid := range m.RecipeIDs() {
		for _, in := range m.Recipe(rid).Ingredients {
			require.NotContains(t, []int{pasta, peanutButter}, in.FoodCode)
		}
	}
}
