package handlers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/config"
)

// queryCounter counts the statements sent through a pool, in queries and batches alike.
type queryCounter struct{ n atomic.Int64 }

func (c *queryCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (*queryCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (*queryCounter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}
func (c *queryCounter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {
	c.n.Add(1)
}
func (*queryCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// TestMealPrepPollComputesOnlyTheProgress: the recipes page's generation poll (a partial reload
// of generation) gets the progress and nothing else, and runs fewer queries than the page; it
// used to replay the stream and compute every prop for gonertia to drop all but one.
func TestMealPrepPollComputesOnlyTheProgress(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "poll@example.test")
	id := b.createMealPrep(t, "Semaine")
	for _, code := range []int{36018, 9104} {
		resp, _ := b.send(t, http.MethodPost, "/mealprep/"+id.String()+"/food", map[string]any{"foodCode": code, "grams": 300}, foodPath(id))
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	}

	// The same application over a pool that counts statements; the session is in the database,
	// so the person's cookies sign them in there too.
	cfg, err := config.Load(func(k string) (string, bool) {
		v, ok := map[string]string{"DATABASE_URL": b.db.URL, "APP_ENV": "test", "APP_KEY": strings.Repeat("k", 32), "DATA_DIR": t.TempDir()}[k]
		return v, ok
	})
	require.NoError(t, err)
	pcfg, err := pgxpool.ParseConfig(b.db.URL)
	require.NoError(t, err)
	queries := &queryCounter{}
	pcfg.ConnConfig.Tracer = queries
	pool, err := pgxpool.NewWithConfig(t.Context(), pcfg)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	srv, err := buildServer(cfg, pool)
	require.NoError(t, err)
	counted := httptest.NewServer(srv)
	t.Cleanup(counted.Close)
	c := &bundle{srv: srv, ts: counted, client: b.client, db: b.db, ver: b.ver}

	visit := func(partial bool) (pageObject, int64) {
		h := map[string]string{}
		if partial {
			h["X-Inertia-Partial-Component"], h["X-Inertia-Partial-Data"] = "mealprep/recipes", "generation"
		}
		before := queries.n.Load()
		resp, p := c.inertiaVisit(t, http.MethodGet, recipesPath(id), nil, h)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		return p, queries.n.Load() - before
	}
	full, fullQueries := visit(false)
	for _, k := range []string{"recipes", "plan", "goals", "generation", "mealPrep"} {
		require.Contains(t, full.Props, k)
	}
	poll, pollQueries := visit(true)
	require.Contains(t, poll.Props, "generation")
	for _, k := range []string{"recipes", "plan", "goals"} {
		require.NotContains(t, poll.Props, k, "a lazy prop the poll did not ask for")
	}
	t.Logf("queries: full page %d, poll %d", fullQueries, pollQueries)
	require.Less(t, pollQueries, fullQueries)
	require.LessOrEqual(t, pollQueries, fullQueries-4, "the poll skips the person, the recipes, the food names and the foods")
}
