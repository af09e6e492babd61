package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
)

// runFoods handles `gamelle foods import [--file PATH]`: load the CIQUAL table (the shipped copy
// by default) into the foods table, replacing values food by food.
func runFoods(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "import" {
		return fmt.Errorf("usage: gamelle foods import [--file PATH]")
	}
	fs := flag.NewFlagSet("foods import", flag.ContinueOnError)
	file := fs.String("file", "", "CSV in the data/ciqual/foods.csv format (default: the shipped table)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	csvData := data.CiqualFoodsCSV
	if *file != "" {
		b, err := os.ReadFile(*file)
		if err != nil {
			return fmt.Errorf("read %s: %w", *file, err)
		}
		csvData = b
	}
	a, err := newApp(ctx)
	if err != nil {
		return err
	}
	defer a.close()
	n, err := nutritionapp.Import(ctx, a.pool, csvData)
	if err != nil {
		return err
	}
	a.log.Info("foods imported", "count", n)
	return nil
}

// ensureFoods loads the shipped table on a database that has none, so a fresh install has foods
// to pick without an extra step.
func ensureFoods(ctx context.Context, a *app) error {
	n, err := nutritionapp.Count(ctx, a.pool)
	if err != nil || n > 0 {
		return err
	}
	n, err = nutritionapp.Import(ctx, a.pool, data.CiqualFoodsCSV)
	if err != nil {
		return err
	}
	a.log.Info("foods imported", "count", n)
	return nil
}
