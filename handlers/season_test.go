package handlers

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/projections"
)

// decemberSetup is mealprepSetup with the clock on 10 December (APP_TODAY).
func decemberSetup(t *testing.T, email string) *bundle {
	t.Helper()
	b := setupEnv(t, map[string]string{"APP_TODAY": "2026-12-10"})
	_, err := nutritionapp.Import(t.Context(), b.db.Pool, data.CiqualFoodsCSV)
	require.NoError(t, err)
	runner, err := projections.NewRunner(b.db.Pool, slog.New(slog.DiscardHandler), projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	b.registerAndVerify(t, email)
	return b
}

func TestProduceInSeasonOnThePages(t *testing.T) {
	t.Parallel()
	b := decemberSetup(t, "saison@example.test")
	id := b.createMealPrep(t, "Décembre")
	food := foodPath(id)

	// A meal prep without a vegetable is offered December's: leeks, not courgettes.
	resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": 36018, "grams": 600}, food)
	requireRedirect(t, resp, food)
	_, p := b.visit(t, food)
	var names []string
	for _, v := range p.Props["seasonalVegetables"].([]any) {
		names = append(names, v.(map[string]any)["name"].(string))
	}
	require.NotEmpty(t, names)
	require.True(t, slices.Contains(names, "Carotte, crue"), "%v", names)
	for _, n := range names {
		require.NotContains(t, n, "Ail", "an aromatic is not a vegetable to build a plate on")
		require.NotContains(t, n, "Courgette")
		require.NotContains(t, n, "Tomate")
	}

	// Once it holds one, nothing more is offered, and the page marks what is in season.
	for _, code := range []int{20039, 20020} { // leek, courgette
		resp, _ = b.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": 500}, food)
		requireRedirect(t, resp, food)
	}
	_, p = b.visit(t, food)
	require.Empty(t, p.Props["seasonalVegetables"])
	require.Equal(t, []any{float64(20039)}, p.Props["inSeason"])

	// The food search marks December's produce.
	resp = b.do(t, http.MethodGet, food+"/search?q=poireau&lng=fr", nil, map[string]string{"Accept": "application/json"})
	var res struct {
		Foods []struct {
			Code     int  `json:"code"`
			InSeason bool `json:"inSeason"`
		} `json:"foods"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&res))
	resp.Body.Close()
	leek := slices.IndexFunc(res.Foods, func(f struct {
		Code     int  `json:"code"`
		InSeason bool `json:"inSeason"`
	}) bool {
		return f.Code == 20039
	})
	require.GreaterOrEqual(t, leek, 0)
	require.True(t, res.Foods[leek].InSeason)

	resp = b.do(t, http.MethodGet, food+"/search?q=courgette&lng=fr", nil, map[string]string{"Accept": "application/json"})
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&res))
	resp.Body.Close()
	require.NotEmpty(t, res.Foods)
	for _, f := range res.Foods {
		if p, ok := nutritionapp.Seasons().Of(f.Code); ok && p.ID == "courgette" {
			require.False(t, f.InSeason, "no courgette is in season in December")
		}
	}
}
