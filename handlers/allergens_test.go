package handlers

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

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

// TestHouseholdMemberAllergensForm: the household form offers the 14 allergens and stores the
// ones ticked for a member; an unknown id is a translated field error and writes no event.
func TestHouseholdMemberAllergensForm(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "family@example.test")
	owner := b.userID(t, "family@example.test")
	_, p := b.visit(t, "/household")
	require.Len(t, p.Props["allergens"].([]any), 14)

	bad := member("Lou", 1700, 128, 57, 170)
	bad["allergens"] = []string{"kiwi"}
	resp, _ := b.send(t, http.MethodPost, "/household", bad, "/household")
	requireRedirect(t, resp, "/household")
	_, p = b.visit(t, "/household")
	require.Equal(t, "Choisissez parmi les 14 allergènes de la liste.", errorsOf(p)["allergens"])
	require.Zero(t, householdEvents(t, b, owner))

	good := member("Sam", 1700, 128, 57, 170)
	good["allergens"] = []string{"sesame", "gluten"}
	resp, _ = b.send(t, http.MethodPost, "/household", good, "/household")
	requireRedirect(t, resp, "/household")
	require.Eventually(t, func() bool {
		_, p := b.visit(t, "/household")
		ms, _ := p.Props["members"].([]any)
		return len(ms) == 1
	}, 10*time.Second, 20*time.Millisecond)
	_, p = b.visit(t, "/household")
	require.Equal(t, []any{"gluten", "sesame"}, p.Props["members"].([]any)[0].(map[string]any)["allergens"])
}

// TestSeasonalVegetablesLeaveOutDeclaredAllergens: December's vegetables offered to a meal prep
// without one hold no allergen the person declares (celery here).
func TestSeasonalVegetablesLeaveOutDeclaredAllergens(t *testing.T) {
	t.Parallel()
	b := decemberSetup(t, "celeri@example.test")
	id := b.createMealPrep(t, "Décembre")
	food := foodPath(id)
	resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": 36018, "grams": 600}, food)
	requireRedirect(t, resp, food)
	offered := func() []string {
		_, p := b.visit(t, food)
		var names []string
		for _, v := range p.Props["seasonalVegetables"].([]any) {
			names = append(names, v.(map[string]any)["name"].(string))
		}
		return names
	}
	hasCelery := func(names []string) bool {
		for _, n := range names {
			if strings.Contains(strings.ToLower(n), "céleri") {
				return true
			}
		}
		return false
	}
	require.True(t, hasCelery(offered()), "%v", offered())
	_, err := b.db.Pool.Exec(t.Context(), `UPDATE users SET allergens = '{celery}' WHERE email = 'celeri@example.test'`)
	require.NoError(t, err)
	names := offered()
	require.NotEmpty(t, names)
	require.False(t, hasCelery(names), "%v", names)
}
