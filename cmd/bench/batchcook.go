package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// batchcookRun measures the batch-cooking plan (no database): building the plan of a
// 7-day meal prep with 8 recipes for 4 people (p50/p95, goal ≤ 50 ms), and how many plates meet
// their person's target within the engine's tolerance, beside the naive plan in the same run
// (everyone gets the same portion: the recipe divided by its servings).
func batchcookRun(ctx context.Context, cases int) error {
	catalog, prices, err := shippedFoods()
	if err != nil {
		return err
	}
	shelf, err := batchcook.ParseShelfTable(bytes.NewReader(data.ShelfLifeCSV))
	if err != nil {
		return err
	}
	pool := nutritiontest.MealPrepFoods(catalog)
	gen := nutrition.NewBuiltin(prices)
	rng := rand.New(rand.NewPCG(2026, 23))
	presets := []nutrition.MacroPreset{nutrition.PresetDefault, nutrition.PresetHighProtein, nutrition.PresetBalanced, nutrition.PresetHighCarbs}
	var times []time.Duration
	var plates, within, naive, built, reachable, reachWithin, reachNaive int
	for c := 0; c < cases && ctx.Err() == nil; c++ {
		foods := map[int]nutrition.Food{}
		var list []nutrition.Food
		for _, i := range rng.Perm(len(pool))[:14] {
			foods[pool[i].Code] = pool[i]
			list = append(list, pool[i])
		}
		people := make([]batchcook.Person, 4)
		for i := range people {
			g, _ := nutrition.GoalsForPreset(1600+rng.IntN(14)*100, presets[rng.IntN(len(presets))])
			people[i] = batchcook.Person{ID: uuid.New(), Name: fmt.Sprintf("P%d", i+1), Split: nutrition.DefaultMealSplit,
				Daily: nutrition.Macros{Kcal: float64(g.Kcal), ProteinG: float64(g.ProteinG), FatG: float64(g.FatG), CarbsG: float64(g.CarbsG)}}
		}
		// 8 recipes as a meal prep holds them: 5 lunches and dinners, 2 breakfasts, 1 snack, for
		// the first person's targets.
		var recipes []batchcook.Recipe
		for _, want := range []struct {
			c nutrition.Category
			n int
		}{{nutrition.LunchDinner, 5}, {nutrition.Breakfast, 2}, {nutrition.Snack, 1}} {
			rs, _ := gen.Generate(ctx, nutrition.GenerateRequest{Foods: list, Category: want.c, Target: people[0].MealTarget(want.c),
				Count: want.n, Seed: int64(c), Servings: 4})
			for _, r := range rs {
				recipes = append(recipes, batchcook.Recipe{ID: uuid.New(), Name: r.Name.EN, Category: r.Category, Servings: r.Servings, Ingredients: r.Ingredients})
			}
		}
		if len(recipes) < 2 {
			continue
		}
		built++
		t0 := time.Now()
		plan, err := batchcook.Build(batchcook.Input{Days: 7, Sessions: 2, Recipes: recipes, Foods: foods, People: people, Shelf: shelf})
		times = append(times, time.Since(t0))
		if err != nil {
			return err
		}
		for ri, card := range plan.Plates {
			for pi, p := range card.Plates {
				plates++
				if p.Within {
					within++
				}
				n := batchcook.NaivePlate(recipes[ri], people[pi], foods)
				if n {
					naive++
				}
				if p.Reachable {
					reachable++
					if p.Within {
						reachWithin++
					}
					if n {
						reachNaive++
					}
				}
			}
		}
	}
	p50, p95v, p99 := pcts(times)
	fmt.Printf("\n== Batch-cooking plan: 7 days, up to 8 recipes, 4 people, 2 sessions; %d meal preps ==\n", built)
	fmt.Printf("plan building: p50 %v, p95 %v, p99 %v (goal p95 ≤ 50 ms)\n", p50.Round(10*time.Microsecond), p95v.Round(10*time.Microsecond), p99.Round(10*time.Microsecond))
	fmt.Printf("plates within tolerance of their person's target: %.1f %% (%d of %d); naive equal portions: %.1f %%\n",
		100*float64(within)/float64(max(plates, 1)), within, plates, 100*float64(naive)/float64(max(plates, 1)))
	fmt.Printf("feasible plates (the recipe's foods can meet the target within portions and caps): %d; within tolerance %.1f %%; naive %.1f %%\n",
		reachable, 100*float64(reachWithin)/float64(max(reachable, 1)), 100*float64(reachNaive)/float64(max(reachable, 1)))
	return nil
}
