package nutritiontest_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

func TestFeasibleCaseDrawsDistinctUsableFoodsAndAnEnergyTarget(t *testing.T) {
	t.Parallel()
	catalog, err := nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	require.NoError(t, err)
	pool := nutritiontest.UsableFoods(catalog)
	require.NotEmpty(t, pool)
	for i := 1; i < len(pool); i++ {
		require.Less(t, pool[i-1].Code, pool[i].Code, "the pool is ordered by code")
	}

	rng := rand.New(rand.NewPCG(7, 7))
	for range 50 {
		foods, target := nutritiontest.FeasibleCase(rng, pool, 12)
		require.Len(t, foods, 12)
		seen := map[int]bool{}
		for _, f := range foods {
			require.False(t, seen[f.Code], "food %d drawn twice", f.Code)
			seen[f.Code] = true
			require.True(t, f.Per100g.HasMacros())
		}
		require.Positive(t, target.Kcal)
		require.Contains(t, nutrition.Categories, nutritiontest.Category(rng))
	}

	// The same seed draws the same case.
	a, ta := nutritiontest.FeasibleCase(rand.New(rand.NewPCG(1, 2)), pool, 20)
	b, tb := nutritiontest.FeasibleCase(rand.New(rand.NewPCG(1, 2)), pool, 20)
	require.Equal(t, ta, tb)
	require.Equal(t, a, b)
}

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
		ok, err := nutritiontest.Reachable(c, catalog)
		require.NoError(t, err)
		if o := nutritiontest.Run(t.Context(), gen, catalog, c); o.Served {
			served++
			require.True(t, ok, "%s, %s, %s, %s is served but called unreachable", c.Prep.Name, c.Eater.Name, c.Preset, c.Meal)
		}
	}
	require.Positive(t, served)

	for _, c := range nutritiontest.AvailabilityCases() {
		if c.Prep.Name == "low-carb" && c.Preset == nutrition.PresetDefault && c.Meal == nutrition.Breakfast {
			ok, err := nutritiontest.Reachable(c, catalog)
			require.NoError(t, err)
			require.False(t, ok, "%s: %v", c.Eater.Name, c.Target)
		}
	}
}
