package handlers

import (
	"io"
	"net/http"
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
	mealprepdomain "github.com/gamelle/gamelle/domain/mealprep"
)

// With the database down, the landing page (whose pack catalogue is read from
// PostgreSQL, and which needs no session) answers the translated 503 page, not a 500.
func TestLandingAnswers503WhileDatabaseIsDown(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.srv.pool.Close()
	resp := b.do(t, "GET", "/", nil, map[string]string{"Accept-Language": "en"})
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	require.Equal(t, "5", resp.Header.Get("Retry-After"))
	require.Equal(t, "errors/unavailable", pageFromHTML(t, string(body)).Component)

	resp, p := b.visit(t, "/")
	requireErrorPage(t, resp, p, http.StatusServiceUnavailable, "errors/unavailable")
}

// An idempotency key sent again with a different body is the person's
// mistake (a lost answer, then a changed form), not a server fault: a form from one of our
// pages goes back with a translated error flash, any other client gets 422 with the message;
// nothing is charged twice nor changed. Generation, the needs survey and the admin's token
// adjustment all take keys.
func TestReusedIdempotencyKeyWithAnotherBodyIs422(t *testing.T) {
	t.Parallel()
	admin, person, personID := adminSetupOn(t, foodstest.New(t))
	mp := person.createMealPrep(t, "Semaine")
	food := "/mealprep/" + mp.String() + "/food"
	resp, _ := person.send(t, http.MethodPost, food, map[string]any{"foodCode": 36018, "grams": 200}, food)
	requireRedirect(t, resp, food)
	_, p := person.visit(t, food)
	require.Empty(t, errorsOf(p))

	recipes := "/mealprep/" + mp.String() + "/recipes"
	resp, _ = person.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 1, "idempotencyKey": "k-1"}, recipes)
	requireRedirect(t, resp, recipes)
	// Same key, another count: back to the page with the message, nothing more charged.
	resp, _ = person.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 2, "idempotencyKey": "k-1"}, recipes)
	requireRedirect(t, resp, recipes)
	_, p = person.visit(t, recipes)
	require.Equal(t, "Ce formulaire a déjà été envoyé avec d’autres valeurs. Rechargez la page et réessayez.", p.Props["flash"].(map[string]any)["error"])
	require.EqualValues(t, 1, authUserOf(t, p)["balance"], "one token charged, once")
	// Without a page to go back to, an Inertia visit gets the app's 422 page (translated by the
	// page, FR and EN), never a bare text answer; nothing more charged.
	resp, p = person.inertiaVisit(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 2, "idempotencyKey": "k-1"}, map[string]string{"Accept-Language": "en"})
	requireErrorPage(t, resp, p, http.StatusUnprocessableEntity, "errors/form-resent")
	require.Equal(t, "true", resp.Header.Get("X-Inertia"))
	// Any other client: 422 and the message in the person's language.
	raw := person.do(t, http.MethodPost, recipes+"?lng=en", strings.NewReader(`{"category":"lunch_dinner","count":2,"idempotencyKey":"k-1"}`),
		map[string]string{"Content-Type": "application/json", "X-XSRF-TOKEN": person.xsrf(t)})
	body, _ := io.ReadAll(raw.Body)
	raw.Body.Close()
	require.Equal(t, http.StatusUnprocessableEntity, raw.StatusCode)
	require.Contains(t, string(body), "This form was already sent")
	_, p = person.visit(t, recipes)
	require.EqualValues(t, 1, authUserOf(t, p)["balance"], "still one token charged")

	// The admin's adjustment.
	user := "/dashboard/admin/users/" + personID.String()
	resp, _ = admin.send(t, http.MethodPost, user+"/tokens", map[string]any{"amount": 5, "reason": "geste", "idempotencyKey": "a-1"}, user)
	requireRedirect(t, resp, user)
	resp, _ = admin.send(t, http.MethodPost, user+"/tokens", map[string]any{"amount": 6, "reason": "geste", "idempotencyKey": "a-1"}, user)
	requireRedirect(t, resp, user)
	_, p = admin.visit(t, user)
	require.Contains(t, p.Props["flash"].(map[string]any)["error"], "déjà été envoyé")
	bal, err := admin.srv.wallets.Balance(t.Context(), personID)
	require.NoError(t, err)
	require.EqualValues(t, 1+5, bal)

	// The needs survey.
	survey := map[string]any{"weightKg": 80, "heightCm": 180, "age": 30, "sex": "male", "activityLevel": "moderate",
		"activityDescription": "bureau", "otherActivities": "vélo", "objective": "maintenance", "macroPreset": "default",
		"mealSplit": map[string]any{"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}, "idempotencyKey": "s-1"}
	_, err = admin.srv.wallets.Grant(t.Context(), grantCmd(personID, 20, "survey"))
	require.NoError(t, err)
	resp, _ = person.send(t, http.MethodPost, "/account/survey", survey, "/account/survey")
	requireRedirect(t, resp, "/account/survey")
	survey["age"] = 31
	resp, _ = person.send(t, http.MethodPost, "/account/survey", survey, "/account/survey")
	requireRedirect(t, resp, "/account/survey")
	_, p = person.visit(t, "/account/survey")
	require.Contains(t, p.Props["flash"].(map[string]any)["error"], "déjà été envoyé")
	bal, err = admin.srv.wallets.Balance(t.Context(), personID)
	require.NoError(t, err)
	require.EqualValues(t, 6+20-10, bal, "the survey charged once")
}

// generatedRecipe asks for one recipe in meal prep id (which holds foods) and works the job, so
// the meal prep has a recipe to edit; it returns the recipe's id.
func (b *bundle) generatedRecipe(t *testing.T, id uuid.UUID, email string) string {
	t.Helper()
	recipes := "/mealprep/" + id.String() + "/recipes"
	resp, _ := b.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 1}, recipes)
	requireRedirect(t, resp, recipes)
	b.settle(t) // the request is read from its read model
	_, p := b.visit(t, recipes)
	reqID := uuid.MustParse(p.Props["generation"].([]any)[0].(map[string]any)["requestId"].(string))
	w := rivertest.NewWorker(t, riverpgxv5.New(b.db.Pool), &river.Config{}, mealprepapp.NewWorker(b.srv.mealprep, mealpreptest.ScaledGenerator{}, 0))
	tx, err := b.db.Pool.Begin(t.Context())
	require.NoError(t, err)
	_, err = w.Work(t.Context(), t, tx, mealprepapp.GenerateArgs{RequestID: reqID, MealPrepID: id, OwnerID: b.userID(t, email)}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(t.Context()))
	b.settle(t)
	_, p = b.visit(t, recipes) // after the projections applied the recipe
	list, _ := p.Props["recipes"].([]any)
	require.NotEmpty(t, list)
	return list[0].(map[string]any)["id"].(string)
}

