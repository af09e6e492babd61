package handlers

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/household"
)

func cookPath(id uuid.UUID, query string) string {
	return "/mealprep/" + id.String() + "/plan/cook" + query
}

func member(name string, kcal, p, f, c int) map[string]any {
	return map[string]any{"name": name, "source": "manual", "kcal": kcal, "proteinG": p, "fatG": f, "carbsG": c,
		"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}
}

// householdEvents counts the events of the person's household stream.
func householdEvents(t *testing.T, b *bundle, owner uuid.UUID) int {
	t.Helper()
	var n int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM events WHERE stream_id = $1`, household.StreamID(owner)).Scan(&n))
	return n
}

func TestCookPlanForACouple(t *testing.T) {
	t.Parallel()
	b, id := shoppingSetup(t, "batch@example.test")
	owner := b.userID(t, "batch@example.test")
	resp, _ := b.send(t, http.MethodPost, "/household", member("Sam", 1700, 128, 57, 170), "/household")
	requireRedirect(t, resp, "/household")
	require.Eventually(t, func() bool {
		_, p := b.visit(t, "/household")
		ms, _ := p.Props["members"].([]any)
		return len(ms) == 1
	}, 10*time.Second, 20*time.Millisecond)

	_, p := b.visit(t, cookPath(id, "?days=5&sessions=1"))
	require.Equal(t, "mealprep/cook-plan", p.Component)
	require.Empty(t, errorsOf(p))
	plan := p.Props["plan"].(map[string]any)
	// 5 days × lunch and dinner × 2 people, one box each.
	require.Len(t, plan["boxes"], 20)
	require.Len(t, plan["sessions"], 1)
	for _, c := range plan["plates"].([]any) {
		plates := c.(map[string]any)["plates"].([]any)
		require.Len(t, plates, 2)
		require.Equal(t, "Sam", plates[1].(map[string]any)["person"])
	}
	frozen := 0
	for _, bx := range plan["boxes"].([]any) {
		if bx.(map[string]any)["freezer"].(bool) {
			frozen++
		}
	}
	require.Positive(t, frozen, "day 5 is beyond the fridge's days")

	// Two sessions: the second cooks halfway.
	_, p = b.visit(t, cookPath(id, "?days=7&sessions=2"))
	require.Len(t, p.Props["plan"].(map[string]any)["sessions"], 2)

	// Bad days and sessions: the field's error in the person's language, no plan, nothing written.
	before := householdEvents(t, b, owner)
	for q, field := range map[string]string{"?days=0": "days", "?days=8": "days", "?days=x": "days", "?days=3&sessions=3": "sessions"} {
		_, p = b.visit(t, cookPath(id, q))
		require.Nil(t, p.Props["plan"], q)
		require.NotEmpty(t, errorsOf(p)[field], q)
	}
	_, p = b.visit(t, cookPath(id, "?days=8"))
	require.Equal(t, "Choisissez entre 1 et 7 jours.", errorsOf(p)["days"])
	_, p = b.visit(t, cookPath(id, "?days=8&lng=en"))
	require.Equal(t, "Choose between 1 and 7 days.", errorsOf(p)["days"])
	require.Equal(t, before, householdEvents(t, b, owner))

	// Another person's meal prep is not found.
	other := mealprepSetup(t, "autre@example.test")
	resp, _ = other.visit(t, cookPath(id, ""))
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

func TestHouseholdBadInputWritesNothing(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "foyer@example.test")
	owner := b.userID(t, "foyer@example.test")
	cases := []struct {
		body  map[string]any
		field string
	}{
		{member("Sam", 9000, 128, 57, 170), "kcal"},
		{member("Sam", 1700, 900, 57, 170), "proteinG"},
		{member("", 1700, 128, 57, 170), "name"},
		{map[string]any{"name": "Sam", "source": "manual", "kcal": 1700, "proteinG": 128, "fatG": 57, "carbsG": 170, "breakfast": 50, "lunch": 50, "dinner": 50, "snack": 0}, "split"},
		{map[string]any{"name": "Sam", "source": "survey", "weightKg": 5, "heightCm": 170, "age": 30, "sex": "female", "activityLevel": "moderate",
			"objective": "maintenance", "macroPreset": "default", "breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}, "weightKg"},
	}
	for _, c := range cases {
		resp, _ := b.send(t, http.MethodPost, "/household", c.body, "/household")
		requireRedirect(t, resp, "/household")
		_, p := b.visit(t, "/household")
		require.NotEmpty(t, errorsOf(p)[c.field], c.field)
	}
	// Each survey choice left empty gets its own translated error, in French and in English.
	empty := map[string]any{"name": "Sam", "source": "survey", "weightKg": 80, "heightCm": 180, "age": 30,
		"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}
	resp, _ := b.send(t, http.MethodPost, "/household", empty, "/household")
	requireRedirect(t, resp, "/household")
	_, p := b.visit(t, "/household")
	for _, f := range []string{"sex", "activityLevel", "objective", "macroPreset"} {
		require.Equal(t, "Choisissez une réponse.", errorsOf(p)[f], f)
	}
	empty["sex"] = "male"
	resp, _ = b.inertiaVisit(t, http.MethodPost, "/household", empty, map[string]string{"Referer": b.ts.URL + "/household", "Cookie": "i18next=en"})
	requireRedirect(t, resp, "/household")
	_, p = b.inertiaVisit(t, http.MethodGet, "/household", nil, map[string]string{"Cookie": "i18next=en"})
	require.Equal(t, "Choose an answer.", errorsOf(p)["objective"])
	require.NotContains(t, errorsOf(p), "sex")

	require.Zero(t, householdEvents(t, b, owner))
	_, p = b.visit(t, "/household")
	require.Empty(t, p.Props["members"])

	// Seven people besides the person, then the household is full.
	for range household.MaxMembers {
		resp, _ := b.send(t, http.MethodPost, "/household", member("X", 2000, 100, 70, 240), "/household")
		requireRedirect(t, resp, "/household")
	}
	resp, _ = b.send(t, http.MethodPost, "/household", member("Neuf", 2000, 100, 70, 240), "/household")
	requireRedirect(t, resp, "/household")
	_, p = b.visit(t, "/household")
	require.Equal(t, "Vous cuisinez pour 8 personnes au plus, vous compris.", errorsOf(p)["household"])
	require.Equal(t, household.MaxMembers, householdEvents(t, b, owner))
}
