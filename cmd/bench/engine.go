package main

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"time"

	"golang.org/x/sys/unix"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// shippedFoods reads the CIQUAL catalogue and the price table the binary ships.
func shippedFoods() (map[int]nutrition.Food, *nutrition.PriceTable, error) {
	catalog, err := nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	if err != nil {
		return nil, nil, err
	}
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	if err != nil {
		return nil, nil, err
	}
	return catalog, prices, nil
}

// engineRun measures the recipe engine (no database): generation latency and the accuracy
// distribution over random feasible cases (nutritiontest.PlateCase: a mixed meal prep of 6–20
// common foods and a target made of a plate a cook would serve from it, the cases the property
// tests of domain/nutrition check), beside a naive baseline from the same cases (the first foods
// in equal parts, scaled to the energy target: what a generator that does not compute gets);
// then the plausibility of its recipes beside the engine of main ebe7157 (plausibilityRun).
func engineRun(ctx context.Context, cases int) error {
	catalog, prices, err := shippedFoods()
	if err != nil {
		return err
	}
	pool := nutritiontest.MealPrepFoods(catalog)
	gen := nutrition.NewBuiltin(prices)
	rng := rand.New(rand.NewPCG(2026, 11))

	// Baseline for the machine: one pass over the CIQUAL table (parse, as the CLI does).
	t0 := time.Now()
	if _, err := nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV)); err != nil {
		return err
	}
	ciqualPass := time.Since(t0)

	// Wall time suffers from whatever else runs on the machine; the thread's CPU time
	// (goroutine locked to its thread) is the engine's own cost.
	var lat, cpu []time.Duration
	var ours, naive []caseError
	within, naiveWithin, feasible := 0, 0, 0
	for i := 0; i < cases; i++ {
		cat := nutritiontest.Category(rng)
		foods, target := nutritiontest.PlateCase(rng, pool, 6+rng.IntN(15), cat)
		req := nutrition.GenerateRequest{Foods: foods, Category: cat, Target: target, Seed: int64(i), Currency: nutrition.EUR}
		runtime.LockOSThread()
		c0 := threadCPU()
		start := time.Now()
		rs, err := gen.Generate(ctx, req)
		lat = append(lat, time.Since(start))
		cpu = append(cpu, threadCPU()-c0)
		runtime.UnlockOSThread()
		if err != nil {
			return fmt.Errorf("engine case %d: %w", i, err)
		}
		r := rs[0]
		if r.Feasible {
			feasible++
		}
		if r.WithinTolerance {
			within++
		}
		ours = append(ours, errorOf(target, r.Nutrition.Macros()))
		nm := naiveRecipe(foods, cat, target)
		if nutrition.WithinTolerance(target, nm) {
			naiveWithin++
		}
		naive = append(naive, errorOf(target, nm))
	}
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	sort.Slice(cpu, func(a, b int) bool { return cpu[a] < cpu[b] })
	pct := func(ds []time.Duration, p float64) time.Duration {
		return ds[min(len(ds)-1, int(math.Ceil(p*float64(len(ds))))-1)]
	}

	fmt.Printf("Recipe engine (built-in generator, mixed meal preps of 6–20 of %d common foods, 1 recipe, %d random feasible targets)\n", len(pool), cases)
	fmt.Printf("  generation wall time p50 %s   p99 %s   max %s   (goal p99 ≤ 20 ms)\n", ms(pct(lat, 0.50)), ms(pct(lat, 0.99)), ms(lat[len(lat)-1]))
	fmt.Printf("  generation CPU time  p50 %s   p99 %s   max %s\n", ms(pct(cpu, 0.50)), ms(pct(cpu, 0.99)), ms(cpu[len(cpu)-1]))
	fmt.Printf("  baseline             one CIQUAL parse pass (3,484 foods) %s wall; ratio wall p99 / pass %.2f\n", ms(ciqualPass), float64(pct(lat, 0.99))/float64(ciqualPass))
	fmt.Printf("  feasible (LP)        %d / %d\n", feasible, cases)
	fmt.Printf("  within tolerance     ours %.1f %%   naive %.1f %%   (goal ≥ 99 %%)\n", 100*float64(within)/float64(cases), 100*float64(naiveWithin)/float64(cases))
	report := func(name string, es []caseError) {
		var mean [4]float64
		var worst [4]float64
		var tolMean, tolWorst float64
		for _, e := range es {
			for k := range mean {
				mean[k] += e.abs[k] / float64(len(es))
				worst[k] = math.Max(worst[k], e.abs[k])
			}
			tolMean += e.tolUnits / float64(len(es))
			tolWorst = math.Max(tolWorst, e.tolUnits)
		}
		fmt.Printf("  %-6s |error| kcal/protein g/fat g/carbs g: mean %.1f/%.1f/%.1f/%.1f, worst %.0f/%.0f/%.0f/%.0f; worst value in tolerance units: mean %.2f, worst %.2f\n",
			name, mean[0], mean[1], mean[2], mean[3], worst[0], worst[1], worst[2], worst[3], tolMean, tolWorst)
	}
	report("ours", ours)
	report("naive", naive)
	fmt.Println()
	summary.add("recipe engine, generation wall p99", ms(pct(lat, 0.99)), "CIQUAL parse pass "+ms(ciqualPass),
		fmt.Sprintf("%.2f×", float64(pct(lat, 0.99))/float64(ciqualPass)), "p99 ≤ 20 ms", pct(lat, 0.99) <= 20*time.Millisecond)
	summary.add("recipe engine, within tolerance", fmt.Sprintf("%.1f %%", 100*float64(within)/float64(cases)),
		fmt.Sprintf("naive %.1f %%", 100*float64(naiveWithin)/float64(cases)), "—", "≥ 99 %", float64(within) >= 0.99*float64(cases))
	if err := plausibilityRun(ctx, catalog, prices, cases); err != nil {
		return err
	}
	return availabilityRun(ctx, catalog, prices)
}

