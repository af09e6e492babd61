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
