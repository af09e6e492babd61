//go:build baselineharness

// Command harness serves the recipe engine of a pinned commit to the bench (see
// cmd/bench/internal/baseline): it is written into a git worktree of that commit beside the
// package's wire.go and built there, so it compiles against that commit's domain/nutrition and
// data. It must build at every pinned commit: it uses only what both pins export.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"time"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func main() {
	prices := flag.Bool("prices", false, "give the engine the commit's own price table (else none)")
	flag.Parse()
	if err := run(*prices); err != nil {
		fmt.Fprintln(os.Stderr, "baseline harness:", err)
		os.Exit(1)
	}
}

func run(withPrices bool) error {
	catalog, err := nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	if err != nil {
		return err
	}
	var prices *nutrition.PriceTable
	if withPrices {
		if prices, err = nutrition.ParsePrices(bytes.NewReader(data.PricesCSV)); err != nil {
			return err
		}
	}
	gen := nutrition.NewBuiltin(prices)
	// One thread for every Generate, as the bench holds its own engine's thread.
	runtime.LockOSThread()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 1<<24)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		var c Case
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			return fmt.Errorf("read a case: %w", err)
		}
		if err := enc.Encode(serve(context.Background(), gen, catalog, c)); err != nil {
			return err
		}
		if err := out.Flush(); err != nil {
			return err
		}
	}
	return in.Err()
}

func serve(ctx context.Context, gen *nutrition.Builtin, catalog map[int]nutrition.Food, c Case) Result {
	req := nutrition.GenerateRequest{Category: nutrition.Category(c.Category), Diet: nutrition.Diet(c.Diet),
		Currency: nutrition.EUR, Count: c.Count, Seed: c.Seed}
	for _, code := range c.Foods {
		f, ok := catalog[code]
		if !ok {
			return Result{Fail: fmt.Sprintf("food %d is not in this commit's CIQUAL table", code)}
		}
		req.Foods = append(req.Foods, f)
	}
	switch {
	case c.Target != nil:
		req.Target = nutrition.Macros{Kcal: c.Target.Kcal, ProteinG: c.Target.ProteinG, FatG: c.Target.FatG, CarbsG: c.Target.CarbsG}
	case c.Needs != nil:
		n, err := nutrition.CalculateNeeds(nutrition.NeedsInput{
			Body:     nutrition.Body{WeightKg: c.Needs.WeightKg, HeightCm: c.Needs.HeightCm, Age: c.Needs.Age, Sex: nutrition.Sex(c.Needs.Sex)},
			Activity: nutrition.ActivityLevel(c.Needs.Activity), Objective: nutrition.Objective(c.Needs.Goal),
			Preset: nutrition.MacroPreset(c.Needs.Preset)})
		if err != nil {
			return Result{Fail: "needs: " + err.Error()}
		}
		share := mealShare(nutrition.DefaultMealSplit, req.Category)
		req.Target = nutrition.Macros{Kcal: math.Round(float64(n.Kcal) * share), ProteinG: math.Round(float64(n.ProteinG) * share),
			FatG: math.Round(float64(n.FatG) * share), CarbsG: math.Round(float64(n.CarbsG) * share)}
	default:
		return Result{Fail: "a case needs a target or needs"}
	}
	start := time.Now()
	rs, err := gen.Generate(ctx, req)
	res := Result{ElapsedNs: int64(time.Since(start))}
	if err != nil {
		res.Refused = err.Error()
		return res
	}
	for _, r := range rs {
		out := Recipe{Feasible: r.Feasible, WithinTolerance: r.WithinTolerance, Servings: r.Servings,
			Totals: Macros{Kcal: r.Achieved.Kcal, ProteinG: r.Achieved.ProteinG, FatG: r.Achieved.FatG, CarbsG: r.Achieved.CarbsG}}
		for _, ing := range r.Ingredients {
			out.Ingredients = append(out.Ingredients, Ingredient{FoodCode: ing.FoodCode, Grams: ing.Grams})
		}
		if r.Explanation != nil {
			out.Suggestion = r.Explanation.EN
		}
		res.Recipes = append(res.Recipes, out)
	}
	return res
}

// mealShare is the meal's share of the day's energy as MealSplit.Share computes it at ef51314
// (ebe7157 has no Share): a lunch or dinner is the mean of the two.
func mealShare(m nutrition.MealSplit, c nutrition.Category) float64 {
	switch c {
	case nutrition.Breakfast:
		return float64(m.Breakfast) / 100
	case nutrition.Snack:
		return float64(m.Snack) / 100
	}
	return float64(m.Lunch+m.Dinner) / 200
}
