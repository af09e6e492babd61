package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
)

type pendingAppend struct {
	position  int64
	committed time.Time
}

// lagRun appends at a steady rate while the projection runner (default settings) runs, and
// measures for each append the time from its commit to the moment every projection's checkpoint
// covers it. A monitor polls the checkpoints every millisecond, so figures carry ~1 ms of
// measurement granularity on top.
func lagRun(ctx context.Context, c config, pool *pgxpool.Pool) error {
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	runner, err := projections.NewRunner(pool, logger)
	if err != nil {
		return err
	}
	rctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	defer func() { stop(); <-done }()

	store := eventstore.New(pool)
	svc := ledgerapp.New(pool, store)
	users := make([]uuid.UUID, 1000)
	for i := range users {
		users[i] = uuid.New()
	}
	// Let the runner catch up with whatever the throughput runs left in the log.
	var last int64
	if err := pool.QueryRow(ctx, `SELECT coalesce(max(position), 0) FROM events`).Scan(&last); err != nil {
		return err
	}
	if last > 0 {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
		err := runner.WaitFor(wctx, last)
		cancel()
		if err != nil {
			return fmt.Errorf("catch up before the lag run: %w", err)
		}
	}

	queue := make(chan pendingAppend, 100_000)
	var lags []time.Duration
	monitorDone := make(chan struct{})
	warmup := time.Now().Add(time.Second)
	go func() {
		defer close(monitorDone)
		var head *pendingAppend
		for {
			if head == nil {
				p, ok := <-queue
				if !ok {
					return
				}
				head = &p
			}
			ok, err := store.Reached(ctx, pool, runner.Names(), head.position)
			if err != nil || !ok {
				time.Sleep(time.Millisecond)
				continue
			}
			if head.committed.After(warmup) {
				lags = append(lags, time.Since(head.committed))
			}
			head = nil
		}
	}()

	interval := time.Second / time.Duration(c.lagRate)
	tick := time.NewTicker(interval)
	r := rand.New(rand.NewPCG(7, 7))
	end := time.Now().Add(c.lag)
	appended := 0
	start := time.Now()
	for time.Now().Before(end) {
		<-tick.C
		res, err := svc.Grant(ctx, ledgerapp.GrantCommand{UserID: users[r.IntN(len(users))], Amount: 1, Reason: ledger.ReasonAdminGrant, Ref: "lag", CommandMeta: eventstore.CommandMeta{Actor: "bench"}})
		if err != nil {
			return err
		}
		queue <- pendingAppend{position: res.Position, committed: time.Now()}
		appended++
	}
	tick.Stop()
	rate := float64(appended) / time.Since(start).Seconds()
	close(queue)
	<-monitorDone
	p50, p99 := percentiles(lags)
	fmt.Printf("Projection lag (balances + token_history, default 10 ms poll)\n")
	fmt.Printf("  %.0f events/s for %s, %d samples: p50 %s (target ≤ 20ms), p99 %s (target ≤ 100ms), max %s\n\n",
		rate, c.lag, len(lags), p50.Round(100*time.Microsecond), p99.Round(100*time.Microsecond), maxOf(lags).Round(100*time.Microsecond))
	return nil
}

func maxOf(d []time.Duration) time.Duration {
	var m time.Duration
	for _, x := range d {
		m = max(m, x)
	}
	return m
}
