package main

import (
	"errors"
	"fmt"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// reachableCase reports whether any mix of the foods c's meal may hold (its meal prep's and the
// default pantry's, of its diet) meets c's target within tolerance while each food stays within
// its maximum portion for the target and the serving within the plate, salt and fresh-fruit
// caps. It is the ceiling of any engine that keeps those caps (docs/nutrition.md, "Rules that
// grow with the eater"): it ignores every composition and pairing rule, the least portions and
// the salt the steps add, so a request it refuses no cook's plate of these foods can serve.
func reachableCase(c nutritiontest.AvailabilityCase, catalog map[int]nutrition.Food) (bool, error) {
	return reachableGrown(c, catalog, 1)
}

// reachableGrown is reachableCase with every maximum portion and the plate and fruit caps grown by
// grow (the salt cap kept): how far the ceiling moves if servings were larger than a cook's.
func reachableGrown(c nutritiontest.AvailabilityCase, catalog map[int]nutrition.Food, grow float64) (bool, error) {
	var foods []nutrition.Food
	add := func(f nutrition.Food) {
		if nutrition.DietAllows(c.Prep.Diet, f) && nutrition.Suits(c.Meal, f) {
			foods = append(foods, f)
		}
	}
	for _, code := range c.Prep.Codes {
		if f, ok := catalog[code]; ok {
			add(f)
		}
	}
	for _, f := range nutrition.PantryFoods(nutrition.DefaultPantry, catalog) {
		add(f)
	}
	return reachable(c.Meal, c.Target, foods, grow)
}

// reachable is the feasibility linear programme of reachableCase: grams g ≥ 0 of each food with
//
//	target − tolerance ≤ Σ g·macros ≤ target + tolerance   (energy and the three macros)
//	g ≤ maximum portion;  Σ g ≤ plate cap;  Σ g·salt ≤ salt cap;  Σ g(fresh fruit) ≤ fruit cap
//
// solved by gonum's simplex in its standard form (one slack per row).
func reachable(meal nutrition.Category, t nutrition.Macros, foods []nutrition.Food, grow float64) (bool, error) {
	n := len(foods)
	if n == 0 {
		return false, nil
	}
	tol := nutrition.Tolerance(t)
	want := [4]float64{t.Kcal, t.ProteinG, t.FatG, t.CarbsG}
	slack := [4]float64{tol.Kcal, tol.ProteinG, tol.FatG, tol.CarbsG}

	// Each row is Σ coef·g ≤ bound.
	var rows [][]float64
	var bounds []float64
	row := func(bound float64, coef func(f nutrition.Food) float64) {
		r := make([]float64, n)
		for i, f := range foods {
			r[i] = coef(f)
		}
		rows, bounds = append(rows, r), append(bounds, bound)
	}
	for k := range want {
		per := func(f nutrition.Food) float64 {
			m := f.Per100g.Macros()
			return [4]float64{m.Kcal, m.ProteinG, m.FatG, m.CarbsG}[k] / 100
		}
		row(want[k]+slack[k], per)
		row(-(want[k] - slack[k]), func(f nutrition.Food) float64 { return -per(f) })
	}
	for i := range foods {
		_, _, hi := nutrition.PortionFor(meal, foods[i], t)
		row(grow*hi, func(f nutrition.Food) float64 {
			if f.Code == foods[i].Code {
				return 1
			}
			return 0
		})
	}
	row(grow*nutrition.PlateCapFor(meal, t), func(nutrition.Food) float64 { return 1 })
	row(nutrition.PlateSaltCapFor(meal, t, foods), func(f nutrition.Food) float64 { return nutrition.SaltOf(f.Per100g).Or(0) / 100 })
	row(grow*nutrition.FruitCapFor(meal, t), func(f nutrition.Food) float64 {
		if nutrition.FreshFruit(f) {
			return 1
		}
		return 0
	})

	// Standard form A·[g; s] = b, s ≥ 0, with b ≥ 0: a row whose bound is negative is negated
	// with its slack.
	m := len(rows)
	a := mat.NewDense(m, n+m, nil)
	b := make([]float64, m)
	for r := range rows {
		sign := 1.0
		if bounds[r] < 0 {
			sign = -1
		}
		for i := range n {
			a.Set(r, i, sign*rows[r][i])
		}
		a.Set(r, n+r, sign)
		b[r] = sign * bounds[r]
	}
	_, _, err := lp.Simplex(make([]float64, n+m), a, b, 0, nil)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, lp.ErrInfeasible):
		return false, nil
	default:
		return false, fmt.Errorf("reachable %s %v: %w", meal, t, err)
	}
}
