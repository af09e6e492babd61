package nutrition_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// BenchmarkGenerate20Foods: one lunch from a mixed meal prep of 20 common foods and a target made
// of a plate from them (figures in docs/performance.md come from cmd/bench).
func BenchmarkGenerate20Foods(b *testing.B) {
	_, pt := shipped(b)
	pool := mealPrepPool(b)
	gen := nutrition.NewBuiltin(pt)
	rng := rand.New(rand.NewPCG(9, 9))
	type c struct {
		foods  []nutrition.Food
		target nutrition.Macros
	}
	cases := make([]c, 200)
	for i := range cases {
		f, t := nutritiontest.PlateCase(rng, pool, 20, nutrition.LunchDinner)
		cases[i] = c{f, t}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := cases[i%len(cases)]
		_, _ = gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: k.foods, Target: k.target, Category: nutrition.LunchDinner, Seed: int64(i)})
	}
}
