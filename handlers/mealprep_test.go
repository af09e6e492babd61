package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/app/mealprep/mealpreptest"
	"github.com/gamelle/gamelle/app/nutrition/foodstest"
)

// mealprepSetup is a server with the CIQUAL foods and the projections running, and a signed-in
// person (2 sign-up tokens).
func mealprepSetup(t *testing.T, email string) *bundle {
	t.Helper()
	b := setupOn(t, foodstest.New(t))
	b.runProjections(t)
	b.readYourWrites = true // the meal-prep pages are served from read models
	b.registerAndVerify(t, email)
	return b
}

// other is a second browser on the same server.
func (b *bundle) other(t *testing.T, email string) *bundle {
	t.Helper()
	o := &bundle{srv: b.srv, ts: b.ts, client: newJarClient(), db: b.db, ver: b.ver, runner: b.runner, readYourWrites: b.readYourWrites}
	o.client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	if email != "" {
		o.registerAndVerify(t, email)
	}
	return o
}

func (b *bundle) send(t *testing.T, method, path string, body any, referer string) (*http.Response, pageObject) {
	t.Helper()
	h := map[string]string{}
	if referer != "" {
		h["Referer"] = b.ts.URL + referer
	}
	return b.inertiaVisit(t, method, path, body, h)
}

func (b *bundle) createMealPrep(t *testing.T, name string) uuid.UUID {
	t.Helper()
	resp, _ := b.send(t, http.MethodPost, "/mealprep", map[string]any{"name": name}, "/dashboard/general")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")
	require.True(t, strings.HasPrefix(loc, "/mealprep/") && strings.HasSuffix(loc, "/food"), loc)
	id, err := uuid.Parse(strings.TrimSuffix(strings.TrimPrefix(loc, "/mealprep/"), "/food"))
	require.NoError(t, err)
	return id
}

func (b *bundle) userID(t *testing.T, email string) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT id FROM users WHERE email = $1`, email).Scan(&id))
	return id
}

func TestMealPrepFoodsFlow(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "alice@example.test")
	id := b.createMealPrep(t, "Semaine 1")
	food := foodPath(id)

	// The dashboard lists it.
	_, p := b.visit(t, "/dashboard/general")
	list, _ := p.Props["mealPreps"].([]any)
	require.Len(t, list, 1)
	require.Equal(t, "Semaine 1", list[0].(map[string]any)["name"])

	// Search answers JSON, typo-tolerant, in the page's language.
	resp := b.do(t, http.MethodGet, food+"/search?q=poulett&lng=fr", nil, map[string]string{"Accept": "application/json"})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var res struct {
		Foods []map[string]any `json:"foods"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&res))
	resp.Body.Close()
	require.NotEmpty(t, res.Foods)
	require.Contains(t, strings.ToLower(res.Foods[0]["name"].(string)), "poulet")
	resp = b.do(t, http.MethodGet, food+"/search?q=chicken&lng=en", nil, map[string]string{"Accept": "application/json"})
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&res))
	resp.Body.Close()
	require.Contains(t, strings.ToLower(res.Foods[0]["name"].(string)), "chicken")

	// Add, change, remove.
	resp, _ = b.send(t, http.MethodPost, food, map[string]any{"foodCode": 36018, "grams": 500}, food)
	requireRedirect(t, resp, food)
	resp, _ = b.send(t, http.MethodPost, food, map[string]any{"foodCode": "9104", "grams": "400"}, food)
	requireRedirect(t, resp, food)
	resp, _ = b.send(t, http.MethodPost, food, map[string]any{"foodCode": 9104, "grams": 300}, food)
	requireRedirect(t, resp, food)
	_, p = b.visit(t, food)
	require.Equal(t, "mealprep/food", p.Component)
	foods := p.Props["foods"].([]any)
	require.Len(t, foods, 2)
	require.EqualValues(t, 300, foods[1].(map[string]any)["grams"])
	resp, _ = b.send(t, http.MethodDelete, food, map[string]any{"foodCode": 9104}, food)
	requireRedirect(t, resp, food)
	_, p = b.visit(t, food)
	require.Len(t, p.Props["foods"].([]any), 1)

	// Bad input: translated field errors, nothing written.
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"foodCode": 36018, "grams": -5}, "grams"}, // 0 is "no limit"
		{map[string]any{"foodCode": 36018, "grams": 5001}, "grams"},
		{map[string]any{"foodCode": 1, "grams": 10}, "foodCode"},
	} {
		resp, _ = b.send(t, http.MethodPost, food, c.body, food)
		requireRedirect(t, resp, food)
		_, p = b.visit(t, food)
		require.NotEmpty(t, errorsOf(p)[c.field], "%v", c.body)
	}
	resp, _ = b.send(t, http.MethodPost, "/mealprep", map[string]any{"name": "  "}, "/dashboard/general")
	requireRedirect(t, resp, "/dashboard/general")
	_, p = b.visit(t, "/dashboard/general")
	require.Equal(t, "Donnez un nom de 1 à 80 caractères.", errorsOf(p)["name"])
	resp, _ = b.send(t, http.MethodPost, "/mealprep", map[string]any{"name": strings.Repeat("x", 81)}, "/dashboard/general")
	requireRedirect(t, resp, "/dashboard/general")

	// Duplicate copies the foods; delete removes it from the list.
	resp, _ = b.send(t, http.MethodPost, "/mealprep/duplicate", map[string]any{"id": id.String()}, food)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	copyPath := resp.Header.Get("Location")
	require.NotEqual(t, food, copyPath)
	_, p = b.visit(t, copyPath)
	require.Equal(t, "Semaine 1 (copie)", p.Props["mealPrep"].(map[string]any)["name"])
	require.Len(t, p.Props["foods"].([]any), 1)
	resp, _ = b.send(t, http.MethodDelete, "/mealprep", map[string]any{"id": id.String()}, food)
	requireRedirect(t, resp, "/dashboard/general")
	resp, _ = b.visit(t, food)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

