package main

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// result is everything the report shows.
type result struct {
	cfg       config
	started   time.Time
	took      time.Duration
	loadTook  time.Duration
	drainTook time.Duration
	checks    []check
	procs     []procRow
	queue     [3]map[string]int64 // start, end, max of waiting+running
	t         *tally
	ai        *fakeAI
	faultLog  []string
	windows   []window
	requests  int
	by5xx     []string
	transport int
	refused   int64
}

// procRow is one process's line of the resources table.
type procRow struct {
	name               string
	kills, starts      int
	rssStart, rssEnd   float64
	gorStart, gorEnd   float64
	connStart, connEnd int64
	connMax            int64
	unexpected         []procExit
}

func run(ctx context.Context, c config) (bool, error) {
	res := &result{cfg: c, started: time.Now(), t: &tally{paid: map[uuid.UUID]int64{}}}
	root, err := repoRoot()
	if err != nil {
		return false, err
	}
	tmp, err := os.MkdirTemp("", "gamelle-soak")
	if err != nil {
		return false, err
	}
	logDir := filepath.Join(root, ".data", "soak-logs")
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	if c.bin == "" {
		fmt.Println("soak: building ./cmd/gamelle")
		if c.bin, err = buildBinary(ctx, root, tmp); err != nil {
			return false, err
		}
	}
	c.bin, _ = filepath.Abs(c.bin)

	fmt.Println("soak: starting its PostgreSQL cluster (.data/pg-soak)")
	pg, err := startCluster(ctx, root, filepath.Join(root, ".data", "pg-soak"))
	if err != nil {
		return false, err
	}
	// The cluster holds only this run's database: stopped at the end (the next run starts it).
	defer func() { _ = pg.stop(context.WithoutCancel(ctx)) }()
	admin, err := pgxpool.New(ctx, pg.url)
	if err != nil {
		return false, err
	}
	if _, err := admin.Exec(ctx, `DROP DATABASE IF EXISTS soak WITH (FORCE)`); err != nil {
		return false, err
	}
	if _, err := admin.Exec(ctx, `CREATE DATABASE soak`); err != nil {
		return false, err
	}
	admin.Close()
	// The soak's own pool: checks, samples. Its connections are not counted as a process's.
	dbURL := pg.dbURL("soak", "")
	pcfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return false, err
	}
	pcfg.MaxConns = 4
	db, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return false, err
	}
	defer db.Close()

	env := append(baseEnv(), "APP_ENV=test", "APP_KEY=soak-app-key-0123456789abcdefghijklmnopqrstuv", "DATA_DIR="+tmp,
		"STRIPE_WEBHOOK_SECRET=whsec_soak_"+uuid.NewString(), "TRUSTED_PROXIES=1")
	if !c.noAI {
		if res.ai, err = startFakeAI(c.aiStall); err != nil {
			return false, err
		}
		defer res.ai.close()
		env = append(env, "AI_BASE_URL="+res.ai.url, "AI_MODEL=soak-model", "AI_API_KEY=soak")
	}
	secret := ""
	for _, kv := range env {
		if v, ok := cutPrefix(kv, "STRIPE_WEBHOOK_SECRET="); ok {
			secret = v
		}
	}

	migrate := exec.CommandContext(ctx, c.bin, "migrate")
	migrate.Env = append(append([]string{}, env...), "DATABASE_URL="+dbURL)
	if out, err := migrate.CombinedOutput(); err != nil {
		return false, fmt.Errorf("migrate: %w\n%s", err, out)
	}

	var webProcs, workers, all []*proc
	for i, name := range []string{"web-1", "web-2", "worker-1", "worker-2"} {
		p, err := newProc(name, i < 2, c.bin, append(append([]string{}, env...), "DATABASE_URL="+pg.dbURL("soak", "application_name=soak-"+name)), logDir)
		if err != nil {
			return false, err
		}
		_ = os.Remove(p.logPath)
		all = append(all, p)
		if p.web {
			webProcs = append(webProcs, p)
		} else {
			workers = append(workers, p)
		}
	}
	appURL := webProcs[0].base()
	for _, p := range all {
		p.env = append(p.env, "APP_URL="+appURL)
	}
	defer func() {
		for _, p := range all {
			p.stop()
		}
	}()
	// The first process loads the food table; the others find it there.
	if err := webProcs[0].start(); err != nil {
		return false, err
	}
	if err := webProcs[0].waitReady(ctx, 3*time.Minute); err != nil {
		return false, err
	}
	for _, p := range all[1:] {
		if err := p.start(); err != nil {
			return false, err
		}
	}
	for _, p := range all[1:] {
		if err := p.waitReady(ctx, 2*time.Minute); err != nil {
			return false, err
		}
	}
	fmt.Printf("soak: 2 web + 2 worker processes up (logs in .data/soak-logs); load for %s with %d people at once\n", c.duration, c.people)

	rec := &recorder{}
	ws := &webs{rec: rec}
	for _, w := range webProcs {
		ws.bases = append(ws.bases, w.base())
	}
	if ws.version, err = inertiaVersion(ctx, webProcs[0].base()+"/auth/login"); err != nil {
		return false, err
	}

	// Resources at the start, then sampled until the end.
	rows := make([]procRow, len(all))
	conns, _ := connections(ctx, db)
	for i, p := range all {
		s := p.stats(ctx)
		rows[i] = procRow{name: p.name, rssStart: s.RSSBytes, gorStart: s.Goroutines, connStart: conns[p.name], connMax: conns[p.name]}
	}
	q0, _ := queueDepth(ctx, db)
	res.queue[0], res.queue[2] = q0, map[string]int64{}
	sampleCtx, stopSampling := context.WithCancel(ctx)
	defer stopSampling()
	var sampling sync.WaitGroup
	var sampleMu sync.Mutex
	sampling.Go(func() {
		for sampleCtx.Err() == nil {
			if cs, err := connections(sampleCtx, db); err == nil {
				sampleMu.Lock()
				for i := range rows {
					rows[i].connMax = max(rows[i].connMax, cs[rows[i].name])
				}
				sampleMu.Unlock()
			}
			if q, err := queueDepth(sampleCtx, db); err == nil {
				sampleMu.Lock()
				for _, s := range []string{"available", "running", "retryable", "scheduled"} {
					res.queue[2][s] = max(res.queue[2][s], q[s])
				}
				sampleMu.Unlock()
			}
			select {
			case <-sampleCtx.Done():
			case <-time.After(time.Second):
			}
		}
	})

	// Load and faults.
	pay := &payments{secret: secret, t: res.t, runCtx: ctx}
	f := &faults{plan: c.plan, workers: workers, webs: webProcs, pg: pg}
	loadCtx, endLoad := context.WithTimeout(ctx, c.duration)
	t0 := time.Now()
	var load sync.WaitGroup
	var n atomic.Int64
	for range c.people {
		load.Go(func() {
			for loadCtx.Err() == nil {
				runPerson(loadCtx, ws, int(n.Add(1)), res.t, pay)
			}
		})
	}
	load.Go(func() { f.run(loadCtx, c.duration) })
	progress := time.NewTicker(30 * time.Second)
	go func() {
		for {
			select {
			case <-loadCtx.Done():
				progress.Stop()
				return
			case <-progress.C:
				fmt.Printf("soak: %s: %d people signed up, %d checkouts, %d generations, %d surveys, %d requests\n",
					time.Since(t0).Round(time.Second), res.t.signups.Load(), res.t.checkouts.Load(), res.t.generations.Load(), res.t.surveys.Load(), len(rec.snapshot()))
			}
		}
	}()
	load.Wait()
	endLoad()
	res.loadTook = time.Since(t0)
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	fmt.Printf("soak: load over after %s; waiting for the late webhooks, the jobs and the projections\n", res.loadTook.Round(time.Second))
	pay.late.Wait()

	t1 := time.Now()
	drainErr := drain(ctx, db, c.drain)
	res.drainTook = time.Since(t1)
	stopSampling()
	sampling.Wait()

	conns, _ = connections(ctx, db)
	for i, p := range all {
		s := p.stats(ctx)
		kills, starts, unexpected, _ := p.snapshot()
		rows[i].rssEnd, rows[i].gorEnd, rows[i].connEnd = s.RSSBytes, s.Goroutines, conns[p.name]
		rows[i].kills, rows[i].starts, rows[i].unexpected = kills, starts, unexpected
	}
	res.procs = rows
	res.queue[1], _ = queueDepth(ctx, db)
	for _, p := range all {
		p.stop()
	}

	f.mu.Lock()
	res.faultLog, res.windows = append([]string(nil), f.log...), append([]window(nil), f.windows...)
	faultErrs := append([]error(nil), f.errs...)
	f.mu.Unlock()

	// The checks, on a quiet database.
	var checks []check
	add := func(cs ...check) { checks = append(checks, cs...) }
	if drainErr != nil {
		add(check{name: "jobs and projections drained", value: drainErr.Error()})
	}
	for _, e := range faultErrs {
		add(check{name: "fault injected", value: e.Error()})
	}
	add(faultCountCheck(c.plan, rows, res.windows))
	lc, err := ledgerCheck(ctx, db)
	if err != nil {
		return false, err
	}
	add(lc...)
	vc, err := versionGapCheck(ctx, db)
	if err != nil {
		return false, err
	}
	add(vc)
	gc, err := generationCheck(ctx, db)
	if err != nil {
		return false, err
	}
	add(gc...)
	rg, err := regenerationCheck(ctx, db, res.t.regenRaces.Load())
	if err != nil {
		return false, err
	}
	add(rg)
	res.t.mu.Lock()
	paid := res.t.paid
	res.t.mu.Unlock()
	cc, err := checkoutCheck(ctx, db, paid)
	if err != nil {
		return false, err
	}
	add(cc)
	add(jobsCheck(res.queue[1]))
	rc, err := rebuildCheck(ctx, db)
	if err != nil {
		return false, err
	}
	add(rc)
	samples := rec.snapshot()
	res.requests = len(samples)
	res.transport, res.refused = rec.errCount, rec.refused.Load()
	add(serverErrorCheck(samples, res.windows, &res.by5xx))
	add(exitCheck(rows, res.windows))
	add(loadCheck(res.t))
	res.checks = checks
	res.took = time.Since(res.started)

	ok := true
	for _, ch := range checks {
		ok = ok && ch.ok
	}
	printReport(os.Stdout, res)
	if c.report != "" {
		if err := writeMarkdown(c.report, res); err != nil {
			return ok, err
		}
		fmt.Println("soak: report written to", c.report)
	}
	return ok, nil
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return "", false
}

func (r *recorder) snapshot() []sample {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]sample(nil), r.samples...)
}

var dataPageRE = regexp.MustCompile(`data-page="([^"]*)"|<script[^>]*data-page="app"[^>]*>([^<]*)</script>`)

// inertiaVersion reads the asset version from a page's HTML, as a browser does.
func inertiaVersion(ctx context.Context, u string) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	m := dataPageRE.FindSubmatch(body)
	if resp.StatusCode != http.StatusOK || m == nil {
		return "", fmt.Errorf("GET %s: status %d, no Inertia page", u, resp.StatusCode)
	}
	var page struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1])+string(m[2]))), &page); err != nil {
		return "", fmt.Errorf("inertia page: %w", err)
	}
	return page.Version, nil
}
