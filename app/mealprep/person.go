package mealprep

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/google/uuid"

	identityapp "github.com/gamelle/gamelle/app/identity"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections/households"
)

// DefaultDailyKcal is the daily energy used while a person has set no calorie goal: the usual
// reference intake for an adult (2,000 kcal), split by their macro preset. Pages say so.
const DefaultDailyKcal = 2000

// Person is what generation and the plan need from the person's settings.
type Person struct {
	Daily mealprep.Macros
	// GoalsDefaulted: no calorie goal was set, Daily comes from DefaultDailyKcal and the preset.
	GoalsDefaulted bool
	Diet           nutrition.Diet
	// Allergens are the ones the person and their household's members declare (a household
	// plan plates every recipe for all of them): no food containing one reaches the engine
	// (docs/mealprep.md, "Allergens").
	Allergens       []nutrition.Allergen
	PriceLimitCents int
	Units           string
	Currency        string
	Language        string
	Split           nutrition.MealSplit
	// Pantry are the staples the person keeps that no declared allergen rules out: what a dish
	// may season with (docs/nutrition.md, "Pantry staples").
	Pantry []string
}

// ErrNoPerson: the user row is gone (erased between request and job).
var ErrNoPerson = errors.New("mealprep: person not found")

// Person reads the person's goals and settings through their account (identity owns the users
// table) and derives the daily targets the meal preps plan with.
func (s *Service) Person(ctx context.Context, db eventstore.DBTX, id uuid.UUID) (Person, error) {
	set, err := identityapp.MealSettingsOf(ctx, db, id)
	if errors.Is(err, identityapp.ErrNotFound) {
		return Person{}, fmt.Errorf("%w: %s", ErrNoPerson, id)
	}
	if err != nil {
		return Person{}, fmt.Errorf("mealprep: read settings of %s: %w", id, err)
	}
	kcal, protein, fat, carbs, price, preset := set.CalorieGoal, set.ProteinGoal, set.FatGoal, set.CarbGoal, set.PriceLimitCents, set.MacroPreset
	members, err := households.OfOwner(ctx, db, id)
	if err != nil {
		return Person{}, fmt.Errorf("mealprep: household of %s: %w", id, err)
	}
	declared := map[nutrition.Allergen]bool{}
	for _, a := range set.Allergens {
		declared[a] = true
	}
	for _, m := range members {
		for _, a := range m.Allergens {
			declared[a] = true
		}
	}
	p := Person{Diet: set.Diet, Units: set.Units, Currency: set.Currency, Language: set.Language}
	p.Split = set.MealSplit
	for _, a := range nutrition.Allergens {
		if declared[a] {
			p.Allergens = append(p.Allergens, a)
		}
	}
	p.Pantry = nutrition.SafePantry(set.Pantry, p.Allergens)
	if price != nil {
		p.PriceLimitCents = *price
	}
	_, split, perr := nutrition.ParsePreset(preset)
	if perr != nil {
		_, split, _ = nutrition.ParsePreset(string(nutrition.PresetDefault))
	}
	daily := float64(DefaultDailyKcal)
	if kcal == nil {
		p.GoalsDefaulted = true
	} else {
		daily = float64(*kcal)
	}
	sum := float64(split.Protein + split.Fat + split.Carbs)
	p.Daily = mealprep.Macros{
		Kcal:     daily,
		ProteinG: math.Round(daily * float64(split.Protein) / sum / 4),
		FatG:     math.Round(daily * float64(split.Fat) / sum / 9),
		CarbsG:   math.Round(daily * float64(split.Carbs) / sum / 4),
	}
	// Explicit gram goals win over the preset's.
	if !p.GoalsDefaulted {
		if protein != nil {
			p.Daily.ProteinG = float64(*protein)
		}
		if fat != nil {
			p.Daily.FatG = float64(*fat)
		}
		if carbs != nil {
			p.Daily.CarbsG = float64(*carbs)
		}
	}
	return p, nil
}

// MealTarget is the per-serving target of a recipe of category c: the day's goals shared by the
// person's meal split and meal profiles (nutrition.MealTarget, docs/nutrition.md).
func (p Person) MealTarget(c mealprep.Category) mealprep.Macros {
	return mealprep.Macros(nutrition.MealTarget(nutrition.Macros(p.Daily), p.Split, c))
}