// threadCPU is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID, nanosecond precision).
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// caseError is one case's error: per value in kcal or grams, and the worst value in tolerance
// units (≤ 1 is within tolerance).
type caseError struct {
	abs      [4]float64
	tolUnits float64
}

func errorOf(target, got nutrition.Macros) caseError {
	t, a := []float64{target.Kcal, target.ProteinG, target.FatG, target.CarbsG}, []float64{got.Kcal, got.ProteinG, got.FatG, got.CarbsG}
	tol := nutrition.Tolerance(target)
	tl := []float64{tol.Kcal, tol.ProteinG, tol.FatG, tol.CarbsG}
	var e caseError
	for k := range t {
		e.abs[k] = math.Abs(a[k] - t[k])
		e.tolUnits = math.Max(e.tolUnits, math.Abs(a[k]-t[k])/tl[k])
	}
	return e
}

// naiveRecipe takes the first four foods (random order), equal grams, scaled to the energy target.
func naiveRecipe(foods []nutrition.Food, _ nutrition.Category, target nutrition.Macros) nutrition.Macros {
	pick := foods[:min(4, len(foods))]
	var per nutrition.Macros // per gram of the equal mix
	for _, f := range pick {
		m := f.Per100g.Macros()
		w := 1 / (100 * float64(len(pick)))
		per.Kcal += m.Kcal * w
		per.ProteinG += m.ProteinG * w
		per.FatG += m.FatG * w
		per.CarbsG += m.CarbsG * w
	}
	if per.Kcal <= 0 {
		return nutrition.Macros{}
	}
	g := target.Kcal / per.Kcal
	return nutrition.Macros{Kcal: per.Kcal * g, ProteinG: per.ProteinG * g, FatG: per.FatG * g, CarbsG: per.CarbsG * g}
}
