package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing/fstest"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	identityapp "github.com/gamelle/gamelle/app/identity"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/handlers"
	appconfig "github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/jobs"
	"github.com/gamelle/gamelle/projections"
)

// statementCounter counts the statements sent through a pool, in queries and batches alike.
type statementCounter struct{ n atomic.Int64 }

func (c *statementCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}
func (*statementCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (*statementCounter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}
func (c *statementCounter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {
	c.n.Add(1)
}
func (*statementCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// noJobs accepts job inserts and runs nothing: the poll run makes its recipes itself.
type noJobs struct{}

func (noJobs) InsertTx(context.Context, pgx.Tx, river.JobArgs, *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return &rivertype.JobInsertResult{Job: &rivertype.JobRow{}}, nil
}

// pollRun measures the recipes page's one-second generation poll (an Inertia partial reload of
// the generation prop) beside the full page (every prop computed) on the same server in the same
// run, interleaved: statements per request, counted on the server's pool, and latency. The
// server is the meal-prep and sign-in areas of the real handlers, in process so that its pool
// can count; the person has 6 recipes and a running request.
func pollRun(ctx context.Context, dbURL string, requests int) error {
	fmt.Println("Meal-prep generation poll (in-process handlers, statements counted on the server's pool)")
	quiet := slog.New(slog.DiscardHandler)
	pcfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return err
	}
	counter := &statementCounter{}
	pcfg.ConnConfig.Tracer = counter
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	var foods int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM foods`).Scan(&foods); err != nil {
		return err
	}
	if foods == 0 {
		if _, err := nutritionapp.Import(ctx, pool, data.CiqualFoodsCSV); err != nil {
			return err
		}
	}
	runner, err := projections.NewRunner(pool, quiet)
	if err != nil {
		return err
	}
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	defer func() { cancel(); <-done }()

	// A person with a password, a meal prep of 4 foods, 6 recipes made by the built-in engine
	// and one request still running (so the page polls).
	store := eventstore.New(pool)
	wallets := ledgerapp.New(pool, store)
	svc := mealprepapp.New(pool, store, wallets, noJobs{})
	hash, err := identity.HashPassword(benchPassword)
	if err != nil {
		return err
	}
	person, email := uuid.New(), "poll-"+uuid.NewString()[:8]+"@bench.test"
	if _, err := pool.Exec(ctx, `INSERT INTO users (id, email, name, surname, password_hash, role, verified_at)
		VALUES ($1, $2, 'Camille', 'Poll', $3, 'USER', now())`, person, email, hash); err != nil {
		return err
	}
	if _, err := wallets.Grant(ctx, ledgerapp.GrantCommand{UserID: person, Amount: 20, Reason: ledger.ReasonAdminGrant,
		CommandMeta: eventstore.CommandMeta{Actor: "bench"}}); err != nil {
		return err
	}
	prep, _, err := svc.Create(ctx, person, "Semaine")
	if err != nil {
		return err
	}
	for _, f := range [][2]int{{36018, 600}, {9104, 500}, {17270, 50}, {20057, 400}} {
		if _, err := svc.SetFood(ctx, person, prep, f[0], f[1]); err != nil {
			return err
		}
	}
	worker := mealprepapp.NewWorker(svc, nutrition.NewBuiltin(mealprepapp.ShippedPrices()), 0)
	for range 2 {
		req, _, err := svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: person, MealPrepID: prep, Category: mealprep.LunchDinner, Count: 3})
		if err != nil {
			return err
		}
		args := mealprepapp.GenerateArgs{RequestID: req, MealPrepID: prep, OwnerID: person}
		if err := worker.Work(ctx, &river.Job[mealprepapp.GenerateArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 3}, Args: args}); err != nil {
			return err
		}
	}
	res, err := func() (mealprepapp.Result, error) {
		_, res, err := svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: person, MealPrepID: prep, Category: mealprep.Snack, Count: 2})
		return res, err
	}()
	if err != nil {
		return err
	}
	wctx, wcancel := context.WithTimeout(ctx, 30*time.Second)
	defer wcancel()
	if err := svc.WaitForReadModels(wctx, res.Position); err != nil {
		return err
	}

	dir, err := os.MkdirTemp("", "gamelle-bench-poll")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg, err := appconfig.Load(func(k string) (string, bool) {
		v, ok := map[string]string{"DATABASE_URL": dbURL, "APP_ENV": "development", "APP_KEY": strings.Repeat("k", 32), "DATA_DIR": dir}[k]
		return v, ok
	})
	if err != nil {
		return err
	}
	jc, err := jobs.New(pool, jobs.Config{Logger: quiet})
	if err != nil {
		return err
	}
	accounts := identityapp.New(pool, wallets, jc, identityapp.Options{AppURL: "http://127.0.0.1", Key: []byte(cfg.AppKey)})
	core, err := handlers.NewCore(handlers.CoreDeps{Config: cfg, Pool: pool, Logger: quiet, Users: accounts, Assets: pollAssets})
	if err != nil {
		return err
	}
	ts := httptest.NewServer(handlers.NewRouter(core, handlers.NewIdentity(core, accounts), handlers.NewMealPreps(core, svc)))
	defer ts.Close()
	cl, err := signIn(ctx, ts.URL, email)
	if err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	path := ts.URL + "/mealprep/" + prep.String() + "/recipes"
	version, err := inertiaVersion(ctx, cl, path)
	if err != nil {
		return err
	}
	visit := func(partial bool) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, path, nil)
		if err != nil {
			return err
		}
		for k, v := range map[string]string{"X-Inertia": "true", "X-Inertia-Version": version, "X-Requested-With": "XMLHttpRequest", "Accept": "text/html, application/xhtml+xml"} {
			req.Header.Set(k, v)
		}
		if partial {
			req.Header.Set("X-Inertia-Partial-Component", "mealprep/recipes")
			req.Header.Set("X-Inertia-Partial-Data", "generation")
		}
		resp, err := cl.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("GET %s: status %d", path, resp.StatusCode)
		}
		if partial && strings.Contains(string(body), `"recipes":`) {
			return fmt.Errorf("the poll carried the recipes")
		}
		return nil
	}
	type row struct {
		name    string
		partial bool
		lat     []time.Duration
		queries int64
	}
	rows := []*row{{name: "full recipes page (every prop: what the poll computed before)"}, {name: "generation poll (partial reload)", partial: true}}
	for range requests / 10 { // warm-up
		for _, r := range rows {
			if err := visit(r.partial); err != nil {
				return err
			}
		}
	}
	for range requests {
		for _, r := range rows {
			before := counter.n.Load()
			t0 := time.Now()
			if err := visit(r.partial); err != nil {
				return err
			}
			r.lat = append(r.lat, time.Since(t0))
			r.queries += counter.n.Load() - before
		}
	}
	full, poll := rows[0], rows[1]
	fq, pq := float64(full.queries)/float64(requests), float64(poll.queries)/float64(requests)
	for _, r := range rows {
		p50, p95v, p99 := pcts(r.lat)
		fmt.Printf("  %-60s %5.1f statements  p50 %s p95 %s p99 %s\n", r.name, float64(r.queries)/float64(requests), ms(p50), ms(p95v), ms(p99))
	}
	_, f95, _ := pcts(full.lat)
	_, p95v, _ := pcts(poll.lat)
	summary.add("generation poll statements", fmt.Sprintf("%.1f", pq), fmt.Sprintf("full page %.1f", fq), fmt.Sprintf("%.2f×", pq/fq), "< full page", pq < fq)
	summary.add("generation poll p95", ms(p95v), "full page p95 "+ms(f95), fmt.Sprintf("%.2f×", float64(p95v)/float64(f95)), "< full page", p95v < f95)
	fmt.Println()
	return nil
}

// pollAssets is a Vite manifest for the in-process server: the poll answers JSON, so no real
// build is needed.
var pollAssets = fstest.MapFS{
	".vite/manifest.json": {Data: []byte(`{"src/app.tsx": {"file": "assets/app.js", "src": "src/app.tsx", "isEntry": true},
		"src/app.css": {"file": "assets/app.css", "src": "src/app.css", "isEntry": true}}`)},
	"assets/app.js":  {Data: []byte("")},
	"assets/app.css": {Data: []byte("")},
}
