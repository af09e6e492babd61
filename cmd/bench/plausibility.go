package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/gamelle/gamelle/cmd/bench/internal/baseline"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// plausibilityRun asks both engines, today's and the frozen one of main ebe7157
// (cmd/bench/internal/baseline), for recipes from the same random mixed meal preps (6–20 of the
// common foods of nutritiontest.MealPrepCodes, as people shop) and realistic targets
// (nutritiontest.Target), and judges every recipe with the same rules (nutrition.PlateProblems):
// recipes breaking a meal rule, lunches and dinners holding a protein and a vegetable when the
// meal prep has them, salt within its cap, within tolerance when the engine says feasible, and
// generation time.
func plausibilityRun(ctx context.Context, catalog map[int]nutrition.Food, prices *nutrition.PriceTable, cases int) error {
	oldCatalog, err := baseline.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	if err != nil {
		return err
	}
	// The engine before gets no price table (its parser predates today's price file); without a
	// price limit, prices never change which foods it chooses.
	gen, old := nutrition.NewBuiltin(prices), baseline.NewBuiltin(nil)
	pool := nutritiontest.MealPrepFoods(catalog)
	rng := rand.New(rand.NewPCG(2026, 19))

	type tally struct {
		recipes, broken, offMeal, lunches, lunchesOK, saltOK, feasible, feasibleWithin, unsolvable, fewer int
		lat                                                                                               []time.Duration
		examples                                                                                          []string
		byMeal                                                                                            map[nutrition.Category][2]int // feasible, recipes
		byPreset                                                                                          [][2]int                      // breakfast: feasible, recipes per preset
	}
	np := len(nutrition.Presets)
	ours, before := tally{byMeal: map[nutrition.Category][2]int{}, byPreset: make([][2]int, np)}, tally{byMeal: map[nutrition.Category][2]int{}, byPreset: make([][2]int, np)}
	preset := 0 // the current request's preset, for the breakfast breakdown
	judge := func(t *tally, c nutrition.Category, target nutrition.Macros, foods []nutrition.Food, codes [][]nutrition.Ingredient, feasible, within []bool, salt []float64) {
		hasVeg, hasProtein := false, false
		for _, f := range foods {
			switch nutrition.KindOf(f) {
			case nutrition.KindVegetable:
				hasVeg = true
			case nutrition.KindMeat, nutrition.KindFish, nutrition.KindEgg, nutrition.KindVegetarian, nutrition.KindLegume, nutrition.KindDeli:
				hasProtein = true
			}
		}
		for i, ings := range codes {
			t.recipes++
			if probs := nutrition.PlateProblems(c, target, ings, catalog, foods); len(probs) > 0 {
				t.broken++
				for _, p := range probs {
					if strings.HasPrefix(p, "does not belong") {
						t.offMeal++
						break
					}
				}
				if len(t.examples) < 3 {
					t.examples = append(t.examples, fmt.Sprintf("%s: %v", c, probs))
				}
			}
			if c == nutrition.LunchDinner && hasVeg && hasProtein {
				t.lunches++
				var p, v bool
				for _, ing := range ings {
					switch nutrition.KindOf(catalog[ing.FoodCode]) {
					case nutrition.KindVegetable:
						v = true
					case nutrition.KindMeat, nutrition.KindFish, nutrition.KindEgg, nutrition.KindVegetarian, nutrition.KindLegume, nutrition.KindDeli:
						p = true
					}
				}
				if p && v {
					t.lunchesOK++
				} else if len(t.examples) < 3 {
					var names []string
					for _, ing := range ings {
						names = append(names, fmt.Sprintf("%d g %s", ing.Grams, catalog[ing.FoodCode].Name.EN))
					}
					t.examples = append(t.examples, fmt.Sprintf("lunch without a protein or a vegetable, target %v: %s", target, strings.Join(names, ", ")))
				}
			}
			plate := make([]nutrition.Food, 0, len(ings))
			for _, ing := range ings {
				plate = append(plate, catalog[ing.FoodCode])
			}
			if salt[i] <= nutrition.PlateSaltCapFor(c, target, plate)+0.005 {
				t.saltOK++
			}
			bm := t.byMeal[c]
			bm[1]++
			if feasible[i] {
				bm[0]++
			}
			t.byMeal[c] = bm
			if c == nutrition.Breakfast {
				t.byPreset[preset][1]++
				if feasible[i] {
					t.byPreset[preset][0]++
				}
			}
			if feasible[i] {
				t.feasible++
				if within[i] {
					t.feasibleWithin++
				}
			}
		}
	}
	for i := 0; i < cases; i++ {
		c := nutritiontest.Category(rng)
		perm := rng.Perm(len(pool))[:6+rng.IntN(15)]
		foods := make([]nutrition.Food, len(perm))
		oldFoods := make([]baseline.Food, len(perm))
		for k, j := range perm {
			foods[k] = pool[j]
			oldFoods[k] = oldCatalog[pool[j].Code]
		}
		var target nutrition.Macros
		target, preset = nutritiontest.TargetPreset(rng, c)
		count := 1 + rng.IntN(3)
		req := nutrition.GenerateRequest{Foods: foods, Category: c, Target: target, Seed: int64(i), Count: count, Currency: nutrition.EUR}
		oreq := baseline.GenerateRequest{Foods: oldFoods, Category: baseline.Category(c), Seed: int64(i), Count: count, Currency: baseline.EUR,
			Target: baseline.Macros{Kcal: target.Kcal, ProteinG: target.ProteinG, FatG: target.FatG, CarbsG: target.CarbsG}}

		runtime.LockOSThread()
		start := time.Now()
		rs, err := gen.Generate(ctx, req)
		ours.lat = append(ours.lat, time.Since(start))
		start = time.Now()
		ors, oerr := old.Generate(ctx, oreq)
		before.lat = append(before.lat, time.Since(start))
		runtime.UnlockOSThread()

		if err != nil {
			ours.unsolvable++ // no plate of this meal in these foods: refused and refunded
		} else {
			if len(rs) < count {
				ours.fewer++
			}
			var ings [][]nutrition.Ingredient
			var feas, within []bool
			var salt []float64
			for _, r := range rs {
				ings, feas, within, salt = append(ings, r.Ingredients), append(feas, r.Feasible), append(within, r.WithinTolerance), append(salt, r.SaltG)
			}
			judge(&ours, c, target, foods, ings, feas, within, salt)
		}
		if oerr != nil {
			before.unsolvable++
		} else {
			var ings [][]nutrition.Ingredient
			var feas, within []bool
			var salt []float64
			for _, r := range ors {
				var is []nutrition.Ingredient
				var s float64
				for _, ing := range r.Ingredients {
					is = append(is, nutrition.Ingredient{FoodCode: ing.FoodCode, Grams: ing.Grams})
					s += catalog[ing.FoodCode].Per100g.SodiumMg.Or(0) * 2.5 / 1000 * float64(ing.Grams) / 100
				}
				ings, feas, within, salt = append(ings, is), append(feas, r.Feasible), append(within, r.WithinTolerance), append(salt, s)
			}
			judge(&before, c, target, foods, ings, feas, within, salt)
		}
	}
	pct := func(n, d int) string {
		if d == 0 {
			return "—"
		}
		return fmt.Sprintf("%.1f %%", 100*float64(n)/float64(d))
	}
	p99 := func(ds []time.Duration) time.Duration {
		s := slices.Clone(ds)
		sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
		return s[min(len(s)-1, (99*len(s)+99)/100-1)]
	}
	fmt.Printf("Recipe plausibility (%d random mixed meal preps of 6–20 of %d common foods, realistic targets, 1–3 recipes each; before = the engine of main ebe7157)\n", cases, len(pool))
	fmt.Printf("  %-46s %-12s %-12s %s\n", "", "ours", "before", "goal")
	fmt.Printf("  %-46s %-12d %-12d\n", "recipes", ours.recipes, before.recipes)
	fmt.Printf("  %-46s %-12s %-12s %s\n", "recipes holding a food foreign to the meal", pct(ours.offMeal, ours.recipes), pct(before.offMeal, before.recipes), "0 %")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "recipes breaking any meal rule (also portions)", pct(ours.broken, ours.recipes), pct(before.broken, before.recipes), "0 %")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "lunch/dinner with a protein and a vegetable", pct(ours.lunchesOK, ours.lunches), pct(before.lunchesOK, before.lunches), "100 %")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "salt within its cap", pct(ours.saltOK, ours.recipes), pct(before.saltOK, before.recipes), "100 %")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "within tolerance when feasible", pct(ours.feasibleWithin, ours.feasible), pct(before.feasibleWithin, before.feasible), "≥ 99 %")
	fmt.Printf("  %-46s %-12s %-12s\n", "feasible recipes", pct(ours.feasible, ours.recipes), pct(before.feasible, before.recipes))
	byMeal := func(t tally) string {
		var parts []string
		for _, c := range nutrition.Categories {
			parts = append(parts, strings.TrimSuffix(pct(t.byMeal[c][0], t.byMeal[c][1]), " %"))
		}
		return strings.Join(parts, "/") + " %"
	}
	fmt.Printf("  %-46s %-12s %-12s\n", "  of which breakfast/lunch/snack", byMeal(ours), byMeal(before))
	byPreset := func(t tally) string {
		var parts []string
		for _, b := range t.byPreset {
			parts = append(parts, strings.TrimSuffix(pct(b[0], b[1]), " %"))
		}
		return strings.Join(parts, "/") + " %"
	}
	var names []string
	for _, p := range nutrition.Presets {
		names = append(names, fmt.Sprintf("%d/%d/%d", p.Split.Protein, p.Split.Fat, p.Split.Carbs))
	}
	fmt.Printf("  %-46s %-12s %-12s\n", "  breakfast by preset P/F/C "+strings.Join(names, ", "), "", "")
	fmt.Printf("  %-46s %-12s %-12s\n", "", byPreset(ours), byPreset(before))
	plateOurs, plateBefore, plateN := breakfastPlateRun(ctx, gen, old, pool, oldCatalog, max(cases/4, 1))
	fmt.Printf("  %-46s %-12s %-12s\n", "breakfast, target made from a breakfast plate", pct(plateOurs, plateN), pct(plateBefore, plateN))
	fmt.Printf("  %-46s %-12d %-12d\n", "requests refused (no plate for the meal)", ours.unsolvable, before.unsolvable)
	fmt.Printf("  %-46s %-12d %-12s\n", "requests given fewer recipes than asked", ours.fewer, "—")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "generation wall p99", ms(p99(ours.lat)), ms(p99(before.lat)), "≤ 20 ms")
	for _, e := range before.examples {
		fmt.Printf("  before, e.g. %s\n", e)
	}
	for _, e := range ours.examples {
		fmt.Printf("  ours,   e.g. %s\n", e)
	}
	fmt.Println()
	summary.add("recipe plausibility, recipes breaking a meal rule", pct(ours.broken, ours.recipes), "before "+pct(before.broken, before.recipes), "—", "0 %", ours.broken == 0)
	summary.add("recipe plausibility, lunch with protein and vegetable", pct(ours.lunchesOK, ours.lunches), "before "+pct(before.lunchesOK, before.lunches), "—", "100 %", ours.lunchesOK == ours.lunches)
	summary.add("recipe plausibility, salt within cap", pct(ours.saltOK, ours.recipes), "before "+pct(before.saltOK, before.recipes), "—", "100 %", ours.saltOK == ours.recipes)
	summary.add("recipe plausibility, within tolerance when feasible", pct(ours.feasibleWithin, ours.feasible), "before "+pct(before.feasibleWithin, before.feasible), "—", "≥ 99 %", float64(ours.feasibleWithin) >= 0.99*float64(ours.feasible))
	summary.add("recipe plausibility, generation wall p99", ms(p99(ours.lat)), "before "+ms(p99(before.lat)), fmt.Sprintf("%.2f×", float64(p99(ours.lat))/float64(p99(before.lat))), "≤ 20 ms", p99(ours.lat) <= 20*time.Millisecond)
	return nil
}

