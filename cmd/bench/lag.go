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

// lagRun measures projection lag at a steady c.lagRate grants/s with every projection registered,
// for the chosen design (one runner per process woken by NOTIFY, 1 s fallback poll) and, in the
// same run, the two others it was chosen against: the old design's shape (one consumer per
// projection polling every 10 ms) and one runner polling every 10 ms without notifications.
func lagRun(ctx context.Context, c config, pool *pgxpool.Pool) error {
	fmt.Printf("Projection lag at %d events/s, %d projections (%s each; target p99 ≤ 15 ms)\n",
		c.lagRate, len(projections.Default()), c.lag)
	fmt.Printf("  %-50s %8s %8s %8s %8s %9s %8s\n", "design", "events/s", "samples", "p50", "p99", "max", "xacts/s")
	var old, chosen lagStats
	for _, d := range designs(len(projections.Default())) {
		if !d.lag {
			continue
		}
		s, err := measureLag(ctx, c, pool, d)
		if err != nil {
			return fmt.Errorf("lag, %s: %w", d.name, err)
		}
		fmt.Printf("  %-50s %8.0f %8d %8s %8s %9s %8.0f\n", d.name, s.rate, s.samples,
			s.p50.Round(100*time.Microsecond), s.p99.Round(100*time.Microsecond), s.max.Round(100*time.Microsecond), s.xacts)
		if d.perProjection {
			old = s
		} else if d.listen {
			chosen = s
		}
	}
	summary.add(fmt.Sprintf("projection lag p99 at %d events/s (chosen design)", c.lagRate), ms(chosen.p99), "1 poller/projection "+ms(old.p99),
		fmt.Sprintf("%.2f×", float64(chosen.p99)/float64(old.p99)), "p99 ≤ 15 ms", chosen.p99 <= 15*time.Millisecond)
	fmt.Println("  (xacts/s: every transaction of the bench database during the run: appends, projections, the lag monitor)")
	fmt.Println()
	return nil
}

type lagStats struct {
	rate, xacts   float64
	samples       int
	p50, p99, max time.Duration
}

// measureLag runs design d while grants are appended at c.lagRate/s, and measures for each append
// the time from its commit returning to the moment every projection's checkpoint covers it. A
// monitor polls the checkpoints every millisecond, so figures carry ~1 ms of granularity.
func measureLag(ctx context.Context, c config, pool *pgxpool.Pool, d design) (lagStats, error) {
	x0, err := flushedXacts(ctx, pool)
	if err != nil {
		return lagStats{}, err
	}
	t0 := time.Now()
	names, stop, err := d.start(ctx, pool)
	if err != nil {
		return lagStats{}, err
	}
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()
	var storeOpts []eventstore.StoreOption
	if d.noNotify {
		storeOpts = append(storeOpts, eventstore.WithoutNotify())
	}
	store := eventstore.New(pool, storeOpts...)
	svc := ledgerapp.New(pool, store)
	users := make([]uuid.UUID, 1000)
	for i := range users {
		users[i] = uuid.New()
	}
	// Let the design catch up with whatever earlier runs left in the log.
	var last int64
	if err := pool.QueryRow(ctx, `SELECT coalesce(max(position), 0) FROM events`).Scan(&last); err != nil {
		return lagStats{}, err
	}
	if last > 0 {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
		err := projections.WaitFor(wctx, pool, last, names...)
		cancel()
		if err != nil {
			return lagStats{}, fmt.Errorf("catch up before the lag run: %w", err)
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
			ok, err := store.Reached(ctx, pool, names, head.position)
			if err != nil || !ok {
				time.Sleep(time.Millisecond)
				continue
			}
			if head.committed.After(warmup) {
				seen := time.Now()
				lags = append(lags, seen.Sub(head.committed))
				if d.observe != nil {
					d.observe(head.position, head.committed, seen)
				}
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
			return lagStats{}, err
		}
		queue <- pendingAppend{position: res.Position, committed: time.Now()}
		appended++
	}
	tick.Stop()
	s := lagStats{rate: float64(appended) / time.Since(start).Seconds(), samples: len(lags)}
	close(queue)
	<-monitorDone
	s.p50, s.p99 = percentiles(lags)
	s.max = maxOf(lags)
	stop()
	stopped = true
	wall := time.Since(t0)
	x1, err := flushedXacts(ctx, pool)
	if err != nil {
		return lagStats{}, err
	}
	s.xacts = float64(x1-x0) / wall.Seconds()
	return s, nil
}

func maxOf(d []time.Duration) time.Duration {
	var m time.Duration
	for _, x := range d {
		m = max(m, x)
	}
	return m
}

// quietLogger keeps the designs' Info lines out of the report.
func quietLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
