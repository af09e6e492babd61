package handlers

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// The form refuses a missing field and a country outside the ISO list
// with field errors and saves nothing; a valid address is saved, normalised, and shown back.
func TestBillingInfoFormErrorsAndSave(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "billing@example.test")
	const page = "/account/billing"
	_, p := b.visit(t, page)
	require.Equal(t, "account/billing", p.Component)
	require.NotEmpty(t, p.Props["countries"])

	resp, _ := b.send(t, http.MethodPost, page, map[string]any{"address": "3 quai Saint-Vincent", "city": "", "postalCode": "69001", "country": "XX"}, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.NotEmpty(t, errorsOf(p)["city"])
	require.NotEmpty(t, errorsOf(p)["country"])
	var n int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM billing_info`).Scan(&n))
	require.Zero(t, n, "nothing saved")

	resp, _ = b.send(t, http.MethodPost, page, map[string]any{"address": "3 quai Saint-Vincent", "city": "Lyon", "postalCode": "69001", "country": "fr"}, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Empty(t, errorsOf(p))
	require.Equal(t, map[string]any{"address": "3 quai Saint-Vincent", "city": "Lyon", "postalCode": "69001", "country": "FR"}, p.Props["billing"])
}
