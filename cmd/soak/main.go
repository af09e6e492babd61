// Command soak runs the real binary as 2 web + 2 worker processes against one PostgreSQL
// cluster of its own, drives simulated people through it (sign-up, email verification, purchases
// with duplicated and concurrent signed webhooks racing the success page, meal preps,
// generations with injected AI faults, the paid survey, page reads) for a bounded time while it
// kills workers and web processes with SIGKILL, restarts PostgreSQL and takes it away, then
// checks the money and event invariants and prints them as a table (docs/reliability.md).
//
//	go run ./cmd/soak                 the full run (`make soak`, minutes), writes docs/reliability.md
//	go run ./cmd/soak -short          the short run of `make test` (about a minute)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// config is one run's shape.
type config struct {
	short    bool
	duration time.Duration
	people   int
	bin      string
	report   string
	plan     faultPlan
	aiStall  time.Duration
	noAI     bool
	drain    time.Duration
}

func main() {
	var c config
	flag.BoolVar(&c.short, "short", false, "the short run of make test: less load, fewer kills, a 5 s outage, no AI server")
	flag.DurationVar(&c.duration, "duration", 0, "load phase (default 5m, 40s with -short)")
	flag.IntVar(&c.people, "people", 0, "simulated people at once (default 8, 4 with -short)")
	flag.StringVar(&c.bin, "bin", "", "gamelle binary (default: built from ./cmd/gamelle into a temporary directory)")
	flag.StringVar(&c.report, "report", "", "write the report to this file (make soak: docs/reliability.md)")
	flag.Parse()
	if c.short {
		c.duration = cmpOr(c.duration, 40*time.Second)
		c.people = cmpOr(c.people, 4)
		c.plan = faultPlan{workerKills: 4, webKillsAt: []float64{0.3}, restartAt: 0.5, outageAt: 0.7, outage: 5 * time.Second}
		// Without the AI adapter a generation attempt is bounded by 30 s, so a job killed
		// mid-run is rescued within a minute; the AI's 90 s would make the short run wait 2.
		c.noAI = true
		c.drain = 150 * time.Second
	} else {
		c.duration = cmpOr(c.duration, 5*time.Minute)
		c.people = cmpOr(c.people, 8)
		// One web kill: web-2 then runs from start to end, so its RSS and goroutines show the
		// long-run trend.
		c.plan = faultPlan{workerKills: 24, webKillsAt: []float64{0.25}, restartAt: 0.4, outageAt: 0.6, outage: 20 * time.Second}
		c.aiStall = 25 * time.Second // past the adapter's 20 s attempt time-out
		c.drain = 5 * time.Minute
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ok, err := run(ctx, c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(2)
	}
	if !ok {
		fmt.Fprintln(os.Stderr, "soak: an invariant failed (table above)")
		os.Exit(1)
	}
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
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
			return "", errors.New("not inside the repository (no go.mod above)")
		}
		dir = parent
	}
}

func buildBinary(ctx context.Context, root, dir string) (string, error) {
	if _, err := os.Stat(filepath.Join(root, "frontend", "dist", ".vite", "manifest.json")); err != nil {
		return "", fmt.Errorf("build the frontend first (make frontend): %w", err)
	}
	bin := filepath.Join(dir, "gamelle")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/gamelle")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build: %w\n%s", err, out)
	}
	return bin, nil
}

// baseEnv is what every process gets: the environment without the settings the soak chooses.
func baseEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch {
		case k == "DATABASE_URL", k == "PORT", k == "APP_URL", k == "APP_KEY", k == "APP_ENV", k == "DATA_DIR",
			k == "METRICS_ADDR", k == "METRICS_TOKEN", k == "SMTP_URL", k == "TRUSTED_PROXIES",
			strings.HasPrefix(k, "STRIPE_"), strings.HasPrefix(k, "AI_"), strings.HasPrefix(k, "GOOGLE_"), strings.HasPrefix(k, "APPLE_"),
			strings.HasSuffix(k, "_TEST_DELAY"), k == "MEALPREP_TEST_GENERATION_DELAY":
			continue
		}
		out = append(out, kv)
	}
	return out
}