// Numbers out of range (a food code of 2^40, beyond what the food tables
// hold, or beyond 64 bits) are field errors, not 500s, and nothing is written.
func TestOutOfRangeNumbersAreFieldErrors(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "range@example.test")
	id := b.createMealPrep(t, "Semaine")
	food := "/mealprep/" + id.String() + "/food"
	resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": 36018, "grams": 200}, food)
	requireRedirect(t, resp, food)
	recipeID := b.generatedRecipe(t, id, "range@example.test")
	recipePath := "/mealprep/" + id.String() + "/recipe/" + recipeID
	const huge = 1 << 40
	for _, c := range []struct {
		method, path, back string
		body               map[string]any
		field              string
	}{
		{http.MethodPost, food, food, map[string]any{"foodCode": huge, "grams": 100}, "foodCode"},
		{http.MethodPost, food, food, map[string]any{"foodCode": "99999999999999999999999", "grams": 100}, "foodCode"},
		{http.MethodPost, food, food, map[string]any{"foodCode": 36018, "grams": huge}, "grams"},
		{http.MethodPost, food, food, map[string]any{"foodCode": 36018, "grams": "-99999999999999999999999"}, "grams"},
		{http.MethodDelete, food, food, map[string]any{"foodCode": huge}, "foodCode"},
		{http.MethodPatch, "/mealprep/" + id.String() + "/recipes", recipePath, map[string]any{"recipeId": recipeID, "ingredients": []map[string]any{{"foodCode": huge, "grams": 100}}}, "ingredients"},
		{http.MethodPatch, "/mealprep/" + id.String() + "/recipes", recipePath, map[string]any{"recipeId": recipeID, "servings": huge}, "servings"},
		{http.MethodPost, "/mealprep/" + id.String() + "/recipes", "/mealprep/" + id.String() + "/recipes", map[string]any{"category": "lunch_dinner", "count": huge}, "count"},
	} {
		resp, _ := b.send(t, c.method, c.path, c.body, c.back)
		require.Equal(t, http.StatusSeeOther, resp.StatusCode, "%s %v", c.method, c.body)
		_, p := b.visit(t, c.back)
		require.NotEmpty(t, errorsOf(p)[c.field], "%s %v: %v", c.method, c.body, errorsOf(p))
	}
	_, p := b.visit(t, food)
	foods := p.Props["foods"].([]any)
	require.Len(t, foods, 1)
	require.EqualValues(t, 200, foods[0].(map[string]any)["grams"])
}

