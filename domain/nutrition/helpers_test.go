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

// signedUpRequest asks one recipe of meal c at target from the foods of codes as the app asks
// for a person who just signed up: the default pantry, whose cooking fats the engine may take.
func signedUpRequest(t testing.TB, c nutrition.Category, target nutrition.Macros, codes ...int) nutrition.GenerateRequest {
	t.Helper()
	return nutrition.GenerateRequest{Foods: foodsOf(t, codes...), Category: c, Target: target, Currency: nutrition.EUR, Count: 1, Seed: 1,
		Pantry: nutrition.DefaultPantry, PantryFoods: foodsOf(t, nutrition.PantryFoodCodes(nutrition.DefaultPantry)...)}
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
