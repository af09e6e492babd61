package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/gamelle/gamelle/cmd/bench/internal/baseline"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// plausibilityRun asks both engines, today's and the one of main ebe7157 (built from that commit
// by cmd/bench/internal/baseline), for recipes from the same random mixed meal preps (6–20 of the
// common foods of nutritiontest.MealPrepCodes, as people shop) and realistic targets
// (nutritiontest.Target), and judges every recipe with the same rules (nutrition.PlateProblems):
// recipes breaking a meal rule, lunches and dinners holding a protein and a vegetable when the
// meal prep has them, salt within its cap, within tolerance when the engine says feasible, and
// generation time.
func plausibilityRun(ctx context.Context, catalog map[int]nutrition.Food, prices *nutrition.PriceTable, cases int) error {
	// The engine before gets no price table (its parser predates today's price file); without a
	// price limit, prices never change which foods it chooses.
	old, err := startPinned(ctx, baseline.PlausibilityPin, false)
	if err != nil {
		return err
	}
	gen := nutrition.NewBuiltin(prices)
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
				hasVeg = hasVeg || !nutrition.Aromatic(f) // an onion seasons; it is not the plate's vegetable
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
					switch f := catalog[ing.FoodCode]; nutrition.KindOf(f) {
					case nutrition.KindVegetable:
						v = v || !nutrition.Aromatic(f)
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
		for k, j := range perm {
			foods[k] = pool[j]
		}
		var target nutrition.Macros
		target, preset = nutritiontest.TargetPreset(rng, c)
		count := 1 + rng.IntN(3)
		req := nutrition.GenerateRequest{Foods: foods, Category: c, Target: target, Seed: int64(i), Count: count, Currency: nutrition.EUR}
		runtime.LockOSThread()
		start := time.Now()
		rs, err := gen.Generate(ctx, req)
		ours.lat = append(ours.lat, time.Since(start))
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
		if old == nil {
			continue
		}
		ores, err := old.Generate(pinnedCase(foods, c, target, int64(i), count))
		if err != nil {
			return err
		}
		before.lat = append(before.lat, ores.Elapsed())
		if ores.Refused != "" {
			before.unsolvable++
		} else {
			var ings [][]nutrition.Ingredient
			var feas, within []bool
			var salt []float64
			for _, r := range ores.Recipes {
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
	bpct := func(n, d int) string { return pinnedFigure(old, pct(n, d)) }
	p99 := func(ds []time.Duration) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		s := slices.Clone(ds)
		sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
		return s[min(len(s)-1, (99*len(s)+99)/100-1)]
	}
	fmt.Printf("Recipe plausibility (%d random mixed meal preps of 6–20 of %d common foods, realistic targets, 1–3 recipes each; before = the engine of main ebe7157)\n", cases, len(pool))
	fmt.Printf("  %-46s %-12s %-12s %s\n", "", "ours", "before", "goal")
	fmt.Printf("  %-46s %-12d %-12s\n", "recipes", ours.recipes, pinnedFigure(old, fmt.Sprint(before.recipes)))
	fmt.Printf("  %-46s %-12s %-12s %s\n", "recipes holding a food foreign to the meal", pct(ours.offMeal, ours.recipes), bpct(before.offMeal, before.recipes), "0 %")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "recipes breaking any meal rule (also portions)", pct(ours.broken, ours.recipes), bpct(before.broken, before.recipes), "0 %")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "lunch/dinner with a protein and a vegetable", pct(ours.lunchesOK, ours.lunches), bpct(before.lunchesOK, before.lunches), "100 %")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "salt within its cap", pct(ours.saltOK, ours.recipes), bpct(before.saltOK, before.recipes), "100 %")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "within tolerance when feasible", pct(ours.feasibleWithin, ours.feasible), bpct(before.feasibleWithin, before.feasible), "≥ 99 %")
	fmt.Printf("  %-46s %-12s %-12s\n", "feasible recipes", pct(ours.feasible, ours.recipes), bpct(before.feasible, before.recipes))
	byMeal := func(t tally) string {
		var parts []string
		for _, c := range nutrition.Categories {
			parts = append(parts, strings.TrimSuffix(pct(t.byMeal[c][0], t.byMeal[c][1]), " %"))
		}
		return strings.Join(parts, "/") + " %"
	}
	fmt.Printf("  %-46s %-12s %-12s\n", "  of which breakfast/lunch/snack", byMeal(ours), pinnedFigure(old, byMeal(before)))
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
	fmt.Printf("  %-46s %-12s %-12s\n", "", byPreset(ours), pinnedFigure(old, byPreset(before)))
	plateOurs, plateBefore, plateN, err := breakfastPlateRun(ctx, gen, old, pool, max(cases/4, 1))
	if err != nil {
		return err
	}
	fmt.Printf("  %-46s %-12s %-12s\n", "breakfast, target made from a breakfast plate", pct(plateOurs, plateN), bpct(plateBefore, plateN))
	fmt.Printf("  %-46s %-12d %-12s\n", "requests refused (no plate for the meal)", ours.unsolvable, pinnedFigure(old, fmt.Sprint(before.unsolvable)))
	fmt.Printf("  %-46s %-12d %-12s\n", "requests given fewer recipes than asked", ours.fewer, "—")
	fmt.Printf("  %-46s %-12s %-12s %s\n", "generation wall p99", ms(p99(ours.lat)), pinnedFigure(old, ms(p99(before.lat))), "≤ 20 ms")
	for _, e := range before.examples {
		fmt.Printf("  before, e.g. %s\n", e)
	}
	for _, e := range ours.examples {
		fmt.Printf("  ours,   e.g. %s\n", e)
	}
	fmt.Println()
	summary.add("recipe plausibility, recipes breaking a meal rule", pct(ours.broken, ours.recipes), pinnedFigure(old, "before "+pct(before.broken, before.recipes)), "—", "0 %", ours.broken == 0)
	summary.add("recipe plausibility, lunch with protein and vegetable", pct(ours.lunchesOK, ours.lunches), pinnedFigure(old, "before "+pct(before.lunchesOK, before.lunches)), "—", "100 %", ours.lunchesOK == ours.lunches)
	summary.add("recipe plausibility, salt within cap", pct(ours.saltOK, ours.recipes), pinnedFigure(old, "before "+pct(before.saltOK, before.recipes)), "—", "100 %", ours.saltOK == ours.recipes)
	summary.add("recipe plausibility, within tolerance when feasible", pct(ours.feasibleWithin, ours.feasible), pinnedFigure(old, "before "+pct(before.feasibleWithin, before.feasible)), "—", "≥ 99 %", float64(ours.feasibleWithin) >= 0.99*float64(ours.feasible))
	summary.add("recipe plausibility, generation wall p99", ms(p99(ours.lat)), pinnedFigure(old, "before "+ms(p99(before.lat))),
		pinnedFigure(old, fmt.Sprintf("%.2f×", float64(p99(ours.lat))/float64(p99(before.lat)))), "≤ 20 ms", p99(ours.lat) <= 20*time.Millisecond)
	if old != nil {
		return old.Close()
	}
	return nil
}

