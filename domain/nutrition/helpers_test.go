package nutrition_test

import (
	"bytes"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
)

var (
	catalogOnce sync.Once
	catalog     map[int]nutrition.Food
	prices      *nutrition.PriceTable
	catalogErr  error
)

// shipped loads the shipped CIQUAL table and price table once per test binary.
func shipped(t testing.TB) (map[int]nutrition.Food, *nutrition.PriceTable) {
	t.Helper()
	catalogOnce.Do(func() {
		catalog, catalogErr = nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
		if catalogErr == nil {
			prices, catalogErr = nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
		}
	})
	require.NoError(t, catalogErr)
	return catalog, prices
}

// foodsOf returns the catalog foods with these codes.
func foodsOf(t testing.TB, codes ...int) []nutrition.Food {
	t.Helper()
	cat, _ := shipped(t)
	out := make([]nutrition.Food, 0, len(codes))
	for _, c := range codes {
		f, ok := cat[c]
		require.True(t, ok, "food %d not in CIQUAL", c)
		out = append(out, f)
	}
	return out
}