func TestMealPrepBelongsToItsOwner(t *testing.T) {
	t.Parallel()
	a := mealprepSetup(t, "owner@example.test")
	id := a.createMealPrep(t, "À moi")
	food, recipes := foodPath(id), recipesPath(id)
	resp, _ := a.send(t, http.MethodPost, food, map[string]any{"foodCode": 36018, "grams": 500}, food)
	requireRedirect(t, resp, food)
	resp, _ = a.send(t, http.MethodPost, recipes, map[string]any{"category": "snack", "count": 1}, recipes)
	requireRedirect(t, resp, recipes)
	_, p := a.visit(t, recipes)
	gen := p.Props["generation"].([]any)
	require.Len(t, gen, 1)
	require.Equal(t, true, gen[0].(map[string]any)["running"])
	var recipeID uuid.UUID
	require.NoError(t, a.db.Pool.QueryRow(t.Context(), `SELECT gen_random_uuid()`).Scan(&recipeID))

	b := a.other(t, "intruder@example.test")
	visitor := a.other(t, "")
	reqs := []struct {
		method, path string
		body         map[string]any
	}{
		{http.MethodGet, food, nil},
		{http.MethodGet, food + "/search?q=riz", nil},
		{http.MethodPost, food, map[string]any{"foodCode": 9104, "grams": 100}},
		{http.MethodDelete, food, map[string]any{"foodCode": 36018}},
		{http.MethodGet, recipes, nil},
		{http.MethodPost, recipes, map[string]any{"category": "snack", "count": 1}},
		{http.MethodPatch, recipes, map[string]any{"recipeId": recipeID.String(), "servings": 2}},
		{http.MethodDelete, recipes, map[string]any{}},
		{http.MethodGet, "/mealprep/" + id.String() + "/recipe/" + recipeID.String(), nil},
		{http.MethodDelete, "/mealprep", map[string]any{"id": id.String()}},
		{http.MethodPost, "/mealprep/duplicate", map[string]any{"id": id.String()}},
	}
	for _, rq := range reqs {
		var body any
		if rq.body != nil {
			body = rq.body
		}
		resp, _ := b.send(t, rq.method, rq.path, body, "")
		require.Equal(t, http.StatusNotFound, resp.StatusCode, "B: %s %s", rq.method, rq.path)
		resp, _ = visitor.send(t, rq.method, rq.path, body, "")
		requireRedirect(t, resp, "/auth/login")
	}
	// Unknown and malformed ids are 404 too.
	for _, path := range []string{"/mealprep/" + uuid.NewString() + "/food", "/mealprep/not-an-id/food", "/mealprep/" + id.String() + "/recipe/nope"} {
		resp, _ := a.visit(t, path)
		require.Equal(t, http.StatusNotFound, resp.StatusCode, path)
	}
	// Nothing changed for A, and B was charged nothing.
	_, p = a.visit(t, food)
	require.Len(t, p.Props["foods"].([]any), 1)
	_, p = b.visit(t, "/dashboard/general")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"])
}

