package eventstore_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/eventstore"
)

// A small aggregate for the runner's tests: a tally that only grows. Each Added event carries
// the running total, like the wallet's balanceAfter, so the tally can be built from its head.

type added struct {
	N     int64 `json:"n"`
	Total int64 `json:"total"`
}

func (added) EventType() string { return "Added.v1" }

var errNotPositive = errors.New("tally: only positive numbers")

type tally struct {
	version  int64
	total    int64
	ns       []int64 // every number added; nil when built from the head
	fromHead bool
	changes  []added
}

func (t *tally) Version() int64   { return t.version }
func (t *tally) Changes() []added { return t.changes }

func (t *tally) add(n int64) error {
	if n <= 0 {
		return errNotPositive
	}
	e := added{N: n, Total: t.total + n}
	t.total = e.Total
	t.ns = append(t.ns, n)
	t.changes = append(t.changes, e)
	return nil
}

var tallyType = eventstore.AggregateType[*tally, added]{
	Name: "tally",
	Decode: func(e eventstore.RecordedEvent) (added, error) {
		var a added
		if e.Type != "Added.v1" {
			return a, fmt.Errorf("unknown event type %q", e.Type)
		}
		return a, e.Decode(&a)
	},
	FromHistory: func(_ string, events []added) (*tally, error) {
		t := &tally{ns: []int64{}}
		for _, e := range events {
			t.total = e.Total
			t.ns = append(t.ns, e.N)
			t.version++
		}
		return t, nil
	},
	FromHead: func(_ string, version int64, last added) (*tally, error) {
		return &tally{version: version, total: last.Total, fromHead: true}, nil
	},
}

// probe records what the runner showed a command, and can act before each decision.
type probe struct {
	calls    atomic.Int64
	fromHead atomic.Bool
	totals   []int64
	// before runs before the decision of attempt n (1-based), e.g. to append concurrently.
	before func(n int64)
}

func (p *probe) saw(t *tally) {
	n := p.calls.Add(1)
	p.fromHead.Store(t.fromHead)
	p.totals = append(p.totals, t.total)
	if p.before != nil {
		p.before(n)
	}
}

// addCmd adds N to the tally of stream Tally; it decides on the stream head.
type addCmd struct {
	eventstore.CommandMeta
	Tally string `json:"tally"`
	N     int64  `json:"n"`
	probe *probe
}

func (c addCmd) CommandName() string { return "tally.add" }
func (c addCmd) StreamID() string    { return "tally-" + c.Tally }
func (c addCmd) DecidesOnHead() bool { return true }
func (c addCmd) Decide(t *tally) error {
	if c.probe != nil {
		c.probe.saw(t)
	}
	return t.add(c.N)
}

// repeatFirstCmd adds again the first number ever added: it needs the history.
type repeatFirstCmd struct {
	eventstore.CommandMeta
	Tally string `json:"tally"`
	probe *probe
}

func (c repeatFirstCmd) CommandName() string { return "tally.repeat-first" }
func (c repeatFirstCmd) StreamID() string    { return "tally-" + c.Tally }
func (c repeatFirstCmd) Decide(t *tally) error {
	if c.probe != nil {
		c.probe.saw(t)
	}
	if len(t.ns) == 0 {
		return nil // nothing to repeat: no events
	}
	return t.add(t.ns[0])
}

// interfere appends to stream from another transaction, as a concurrent writer would.
func (b bundle) interfere(t *testing.T, stream string) {
	t.Helper()
	_, err := b.append(t, eventstore.AppendRequest{StreamID: stream, ExpectedVersion: eventstore.ExpectAny,
		Events: []eventstore.EventData{ev(t, "Added.v1", added{N: 100, Total: -1})}})
	require.NoError(t, err)
}

