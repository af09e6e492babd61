package projections

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/eventstore"
)

// RebuildStats says what a rebuild did.
type RebuildStats struct {
	Projection string
	Events     int64
	Batches    int
	Duration   time.Duration
}

// EventsPerSecond is the replay rate.
func (s RebuildStats) EventsPerSecond() float64 {
	if s.Duration <= 0 {
		return 0
	}
	return float64(s.Events) / s.Duration.Seconds()
}

// Rebuild truncates p's tables, resets its checkpoint, and replays the log from the start in
// batches of batchSize (default 5000), one transaction per batch that applies the batch (with
// ApplyRebuild when p is a Rebuilder) and
// moves the checkpoint. It stops once it has caught up; a running Runner then carries on from
// the same checkpoint (both lock the checkpoint row, so they never apply an event twice).
//
// While it runs, readers of p's tables see partial data.
func Rebuild(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger, p Projection, batchSize int) (RebuildStats, error) {
	if logger == nil {
		logger = slog.Default()
	}
	if batchSize <= 0 {
		batchSize = 5000
	}
	store := eventstore.New(pool)
	stats := RebuildStats{Projection: p.Name()}
	start := time.Now()
	err := eventstore.InTx(ctx, pool, func(tx pgx.Tx) error {
		if _, err := store.LockCheckpoint(ctx, tx, p.Name()); err != nil {
			return err
		}
		for _, t := range p.Tables() {
			if _, err := tx.Exec(ctx, "TRUNCATE "+pgx.Identifier{t}.Sanitize()); err != nil {
				return fmt.Errorf("projections: truncate %s: %w", t, err)
			}
		}
		return store.SetCheckpoint(ctx, tx, p.Name(), eventstore.Checkpoint{})
	})
	if err != nil {
		return stats, fmt.Errorf("projections: rebuild %s: reset: %w", p.Name(), err)
	}
	for {
		var n int
		err := eventstore.InTx(ctx, pool, func(tx pgx.Tx) error {
			cp, err := store.LockCheckpoint(ctx, tx, p.Name())
			if err != nil {
				return err
			}
			events, err := store.ReadCommitted(ctx, tx, cp, batchSize)
			if err != nil {
				return err
			}
			n = len(events)
			if n == 0 {
				return nil
			}
			apply := p.Apply
			if r, ok := p.(Rebuilder); ok {
				apply = r.ApplyRebuild
			}
			if err := apply(ctx, tx, events); err != nil {
				return err
			}
			return store.SetCheckpoint(ctx, tx, p.Name(), eventstore.CheckpointOf(events[n-1]))
		})
		if err != nil {
			return stats, fmt.Errorf("projections: rebuild %s after %d events: %w", p.Name(), stats.Events, err)
		}
		if n == 0 {
			break
		}
		stats.Events += int64(n)
		stats.Batches++
	}
	stats.Duration = time.Since(start)
	logger.Info("projection rebuilt", "projection", p.Name(), "events", stats.Events, "duration", stats.Duration, "events_per_s", int64(stats.EventsPerSecond()))
	return stats, nil
}
