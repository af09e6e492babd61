package projections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/eventstore"
)

// RebuildStats says what a rebuild did.
type RebuildStats struct {
	Projection string
	// Events is how many events of the log were replayed into the projection.
	Events  int64
	Batches int
	// Duration is the whole rebuild's; projections rebuilt together share it.
	Duration time.Duration
}

// EventsPerSecond is the replay rate.
func (s RebuildStats) EventsPerSecond() float64 {
	if s.Duration <= 0 {
		return 0
	}
	return float64(s.Events) / s.Duration.Seconds()
}

// Rebuild rebuilds one projection: RebuildAll with p alone.
func Rebuild(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger, p Projection, batchSize int) (RebuildStats, error) {
	stats, err := RebuildAll(ctx, pool, logger, []Projection{p}, batchSize)
	if err != nil {
		return RebuildStats{Projection: p.Name()}, err
	}
	return stats[0], nil
}

// RebuildAll truncates the tables of ps, resets their checkpoints, and replays the log from the
// start into all of them from one read of the log, in batches of batchSize events (default
// 5000). Each batch is one transaction that locks every checkpoint row of ps, applies the batch
// to each projection (with ApplyRebuild when it is a Rebuilder) and moves each checkpoint. It
// stops once it has caught up; a running Runner then carries on from the same checkpoints (both
// lock the checkpoint rows, so they never apply an event twice).
//
// The next batch is read on another connection while the current one is applied. A batch read
// ahead stays valid: it holds only events of transactions that had ended when it was read, so
// nothing can later appear among them. A projection only receives the events after its own
// checkpoint, so a live consumer that moved a checkpoint in between is respected; should a
// checkpoint ever be behind the batch read ahead (another rebuild reset it), the batch is
// dropped and the log read again from there.
//
// While it runs, readers of the tables of ps see partial data.
func RebuildAll(ctx context.Context, pool *pgxpool.Pool, logger *slog.Logger, ps []Projection, batchSize int) ([]RebuildStats, error) {
	if logger == nil {
		logger = slog.Default()
	}
	if batchSize <= 0 {
		batchSize = 5000
	}
	if len(ps) == 0 {
		return nil, errors.New("projections: rebuild: no projection")
	}
	// Checkpoint rows are always locked in name order, so two rebuilds cannot deadlock.
	ps = slices.Clone(ps)
	slices.SortFunc(ps, func(a, b Projection) int { return strings.Compare(a.Name(), b.Name()) })
	names := make([]string, len(ps))
	for i, p := range ps {
		if i > 0 && p.Name() == ps[i-1].Name() {
			return nil, fmt.Errorf("projections: rebuild: %s named twice", p.Name())
		}
		names[i] = p.Name()
	}
	what := strings.Join(names, ",")

	store := eventstore.New(pool)
	stats := make([]RebuildStats, len(ps))
	for i, p := range ps {
		stats[i].Projection = p.Name()
	}
	start := time.Now()
	// The rebuild covers at least every event committed before it started: it stops once the
	// log is exhausted below the horizon *and* the horizon has passed every transaction that had
	// started by now (a transaction still running holds the events of later ones back, as it
	// holds back the live consumers).
	var xid string
	if err := pool.QueryRow(ctx, `SELECT pg_snapshot_xmax(pg_current_snapshot())::text`).Scan(&xid); err != nil {
		return stats, fmt.Errorf("projections: rebuild %s: %w", what, err)
	}
	target, err := strconv.ParseUint(xid, 10, 64)
	if err != nil {
		return stats, fmt.Errorf("projections: rebuild %s: transaction id %q: %w", what, xid, err)
	}
	// Take the reader's connection first: once the checkpoints are reset, the first batch should
	// not wait for a connection while live consumers start over.
	ahead, err := newReadAhead(ctx, pool, batchSize)
	if err != nil {
		return stats, err
	}
	defer ahead.close()
	lockAll := func(tx pgx.Tx) ([]eventstore.Checkpoint, error) {
		cps := make([]eventstore.Checkpoint, len(ps))
		for i, p := range ps {
			cp, err := store.LockCheckpoint(ctx, tx, p.Name())
			if err != nil {
				return nil, err
			}
			cps[i] = cp
		}
		return cps, nil
	}
	err = eventstore.InTx(ctx, pool, func(tx pgx.Tx) error {
		if _, err := lockAll(tx); err != nil {
			return err
		}
		for _, p := range ps {
			for _, t := range p.Tables() {
				if _, err := tx.Exec(ctx, "TRUNCATE "+pgx.Identifier{t}.Sanitize()); err != nil {
					return fmt.Errorf("projections: truncate %s: %w", t, err)
				}
			}
			if err := store.SetCheckpoint(ctx, tx, p.Name(), eventstore.Checkpoint{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return stats, fmt.Errorf("projections: rebuild %s: reset: %w", what, err)
	}

	var total int64
	var waitFrom time.Time
	pause := 5 * time.Millisecond
	for {
		var n int
		err := eventstore.InTx(ctx, pool, func(tx pgx.Tx) error {
			cps, err := lockAll(tx)
			if err != nil {
				return err
			}
			from := slices.MinFunc(cps, func(a, b eventstore.Checkpoint) int {
				if after(a, b) {
					return 1
				}
				if after(b, a) {
					return -1
				}
				return 0
			})
			events, err := ahead.next(tx, from)
			if err != nil {
				return err
			}
			n = len(events)
			if n == 0 {
				return nil
			}
			last := eventstore.CheckpointOf(events[n-1])
			for i, p := range ps {
				// events are in consumer order: skip what p's checkpoint already covers.
				k, _ := slices.BinarySearchFunc(events, cps[i], func(e eventstore.RecordedEvent, cp eventstore.Checkpoint) int {
					if after(eventstore.CheckpointOf(e), cp) {
						return 1
					}
					return -1
				})
				todo := events[k:]
				if len(todo) == 0 {
					continue
				}
				apply := p.Apply
				if r, ok := p.(Rebuilder); ok {
					apply = r.ApplyRebuild
				}
				if err := apply(ctx, tx, todo); err != nil {
					return fmt.Errorf("%s: %w", p.Name(), err)
				}
				if err := store.SetCheckpoint(ctx, tx, p.Name(), last); err != nil {
					return err
				}
				stats[i].Events += int64(len(todo))
				stats[i].Batches++
			}
			return nil
		})
		if err != nil {
			return stats, fmt.Errorf("projections: rebuild %s after %d events: %w", what, total, err)
		}
		if n == 0 {
			caught, err := horizonPassed(ctx, pool, target)
			if err != nil {
				return stats, err
			}
			if caught {
				break
			}
			if waitFrom.IsZero() {
				waitFrom = time.Now()
			} else if time.Since(waitFrom) > waitStartedTransactions {
				logger.Warn("projections rebuild: a transaction older than the rebuild is still running; stopping, the live consumers will apply what it holds back",
					"projections", what, "waited", time.Since(waitFrom).Round(time.Millisecond))
				break
			}
			t := time.NewTimer(pause)
			select {
			case <-ctx.Done():
				t.Stop()
				return stats, ctx.Err()
			case <-t.C:
			}
			pause = min(2*pause, 100*time.Millisecond)
			continue
		}
		total += int64(n)
	}
	d := time.Since(start)
	for i := range stats {
		stats[i].Duration = d
	}
	logger.Info("projections rebuilt", "projections", what, "events", total, "duration", d,
		"events_per_s", int64(float64(total)/max(d.Seconds(), 1e-9)))
	return stats, nil
}

// waitStartedTransactions bounds how long a rebuild that has exhausted the readable log waits
// for transactions that were running when it started: a forgotten session must not hang it.
const waitStartedTransactions = time.Minute

// horizonPassed reports whether every transaction with an id below target has ended, i.e.
// whether the consumers' horizon has reached target.
func horizonPassed(ctx context.Context, db eventstore.DBTX, target uint64) (bool, error) {
	var xid string
	if err := db.QueryRow(ctx, `SELECT pg_snapshot_xmin(pg_current_snapshot())::text`).Scan(&xid); err != nil {
		return false, fmt.Errorf("projections: rebuild: horizon: %w", err)
	}
	h, err := strconv.ParseUint(xid, 10, 64)
	if err != nil {
		return false, fmt.Errorf("projections: rebuild: horizon %q: %w", xid, err)
	}
	return h >= target, nil
}

// readAhead reads the log in consumer order on a connection of its own, one batch ahead of the
// batch being applied. The connection is taken before any checkpoint is locked and kept until
// the end, so the reader never waits for a connection held by a consumer that waits for our
// locks. With a pool of one connection it reads in the applying transaction instead.
type readAhead struct {
	ctx   context.Context
	conn  *pgxpool.Conn // nil: read synchronously
	limit int

	quit    chan struct{}
	done    chan struct{}
	batches chan aheadBatch
}

type aheadBatch struct {
	from   eventstore.Checkpoint // the batch holds the committed events right after from
	events []eventstore.RecordedEvent
	err    error
}

func newReadAhead(ctx context.Context, pool *pgxpool.Pool, limit int) (*readAhead, error) {
	r := &readAhead{ctx: ctx, limit: limit}
	if pool.Config().MaxConns < 2 {
		return r, nil
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("projections: rebuild: acquire a connection to read ahead: %w", err)
	}
	r.conn = conn
	return r, nil
}

// start reads batches from cp on until the log is exhausted (an empty batch), an error, or stop.
func (r *readAhead) start(cp eventstore.Checkpoint) {
	out, quit, done := make(chan aheadBatch, 1), make(chan struct{}), make(chan struct{})
	r.batches, r.quit, r.done = out, quit, done
	go func() {
		defer close(done)
		defer close(out)
		for {
			// Not cancelled by stop: pgx closes a connection whose query is cancelled, and this
			// one is reused. A read takes milliseconds.
			events, err := logReader.ReadCommitted(r.ctx, r.conn, cp, r.limit)
			select {
			case out <- aheadBatch{from: cp, events: events, err: err}:
			case <-quit:
				return
			}
			if err != nil || len(events) == 0 {
				return
			}
			cp = eventstore.CheckpointOf(events[len(events)-1])
		}
	}()
}

// stop ends the reader (if any) and waits for it.
func (r *readAhead) stop() {
	if r.batches == nil {
		return
	}
	close(r.quit)
	<-r.done
	r.batches = nil
}

// close stops the reader and gives its connection back.
func (r *readAhead) close() {
	r.stop()
	if r.conn != nil {
		r.conn.Release()
	}
}

// next returns a batch that starts at or before from: it holds every committed event right after
// from, and possibly events at or before from, which the caller skips. A batch read ahead that
// starts after from (a checkpoint went back) is dropped and reading starts again at from. tx is
// the applying transaction, used when there is no connection to read ahead on.
func (r *readAhead) next(tx pgx.Tx, from eventstore.Checkpoint) ([]eventstore.RecordedEvent, error) {
	if r.conn == nil {
		return logReader.ReadCommitted(r.ctx, tx, from, r.limit)
	}
	for {
		if err := r.ctx.Err(); err != nil {
			return nil, err
		}
		if r.batches == nil {
			r.start(from)
		}
		b, ok := <-r.batches
		switch {
		case !ok: // the reader had already delivered the end of the log: look again from from
			r.stop()
		case b.err != nil:
			r.stop()
			return nil, b.err
		case after(b.from, from):
			r.stop()
		default:
			return b.events, nil
		}
	}
}
