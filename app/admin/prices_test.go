package admin_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	adminapp "github.com/gamelle/gamelle/app/admin"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func shippedPrices(t *testing.T) *nutrition.PriceTable {
	t.Helper()
	p, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	return p
}

func TestSetPriceRecordsAndAppliesToTheLiveTable(t *testing.T) {
	t.Parallel()
	b := setup(t)
	table := shippedPrices(t)
	svc := b.svc.WithPrices(table)
	butter := nutrition.Food{Group: "fats and oils", Subgroup: "butters"}
	require.InDelta(t, 11.0, table.PerKgEUR(butter), 1e-9)

	require.NoError(t, svc.SetPrice(t.Context(), b.admin, "fats and oils", "butters", 12.5))
	require.InDelta(t, 12.5, table.PerKgEUR(butter), 1e-9, "the table every consumer holds changed")

	lines, err := svc.Prices(t.Context(), "en")
	require.NoError(t, err)
	var found bool
	for _, l := range lines {
		if l.Group == "fats and oils" && l.Subgroup == "butters" {
			found = true
			require.InDelta(t, 11.0, l.Shipped, 1e-9)
			require.NotNil(t, l.Override)
			require.InDelta(t, 12.5, *l.Override, 1e-9)
		} else {
			require.Nil(t, l.Override, "%s / %s", l.Group, l.Subgroup)
		}
	}
	require.True(t, found)

	actions, err := svc.RecentActions(t.Context(), nil, 5)
	require.NoError(t, err)
	require.Len(t, actions, 1)
	require.Equal(t, adminapp.ActionEditPrice, actions[0].Action)
	require.Equal(t, "boss@example.com", actions[0].Actor)
	require.Contains(t, actions[0].Detail, "butters")
	require.Contains(t, actions[0].Detail, "11 → 12.5")

	// A second change replaces the override; another process's table follows on load.
	require.NoError(t, svc.SetPrice(t.Context(), b.admin, "fats and oils", "butters", 9))
	other := shippedPrices(t)
	require.NoError(t, adminapp.LoadPrices(t.Context(), b.db.Pool, other))
	require.InDelta(t, 9.0, other.PerKgEUR(butter), 1e-9)
	var n int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM food_price_overrides`).Scan(&n))
	require.Equal(t, 1, n)
}

func TestSetPriceRefusesUnknownRowsAndBadPrices(t *testing.T) {
	t.Parallel()
	b := setup(t)
	table := shippedPrices(t)
	svc := b.svc.WithPrices(table)
	err := svc.SetPrice(t.Context(), b.admin, "fats and oils", "unicorn fat", 5)
	require.True(t, errors.Is(err, adminapp.ErrUnknownPrice), "%v", err)
	for _, p := range []float64{0, -3, 1000.5} {
		err := svc.SetPrice(t.Context(), b.admin, "fats and oils", "butters", p)
		require.True(t, errors.Is(err, adminapp.ErrPriceRange), "%v: %v", p, err)
	}
	require.NoError(t, svc.SetPrice(t.Context(), b.admin, "", "", 1000), "the default row at the limit")
	require.InDelta(t, 1000.0, table.PerKgEUR(nutrition.Food{Group: "nowhere"}), 1e-9)
	actions, err := svc.RecentActions(t.Context(), nil, 10)
	require.NoError(t, err)
	require.Len(t, actions, 1, "refused changes record nothing")
}
