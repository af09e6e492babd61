package handlers

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDeclaredAllergensOnFoodsAndSearch: a person who declares milk and fish sees, by name in
// the page's language, which foods of their meal prep contain one (generation leaves them out)
// and which search hits do; a safe food carries none (docs/mealprep.md, "Allergens").
func TestDeclaredAllergensOnFoodsAndSearch(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "lactose@example.test")
	_, err := b.db.Pool.Exec(t.Context(), `UPDATE users SET allergens = '{milk,fish}' WHERE email = 'lactose@example.test'`)
	require.NoError(t, err)
	id := b.createMealPrep(t, "Sans lait")
	food := foodPath(id)
	const salmon, chicken = 26036, 36018
	for _, code := range []int{salmon, chicken} {
		resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": 500}, food)
		requireRedirect(t, resp, food)
	}
	_, p := b.visit(t, food)
	byCode := map[float64][]any{}
	for _, f := range p.Props["foods"].([]any) {
		m := f.(map[string]any)
		byCode[m["code"].(float64)] = m["declaredAllergens"].([]any)
	}
	require.Equal(t, []any{"poissons"}, byCode[salmon])
	require.Equal(t, []any{}, byCode[chicken])

	resp := b.do(t, http.MethodGet, food+"/search?q=yogurt&lng=en", nil, map[string]string{"Accept": "application/json"})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var res struct {
		Foods []map[string]any `json:"foods"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&res))
	resp.Body.Close()
	require.NotEmpty(t, res.Foods)
	require.Contains(t, res.Foods[0]["declaredAllergens"], "milk", "%v", res.Foods[0])
}
