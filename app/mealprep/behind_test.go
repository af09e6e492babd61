package mealprep_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/app/mealprep/mealpreptest"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/projections/mealpreps"
)

// catchUp runs the projections until they hold every event written so far, then stops them:
// what is written next stays unprojected (a long transaction elsewhere, a worker restart).
func catchUp(t *testing.T, e env) {
	t.Helper()
	runner, err := projections.NewRunner(e.pool, quiet(), projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	waitAll(t, e, runner)
	cancel()
	require.NoError(t, <-done)
}

// pageReads is everything the meal-prep pages read about one meal prep.
type pageReads struct {
	Header   mealpreps.Header
	Requests map[string][]mealpreps.RequestView
	Recipes  map[string][]mealprepapp.RecipeView
	Recipe   mealprepapp.RecipeView
	Shopping nutrition.ShoppingList
}

func readPages(t *testing.T, e env, owner, id, recipeID uuid.UUID) pageReads {
	t.Helper()
	ctx := t.Context()
	h, err := e.svc.Owned(ctx, owner, id)
	require.NoError(t, err)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	out := pageReads{Header: h, Requests: map[string][]mealpreps.RequestView{}, Recipes: map[string][]mealprepapp.RecipeView{}}
	for _, lang := range []string{"fr", "en"} {
		out.Requests[lang], err = e.svc.Requests(ctx, h, lang)
		require.NoError(t, err)
		out.Recipes[lang], err = e.svc.Recipes(ctx, p, id, lang)
		require.NoError(t, err)
	}
	out.Recipe, err = e.svc.Recipe(ctx, p, id, recipeID, "en")
	require.NoError(t, err)
	out.Shopping, err = e.svc.ShoppingList(ctx, owner, id, 7, nutrition.Pricing{}, nil)
	require.NoError(t, err)
	return out
}

// TestPagesReadTheStreamWhileTheReadModelsAreBehind: after "Generate" the recipes page must show
// the running request (its poll starts on it) and, once made, the recipes, even when the
// projections have not applied the person's last writes; it used to read the read models
// anyway and showed no request, so the poll never started. Once the projections catch up, the
// read models give exactly what the stream gave.
func TestPagesReadTheStreamWhileTheReadModelsAreBehind(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 10)
	id := e.mealPrep(t, owner)
	catchUp(t, e)

	// Held back from here on.
	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 2})
	require.NoError(t, err)
	h, err := e.svc.Owned(ctx, owner, id)
	require.NoError(t, err)
	require.False(t, h.Current)
	running, err := e.svc.Requests(ctx, h, "fr")
	require.NoError(t, err)
	require.Len(t, running, 1, "the request just paid for is on the page")
	require.Equal(t, req, running[0].RequestID)
	require.True(t, running[0].Running)
	require.Equal(t, 2, running[0].Count)

	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, mealpreptest.ScaledGenerator{}, 0))
	tx := workTx(t, e)
	_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	ids := m.RecipeIDs()
	require.Len(t, ids, 2)

	// Every kind of change a recipe can go through, still unprojected.
	two, name := 2, "Mon poulet"
	_, err = e.svc.UpdateRecipe(ctx, owner, id, ids[0], mealprep.RecipeChange{Servings: &two, Name: &name})
	require.NoError(t, err)
	_, err = e.svc.KeepRecipe(ctx, owner, id, ids[0], true)
	require.NoError(t, err)
	const turkey = 36306 // Dinde, escalope grillée/poêlée
	_, err = e.svc.SwapFood(ctx, mealprepapp.SwapFoodInput{Owner: owner, MealPrepID: id, RecipeID: ids[1], From: chickenCode, To: turkey})
	require.NoError(t, err)
	failed, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.Snack, Count: 1})
	require.NoError(t, err)
	require.NoError(t, e.svc.FailRequest(ctx, mealprepapp.GenerateArgs{RequestID: failed, MealPrepID: id, OwnerID: owner},
		mealprep.FailureNoFoods, mealprep.Diagnosis{FR: "ajoutez un œuf", EN: "add an egg"}))
	second, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.Breakfast, Count: 1})
	require.NoError(t, err)
	tx = workTx(t, e)
	_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: second, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
	m, err = e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	for _, r := range m.RecipeIDs() {
		if r != ids[0] && r != ids[1] {
			_, err = e.svc.DeleteRecipes(ctx, owner, id, r)
			require.NoError(t, err)
		}
	}

	behind := readPages(t, e, owner, id, ids[0])
	require.False(t, behind.Header.Current)
	require.Len(t, behind.Recipes["fr"], 2, "the recipes made are on the page")
	require.Equal(t, "Mon poulet", behind.Recipe.Name)
	require.Equal(t, 2, behind.Recipe.Servings)
	require.True(t, behind.Recipe.Kept)
	swapped := false
	for _, r := range behind.Recipes["fr"] {
		for _, in := range r.Ingredients {
			swapped = swapped || r.ID == ids[1] && in.FoodCode == turkey
		}
	}
	require.True(t, swapped, "the swapped food is in the recipe")
	require.Len(t, behind.Requests["en"], 3)
	require.NotEmpty(t, behind.Shopping.Aisles)
	var diag []string
	for _, r := range behind.Requests["en"] {
		require.False(t, r.Running)
		if r.Failed {
			diag = append(diag, r.Diagnosis, r.Reason)
			require.Equal(t, 1, r.Refunded)
		}
	}
	require.Equal(t, []string{"add an egg", string(mealprep.FailureNoFoods)}, diag)

	catchUp(t, e)
	current := readPages(t, e, owner, id, ids[0])
	require.True(t, current.Header.Current)
	behind.Header.Current = true
	require.Equal(t, current, behind, "the stream gives what the read models give once caught up")
}
