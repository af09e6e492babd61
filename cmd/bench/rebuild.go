package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"runtime/pprof"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/projections"
)

// rebuildRun generates a log of c.rebuildEvents ledger events (100 per wallet, in transactions of
// 10 versions for every wallet) and rebuilds each projection from it.
func rebuildRun(ctx context.Context, c config, pool *pgxpool.Pool) error {
	const perWallet = 100
	wallets := max(1, c.rebuildEvents/perWallet)
	users := make([]uuid.UUID, wallets)
	for i := range users {
		users[i] = uuid.New()
	}
	start := time.Now()
	for from := 1; from <= perWallet; from += 10 {
		_, err := pool.Exec(ctx, `
			INSERT INTO events (event_id, stream_id, stream_version, event_type, payload, metadata)
			SELECT gen_random_uuid(), 'wallet-' || u, v, 'TokensGranted.v1',
			       jsonb_build_object('amount', 1, 'reason', 'admin_grant', 'ref', 'bench', 'balanceAfter', v),
			       '{"actor":"bench"}'
			FROM unnest($1::uuid[]) u, generate_series($2::bigint, $3::bigint) v`, users, from, from+9)
		if err != nil {
			return fmt.Errorf("generate log: %w", err)
		}
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE events`); err != nil {
		return err
	}
	var total int64
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&total); err != nil {
		return err
	}
	fmt.Printf("Rebuild (log of %d events, %d generated in %s)\n", total, wallets*perWallet, time.Since(start).Round(time.Second))
	if c.cpuProfile != "" {
		f, err := os.Create(c.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	line := func(name string, events int64, d time.Duration) {
		fmt.Printf("  %-32s %8d events in %8s: %7.0f events/s\n", name, events, d.Round(10*time.Millisecond), float64(events)/d.Seconds())
	}
	// What `gamelle projections rebuild` does: every projection from one read of the log.
	all, err := projections.RebuildAll(ctx, pool, logger, projections.Default(), 5000)
	if err != nil {
		return err
	}
	line("all (1 pass)", all[0].Events, all[0].Duration)
	rate := float64(all[0].Events) / all[0].Duration.Seconds()
	floorD, floorRows, err := rebuildFloor(ctx, pool)
	if err != nil {
		return err
	}
	floor := float64(floorRows) / floorD.Seconds()
	line("floor: PG writes the rows alone", floorRows, floorD)
	summary.add("rebuild, all projections in one pass", fmt.Sprintf("%.0f events/s", rate),
		fmt.Sprintf("PostgreSQL writing the same rows alone %.0f rows/s", floor), fmt.Sprintf("%.2f×", rate/floor), "≥ 100,000 events/s", rate >= 100000)
	// Each projection alone (`gamelle projections rebuild NAME`).
	for _, p := range projections.Default() {
		s, err := projections.Rebuild(ctx, pool, logger, p, 5000)
		if err != nil {
			return err
		}
		line(s.Projection, s.Events, s.Duration)
	}
	fmt.Println()
	return nil
}
