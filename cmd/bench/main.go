// Command bench measures the ledger against a pgbench baseline taken in the same run:
//
//	go run ./bench [-clients 8] [-duration 10s] [-lag 20s] [-rebuild-events 1000000]
//
// It creates a throwaway database on BENCH_DATABASE_URL or, by default, on a PostgreSQL cluster of
// its own under .data/pg-bench (scripts/dev-postgres.sh): consumers wait for the oldest running
// transaction of the whole cluster, so test suites sharing a cluster would distort the lag. It
// migrates the database and prints:
//   - charges/s through wallets.Service (domain + event store) for many users and for one hot
//     wallet, with p50/p99 latency, next to pgbench running the same raw SQL as one charge
//     (an UPDATE and an INSERT in one transaction) with the same client count, as a ratio;
//   - projection lag p50/p99 at a steady 200 events/s with every projection registered, for the
//     chosen design (one runner per process woken by NOTIFY) beside the old one's shape (a
//     consumer per projection polling every 10 ms) and a single 10 ms poller;
//   - the same designs' idle cost: database transactions/s and CPU (bench process and
//     PostgreSQL), and the chosen one with twice the projections;
//   - what each way of waking the projections costs the append path (charges/s);
//   - rebuild events/s over a generated log;
//   - a failed sign-in and a reset request, known vs unknown address, as a ratio of medians;
//   - checkout completions/s with 50 concurrent buyers beside the same completions one at a time.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"github.com/gamelle/gamelle/domain/nutrition"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/migrations"
)

type config struct {
	clients       int
	duration      time.Duration
	lag           time.Duration
	idle          time.Duration
	lagRate       int
	rebuildEvents int
	users         int
	pgbench       string
	skip          string
	cpuProfile    string
	engineCases   int
	// mealprepRequests is how many generate requests the meal-prep run makes.
	mealprepRequests int
	// pollRequests is how many timed requests each row of the generation poll run makes.
	pollRequests int
	// webUsers is how many people the web run seeds; webRequests how many requests per page.
	webUsers, webRequests int
	// fcpRuns is how many cold loads of the landing page the fcp run makes per server.
	fcpRuns int
}

