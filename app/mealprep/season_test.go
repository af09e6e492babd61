package mealprep_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// seenRequest is the built-in engine, remembering the request it was given.
type seenRequest struct {
	gen  nutrition.Generator
	last nutrition.GenerateRequest
}

func (s *seenRequest) Generate(ctx context.Context, req nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	s.last = req
	return s.gen.Generate(ctx, req)
}

// TestDecemberGenerationPrefersWinterVegetables: a meal prep holding courgettes, tomatoes,
// leeks, carrots and cabbage, generated with the clock in December, makes recipes of winter
// vegetables; the engine was told which foods are out of season.
func TestDecemberGenerationPrefersWinterVegetables(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 2)
	id, _, err := e.svc.Create(ctx, owner, "Hiver")
	require.NoError(t, err)
	const courgette, tomato = 20020, 20385
	for _, code := range []int{36017, 9100, courgette, tomato, 20039, 20009, 20069, 17270} {
		_, err := e.svc.SetFood(ctx, owner, id, code, 0)
		require.NoError(t, err)
	}
	december := func() time.Time { return time.Date(2026, 12, 10, 12, 0, 0, 0, time.UTC) }
	svc := e.svc.WithSeasons(nutritionapp.Seasons(), december)
	req, _, err := svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 2})
	require.NoError(t, err)
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	gen := &seenRequest{gen: nutrition.NewBuiltin(prices)}
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(svc, gen, 0))
	tx := workTx(t, e)
	res, err := w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.Equal(t, river.EventKindJobCompleted, res.EventKind)
	require.NoError(t, tx.Commit(ctx))
	require.Equal(t, map[int]bool{courgette: true, tomato: true}, gen.last.OutOfSeason)

	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	require.Len(t, m.RecipeIDs(), 2)
	for _, rid := range m.RecipeIDs() {
		for _, in := range m.Recipe(rid).Ingredients {
			require.NotContains(t, []int{courgette, tomato}, in.FoodCode, "a summer vegetable in December")
		}
	}
}
