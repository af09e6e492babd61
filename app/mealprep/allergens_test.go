package mealprep_test

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	householdapp "github.com/gamelle/gamelle/app/household"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/projections"
)

// TestGenerationLeavesOutDeclaredAllergens: a person who declares gluten and peanuts, with
// pasta and peanut butter in their meal prep beside chicken and rice, gets recipes without
// them: the engine is never given a food that contains a declared allergen
// (docs/mealprep.md, "Allergens").
func TestGenerationLeavesOutDeclaredAllergens(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 2)
	_, err := e.pool.Exec(ctx, `UPDATE users SET allergens = '{gluten,peanuts}' WHERE id = $1`, owner)
	require.NoError(t, err)
	id, _, err := e.svc.Create(ctx, owner, "Sans gluten")
	require.NoError(t, err)
	const pasta, peanutButter = 9811, 15202
	for _, code := range []int{36017, pasta, 9100, peanutButter, 20009, 20039, 17270} {
		_, err := e.svc.SetFood(ctx, owner, id, code, 0)
		require.NoError(t, err)
	}
	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 2})
	require.NoError(t, err)
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	gen := &seenRequest{gen: nutrition.NewBuiltin(prices)}
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, gen, 0))
	tx := workTx(t, e)
	res, err := w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.Equal(t, river.EventKindJobCompleted, res.EventKind)
	require.NoError(t, tx.Commit(ctx))

	given := map[int]bool{}
	for _, f := range gen.last.Foods {
		given[f.Code] = true
		require.False(t, nutrition.ContainsAny(f, []nutrition.Allergen{nutrition.AllergenGluten, nutrition.AllergenPeanuts}), "%d %s", f.Code, f.Name.FR)
	}
	require.True(t, given[36017] && given[9100], "the safe foods are given: %v", given)
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	require.Len(t, m.RecipeIDs(), 2)
	for _, rid := range m.RecipeIDs() {
		for _, in := range m.Recipe(rid).Ingredients {
			require.NotContains(t, []int{pasta, peanutButter}, in.FoodCode)
		}
	}
}

// TestHouseholdMembersAllergensLeaveFoodsOut: the owner declares nothing, a member of their
// household declares fish; a household plan plates every recipe for everyone, so the salmon of
// the meal prep never reaches the engine, and the swap to it is refused.
func TestHouseholdMembersAllergensLeaveFoodsOut(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	runner, err := projections.NewRunner(e.pool, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	t.Cleanup(func() { cancel(); <-done })

	owner := e.person(t, 2)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	require.Empty(t, p.Allergens)
	hh := householdapp.New(e.pool, e.store)
	_, res, err := hh.Add(ctx, owner, householdapp.Input{Name: "Lou", Source: household.GoalsManual,
		Goals: nutrition.Goals{Kcal: 1700, ProteinG: 128, FatG: 57, CarbsG: 170}, Split: nutrition.DefaultMealSplit, Allergens: []string{"fish"}})
	require.NoError(t, err)
	require.NoError(t, hh.WaitForReadModels(ctx, res.Position))
	p, err = e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	require.Equal(t, []nutrition.Allergen{nutrition.AllergenFish}, p.Allergens)

	id, _, err := e.svc.Create(ctx, owner, "Foyer")
	require.NoError(t, err)
	const salmon = 26036
	for _, code := range []int{36017, salmon, 9100, 20009, 20039, 17270} {
		_, err := e.svc.SetFood(ctx, owner, id, code, 0)
		require.NoError(t, err)
	}
	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 1})
	require.NoError(t, err)
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	gen := &seenRequest{gen: nutrition.NewBuiltin(prices)}
	work(t, e, gen, owner, id, req)
	require.NotEmpty(t, gen.last.Foods)
	for _, f := range gen.last.Foods {
		require.NotEqual(t, salmon, f.Code)
	}
}

// TestPantryLeavesOutStaplesADeclaredAllergenTouches: the owner keeps garlic, soy sauce and
// tahini and declares gluten; a member of the household declares sesame. The pantry generation
// seasons with is the garlic alone (soy sauce is brewed with wheat; tahini is sesame).
func TestPantryLeavesOutStaplesADeclaredAllergenTouches(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 2)
	_, err := e.pool.Exec(ctx, `UPDATE users SET pantry = '{garlic,soy_sauce,tahini}', allergens = '{gluten}' WHERE id = $1`, owner)
	require.NoError(t, err)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	require.Equal(t, []string{"garlic", "tahini"}, p.Pantry)

	runner, err := projections.NewRunner(e.pool, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	t.Cleanup(func() { cancel(); <-done })
	hh := householdapp.New(e.pool, e.store)
	_, res, err := hh.Add(ctx, owner, householdapp.Input{Name: "Lou", Source: household.GoalsManual,
		Goals: nutrition.Goals{Kcal: 1700, ProteinG: 128, FatG: 57, CarbsG: 170}, Split: nutrition.DefaultMealSplit, Allergens: []string{"sesame"}})
	require.NoError(t, err)
	require.NoError(t, hh.WaitForReadModels(ctx, res.Position))
	p, err = e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	require.Equal(t, []string{"garlic"}, p.Pantry)
}

// TestGenerationPassesThePantryAndTheDishesHeld: the engine gets the person's safe pantry and,
// for a second lunch, the dish form the first lunch was written as, so it prefers another form;
// the recipe records its form.
func TestGenerationPassesThePantryAndTheDishesHeld(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 4)
	_, err := e.pool.Exec(ctx, `UPDATE users SET pantry = '{onion,garlic,curry_spices,soy_sauce}', allergens = '{soy}' WHERE id = $1`, owner)
	require.NoError(t, err)
	id, _, err := e.svc.Create(ctx, owner, "Semaine")
	require.NoError(t, err)
	for _, code := range []int{36017, 9100, 20009, 20039, 17270} {
		_, err := e.svc.SetFood(ctx, owner, id, code, 0)
		require.NoError(t, err)
	}
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	gen := &seenRequest{gen: nutrition.NewBuiltin(prices)}
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, gen, 0))
	lunch := func() {
		req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 1})
		require.NoError(t, err)
		tx := workTx(t, e)
		_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, nil)
		require.NoError(t, err)
		require.NoError(t, tx.Commit(ctx))
	}
	lunch()
	require.Equal(t, []string{"onion", "garlic", "curry_spices"}, gen.last.Pantry, "soy sauce holds soy")
	require.Empty(t, gen.last.RecentDishes)
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	ids := m.RecipeIDs()
	require.Len(t, ids, 1)
	first := m.Recipe(ids[0]).Dish
	require.NotEmpty(t, first, "the recipe records its dish form")
	lunch()
	require.Equal(t, []string{first}, gen.last.RecentDishes)
}
