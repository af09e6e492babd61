package handlers

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestAdminPricesAreForAdminsOnly(t *testing.T) {
	t.Parallel()
	admin, person, _ := adminSetup(t)
	const prices = "/dashboard/admin/prices"
	resp := person.do(t, http.MethodGet, prices, nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusForbidden, resp.StatusCode, "USER on the prices page")

	body := map[string]any{"group": "fats and oils", "subgroup": "butters", "eurPerKg": 12}
	resp, _ = person.inertiaVisit(t, http.MethodPut, prices, body, nil)
	require.Equal(t, http.StatusForbidden, resp.StatusCode, "USER changing a price")
	resp = admin.do(t, http.MethodPut, prices, strings.NewReader(`{"group":"fats and oils","subgroup":"butters","eurPerKg":12}`),
		map[string]string{"Content-Type": "application/json", "X-Inertia": "true"})
	resp.Body.Close()
	require.Equal(t, 419, resp.StatusCode, "ADMIN without CSRF")

	var n int
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM food_price_overrides`).Scan(&n))
	require.Zero(t, n, "refused requests change nothing")
	require.InDelta(t, 11.0, admin.srv.prices.PerKgEUR(nutrition.Food{Group: "fats and oils", Subgroup: "butters"}), 1e-9)
}

func TestAdminEditsAPriceEstimate(t *testing.T) {
	t.Parallel()
	admin, _, _ := adminSetup(t)
	const prices = "/dashboard/admin/prices"
	butter := nutrition.Food{Group: "fats and oils", Subgroup: "butters"}

	for _, c := range []map[string]any{
		{"group": "fats and oils", "subgroup": "butters", "eurPerKg": 0},
		{"group": "fats and oils", "subgroup": "butters", "eurPerKg": 1001},
		{"group": "fats and oils", "subgroup": "butters", "eurPerKg": "abc"},
		{"group": "fats and oils", "subgroup": "butters", "eurPerKg": ""},
		{"group": "fats and oils", "subgroup": "butters"},
		{"group": "fats and oils", "subgroup": "unicorn", "eurPerKg": 3},
	} {
		resp, _ := admin.send(t, http.MethodPut, prices, c, prices)
		requireRedirect(t, resp, prices)
		_, p := admin.visit(t, prices)
		require.NotEmpty(t, errorsOf(p)["eurPerKg"], "%v", c)
	}
	require.InDelta(t, 11.0, admin.srv.prices.PerKgEUR(butter), 1e-9, "refused changes apply nothing")

	resp, _ := admin.send(t, http.MethodPut, prices, map[string]any{"group": "fats and oils", "subgroup": "butters", "eurPerKg": "12,5"}, prices)
	requireRedirect(t, resp, prices)
	require.InDelta(t, 12.5, admin.srv.prices.PerKgEUR(butter), 1e-9, "the shared table (shopping lists) follows")

	_, err := nutritionapp.Import(t.Context(), admin.db.Pool, data.CiqualFoodsCSV)
	require.NoError(t, err)
	_, p := admin.visit(t, prices)
	require.Equal(t, "admin/prices", p.Component)
	require.Equal(t, float64(1000), p.Props["maxPrice"])
	var found bool
	for _, l := range p.Props["prices"].([]any) {
		line := l.(map[string]any)
		if line["group"] == "fats and oils" && line["subgroup"] == "butters" {
			found = true
			require.Equal(t, 11.0, line["shipped"])
			require.Equal(t, 12.5, line["override"])
			// Named in the admin's language from the food table, not by the table's English keys.
			require.Equal(t, "matières grasses", line["groupName"])
			require.Equal(t, "beurres", line["subgroupName"])
		}
	}
	require.True(t, found)
	var action, detail string
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT action, detail FROM admin_actions`).Scan(&action, &detail))
	require.Equal(t, "edit_price", action)
	require.Contains(t, detail, "butters")
}