func TestRunnerAppendsWhatTheCommandDecided(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	r := eventstore.NewRunner(b.store, tallyType)
	p := &probe{}

	meta := eventstore.CommandMeta{Actor: "u1", CausationID: "req-1", CorrelationID: "corr-1"}
	res, err := r.Run(ctx, addCmd{CommandMeta: meta, Tally: "a", N: 2, probe: p})
	require.NoError(t, err)
	require.Equal(t, int64(1), res.LastVersion)
	require.False(t, res.Duplicate)
	res, err = r.Run(ctx, addCmd{CommandMeta: meta, Tally: "a", N: 3, probe: p})
	require.NoError(t, err)
	require.Equal(t, int64(2), res.LastVersion)
	require.True(t, p.fromHead.Load(), "a head command gets the aggregate built from the head")
	require.Equal(t, []int64{0, 2}, p.totals)

	events, err := b.store.Load(ctx, b.db.Pool, "tally-a", 1)
	require.NoError(t, err)
	require.Len(t, events, 2)
	require.JSONEq(t, `{"n":3,"total":5}`, string(events[1].Payload))
	require.Equal(t, eventstore.Metadata{Actor: "u1", CausationID: "req-1", CorrelationID: "corr-1"}, events[1].Metadata)
	require.Equal(t, res.Events[0].EventID, events[1].EventID)

	hp := &probe{}
	res, err = r.Run(ctx, repeatFirstCmd{Tally: "a", probe: hp})
	require.NoError(t, err)
	require.Equal(t, int64(3), res.LastVersion)
	require.False(t, hp.fromHead.Load(), "a command without DecidesOnHead gets the full history")
	require.Equal(t, []int64{5}, hp.totals)
	require.JSONEq(t, `{"n":2,"total":7}`, string(res.Events[0].Payload))

	loaded, err := r.Load(ctx, b.db.Pool, "tally-a")
	require.NoError(t, err)
	require.Equal(t, int64(3), loaded.Version())
	require.Equal(t, []int64{2, 3, 2}, loaded.ns)
	require.Empty(t, loaded.Changes())
}

func TestRunnerRefusalAndNoOp(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	r := eventstore.NewRunner(b.store, tallyType)
	for name, run := range map[string]func(eventstore.Command[*tally]) (eventstore.AppendResult, error){
		"own transaction": func(c eventstore.Command[*tally]) (eventstore.AppendResult, error) { return r.Run(ctx, c) },
		"caller's transaction": func(c eventstore.Command[*tally]) (res eventstore.AppendResult, err error) {
			txErr := eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
				res, err = r.RunTx(ctx, tx, c)
				return nil
			})
			require.NoError(t, txErr)
			return res, err
		},
	} {
		p := &probe{}
		_, err := run(addCmd{Tally: "refused", N: -1, probe: p})
		require.ErrorIs(t, err, errNotPositive, name)
		require.Equal(t, int64(1), p.calls.Load(), "%s: a refusal is not retried", name)

		res, err := run(repeatFirstCmd{Tally: "empty", probe: &probe{}})
		require.NoError(t, err, name)
		require.Empty(t, res.Events, name)
		require.Zero(t, res.LastVersion, name)
	}
	for _, stream := range []string{"tally-refused", "tally-empty"} {
		h, err := b.store.Head(ctx, b.db.Pool, stream)
		require.NoError(t, err)
		require.Zero(t, h.Version, "nothing appended to %s", stream)
	}
}

func TestRunnerRetriesVersionConflicts(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	for _, lock := range []bool{true, false} {
		r := eventstore.NewRunner(b.store, tallyType, eventstore.WithStreamLock(lock))
		stream := fmt.Sprintf("conflict-%v", lock)
		// Another writer appends while the first two attempts decide: both lose, the third wins.
		p := &probe{}
		p.before = func(n int64) {
			if n <= 2 {
				b.interfere(t, "tally-"+stream)
			}
		}
		res, err := r.Run(ctx, addCmd{Tally: stream, N: 1, probe: p})
		require.NoError(t, err)
		require.Equal(t, int64(3), p.calls.Load())
		require.Equal(t, int64(3), res.LastVersion, "after the two concurrent appends")
		require.Equal(t, []int64{0, -1, -1}, p.totals, "each attempt decides on a freshly read head")
	}
}