// breakfastPlateRun asks both engines for one breakfast from n meal preps whose target is a
// breakfast a cook would serve from their own foods (nutritiontest.PlateCase): the share found
// feasible measures the engine's search, apart from targets no breakfast reaches.
func breakfastPlateRun(ctx context.Context, gen *nutrition.Builtin, old *baseline.Builtin, pool []nutrition.Food, oldCatalog map[int]baseline.Food, n int) (ours, before, total int) {
	rng := rand.New(rand.NewPCG(2026, 1919))
	for i := 0; i < n; i++ {
		foods, target := nutritiontest.PlateCase(rng, pool, 6+rng.IntN(15), nutrition.Breakfast)
		oldFoods := make([]baseline.Food, len(foods))
		for k, f := range foods {
			oldFoods[k] = oldCatalog[f.Code]
		}
		total++
		if rs, err := gen.Generate(ctx, nutrition.GenerateRequest{Foods: foods, Category: nutrition.Breakfast, Target: target, Seed: int64(i), Count: 1, Currency: nutrition.EUR}); err == nil && rs[0].Feasible {
			ours++
		}
		if rs, err := old.Generate(ctx, baseline.GenerateRequest{Foods: oldFoods, Category: baseline.Category(nutrition.Breakfast), Seed: int64(i), Count: 1, Currency: baseline.EUR,
			Target: baseline.Macros{Kcal: target.Kcal, ProteinG: target.ProteinG, FatG: target.FatG, CarbsG: target.CarbsG}}); err == nil && rs[0].Feasible {
			before++
		}
	}
	return ours, before, total
}
