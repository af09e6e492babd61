package mealprep

import (
	"fmt"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/fault"
)

// "Generate what is missing" (docs/mealprep.md): one command asks for every meal of the day that
// has no recipe, all charged together, so closing the page after the click loses nothing.

var (
	// ErrNothingMissing: every meal of the day has a recipe or a request still making one.
	ErrNothingMissing = fault.New(fault.Conflict, "missing", "mealprep.error.nothing_missing", "mealprep: no meal is missing")
	// ErrMissingChanged: what is missing is not what the person was shown (another device
	// asked for some of it a moment ago), so its price is not the one they agreed to.
	ErrMissingChanged = fault.New(fault.Conflict, "missing", "mealprep.error.missing_changed", "mealprep: what is missing changed")
)

// Missing are the meals a day has (perDay: how many of each category, MealsPerDayOf the
// person's split) that have no recipe and no request still making one, in Categories order,
// each asked for as many recipes as the day has of that meal.
func (m *MealPrep) Missing(perDay map[Category]int) []Suggestion {
	covered := map[Category]bool{}
	for _, r := range m.recipes {
		covered[r.Category] = true
	}
	for _, q := range m.requests {
		if !q.Finished() {
			covered[q.Category] = true
		}
	}
	out := []Suggestion{}
	for _, c := range Categories {
		if n := perDay[c]; n > 0 && !covered[c] {
			out = append(out, Suggestion{Category: c, Count: n})
		}
	}
	return out
}

// RequestMissing records one generation request per missing meal (Missing), the i-th with
// ids[i], when the recipes asked for add up to expected, the count the person was shown and
// pays. The caller charges each request its count and inserts its job in the same transaction.
func (m *MealPrep) RequestMissing(ids []uuid.UUID, perDay map[Category]int, expected int) error {
	if err := m.live(); err != nil {
		return err
	}
	if len(m.foods) == 0 {
		return ErrNoFoods
	}
	missing := m.Missing(perDay)
	if len(missing) == 0 {
		return ErrNothingMissing
	}
	total := 0
	for _, s := range missing {
		total += s.Count
	}
	if total != expected {
		return fmt.Errorf("%w: %d recipes missing, %d shown", ErrMissingChanged, total, expected)
	}
	if len(ids) < len(missing) {
		return fmt.Errorf("%w: %d ids for %d requests", ErrRequestNotFound, len(ids), len(missing))
	}
	for i, s := range missing {
		if err := m.RequestGeneration(ids[i], s.Category, s.Count); err != nil {
			return err
		}
	}
	return nil
}
