package handlers

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMealPrepGenerateMissingIsOneRequest: "generate what is missing" is one POST that asks for
// every missing meal (the browser used to send one request per meal, each after the previous
// ended); not enough tokens for the whole set is a translated refusal that charges nothing.
func TestMealPrepGenerateMissingIsOneRequest(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "missing@example.test")
	id := b.createMealPrep(t, "Semaine")
	food, recipes := foodPath(id), recipesPath(id)
	for code, g := range map[int]int{36018: 600, 9104: 500, 17270: 50} {
		resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": g}, food)
		requireRedirect(t, resp, food)
	}
	missing := recipes + "/missing"
	_, p := b.visit(t, recipes)
	plan := p.Props["plan"].(map[string]any)
	require.Len(t, plan["generate"], 3, "breakfast, lunch and dinner, snack")

	// 2 sign-up tokens for a varied week's 8 recipes: refused in the person's language, nothing charged.
	for lang, want := range map[string]string{
		"fr": "Vous n’avez pas assez de jetons pour tous les repas qui manquent\u202f: rien n’a été débité.",
		"en": "You do not have enough tokens for all the missing meals: nothing was charged.",
	} {
		resp, _ := b.inertiaVisit(t, http.MethodPost, missing+"?lng="+lang, map[string]any{"count": 8, "idempotencyKey": "poor-" + lang},
			map[string]string{"Referer": b.ts.URL + recipes})
		requireRedirect(t, resp, recipes)
		_, p = b.visit(t, recipes+"?lng="+lang)
		require.Equal(t, want, errorsOf(p)["missing"], lang)
		require.EqualValues(t, 2, authUserOf(t, p)["balance"])
		require.Empty(t, p.Props["generation"])
	}

	owner := b.userID(t, "missing@example.test")
	_, err := b.srv.wallets.Grant(t.Context(), grantCmd(owner, 8, "missing"))
	require.NoError(t, err)
	click := map[string]any{"count": 8, "idempotencyKey": "click-1"}
	for range 2 { // the same click twice is one command
		resp, _ := b.send(t, http.MethodPost, missing, click, recipes)
		requireRedirect(t, resp, recipes)
	}
	_, p = b.visit(t, recipes)
	require.Empty(t, errorsOf(p))
	require.EqualValues(t, 10-8, authUserOf(t, p)["balance"])
	gen := p.Props["generation"].([]any)
	require.Len(t, gen, 3, "every missing meal is being made: the page's poll follows them")
	cats := map[string]float64{}
	for _, g := range gen {
		r := g.(map[string]any)
		require.Equal(t, true, r["running"])
		cats[r["category"].(string)] = r["count"].(float64)
	}
	require.Equal(t, map[string]float64{"breakfast": 2, "lunch_dinner": 4, "snack": 2}, cats, "a varied week: 2 breakfasts, 4 lunch/dinner recipes, 2 snacks")

	// Another tab's click: nothing is missing any more, nothing charged.
	resp, _ := b.send(t, http.MethodPost, missing, map[string]any{"count": 8, "idempotencyKey": "click-2"}, recipes)
	requireRedirect(t, resp, recipes)
	_, p = b.visit(t, recipes)
	require.Contains(t, errorsOf(p)["missing"], "Il ne manque plus aucun repas")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"])
}