func TestRunnerGivesUpAfterMaxAttempts(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	r := eventstore.NewRunner(b.store, tallyType, eventstore.WithMaxAttempts(3), eventstore.WithBackoff(time.Microsecond, time.Millisecond))
	p := &probe{}
	p.before = func(int64) { b.interfere(t, "tally-hot") }
	_, err := r.Run(ctx, addCmd{Tally: "hot", N: 1, probe: p})
	require.ErrorIs(t, err, eventstore.ErrRetriesExhausted)
	require.ErrorIs(t, err, eventstore.ErrVersionConflict)
	require.Equal(t, int64(3), p.calls.Load())
}

func TestRunnerIdempotencyKey(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	r := eventstore.NewRunner(b.store, tallyType)
	p := &probe{}
	first, err := r.Run(ctx, addCmd{CommandMeta: eventstore.CommandMeta{IdempotencyKey: "k", CorrelationID: "c1"}, Tally: "a", N: 2, probe: p})
	require.NoError(t, err)
	require.False(t, first.Duplicate)

	// The same request under the same key, from another request (other metadata): the first
	// result, without deciding again.
	for name, run := range map[string]func(eventstore.Command[*tally]) (eventstore.AppendResult, error){
		"own transaction": func(c eventstore.Command[*tally]) (eventstore.AppendResult, error) { return r.Run(ctx, c) },
		"caller's transaction": func(c eventstore.Command[*tally]) (res eventstore.AppendResult, err error) {
			require.NoError(t, eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
				res, err = r.RunTx(ctx, tx, c)
				return err
			}))
			return res, err
		},
	} {
		again, err := run(addCmd{CommandMeta: eventstore.CommandMeta{IdempotencyKey: "k", CorrelationID: "c2", Actor: "other"}, Tally: "a", N: 2, probe: p})
		require.NoError(t, err, name)
		require.True(t, again.Duplicate, name)
		require.Equal(t, first.Events[0].EventID, again.Events[0].EventID, name)
		require.Equal(t, first.LastPosition(), again.LastPosition(), name)
	}
	require.Equal(t, int64(1), p.calls.Load(), "a duplicate does not decide")

	_, err = r.Run(ctx, addCmd{CommandMeta: eventstore.CommandMeta{IdempotencyKey: "k"}, Tally: "a", N: 3})
	require.ErrorIs(t, err, eventstore.ErrIdempotencyKeyReused)
	var reused *eventstore.IdempotencyKeyReusedError
	require.ErrorAs(t, err, &reused)
	require.Equal(t, "k", reused.Key)
	_, err = r.Run(ctx, repeatFirstCmd{CommandMeta: eventstore.CommandMeta{IdempotencyKey: "k"}, Tally: "a"})
	require.ErrorIs(t, err, eventstore.ErrIdempotencyKeyReused, "another command with the same fields is another request")

	h, err := b.store.Head(ctx, b.db.Pool, "tally-a")
	require.NoError(t, err)
	require.Equal(t, int64(1), h.Version)
}

func TestRequestHashIsTheCanonicalEncoding(t *testing.T) {
	t.Parallel()
	hash := func(c interface{ CommandName() string }) string {
		h, err := eventstore.RequestHash(c)
		require.NoError(t, err)
		return h
	}
	base := hash(addCmd{Tally: "a", N: 1})
	require.Len(t, base, 32)
	require.Equal(t, base, hash(addCmd{CommandMeta: eventstore.CommandMeta{Actor: "x", IdempotencyKey: "k", CausationID: "c", CorrelationID: "d"}, Tally: "a", N: 1, probe: &probe{}}),
		"metadata and fields tagged json:\"-\" are not part of the request")
	require.NotEqual(t, base, hash(addCmd{Tally: "a", N: 2}))
	require.NotEqual(t, base, hash(addCmd{Tally: "b", N: 1}))
	require.NotEqual(t, hash(repeatFirstCmd{Tally: "a"}), hash(addCmd{Tally: "a"}), "the command name is part of it")
}

