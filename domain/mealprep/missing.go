package mealprep

import (
	"fmt"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/fault"
)

// "Generate what is missing" (docs/mealprep.md): one command asks for every recipe a varied
// plan still needs, all charged together, so closing the page after the click loses nothing.

var (
	// ErrNothingMissing: every meal of the day has a recipe or a request still making one.
	ErrNothingMissing = fault.New(fault.Conflict, "missing", "mealprep.error.nothing_missing", "mealprep: no meal is missing")
	// ErrMissingChanged: what is missing is not what the person was shown (another device
	// asked for some of it a moment ago), so its price is not the one they agreed to.
	ErrMissingChanged = fault.New(fault.Conflict, "missing", "mealprep.error.missing_changed", "mealprep: what is missing changed")
)

// Missing are the recipes a varied plan still needs (wanted: how many of each category,
// RecipesWanted for the person's split and the plan's days) beyond the recipes the meal prep
// has and those its requests are still making, in Categories order. A regeneration's request
// replaces recipes still counted, so it adds nothing.
func (m *MealPrep) Missing(wanted map[Category]int) []Suggestion {
	have := map[Category]int{}
	for _, r := range m.recipes {
		have[r.Category]++
	}
	for _, q := range m.requests {
		if !q.Finished() && len(q.Replaces) == 0 {
			have[q.Category] += q.Unfulfilled()
		}
	}
	out := []Suggestion{}
	for _, c := range Categories {
		if n := wanted[c] - have[c]; n > 0 {
			out = append(out, Suggestion{Category: c, Count: n})
		}
	}
	return out
}

// RequestMissing records one generation request per missing meal (Missing), the i-th with
// ids[i], when the recipes asked for add up to expected, the count the person was shown and
// pays. The caller charges each request its count and inserts its job in the same transaction.
func (m *MealPrep) RequestMissing(ids []uuid.UUID, wanted map[Category]int, expected int) error {
	if err := m.live(); err != nil {
		return err
	}
	if len(m.foods) == 0 {
		return ErrNoFoods
	}
	missing := m.Missing(wanted)
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
		if err := m.RequestGeneration(ids[i], s.Category, s.Count, nil); err != nil {
			return err
		}
	}
	return nil
}
