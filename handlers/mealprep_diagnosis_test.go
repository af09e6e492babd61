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
	b := mealprepSetup(t, "rice@example.test")
	ctx := t.Context()
	owner := b.userID(t, "rice@example.test")
	// Lunch of these goals (docs/nutrition.md, "Meal profiles"): 700 kcal, 50 g protein, 20 g fat,
	// 70 g carbs, a lunch chicken makes with rice and oil (the advice is checked).
	_, err := b.db.Pool.Exec(ctx, `UPDATE users SET calorie_goal = 2154, protein_goal = 127, fat_goal = 62, carb_goal = 243 WHERE id = $1`, owner)
	require.NoError(t, err)
	id := b.createMealPrep(t, "Riz")
	food, recipes := foodPath(id), recipesPath(id)
	for code, g := range map[int]int{9104: 500, 17270: 50} {
		resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": g}, food)
		requireRedirect(t, resp, food)
	}
	resp, _ := b.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 2}, recipes)
	requireRedirect(t, resp, recipes)
	_, p := b.visit(t, recipes)
	gen := p.Props["generation"].([]any)
	require.Len(t, gen, 1)
	reqID := uuid.MustParse(gen[0].(map[string]any)["requestId"].(string))

	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	engine := nutrition.NewBuiltin(prices)
	w := rivertest.NewWorker(t, riverpgxv5.New(b.db.Pool), &river.Config{}, mealprepapp.NewWorker(b.srv.mealprep, engine, 0))
	tx, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: reqID, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))

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

	_, err = b.db.Pool.Exec(ctx, `UPDATE users SET language = 'en' WHERE id = $1`, owner)
	require.NoError(t, err)
	g = failed()
	require.Contains(t, g["diagnosis"], "add a protein food (meat, fish, eggs, legumes or tofu)")
	enName := g["suggestion"].(map[string]any)["foods"].([]any)[0].(map[string]any)["name"]
	require.NotEqual(t, frName, enName, "names follow the page's language")
}

// A lunch the foods cannot meet is refused, not served off its target (docs/nutrition.md,
// "Accuracy and tolerance"): chicken and potatoes for a 700 kcal, 50 g-protein, 70 g-carbohydrate
// lunch would need 425 g of potatoes, more than a usual serving. Before, the closest plate was
// kept as a recipe, charged, its advice a sentence without the button that applies it. Now the
// request fails with that advice, as data the page offers ("more of" the potatoes), no recipe is
// kept and the token comes back.
func TestAnUnreachableLunchIsRefusedWithItsAdvice(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "potatoes@example.test")
	ctx := t.Context()
	owner := b.userID(t, "potatoes@example.test")
	_, err := b.db.Pool.Exec(ctx, `UPDATE users SET calorie_goal = 2154, protein_goal = 127, fat_goal = 62, carb_goal = 243 WHERE id = $1`, owner)
	require.NoError(t, err)
	id := b.createMealPrep(t, "Poulet")
	food, recipes := foodPath(id), recipesPath(id)
	for code, g := range map[int]int{36017: 2000, 4008: 3000} {
		resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": g}, food)
		requireRedirect(t, resp, food)
	}
	resp, _ := b.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 1}, recipes)
	requireRedirect(t, resp, recipes)
	_, p := b.visit(t, recipes)
	reqID := uuid.MustParse(p.Props["generation"].([]any)[0].(map[string]any)["requestId"].(string))

	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	w := rivertest.NewWorker(t, riverpgxv5.New(b.db.Pool), &river.Config{}, mealprepapp.NewWorker(b.srv.mealprep, nutrition.NewBuiltin(prices), 0))
	tx, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: reqID, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))

	_, p = b.visit(t, recipes)
	g := p.Props["generation"].([]any)[0].(map[string]any)
	require.Equal(t, true, g["failed"])
	require.Equal(t, "target_unreachable", g["reason"])
	require.EqualValues(t, 1, g["refunded"])
	require.Contains(t, g["diagnosis"], "prévoyez plus de")
	s := g["suggestion"].(map[string]any)
	require.Equal(t, "more_of", s["action"])
	require.EqualValues(t, 4008, s["foods"].([]any)[0].(map[string]any)["code"])
	require.Empty(t, p.Props["recipes"], "no recipe off its target is kept")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"], "the token comes back")
}
