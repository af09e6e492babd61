package handlers

import (
	"context"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/app/nutrition/foodstest"
	"github.com/gamelle/gamelle/projections"
)

// TestRecipesPageShowsAPaidRequestWhileTheProjectionsAreHeldBack: after « Générer » the page
// must show the running request (its poll starts on it) even when the projections have not
// applied it (a long transaction elsewhere, a worker restart); it read the read models anyway
// and showed nothing but a lower balance.
func TestRecipesPageShowsAPaidRequestWhileTheProjectionsAreHeldBack(t *testing.T) {
	t.Parallel()
	b := setupOn(t, foodstest.New(t))
	runner, err := projections.NewRunner(b.db.Pool, slog.New(slog.DiscardHandler), projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(ctx) }()
	b.runner = runner
	b.registerAndVerify(t, "held@example.test")
	id := b.createMealPrep(t, "Semaine")
	food, recipes := foodPath(id), recipesPath(id)
	for code, g := range map[int]int{36018: 600, 9104: 500, 17270: 50} {
		resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": g}, food)
		requireRedirect(t, resp, food)
	}
	b.settle(t)
	cancel()
	require.NoError(t, <-done)

	resp, _ := b.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 2, "idempotencyKey": "held-1"}, recipes)
	requireRedirect(t, resp, recipes)
	_, p := b.visit(t, recipes)
	require.EqualValues(t, 0, authUserOf(t, p)["balance"])
	gen := p.Props["generation"].([]any)
	require.Len(t, gen, 1, "the request just paid for is on the page")
	require.Equal(t, true, gen[0].(map[string]any)["running"])
	// The poll (a partial reload of generation) follows it too.
	_, p = b.inertiaVisit(t, http.MethodGet, recipes, nil, map[string]string{
		"X-Inertia-Partial-Component": "mealprep/recipes", "X-Inertia-Partial-Data": "generation",
	})
	require.Len(t, p.Props["generation"], 1)
}
