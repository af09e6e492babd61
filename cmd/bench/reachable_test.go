package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// The ceiling bounds the engine: a request the engine serves is reachable, and a meal prep
// without bread or cereal cannot reach a default breakfast's carbohydrates within the caps
// (strawberries stop at the fresh-fruit cap).
func TestReachableBoundsWhatTheEngineServes(t *testing.T) {
	t.Parallel()
	catalog, err := nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	require.NoError(t, err)
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	gen := nutrition.NewBuiltin(prices)

	served := 0
	for i, c := range nutritiontest.AvailabilityCases() {
		if i%5 != 0 {
			continue
		}
		ok, err := reachableCase(c, catalog)
		require.NoError(t, err)
		if o := nutritiontest.Run(t.Context(), gen, catalog, c); o.Served {
			served++
			require.True(t, ok, "%s, %s, %s, %s is served but called unreachable", c.Prep.Name, c.Eater.Name, c.Preset, c.Meal)
		}
	}
	require.Positive(t, served)

	for _, c := range nutritiontest.AvailabilityCases() {
		if c.Prep.Name == "low-carb" && c.Preset == nutrition.PresetDefault && c.Meal == nutrition.Breakfast {
			ok, err := reachableCase(c, catalog)
			require.NoError(t, err)
			require.False(t, ok, "%s: %v", c.Eater.Name, c.Target)
		}
	}
}