// A refused custom-food post stores nothing: the food and its place in the
// meal prep are written in one transaction, after every rule passed (a bad quantity, a meal prep
// that is full or gone used to leave the food behind).
func TestRefusedCustomFoodLeavesNoRow(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "orphan@example.test")
	id := b.createMealPrep(t, "Maison")
	food := foodPath(id)
	rows := func() int {
		var n int
		require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM custom_foods`).Scan(&n))
		return n
	}
	good := func(grams any) map[string]any {
		return map[string]any{"name": "Granola maison", "language": "fr", "unit": "g", "kcal": 450, "proteinG": 10, "fatG": 18, "carbsG": 60, "grams": grams}
	}
	for _, grams := range []any{0, -5, 5001, "", 1 << 40} {
		resp, _ := b.send(t, http.MethodPost, food+"/custom", good(grams), food)
		requireRedirect(t, resp, food)
		_, p := b.visit(t, food)
		require.NotEmpty(t, errorsOf(p), "grams %v", grams)
		require.Zero(t, rows(), "grams %v: no food stored", grams)
	}
	// A meal prep that was deleted: not found, nothing stored.
	resp, _ := b.send(t, http.MethodDelete, "/mealprep", map[string]any{"id": id.String()}, "/dashboard/general")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, _ = b.send(t, http.MethodPost, food+"/custom", good(80), food)
	require.Contains(t, []int{http.StatusNotFound, http.StatusSeeOther}, resp.StatusCode)
	require.Zero(t, rows())

	// The accepted post stores exactly one food.
	id = b.createMealPrep(t, "Maison 2")
	resp, _ = b.send(t, http.MethodPost, foodPath(id)+"/custom", good(80), foodPath(id))
	requireRedirect(t, resp, foodPath(id))
	require.Equal(t, 1, rows())
}

// The audit export writes a formula-like text as text, and
// negative deltas stay numbers.
func TestAdminCSVExportNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	admin, _, personID := adminSetup(t)
	_, err := admin.srv.wallets.Grant(t.Context(), grantCmd(personID, 5, "=cmd|' /C calc'!A0"))
	require.NoError(t, err)
	user := "/dashboard/admin/users/" + personID.String()
	resp, _ := admin.send(t, http.MethodPost, user+"/tokens", map[string]any{"amount": -3, "reason": "@SUM(1+1)"}, user)
	requireRedirect(t, resp, user)
	waitForAudit(t, admin, 4)
	resp = admin.do(t, http.MethodGet, "/dashboard/admin/export.csv?user=person@example.com", nil, nil)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, string(body), ",'=cmd|' /C calc'!A0,")
	require.NotContains(t, string(body), ",=cmd")
	require.Contains(t, string(body), ",-3,", "a negative delta stays a number")
}

// rawSend sends body as is (a JSON text Go could not marshal, a form) from page referer, as an
// Inertia visit.
func (b *bundle) rawSend(t *testing.T, method, path, contentType, body, referer string) *http.Response {
	t.Helper()
	resp := b.do(t, method, path, strings.NewReader(body), map[string]string{
		"Content-Type": contentType, "X-XSRF-TOKEN": b.xsrf(t), "X-Inertia": "true", "X-Inertia-Version": b.version(t),
		"X-Requested-With": "XMLHttpRequest", "Referer": b.ts.URL + referer,
	})
	resp.Body.Close()
	return resp
}

// Text no one types is refused in every text field as a translated field
// error, never a 500 and never stored: a NUL (JSON and forms), a lone surrogate (which JSON
// decoding would turn into U+FFFD), bidirectional overrides, and a name made only of zero-width
// characters.
func TestInvisibleAndControlTextIsAFieldError(t *testing.T) {
	t.Parallel()
	admin, person, personID := adminSetupOn(t, foodstest.New(t))
	mp := person.createMealPrep(t, "Semaine")
	food := foodPath(mp)
	resp, _ := person.send(t, http.MethodPost, food, map[string]any{"foodCode": 36018, "grams": 200}, food)
	requireRedirect(t, resp, food)
	recipeID := person.generatedRecipe(t, mp, "person@example.com")
	recipePath := "/mealprep/" + mp.String() + "/recipe/" + recipeID
	recipes := "/mealprep/" + mp.String() + "/recipes"
	user := "/dashboard/admin/users/" + personID.String()
	const (
		jsonCT = "application/json"
		formCT = "application/x-www-form-urlencoded"
	)
	survey := func(text string) string {
		return `{"weightKg":80,"heightCm":180,"age":30,"sex":"male","activityLevel":"moderate","activityDescription":"` + text +
			`","otherActivities":"vélo","objective":"maintenance","macroPreset":"default","mealSplit":{"breakfast":25,"lunch":35,"dinner":30,"snack":10}}`
	}
	custom := func(name string) string {
		return `{"name":"` + name + `","language":"fr","unit":"g","kcal":450,"proteinG":10,"fatG":18,"carbsG":60,"grams":80}`
	}
	for _, c := range []struct {
		name                       string
		who                        *bundle
		method, path, ct, body, at string
		field                      string
	}{
		{"meal-prep name, JSON NUL", person, http.MethodPost, "/mealprep", jsonCT, `{"name":"Se\u0000maine"}`, "/dashboard/general", "name"},
		{"meal-prep name, form NUL", person, http.MethodPost, "/mealprep", formCT, `name=Se%00maine`, "/dashboard/general", "name"},
		{"meal-prep name, lone surrogate", person, http.MethodPost, "/mealprep", jsonCT, `{"name":"Se\ud800maine"}`, "/dashboard/general", "name"},
		{"meal-prep name, lone low surrogate", person, http.MethodPost, "/mealprep", jsonCT, `{"name":"Se\udc00maine"}`, "/dashboard/general", "name"},
		{"meal-prep name, zero-width only", person, http.MethodPost, "/mealprep", jsonCT, `{"name":"\u200b\u200d \ufeff"}`, "/dashboard/general", "name"},
		{"meal-prep name, bidi override", person, http.MethodPost, "/mealprep", jsonCT, `{"name":"Menu\u202egpj.exe"}`, "/dashboard/general", "name"},
		{"meal-prep name, bidi isolate", person, http.MethodPost, "/mealprep", jsonCT, `{"name":"Menu\u2067x"}`, "/dashboard/general", "name"},
		{"recipe rename", person, http.MethodPatch, recipes, jsonCT, `{"recipeId":"` + recipeID + `","name":"Poulet\u0000"}`, recipePath, "name"},
		{"recipe rename, bidi", person, http.MethodPatch, recipes, jsonCT, `{"recipeId":"` + recipeID + `","name":"Poulet\u202a"}`, recipePath, "name"},
		{"custom-food name", person, http.MethodPost, food + "/custom", jsonCT, custom(`Gra\u0000nola`), food, "custom.name"},
		{"custom-food name, zero-width only", person, http.MethodPost, food + "/custom", jsonCT, custom(`\u200b`), food, "custom.name"},
		{"billing address", person, http.MethodPost, "/account/billing", jsonCT, `{"address":"1 rue\u0000","city":"Lyon","postalCode":"69001","country":"FR"}`, "/account/billing", "address"},
		{"survey text", person, http.MethodPost, "/account/survey", jsonCT, survey(`bureau\u0000`), "/account/survey", "activityDescription"},
		{"idempotency key", person, http.MethodPost, recipes, jsonCT, `{"category":"lunch_dinner","count":1,"idempotencyKey":"k\u0000"}`, recipes, "idempotencyKey"},
		{"admin reason", admin, http.MethodPost, user + "/tokens", jsonCT, `{"amount":1,"reason":"geste\u0000"}`, user, "reason"},
	} {
		resp := c.who.rawSend(t, c.method, c.path, c.ct, c.body, c.at)
		require.Equal(t, http.StatusSeeOther, resp.StatusCode, c.name)
		_, p := c.who.visit(t, c.at)
		require.Contains(t, []string{
			"Ce texte contient des caractères non autorisés (caractères de contrôle ou invisibles).",
		}, errorsOf(p)[c.field], "%s: %v", c.name, errorsOf(p))
	}

	// Nothing was stored: no meal prep but the first, no custom food, no billing address, no
	// survey, no adjustment, the recipe keeps its name.
	var n int
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT count(DISTINCT stream_id) FROM events WHERE stream_id LIKE $1 || '%'`, mealprepdomain.StreamPrefix).Scan(&n))
	require.Equal(t, 1, n)
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM custom_foods`).Scan(&n))
	require.Zero(t, n)
	bal, err := admin.srv.wallets.Balance(t.Context(), personID)
	require.NoError(t, err)
	require.EqualValues(t, 1, bal, "2 sign-up tokens, 1 spent on the recipe, no adjustment")
	_, p := person.visit(t, recipePath)
	require.NotContains(t, p.Props["recipe"].(map[string]any)["name"], "\u0000")

	// In a query string or a path: the 400 page, before any handler reads it.
	for _, path := range []string{"/dashboard/admin/users?q=a%00b", "/auth/otp/a%00@example.com", food + "/search?q=poulet%00"} {
		resp := admin.do(t, http.MethodGet, path, nil, nil)
		resp.Body.Close()
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, path)
	}

	// Ordinary text with zero-width joiners inside (an emoji) and accents is still welcome.
	resp, _ = person.send(t, http.MethodPost, "/mealprep", map[string]any{"name": "Famille 👨\u200d👩\u200d👧 d’été"}, "/dashboard/general")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.True(t, strings.HasPrefix(resp.Header.Get("Location"), "/mealprep/"), resp.Header.Get("Location"))
}
