package wiring_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/wiring"
)

func testConfig(t *testing.T, db *pgtest.DB) config.Config {
	t.Helper()
	cfg, err := config.Load(func(k string) (string, bool) {
		v, ok := map[string]string{"DATABASE_URL": db.URL, "APP_ENV": "test", "APP_KEY": strings.Repeat("k", 32),
			"DATA_DIR": t.TempDir(), "NEEDS_TEST_DELAY": "1ms"}[k]
		return v, ok
	})
	require.NoError(t, err)
	return cfg
}

// A worker process registers its workers on the job client after building the services they
// share with the web side; the started client works them.
func TestWorkerProcessWorksJobsOverTheSameServices(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	app, err := wiring.New(testConfig(t, db), db.Pool, wiring.Options{Work: true})
	require.NoError(t, err)
	ctx := t.Context()
	require.NoError(t, app.Jobs.Start(ctx))
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = app.Jobs.Stop(sctx)
	})
	// A needs request that no longer exists completes (nothing to compute or refund).
	res, err := app.Jobs.Insert(ctx, nutritionapp.NeedsArgs{RequestID: uuid.New()}, nil)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		j, err := app.Jobs.JobGet(ctx, res.Job.ID)
		return err == nil && j.State == rivertype.JobStateCompleted
	}, 20*time.Second, 20*time.Millisecond, "the needs worker, registered after the client was built, works the job")
}

// A web process only inserts, and its router serves the pages.
func TestWebProcessBuildsTheRouter(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	app, err := wiring.New(testConfig(t, db), db.Pool, wiring.Options{})
	require.NoError(t, err)
	require.Error(t, app.Jobs.Start(t.Context()), "an insert-only client has no workers to start")
	assets := fstest.MapFS{".vite/manifest.json": {Data: []byte(`{"src/app.tsx":{"file":"app.js","src":"src/app.tsx","isEntry":true}}`)}}
	core, router, err := app.Router(wiring.Web{Assets: assets})
	require.NoError(t, err)
	require.NotNil(t, core)
	require.NotNil(t, router)
}