func TestMealPrepGenerateAndRecipes(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "cook@example.test")
	ctx := t.Context()
	id := b.createMealPrep(t, "Batch")
	food, recipes := foodPath(id), recipesPath(id)

	// No foods: a clear message, nothing charged.
	resp, _ := b.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 1}, recipes)
	requireRedirect(t, resp, recipes)
	_, p := b.visit(t, recipes)
	require.Equal(t, "Ajoutez des aliments à ce meal prep avant de générer des recettes.", errorsOf(p)["form"])
	for code, g := range map[int]int{36018: 600, 9104: 500, 17270: 50} {
		resp, _ = b.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": g}, food)
		requireRedirect(t, resp, food)
	}
	// Bad counts and categories, too many tokens: field errors, nothing charged.
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"category": "lunch_dinner", "count": 0}, "count"},
		{map[string]any{"category": "lunch_dinner", "count": 11}, "count"},
		{map[string]any{"category": "dinner", "count": 1}, "category"},
		{map[string]any{"category": "snack", "count": 3}, "tokens"},
	} {
		resp, _ = b.send(t, http.MethodPost, recipes, c.body, recipes)
		requireRedirect(t, resp, recipes)
		_, p = b.visit(t, recipes)
		require.NotEmpty(t, errorsOf(p)[c.field], "%v", c.body)
		require.EqualValues(t, 2, authUserOf(t, p)["balance"])
	}

	// A double-submitted form charges once.
	form := map[string]any{"category": "lunch_dinner", "count": 2, "idempotencyKey": "form-abc"}
	resp, _ = b.send(t, http.MethodPost, recipes, form, recipes)
	requireRedirect(t, resp, recipes)
	resp, _ = b.send(t, http.MethodPost, recipes, form, recipes)
	requireRedirect(t, resp, recipes)
	_, p = b.visit(t, recipes)
	require.EqualValues(t, 0, authUserOf(t, p)["balance"])
	gen := p.Props["generation"].([]any)
	require.Len(t, gen, 1)
	req := gen[0].(map[string]any)
	require.Equal(t, true, req["running"])
	require.EqualValues(t, 0, req["done"])

	// The worker makes the recipes; the page follows.
	owner := b.userID(t, "cook@example.test")
	reqID := uuid.MustParse(req["requestId"].(string))
	w := rivertest.NewWorker(t, riverpgxv5.New(b.db.Pool), &river.Config{}, mealprepapp.NewWorker(b.srv.mealprep, mealpreptest.ScaledGenerator{}, 0))
	tx, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: reqID, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
	_, p = b.inertiaVisit(t, http.MethodGet, recipes, nil, map[string]string{
		"X-Inertia-Partial-Component": "mealprep/recipes", "X-Inertia-Partial-Data": "generation",
	})
	g := p.Props["generation"].([]any)
	require.Len(t, g, 1)
	require.Equal(t, false, g[0].(map[string]any)["running"])
	require.NotContains(t, p.Props, "recipes", "a partial reload sends only the generation prop")
	_, p = b.visit(t, recipes)
	list := p.Props["recipes"].([]any)
	require.Len(t, list, 2)
	plan := p.Props["plan"].(map[string]any)
	require.NotEmpty(t, plan["missing"], "no breakfast yet")
	rec := list[0].(map[string]any)
	recipeID := rec["id"].(string)
	recipePath := "/mealprep/" + id.String() + "/recipe/" + recipeID

	_, p = b.visit(t, recipePath)
	require.Equal(t, "mealprep/recipe", p.Component)
	r := p.Props["recipe"].(map[string]any)
	require.NotEmpty(t, r["ingredients"])
	require.Equal(t, "EUR", r["currency"])

	// Update: rename, servings, quantities (nutrition recomputed).
	resp, _ = b.send(t, http.MethodPatch, recipes, map[string]any{
		"recipeId": recipeID, "name": "Mon poulet riz", "servings": 2,
		"ingredients": []map[string]any{{"foodCode": 36018, "grams": 300}, {"foodCode": 9104, "grams": 200}},
	}, recipePath)
	requireRedirect(t, resp, recipePath)
	_, p = b.visit(t, recipePath)
	r = p.Props["recipe"].(map[string]any)
	require.Equal(t, "Mon poulet riz", r["name"])
	require.EqualValues(t, 2, r["servings"])
	nut := r["nutrition"].(map[string]any)
	require.InDelta(t, 141*3+155*2, nut["kcal"], 1, "recomputed from CIQUAL")
	require.Equal(t, []any{}, p.Props["allergens"], "chicken and rice hold none of the 14")
	// Wheat pasta in it: the page declares gluten, by the regulation's name.
	resp, _ = b.send(t, http.MethodPatch, recipes, map[string]any{"recipeId": recipeID,
		"ingredients": []map[string]any{{"foodCode": 36018, "grams": 300}, {"foodCode": 9811, "grams": 200}}}, recipePath)
	requireRedirect(t, resp, recipePath)
	_, p = b.visit(t, recipePath)
	require.Equal(t, []any{map[string]any{"id": "gluten", "name": "céréales contenant du gluten"}}, p.Props["allergens"])
	resp, _ = b.send(t, http.MethodPatch, recipes, map[string]any{"recipeId": recipeID,
		"ingredients": []map[string]any{{"foodCode": 36018, "grams": 300}, {"foodCode": 9104, "grams": 200}}}, recipePath)
	requireRedirect(t, resp, recipePath)
	resp, _ = b.send(t, http.MethodPatch, recipes, map[string]any{"recipeId": recipeID, "servings": 0}, recipePath)
	requireRedirect(t, resp, recipePath)
	_, p = b.visit(t, recipePath)
	require.NotEmpty(t, errorsOf(p)["servings"])
	resp, _ = b.send(t, http.MethodPatch, recipes, map[string]any{"recipeId": recipeID, "ingredients": []map[string]any{{"foodCode": 36018, "grams": 9000}}}, recipePath)
	requireRedirect(t, resp, recipePath)
	_, p = b.visit(t, recipePath)
	require.NotEmpty(t, errorsOf(p)["ingredients"]) // grams outside 0-5 kg inside a list

	// Delete one, then all.
	resp, _ = b.send(t, http.MethodDelete, recipes, map[string]any{"recipeId": recipeID}, recipePath)
	requireRedirect(t, resp, recipes)
	resp, _ = b.visit(t, recipePath)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	resp, _ = b.send(t, http.MethodDelete, recipes, map[string]any{}, recipes)
	requireRedirect(t, resp, recipes)
	_, p = b.visit(t, recipes)
	require.Empty(t, p.Props["recipes"])
}