func main() {
	var c config
	flag.IntVar(&c.clients, "clients", 8, "concurrent clients, for pgbench and for ours")
	flag.DurationVar(&c.duration, "duration", 10*time.Second, "duration of each throughput run")
	flag.DurationVar(&c.lag, "lag", 20*time.Second, "duration of each design's lag run")
	flag.DurationVar(&c.idle, "idle", 10*time.Second, "duration of each design's idle measure")
	flag.IntVar(&c.lagRate, "lag-rate", 200, "events per second during the lag run")
	flag.IntVar(&c.rebuildEvents, "rebuild-events", 1_000_000, "size of the generated log for the rebuild run")
	flag.IntVar(&c.users, "users", 10_000, "wallets in the many-users runs")
	flag.StringVar(&c.pgbench, "pgbench", "", "pgbench binary (default: PATH, then /usr/lib/postgresql/*/bin)")
	flag.StringVar(&c.skip, "skip", "", "comma list of runs to skip: landing,engine,batchcook,variety,throughput,lag,lagtrace,idle,notify,rebuild,mealprep,poll,identity,checkout,web,fcp")
	flag.IntVar(&c.webUsers, "web-users", 3000, "people seeded for the web run")
	flag.IntVar(&c.webRequests, "web-requests", 1000, "timed requests per page in the web run")
	flag.IntVar(&c.fcpRuns, "fcp-runs", 7, "cold loads of the landing page per server in the fcp run")
	flag.IntVar(&c.engineCases, "engine-cases", 1000, "random feasible cases for the recipe engine run")
	flag.IntVar(&c.mealprepRequests, "mealprep-requests", 100, "generate requests in the meal-prep run")
	flag.IntVar(&c.pollRequests, "poll-requests", 500, "timed requests per row in the generation poll run")
	flag.StringVar(&c.cpuProfile, "cpuprofile", "", "write a CPU profile of the rebuild run to this file")
	flag.Parse()
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	err := run(context.Background(), c)
	if failed := summary.print(); failed > 0 {
		fmt.Printf("%d figure(s) missed their goal on this run (see above; figures under machine load are noisy)\n", failed)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// dbRuns are the runs that need PostgreSQL; skipping all of them runs without a database.
var dbRuns = []string{"throughput", "lag", "idle", "notify", "rebuild", "mealprep", "poll", "identity", "checkout", "web", "fcp"}

func run(ctx context.Context, c config) error {
	skip := func(name string) bool { return strings.Contains(","+c.skip+",", ","+name+",") }
	if !skip("landing") {
		if err := landingRun(); err != nil {
			return err
		}
	}
	if !skip("engine") {
		if err := engineRun(ctx, c.engineCases); err != nil {
			return err
		}
	}
	if !skip("batchcook") {
		if err := batchcookRun(ctx, 200); err != nil {
			return err
		}
	}
	if !skip("variety") {
		if err := varietyRun(ctx); err != nil {
			return err
		}
		if err := formsRun(ctx, "default pantry", nutrition.DefaultPantry); err != nil {
			return err
		}
		if err := formsRun(ctx, "every staple", nutrition.StapleIDs()); err != nil {
			return err
		}
	}
	needDB := false
	for _, r := range dbRuns {
		needDB = needDB || !skip(r)
	}
	if !needDB {
		return nil
	}
	server, err := serverURL()
	if err != nil {
		return err
	}
	dbURL, drop, err := createDatabase(ctx, server)
	if err != nil {
		return err
	}
	defer drop()
	pcfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return err
	}
	pcfg.MaxConns = int32(c.clients + 4)
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := migrations.Up(ctx, pool); err != nil {
		return err
	}
	pgbench, err := findPgbench(c.pgbench)
	if err != nil {
		return err
	}
	fmt.Printf("Gamelle ledger benchmark — %s, %d CPU, GOMAXPROCS %d, %d clients, %s\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), runtime.GOMAXPROCS(0), c.clients, serverVersion(ctx, pool))
	if !skip("throughput") {
		if err := throughput(ctx, c, pool, dbURL, pgbench); err != nil {
			return err
		}
	}
	if !skip("lag") {
		if err := lagRun(ctx, c, pool); err != nil {
			return err
		}
	}
	// The lag trace belongs to the lag part (skipping lag skips it); -skip lagtrace alone leaves
	// it out.
	if !skip("lag") && !skip("lagtrace") {
		if err := lagTraceRun(ctx, c, pool); err != nil {
			return err
		}
	}
	if !skip("idle") {
		if err := idleRun(ctx, c, pool); err != nil {
			return err
		}
	}
	if !skip("notify") {
		if err := notifyRun(ctx, c, pool); err != nil {
			return err
		}
	}
	if !skip("rebuild") {
		if err := rebuildRun(ctx, c, pool); err != nil {
			return err
		}
	}
	if !skip("mealprep") {
		if err := mealprepRun(ctx, pool, c.mealprepRequests); err != nil {
			return err
		}
	}
	if !skip("poll") {
		if err := pollRun(ctx, dbURL, c.pollRequests); err != nil {
			return err
		}
	}
	if !skip("identity") {
		if err := identityRun(ctx, pool); err != nil {
			return err
		}
	}
	if !skip("checkout") {
		if err := checkoutRun(ctx, dbURL); err != nil {
			return err
		}
	}
	// Last: it serves the application on the data earlier runs left (10,000 wallets, a long log)
	// plus its own people.
	if !skip("web") {
		if err := webRun(ctx, c, pool, dbURL); err != nil {
			return err
		}
	}
	if !skip("fcp") {
		if err := fcpRun(ctx, c.fcpRuns, dbURL); err != nil {
			return err
		}
	}
	return nil
}

func serverVersion(ctx context.Context, pool *pgxpool.Pool) string {
	var v string
	_ = pool.QueryRow(ctx, `SHOW server_version`).Scan(&v)
	return "PostgreSQL " + v
}

func serverURL() (string, error) {
	for _, k := range []string{"BENCH_DATABASE_URL"} {
		if v := os.Getenv(k); v != "" {
			return v, nil
		}
	}
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	out, err := exec.Command(filepath.Join(root, "scripts", "dev-postgres.sh"), "start", filepath.Join(root, ".data", "pg-bench")).Output()
	if err != nil {
		return "", fmt.Errorf("start the test cluster (or set BENCH_DATABASE_URL): %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		dir = parent
	}
}

func withDatabase(raw, db string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", err
	}
	u.Path = "/" + db
	return u.String(), nil
}

func createDatabase(ctx context.Context, server string) (string, func(), error) {
	admin, err := withDatabase(server, "postgres")
	if err != nil {
		return "", nil, err
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "bench_" + hex.EncodeToString(b)
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", nil, fmt.Errorf("connect %s: %w", name, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", nil, err
	}
	dbURL, _ := withDatabase(server, name)
	drop := func() {
		c, err := pgx.Connect(context.Background(), admin)
		if err != nil {
			return
		}
		defer c.Close(context.Background())
		_, _ = c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	}
	return dbURL, drop, nil
}

func findPgbench(flagged string) (string, error) {
	if flagged != "" {
		return flagged, nil
	}
	if p, err := exec.LookPath("pgbench"); err == nil {
		return p, nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pgbench")
	if len(matches) > 0 {
		return matches[len(matches)-1], nil
	}
	return "", fmt.Errorf("pgbench not found: install postgresql-contrib or pass -pgbench")
}
