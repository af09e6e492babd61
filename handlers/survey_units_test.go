package handlers

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// Weight and height are typed in the person's units (lb, in) and stored metric;
// the bounds apply to the metric value; the messages follow the person's language.
func TestSurveyInPoundsAndInchesIsStoredMetric(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "imperial@example.test")
	resp, _ := b.send(t, http.MethodPost, "/account", map[string]any{"name": "Ada", "surname": "Lovelace", "language": "en",
		"units": "lb", "currency": "USD", "diet": "omnivore", "aiSuggestions": true, "priceLimit": 5}, "/dashboard/account")
	requireRedirect(t, resp, "/dashboard/account")
	_, p := b.visit(t, "/dashboard/account")
	a := p.Props["account"].(map[string]any)
	require.Equal(t, []any{"Ada", "Lovelace", "en", "lb", "USD"}, []any{a["name"], a["surname"], a["language"], a["units"], a["currency"]}, "the account form saves every field")

	const page = "/account/survey"
	survey := map[string]any{"weightKg": 176.4, "heightCm": 70.9, "age": 30, "sex": "male", "activityLevel": "moderate",
		"activityDescription": "desk", "otherActivities": "cycling", "objective": "maintenance", "macroPreset": "default",
		"mealSplit": map[string]any{"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}}
	with := func(k string, v any) map[string]any {
		out := map[string]any{}
		for key, val := range survey {
			out[key] = val
		}
		if v == nil {
			delete(out, k)
		} else {
			out[k] = v
		}
		return out
	}

	resp, _ = b.send(t, http.MethodPost, page, with("sex", nil), page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, "Fill in the fields marked as required.", errorsOf(p)["form"])

	// 40 lb is 18.1 kg: under the 20 kg floor although 40 is not.
	resp, _ = b.send(t, http.MethodPost, page, with("weightKg", 40), page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.NotEmpty(t, errorsOf(p)["weightKg"])

	id := b.userID(t, "imperial@example.test")
	_, err := b.srv.wallets.Grant(t.Context(), ledgerapp.GrantCommand{UserID: id, Amount: 10, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "test"}})
	require.NoError(t, err)
	resp, _ = b.send(t, http.MethodPost, page, survey, page)
	requireRedirect(t, resp, page)

	var kg, cm float64
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT weight_kg::float8, height_cm::float8 FROM nutrition_surveys WHERE user_id = $1`, id).Scan(&kg, &cm))
	require.Equal(t, 80.0, kg, "176.4 lb stored in kg")
	require.Equal(t, 180.1, cm, "70.9 in stored in cm")

	// The form shows it back in the person's units.
	_, p = b.visit(t, page)
	require.Equal(t, "lb", p.Props["units"])
	prefill := p.Props["survey"].(map[string]any)
	require.Equal(t, 176.4, prefill["weightKg"])
	require.Equal(t, 70.9, prefill["heightCm"])
}