func TestMealPrepClassicFormPosts(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "forms@example.test")
	resp := b.do(t, http.MethodPost, "/mealprep", strings.NewReader(url.Values{"name": {"Formulaire"}}.Encode()), map[string]string{
		"Content-Type": "application/x-www-form-urlencoded", "X-XSRF-TOKEN": b.xsrf(t), "Origin": b.ts.URL,
	})
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.True(t, strings.HasSuffix(resp.Header.Get("Location"), "/food"), fmt.Sprint(resp.Header))
}

func TestMealPrepCustomFood(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "custom@example.test")
	id := b.createMealPrep(t, "Maison")
	food := foodPath(id)
	good := map[string]any{"name": "Granola maison", "language": "fr", "unit": "g", "kcal": 450, "proteinG": 10, "fatG": "18", "carbsG": 60, "grams": 80}

	resp, _ := b.send(t, http.MethodPost, food+"/custom", good, food)
	requireRedirect(t, resp, food)
	_, p := b.visit(t, food)
	foods := p.Props["foods"].([]any)
	require.Len(t, foods, 1)
	f := foods[0].(map[string]any)
	require.Equal(t, "Granola maison", f["name"])
	require.Equal(t, true, f["custom"])

	// Found by its owner's search only.
	resp = b.do(t, http.MethodGet, food+"/search?q=granola+maison", nil, nil)
	var res struct {
		Foods []map[string]any `json:"foods"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&res))
	resp.Body.Close()
	require.Equal(t, "Granola maison", res.Foods[0]["name"])
	other := b.other(t, "neighbour@example.test")
	otherID := other.createMealPrep(t, "Autre")
	resp = other.do(t, http.MethodGet, foodPath(otherID)+"/search?q=granola+maison", nil, nil)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&res))
	resp.Body.Close()
	for _, hit := range res.Foods {
		require.NotEqual(t, "Granola maison", hit["name"])
	}

	// Refused values come back as translated field errors; a mismatched energy is a warning.
	bad := map[string]any{"name": "", "language": "fr", "unit": "g", "kcal": 100, "proteinG": 60, "fatG": 30, "carbsG": 30, "grams": 80}
	resp, _ = b.send(t, http.MethodPost, food+"/custom", bad, food)
	requireRedirect(t, resp, food)
	_, p = b.visit(t, food)
	require.NotEmpty(t, errorsOf(p)["custom.name"])
	require.Len(t, p.Props["foods"].([]any), 1)
	warn := map[string]any{"name": "Barre", "language": "fr", "unit": "g", "kcal": 100, "proteinG": 10, "fatG": 10, "carbsG": 50, "grams": 40}
	resp, _ = b.send(t, http.MethodPost, food+"/custom", warn, food)
	requireRedirect(t, resp, food)
	_, p = b.visit(t, food)
	require.Len(t, p.Props["foods"].([]any), 2)
	require.Contains(t, p.Props["flash"].(map[string]any)["success"], "énergie")
}