// sideRows counts the rows the caller's transaction wrote besides the command's events.
func sideRows(t *testing.T, b bundle) int {
	t.Helper()
	var n int
	require.NoError(t, b.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM runner_side`).Scan(&n))
	return n
}

func TestRunnerInCallersTransaction(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	_, err := b.db.Pool.Exec(ctx, `CREATE TABLE runner_side (note text)`)
	require.NoError(t, err)
	r := eventstore.NewRunner(b.store, tallyType)
	side := func(tx pgx.Tx, note string) {
		_, err := tx.Exec(ctx, `INSERT INTO runner_side VALUES ($1)`, note)
		require.NoError(t, err)
	}

	// Commits with the caller's other writes, including across a retried conflict: the
	// savepoint rolls back only the losing attempt. The concurrent writer's transaction is
	// older than the caller's, so the conflict is an ordinary one, retried in place.
	older, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer older.Rollback(ctx)
	_, err = older.Exec(ctx, `SELECT pg_current_xact_id()`)
	require.NoError(t, err)
	p := &probe{}
	p.before = func(n int64) {
		if n == 1 {
			_, err := b.store.Append(ctx, older, eventstore.AppendRequest{StreamID: "tally-a", Events: []eventstore.EventData{ev(t, "Added.v1", added{N: 100, Total: 100})}})
			require.NoError(t, err)
			require.NoError(t, older.Commit(ctx))
		}
	}
	require.NoError(t, eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
		side(tx, "before")
		res, err := r.RunTx(ctx, tx, addCmd{Tally: "a", N: 1, probe: p})
		require.NoError(t, err)
		require.Equal(t, int64(2), res.LastVersion)
		side(tx, "after")
		return nil
	}))
	require.Equal(t, int64(2), p.calls.Load())
	require.Equal(t, 2, sideRows(t, b))
	h, err := b.store.Head(ctx, b.db.Pool, "tally-a")
	require.NoError(t, err)
	require.Equal(t, int64(2), h.Version)

	// Rolls back with them.
	boom := errors.New("job insert failed")
	err = eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
		side(tx, "doomed")
		_, err := r.RunTx(ctx, tx, addCmd{Tally: "a", N: 1})
		require.NoError(t, err)
		return boom
	})
	require.ErrorIs(t, err, boom)
	require.Equal(t, 2, sideRows(t, b))
	h, err = b.store.Head(ctx, b.db.Pool, "tally-a")
	require.NoError(t, err)
	require.Equal(t, int64(2), h.Version)
}

// A caller's transaction that took its id before the stream's last writer cannot append after
// it (consumers would see the events out of order): the conflict goes to the caller, who
// retries the whole transaction, instead of being retried in a savepoint that cannot succeed.
func TestRunnerReturnsReorderedConflictsToTheCaller(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	r := eventstore.NewRunner(b.store, tallyType)
	tx, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx)
	_, err = tx.Exec(ctx, `SELECT pg_current_xact_id()`) // the caller's transaction takes its id now
	require.NoError(t, err)
	_, err = r.Run(ctx, addCmd{Tally: "a", N: 1})
	require.NoError(t, err)

	p := &probe{}
	_, err = r.RunTx(ctx, tx, addCmd{Tally: "a", N: 1, probe: p})
	var vc *eventstore.VersionConflictError
	require.ErrorAs(t, err, &vc)
	require.True(t, vc.Reordered)
	require.NotErrorIs(t, err, eventstore.ErrRetriesExhausted)
	require.Equal(t, int64(1), p.calls.Load(), "not retried in place")
	require.NoError(t, tx.Rollback(ctx))

	res, err := r.Run(ctx, addCmd{Tally: "a", N: 1})
	require.NoError(t, err, "a new transaction appends")
	require.Equal(t, int64(2), res.LastVersion)
}

// With the stream lock, a second command on the stream queues on the lock while the first
// transaction is open, then decides once on the committed state. Without it, the second reads
// the old head, waits on the first's uncommitted version, conflicts, and decides again.
func TestRunnerStreamLock(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lock      bool
		waitEvent string
		decisions int64
	}{
		{lock: true, waitEvent: "advisory", decisions: 1},
		{lock: false, waitEvent: "transactionid", decisions: 2},
	} {
		t.Run(fmt.Sprintf("lock %v", tc.lock), func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			ctx := context.Background()
			r := eventstore.NewRunner(b.store, tallyType, eventstore.WithStreamLock(tc.lock))
			tx, err := b.db.Pool.Begin(ctx)
			require.NoError(t, err)
			defer tx.Rollback(ctx)
			_, err = r.RunTx(ctx, tx, addCmd{Tally: "a", N: 1})
			require.NoError(t, err)

			p := &probe{}
			done := make(chan error, 1)
			go func() {
				_, err := r.Run(ctx, addCmd{Tally: "a", N: 2, probe: p})
				done <- err
			}()
			waitForWaitEvent(t, b.db.Pool, tc.waitEvent)
			require.NoError(t, tx.Commit(ctx))
			require.NoError(t, <-done)
			require.Equal(t, tc.decisions, p.calls.Load())
			require.Equal(t, int64(1), p.totals[len(p.totals)-1], "the last decision saw the first command's event")
		})
	}
}

// waitForWaitEvent returns once a session of the test's database waits on a lock of the given
// kind (pg_stat_activity.wait_event: "advisory", "transactionid"…).
func waitForWaitEvent(t *testing.T, db eventstore.DBTX, event string) {
	t.Helper()
	require.Eventually(t, func() bool {
		var n int
		err := db.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = $1`, event).Scan(&n)
		require.NoError(t, err)
		return n > 0
	}, 30*time.Second, 2*time.Millisecond, "no session waits on a %s lock", event)
}

