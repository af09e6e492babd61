// Package projections builds read models from the event log.
//
// Each read model lives in its own sub-package, implements Projection, and is listed once in
// Default. The Runner reads the log once per process for every projection, in batches; each
// projection writes its tables in the batch's transaction, the same one that moves its own
// checkpoint, so an event is applied exactly once even if it is read twice, and a failing
// projection is set aside (and retried) while the others go on. RebuildAll replays projections
// from event zero in large batches, sharing one read of the log.
package projections

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections/balances"
	"github.com/gamelle/gamelle/projections/checkouts"
	"github.com/gamelle/gamelle/projections/households"
	"github.com/gamelle/gamelle/projections/mealpreps"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

// Projection is one read model.
type Projection interface {
	// Name is the projection's stable name: its consumer group and the argument of
	// "gamelle projections rebuild NAME". Letters, digits and underscores.
	Name() string
	// Tables are truncated (in this order) before a rebuild.
	Tables() []string
	// Handles reports whether the projection cares about an event type; the runner gives Apply
	// only those, other events only move the checkpoint.
	Handles(eventType string) bool
	// Apply writes the effect of events (in consumer order) inside tx. It must be idempotent per
	// event — applying an event it has already seen changes nothing — and must not depend on
	// events of different streams arriving in position order (see docs/eventstore.md). An error
	// rolls the batch back; the runner applies it again without this projection, which it
	// retries later with backoff.
	Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error
}

// Queuer is implemented by projections whose Apply is a fixed list of statements: QueueApply
// queues them on b instead of sending them, and the live runner sends every Queuer's
// statements in one round trip with the checkpoint update (a batch then costs the same number
// of round trips whatever the number of projections). Apply must do what QueueApply queues.
type Queuer interface {
	QueueApply(b *pgx.Batch, events []eventstore.RecordedEvent) error
}

// Rebuilder is implemented by projections that have a faster way to apply a batch during a
// rebuild, when their tables start empty and every event is applied exactly once (e.g. COPY
// instead of INSERT … ON CONFLICT). Rebuild uses it instead of Apply.
type Rebuilder interface {
	ApplyRebuild(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error
}

// Default is every read model the application runs: the live runner, `gamelle projections
// rebuild|status` and the benchmark all take this list. Adding a projection is adding it here.
func Default() []Projection {
	out := []Projection{balances.New(), tokenhistory.New(), checkouts.New(), households.New()}
	for _, p := range mealpreps.All() {
		out = append(out, p)
	}
	return out
}

// ByName picks projections from Default; no names means all of them.
func ByName(names ...string) ([]Projection, error) {
	all := Default()
	if len(names) == 0 {
		return all, nil
	}
	var out []Projection
	for _, n := range names {
		found := false
		for _, p := range all {
			if p.Name() == n {
				out = append(out, p)
				found = true
			}
		}
		if !found {
			return nil, &UnknownProjectionError{Name: n}
		}
	}
	return out, nil
}

// UnknownProjectionError names a projection that does not exist.
type UnknownProjectionError struct{ Name string }

func (e *UnknownProjectionError) Error() string {
	return "projections: unknown projection " + e.Name
}
