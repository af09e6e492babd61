package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
)

// lagTraceRun splits the chosen design's lag at c.lagRate events/s into where it is spent: from
// the append's commit to the runner handing the event to its first projection (wake-up, the
// batch's BEGIN and read, and any wait behind an older transaction still running), and from
// there to the monitor seeing every checkpoint cover it (the projections' statements, the
// checkpoint update, the commit, the monitor's own poll).
func lagTraceRun(ctx context.Context, c config, pool *pgxpool.Pool) error {
	n := len(projections.Default())
	fmt.Printf("Projection lag, where it goes (chosen design, %d events/s, %s each)\n", c.lagRate, c.lag)
	fmt.Printf("  %-44s %8s %21s %21s %21s\n", "variant", "events/s", "commit→read p50/p99", "read→seen p50/p99", "total p50/p99")
	tr := &lagTrace{read: map[int64]time.Time{}}
	d := chosenDesign(n)
	d.wrap = func(ps []projections.Projection) []projections.Projection {
		out := make([]projections.Projection, len(ps))
		for i, p := range ps {
			out[i] = tracedProjection{Projection: p, tr: tr}
			if q, ok := p.(projections.Queuer); ok {
				// Keep the runner's pipelined path: a wrapper without QueueApply would make
				// it send each projection's statements in round trips of their own.
				out[i] = tracedQueuer{tracedProjection: tracedProjection{Projection: p, tr: tr}, q: q}
			}
		}
		return out
	}
	d.observe = tr.observe
	s, err := measureLag(ctx, c, pool, d)
	if err != nil {
		return fmt.Errorf("lag trace: %w", err)
	}
	r50, r99 := percentiles(tr.toRead)
	a50, a99 := percentiles(tr.afterRead)
	fmt.Printf("  %-44s %8.0f %10s/%-10s %10s/%-10s %10s/%-10s\n", d.name, s.rate,
		ms(r50), ms(r99), ms(a50), ms(a99), ms(s.p50), ms(s.p99))
	summary.info("projection lag p99, commit → runner reads the event", ms(r99), "read → every checkpoint seen "+ms(a99), "—")
	fmt.Println()
	return nil
}

// lagTrace records when the runner first handed each event to a projection.
type lagTrace struct {
	mu                sync.Mutex
	read              map[int64]time.Time
	toRead, afterRead []time.Duration
}

func (t *lagTrace) observe(position int64, committed, seen time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	r, ok := t.read[position]
	if !ok {
		return
	}
	t.toRead = append(t.toRead, r.Sub(committed))
	t.afterRead = append(t.afterRead, seen.Sub(r))
}

// tracedProjection notes the first time each event reaches Apply.
type tracedProjection struct {
	projections.Projection
	tr *lagTrace
}

func (p tracedProjection) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	p.tr.reading(events)
	return p.Projection.Apply(ctx, tx, events)
}

// tracedQueuer is a tracedProjection for a projections.Queuer.
type tracedQueuer struct {
	tracedProjection
	q projections.Queuer
}

func (p tracedQueuer) QueueApply(b *pgx.Batch, events []eventstore.RecordedEvent) error {
	p.tr.reading(events)
	return p.q.QueueApply(b, events)
}

// reading notes now as the time events were handed to a projection, unless noted before.
func (t *lagTrace) reading(events []eventstore.RecordedEvent) {
	now := time.Now()
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range events {
		if _, ok := t.read[e.Position]; !ok {
			t.read[e.Position] = now
		}
	}
}
