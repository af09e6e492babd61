package handlers

import (
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
)

// Issue 18 item 8: with the database down, the landing page (whose pack catalogue is read from
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

// Issue 18 item 5: an idempotency key sent again with a different body is the person's
// mistake (a lost answer, then a changed form), not a server fault: a form from one of our
// pages goes back with a translated error flash, any other client gets 422 with the message;
// nothing is charged twice nor changed. Generation, the needs survey and the admin's token
// adjustment all take keys.
func TestReusedIdempotencyKeyWithAnotherBodyIs422(t *testing.T) {
	t.Parallel()
	admin, person, personID := adminSetup(t)
	_, err := nutritionapp.Import(t.Context(), admin.db.Pool, data.CiqualFoodsCSV)
	require.NoError(t, err)
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
	// Without a page to go back to: 422 and the message in the person's language.
	resp, _ = person.inertiaVisit(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 2, "idempotencyKey": "k-1"}, map[string]string{"Accept-Language": "en"})
	require.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)

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
