package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// The baseline: what one charge is in raw SQL — debit a balance row, insert a ledger row — in one
// transaction. The tables are the benchmark's own scratch tables, not the application's.
const baselineSchema = `
CREATE TABLE bench_wallets (user_id INT PRIMARY KEY, balance BIGINT NOT NULL);
CREATE TABLE bench_ledger (id BIGSERIAL PRIMARY KEY, user_id INT NOT NULL, delta BIGINT NOT NULL,
  reason TEXT NOT NULL, ref TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now());
INSERT INTO bench_wallets SELECT g, 1000000000000 FROM generate_series(1, %d) g;`

const baselineScript = `%s
BEGIN;
UPDATE bench_wallets SET balance = balance - 1 WHERE user_id = :uid AND balance >= 1;
INSERT INTO bench_ledger (user_id, delta, reason, ref) VALUES (:uid, -1, 'recipe_generation', 'bench');
END;
`

var tpsRE = regexp.MustCompile(`tps = ([0-9.]+) \(without initial connection time\)`)

func pgbenchTPS(ctx context.Context, c config, pgbench, dbURL, uidLine string) (float64, error) {
	dir, err := os.MkdirTemp("", "gamelle-bench")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	script := filepath.Join(dir, "charge.sql")
	if err := os.WriteFile(script, fmt.Appendf(nil, baselineScript, uidLine), 0o600); err != nil {
		return 0, err
	}
	args := []string{"-n", "-M", "prepared", "-c", strconv.Itoa(c.clients), "-j", strconv.Itoa(min(c.clients, 2)),
		"-T", strconv.Itoa(int(c.duration.Seconds())), "-f", script, "-D", "users=" + strconv.Itoa(c.users), dbURL}
	out, err := exec.CommandContext(ctx, pgbench, args...).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("pgbench: %w\n%s", err, out)
	}
	m := tpsRE.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("pgbench: no tps in output:\n%s", out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}

type runStats struct {
	ops      int
	errs     int
	elapsed  time.Duration
	p50, p99 time.Duration
}

func (s runStats) rate() float64 { return float64(s.ops) / s.elapsed.Seconds() }

// charges runs c.clients goroutines charging one token each time for c.duration.
func charges(ctx context.Context, c config, svc *ledgerapp.Service, pick func(r *rand.Rand) uuid.UUID) runStats {
	var (
		mu   sync.Mutex
		lat  []time.Duration
		errs int
		wg   sync.WaitGroup
	)
	start := time.Now()
	deadline := start.Add(c.duration)
	for g := range c.clients {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(g), 99))
			var mine []time.Duration
			var bad int
			for time.Now().Before(deadline) {
				t0 := time.Now()
				_, err := svc.Charge(ctx, ledgerapp.ChargeCommand{UserID: pick(r), Amount: 1, Reason: ledger.ReasonRecipeGeneration, Ref: "bench", CommandMeta: eventstore.CommandMeta{Actor: "bench"}})
				if err != nil {
					bad++
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			errs += bad
			mu.Unlock()
		})
	}
	wg.Wait()
	s := runStats{ops: len(lat), errs: errs, elapsed: time.Since(start)}
	s.p50, s.p99 = percentiles(lat)
	return s
}

func percentiles(d []time.Duration) (p50, p99 time.Duration) {
	if len(d) == 0 {
		return 0, 0
	}
	slices.Sort(d)
	return d[len(d)*50/100], d[min(len(d)-1, len(d)*99/100)]
}

// seedWallets gives every user a large balance with one event each, in bulk.
func seedWallets(ctx context.Context, pool *pgxpool.Pool, users []uuid.UUID) error {
	_, err := pool.Exec(ctx, `
		INSERT INTO events (event_id, stream_id, stream_version, event_type, payload, metadata)
		SELECT gen_random_uuid(), 'wallet-' || u, 1, 'TokensGranted.v1',
		       jsonb_build_object('amount', 1000000000, 'reason', 'admin_grant', 'ref', 'bench', 'balanceAfter', 1000000000),
		       '{"actor":"bench"}'
		FROM unnest($1::uuid[]) u`, users)
	return err
}

func throughput(ctx context.Context, c config, pool *pgxpool.Pool, dbURL, pgbench string) error {
	if _, err := pool.Exec(ctx, fmt.Sprintf(baselineSchema, c.users)); err != nil {
		return fmt.Errorf("baseline schema: %w", err)
	}
	users := make([]uuid.UUID, c.users)
	for i := range users {
		users[i] = uuid.New()
	}
	if err := seedWallets(ctx, pool, users); err != nil {
		return fmt.Errorf("seed wallets: %w", err)
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE`); err != nil {
		return err
	}
	store := eventstore.New(pool)
	fmt.Printf("Charges (%d clients, %s each run)\n", c.clients, c.duration)
	fmt.Printf("  %-34s %12s %12s %9s %9s %8s\n", "run", "ours/s", "pgbench tps", "ratio", "p50", "p99")
	for _, run := range []struct {
		name   string
		uid    string
		opts   []ledgerapp.Option
		pick   func(r *rand.Rand) uuid.UUID
		target string
	}{
		{"many users (" + strconv.Itoa(c.users) + ")", `\set uid random(1, :users)`, nil,
			func(r *rand.Rand) uuid.UUID { return users[r.IntN(len(users))] }, "≥ 0.80"},
		{"one hot wallet (stream lock)", `\set uid 1`, nil,
			func(*rand.Rand) uuid.UUID { return users[0] }, "≥ 0.80"},
		{"one hot wallet (optimistic only)", `\set uid 1`, []ledgerapp.Option{ledgerapp.WithStreamLock(false), ledgerapp.WithMaxAttempts(100)},
			func(*rand.Rand) uuid.UUID { return users[1] }, "info"},
	} {
		base, err := pgbenchTPS(ctx, c, pgbench, dbURL, run.uid)
		if err != nil {
			return err
		}
		s := charges(ctx, c, ledgerapp.New(pool, store, run.opts...), run.pick)
		errNote := ""
		if s.errs > 0 {
			errNote = fmt.Sprintf("  (%d failed)", s.errs)
		}
		fmt.Printf("  %-34s %12.0f %12.0f %8.2fx %9s %8s  target %s%s\n", run.name, s.rate(), base, s.rate()/base,
			s.p50.Round(10*time.Microsecond), s.p99.Round(10*time.Microsecond), run.target, errNote)
		row := []string{"charges/s, " + run.name, fmt.Sprintf("%.0f/s", s.rate()), fmt.Sprintf("pgbench %.0f tps", base), fmt.Sprintf("%.2f×", s.rate()/base)}
		if run.target == "info" {
			summary.info(row[0], row[1], row[2], row[3])
		} else {
			summary.add(row[0], row[1], row[2], row[3], "≥ 0.8×", s.rate()/base >= 0.8)
		}
	}
	fmt.Println()
	return nil
}
