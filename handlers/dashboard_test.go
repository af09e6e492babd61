package handlers

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/app/mealprep/mealpreptest"
)

// insertRecipeRow writes a recipe straight into the recipes read model, created at, so the test
// can hold more recipes than two sign-up tokens pay for.
func insertRecipeRow(t *testing.T, b *bundle, mealPrepID uuid.UUID, nameFR, nameEN string, at time.Time) uuid.UUID {
	t.Helper()
	id := uuid.New()
	_, err := b.db.Pool.Exec(t.Context(), `INSERT INTO recipes (id, mealprep_id, request_id, idx, category, servings, ingredients, target,
		nutrition, within_tolerance, feasible, duration_min, price_cents, generator, name_fr, name_en, created_at, updated_at)
		VALUES ($1, $2, $3, 0, 'breakfast', 2, '[]', '{}', '{"kcal": 900, "proteinG": 40, "fatG": 20, "carbsG": 120}',
		true, true, 10, 300, 'test', $4, $5, $6, $6)`, id, mealPrepID, uuid.New(), nameFR, nameEN, at)
	require.NoError(t, err)
	return id
}

func recentOf(t *testing.T, p pageObject) []map[string]any {
	t.Helper()
	raw, ok := p.Props["recentRecipes"].([]any)
	require.True(t, ok, "recentRecipes is a list: %v", p.Props["recentRecipes"])
	out := make([]map[string]any, len(raw))
	for i, r := range raw {
		out[i] = r.(map[string]any)
	}
	return out
}

func TestDashboardRecentRecipes(t *testing.T) {
	t.Parallel()
	a := mealprepSetup(t, "recent-a@example.test")
	ctx := t.Context()

	// Nothing yet: an empty list, never null.
	_, p := a.visit(t, "/dashboard/general")
	require.Equal(t, "dashboard/general", p.Component)
	require.Empty(t, recentOf(t, p))

	// A: two meal preps; six older recipes across them, then two made by the worker just now.
	week := a.createMealPrep(t, "Semaine A")
	other := a.createMealPrep(t, "Autre A")
	old := time.Now().Add(-48 * time.Hour)
	var olds []uuid.UUID
	for i := range 6 {
		mp := week
		if i%2 == 1 {
			mp = other
		}
		olds = append(olds, insertRecipeRow(t, a, mp, fmt.Sprintf("Ancienne %d", i), fmt.Sprintf("Old %d", i), old.Add(time.Duration(i)*time.Minute)))
	}
	owner := a.userID(t, "recent-a@example.test")
	// A rename (personal text) wins over the generated name, in both languages.
	_, err := a.db.Pool.Exec(ctx, `INSERT INTO mealprep_texts (subject_id, owner_id, name) VALUES ($1, $2, 'Mon porridge')`, olds[5], owner)
	require.NoError(t, err)

	food, recipes := foodPath(week), recipesPath(week)
	for code, g := range map[int]int{36018: 600, 9104: 500, 17270: 50} {
		resp, _ := a.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": g}, food)
		requireRedirect(t, resp, food)
	}
	resp, _ := a.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 2, "idempotencyKey": "recent-1"}, recipes)
	requireRedirect(t, resp, recipes)
	_, p = a.visit(t, recipes)
	reqID := uuid.MustParse(p.Props["generation"].([]any)[0].(map[string]any)["requestId"].(string))
	w := rivertest.NewWorker(t, riverpgxv5.New(a.db.Pool), &river.Config{}, mealprepapp.NewWorker(a.srv.mealprep, mealpreptest.ScaledGenerator{}, 0))
	tx, err := a.db.Pool.Begin(ctx)
	require.NoError(t, err)
	_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: reqID, MealPrepID: week, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))

	// B: one meal prep with a recipe newer than all of A's.
	b := a.other(t, "recent-b@example.test")
	bPrep := b.createMealPrep(t, "Semaine B")
	bRecipe := insertRecipeRow(t, b, bPrep, "Recette de B", "B's recipe", time.Now().Add(time.Hour))

	var list []map[string]any
	require.Eventually(t, func() bool {
		_, p = a.visit(t, "/dashboard/general")
		list = recentOf(t, p)
		return len(list) == 5 && list[0]["category"] == "lunch_dinner" && list[1]["category"] == "lunch_dinner"
	}, 10*time.Second, 20*time.Millisecond, "the two generated recipes lead A's list")
	// Newest first, at most five, only A's: the two generated, then the newest three older ones.
	for _, r := range list {
		require.NotEqual(t, bRecipe.String(), r["id"])
		require.NotEqual(t, bPrep.String(), r["mealPrepId"])
	}
	require.Equal(t, week.String(), list[0]["mealPrepId"])
	require.Equal(t, "Semaine A", list[0]["mealPrepName"])
	require.NotEmpty(t, list[0]["name"])
	require.Equal(t, olds[5].String(), list[2]["id"])
	require.Equal(t, "Mon porridge", list[2]["name"])
	require.Equal(t, "Autre A", list[2]["mealPrepName"])
	require.Equal(t, olds[4].String(), list[3]["id"])
	require.Equal(t, "Ancienne 4", list[3]["name"])
	require.Equal(t, olds[3].String(), list[4]["id"])
	// Kcal and macros are per serving (900 kcal for 2 servings).
	require.Equal(t, map[string]any{"kcal": 450.0, "proteinG": 20.0, "fatG": 10.0, "carbsG": 60.0}, list[3]["perServing"])
	require.Equal(t, "breakfast", list[3]["category"])
	require.EqualValues(t, 2, list[3]["servings"])
	require.NotEmpty(t, list[3]["createdAt"])

	// The link the page builds from mealPrepId and id opens the recipe for A, not for B.
	link := fmt.Sprintf("/mealprep/%s/recipe/%s", list[0]["mealPrepId"], list[0]["id"])
	resp, p = a.visit(t, link)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "mealprep/recipe", p.Component)
	require.Equal(t, list[0]["name"], p.Props["recipe"].(map[string]any)["name"])
	resp, _ = b.visit(t, link)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)

	// In English: English names; a rename stays as typed.
	_, p = a.visit(t, "/dashboard/general?lng=en")
	list = recentOf(t, p)
	require.Equal(t, "Mon porridge", list[2]["name"])
	require.Equal(t, "Old 4", list[3]["name"])

	// B sees only B's recipe.
	_, p = b.visit(t, "/dashboard/general")
	list = recentOf(t, p)
	require.Len(t, list, 1)
	require.Equal(t, bRecipe.String(), list[0]["id"])
	require.Equal(t, "Semaine B", list[0]["mealPrepName"])
}

// Right after the sign-up bonus the balance pays for the next planned action, a recipe, so the
// home does not call it low; the threshold is one recipe's price.
func TestDashboardBalanceIsLowOnlyWhenItCannotPayARecipe(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "low-balance@example.test")
	_, p := b.visit(t, "/dashboard/general")
	require.Equal(t, "dashboard/general", p.Component)
	require.EqualValues(t, 1, p.Props["lowBalance"], "one recipe generation")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"])
	require.GreaterOrEqual(t, authUserOf(t, p)["balance"].(float64), p.Props["lowBalance"].(float64), "not low")
}
