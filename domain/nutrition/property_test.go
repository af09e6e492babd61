package nutrition_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// usableFoods are the shipped catalog's foods the solver can use.
func usableFoods(t testing.TB) []nutrition.Food {
	cat, _ := shipped(t)
	return nutritiontest.UsableFoods(cat)
}

func TestPropertyFeasibleTargetsAreMetIn5gSteps(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	pool := usableFoods(t)
	gen := nutrition.NewBuiltin(pt)
	rng := rand.New(rand.NewPCG(1, 2))
	misses := 0
	const cases = 300
	for i := 0; i < cases; i++ {
		foods, target := nutritiontest.FeasibleCase(rng, pool, 20)
		cat := nutritiontest.Category(rng)
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: cat, Target: target, Seed: int64(i)})
		require.NoError(t, err)
		r := rs[0]
		require.True(t, r.Feasible, "case %d: a target built from the foods is feasible", i)
		for _, ing := range r.Ingredients {
			require.Zero(t, ing.Grams%5, "case %d: %d g is not a 5 g step", i, ing.Grams)
			require.Positive(t, ing.Grams)
		}
		require.GreaterOrEqual(t, len(r.Ingredients), 2)
		require.LessOrEqual(t, len(r.Ingredients), 6)
		if !r.WithinTolerance {
			misses++
			t.Logf("case %d (%s): target %+v achieved %+v", i, cat, r.Target, r.Achieved)
		}
	}
	// The published goal is ≥ 99 % within tolerance on feasible targets.
	require.LessOrEqual(t, misses, cases/100, "%d of %d feasible cases missed the tolerance", misses, cases)
}

func TestPropertyPriceLimitIsKept(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	pool := usableFoods(t)
	gen := nutrition.NewBuiltin(pt)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100; i++ {
		foods, target := nutritiontest.FeasibleCase(rng, pool, 12)
		limit := 0.5 + rng.Float64()*6
		cur := nutrition.Currencies[rng.IntN(2)]
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: nutrition.Snack,
			Target: target, PriceLimit: limit, Currency: cur, USDPerEUR: 1.1, Seed: int64(i), Count: 2})
		require.NoError(t, err)
		for _, r := range rs {
			require.Equal(t, cur, r.Price.Currency)
			if r.Price.PerServing > limit+0.005 {
				// Only when no combination fits the limit, and then the recipe says so.
				require.NotNil(t, r.Explanation, "case %d: over the limit without an explanation", i)
				require.Contains(t, r.Explanation.EN, "price limit")
			}
		}
	}
}

func TestPropertyImpossibleTargetsAreExplainedNeverNaN(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	// 200 g of protein from fruit: apricot (13000), apple (13039), banana (13005).
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 13000, 13039, 13005),
		Category: nutrition.Snack, Target: nutrition.Macros{Kcal: 1000, ProteinG: 200, FatG: 10, CarbsG: 20}})
	require.NoError(t, err)
	r := rs[0]
	require.False(t, r.Feasible)
	require.False(t, r.WithinTolerance)
	require.NotNil(t, r.Explanation)
	require.Contains(t, r.Explanation.EN, "Protein is")
	require.Contains(t, r.Explanation.FR, "Il manque")
	require.Contains(t, r.Explanation.EN, "protein-rich food")
	require.Contains(t, r.Explanation.FR, "riche en protéines")
	for _, v := range []float64{r.Achieved.Kcal, r.Achieved.ProteinG, r.Achieved.FatG, r.Achieved.CarbsG} {
		require.False(t, math.IsNaN(v))
		require.GreaterOrEqual(t, v, 0.0)
	}

	rng := rand.New(rand.NewPCG(5, 6))
	pool := usableFoods(t)
	for i := 0; i < 100; i++ {
		perm := rng.Perm(len(pool))[:2+rng.IntN(8)]
		var foods []nutrition.Food
		for _, j := range perm {
			foods = append(foods, pool[j])
		}
		target := nutrition.Macros{Kcal: rng.Float64() * 3000, ProteinG: rng.Float64() * 250, FatG: rng.Float64() * 150, CarbsG: rng.Float64() * 400}
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: nutrition.LunchDinner, Target: target, Seed: int64(i)})
		require.NoError(t, err)
		for _, r := range rs {
			if !r.WithinTolerance {
				require.NotNil(t, r.Explanation, "case %d: a miss is explained", i)
			}
			for _, ing := range r.Ingredients {
				require.Positive(t, ing.Grams)
			}
			require.False(t, math.IsNaN(r.Achieved.Kcal))
		}
	}
}