// breakfastPlateRun asks both engines for one breakfast from n meal preps whose target is a
// breakfast a cook would serve from their own foods (nutritiontest.PlateCase): the share found
// feasible measures the engine's search, apart from targets no breakfast reaches. old may be nil
// (the baseline unavailable).
func breakfastPlateRun(ctx context.Context, gen *nutrition.Builtin, old *baseline.Engine, pool []nutrition.Food, n int) (ours, before, total int, err error) {
	rng := rand.New(rand.NewPCG(2026, 1919))
	for i := 0; i < n; i++ {
		foods, target := nutritiontest.PlateCase(rng, pool, 6+rng.IntN(15), nutrition.Breakfast)
		total++
		if rs, err := gen.Generate(ctx, nutrition.GenerateRequest{Foods: foods, Category: nutrition.Breakfast, Target: target, Seed: int64(i), Count: 1, Currency: nutrition.EUR}); err == nil && rs[0].Feasible {
			ours++
		}
		if old == nil {
			continue
		}
		r, err := old.Generate(pinnedCase(foods, nutrition.Breakfast, target, int64(i), 1))
		if err != nil {
			return 0, 0, 0, err
		}
		if r.Refused == "" && len(r.Recipes) > 0 && r.Recipes[0].Feasible {
			before++
		}
	}
	return ours, before, total, nil
}

// pinnedCase is a request to the pinned engine: the same foods (by CIQUAL code), meal, target,
// seed and count.
func pinnedCase(foods []nutrition.Food, c nutrition.Category, target nutrition.Macros, seed int64, count int) baseline.Case {
	codes := make([]int, len(foods))
	for i, f := range foods {
		codes[i] = f.Code
	}
	return baseline.Case{Foods: codes, Category: string(c), Seed: seed, Count: count,
		Target: &baseline.Macros{Kcal: target.Kcal, ProteinG: target.ProteinG, FatG: target.FatG, CarbsG: target.CarbsG}}
}