// A command that panics in Decide leaves no transaction open behind it.
func TestRunnerReleasesTheConnectionWhenDecidePanics(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	r := eventstore.NewRunner(b.store, tallyType)
	p := &probe{before: func(int64) { panic("boom") }}
	require.Equal(t, "boom", panicking(func() { _, _ = r.Run(ctx, addCmd{Tally: "a", N: 1, probe: p}) }))
	require.NoError(t, eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
		require.Equal(t, "boom", panicking(func() { _, _ = r.RunTx(ctx, tx, addCmd{Tally: "a", N: 1, probe: p}) }))
		return nil
	}))
	require.Zero(t, idleInTransaction(t, b.db.Pool))
	h, err := b.store.Head(ctx, b.db.Pool, "tally-a")
	require.NoError(t, err)
	require.Zero(t, h.Version)
}

// RetryInTx decides the whole transaction again when the runner hands a reordered conflict to
// its caller; the caller's other writes happen once, with the winning attempt.
func TestRetryInTxRetriesTheWholeTransaction(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	_, err := b.db.Pool.Exec(ctx, `CREATE TABLE runner_side (note text)`)
	require.NoError(t, err)
	r := eventstore.NewRunner(b.store, tallyType)
	var attempts int
	err = eventstore.RetryInTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
		attempts++
		if _, err := tx.Exec(ctx, `INSERT INTO runner_side VALUES ('job')`); err != nil { // takes the transaction's id
			return err
		}
		if attempts == 1 { // a newer transaction writes the stream meanwhile
			_, err := r.Run(ctx, addCmd{Tally: "a", N: 1})
			require.NoError(t, err)
		}
		_, err := r.RunTx(ctx, tx, addCmd{Tally: "a", N: 2})
		return err
	})
	require.NoError(t, err)
	require.Equal(t, 2, attempts)
	require.Equal(t, 1, sideRows(t, b))
	h, err := b.store.Head(ctx, b.db.Pool, "tally-a")
	require.NoError(t, err)
	require.Equal(t, int64(2), h.Version)

	attempts = 0
	err = eventstore.RetryInTx(ctx, b.db.Pool, func(pgx.Tx) error {
		attempts++
		return &eventstore.VersionConflictError{StreamID: "s"}
	}, eventstore.WithMaxAttempts(3))
	require.ErrorIs(t, err, eventstore.ErrRetriesExhausted)
	require.Equal(t, 3, attempts)

	refused := errors.New("refused")
	attempts = 0
	err = eventstore.RetryInTx(ctx, b.db.Pool, func(pgx.Tx) error { attempts++; return refused })
	require.ErrorIs(t, err, refused)
	require.Equal(t, 1, attempts, "other errors are not retried")
}
