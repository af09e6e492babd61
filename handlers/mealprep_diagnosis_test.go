package handlers

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestMealPrepGenerationRefusedShowsTheDiagnosis: a lunch of 100 g of protein asked from rice
// and olive oil is refused by the engine; the recipes page's generation prop carries its one
// diagnosis (add a protein food) in the person's language, beside the reason and the refund.
func TestMealPrepGenerationRefusedShowsTheDiagnosis(t *testing.T) {
	t.Parallel()
	// Rice and olive oil make no lunch of 700 kcal and 50 g of protein (the advice is checked).
	b, owner, recipes := lunchOf700Kcal(t, "rice@example.test", map[int]int{9104: 500, 17270: 50}, 2)
	ctx := t.Context()
	var p pageObject

	failed := func() map[string]any {
		_, p = b.inertiaVisit(t, http.MethodGet, recipes, nil, map[string]string{
			"X-Inertia-Partial-Component": "mealprep/recipes", "X-Inertia-Partial-Data": "generation",
		})
		list := p.Props["generation"].([]any)
		require.Len(t, list, 1)
		g := list[0].(map[string]any)
		require.Equal(t, true, g["failed"])
		return g
	}
	g := failed()
	require.Equal(t, "no_foods", g["reason"])
	require.EqualValues(t, 2, g["refunded"])
	require.Contains(t, g["diagnosis"], "ajoutez un aliment protéiné (viande, poisson, œufs, légumineuses ou tofu)")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"], "both tokens refunded")
	// The same change as data, its foods named in the page's language: the page's buttons.
	s, ok := g["suggestion"].(map[string]any)
	require.True(t, ok, "the checked suggestion reaches the page: %v", g["suggestion"])
	require.Equal(t, "add_food", s["action"])
	foods := s["foods"].([]any)
	require.NotEmpty(t, foods)
	for _, f := range foods {
		f := f.(map[string]any)
		require.NotZero(t, f["code"])
		require.NotEmpty(t, f["name"], "food %v named", f["code"])
	}
	frName := foods[0].(map[string]any)["name"]

	_, err := b.db.Pool.Exec(ctx, `UPDATE users SET language = 'en' WHERE id = $1`, owner)
	require.NoError(t, err)
	g = failed()
	require.Contains(t, g["diagnosis"], "add a protein food (meat, fish, eggs, legumes or tofu)")
	enName := g["suggestion"].(map[string]any)["foods"].([]any)[0].(map[string]any)["name"]
	require.NotEqual(t, frName, enName, "names follow the page's language")
}

// lunchOf700Kcal signs email up with goals whose lunch is 700 kcal, 50 g of protein, 20 g of fat
// and 70 g of carbohydrates (docs/nutrition.md, "Meal profiles"), makes a meal prep of foods
// (CIQUAL code → grams the person has), asks count lunches and runs the generation job with the
// built-in engine. It returns the person and the recipes page's path.
func lunchOf700Kcal(t *testing.T, email string, foods map[int]int, count int) (*bundle, uuid.UUID, string) {
	t.Helper()
	b := mealprepSetup(t, email)
	ctx := t.Context()
	owner := b.userID(t, email)
	_, err := b.db.Pool.Exec(ctx, `UPDATE users SET calorie_goal = 2154, protein_goal = 127, fat_goal = 62, carb_goal = 243 WHERE id = $1`, owner)
	require.NoError(t, err)
	id := b.createMealPrep(t, "Semaine")
	food, recipes := foodPath(id), recipesPath(id)
	for code, g := range foods {
		resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": g}, food)
		requireRedirect(t, resp, food)
	}
	resp, _ := b.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": count}, recipes)
	requireRedirect(t, resp, recipes)
	_, p := b.visit(t, recipes)
	gen := p.Props["generation"].([]any)
	require.Len(t, gen, 1)
	reqID := uuid.MustParse(gen[0].(map[string]any)["requestId"].(string))

	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	w := rivertest.NewWorker(t, riverpgxv5.New(b.db.Pool), &river.Config{}, mealprepapp.NewWorker(b.srv.mealprep, nutrition.NewBuiltin(prices), 0))
	tx, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: reqID, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
	return b, owner, recipes
}
