package eventstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/eventstore"
)

// consumer reads the log as every consumer does (Store.ReadCommitted: (transaction id, position)
// order, only below the oldest transaction still running), one event at a time, and keeps its
// checkpoint in event_offsets like the projections runner.
type consumer struct {
	t     *testing.T
	b     bundle
	group string
	cp    eventstore.Checkpoint
}

// receive returns the next event within d and moves the checkpoint past it.
func (c *consumer) receive(d time.Duration) (eventstore.RecordedEvent, bool) {
	c.t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(d)
	for {
		events, err := c.b.store.ReadCommitted(ctx, c.b.db.Pool, c.cp, 1)
		require.NoError(c.t, err)
		if len(events) == 1 {
			e := events[0]
			require.NoError(c.t, pgx.BeginFunc(ctx, c.b.db.Pool, func(tx pgx.Tx) error {
				return c.b.store.SetCheckpoint(ctx, tx, c.group, eventstore.CheckpointOf(e))
			}))
			c.cp = eventstore.CheckpointOf(e)
			return e, true
		}
		if time.Now().After(deadline) {
			return eventstore.RecordedEvent{}, false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The sequence-gap problem: a transaction that took a position and commits after a later
// position was committed. A reader keeping "last position seen" would skip it for ever; a
// consumer reading with the log's rule holds back instead, then delivers both, each once.
func TestConsumersNeverSkipALateCommit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	// Slow transaction A takes the lower position and stays open.
	slowA, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer slowA.Rollback(ctx)
	a, err := b.store.Append(ctx, slowA, eventstore.AppendRequest{StreamID: "a", Events: []eventstore.EventData{ev(t, "A.v1", "a")}})
	require.NoError(t, err)

	// B commits a higher position meanwhile.
	bRes, err := b.append(t, eventstore.AppendRequest{StreamID: "b", Events: []eventstore.EventData{ev(t, "B.v1", "b")}})
	require.NoError(t, err)
	require.Greater(t, bRes.LastPosition(), a.LastPosition())

	// A naive reader already sees B and would move its checkpoint past A's position.
	visible, err := b.store.ReadAll(ctx, b.db.Pool, 0, 10)
	require.NoError(t, err)
	require.Len(t, visible, 1)
	require.Equal(t, bRes.LastPosition(), visible[0].Position)

	sub := &consumer{t: t, b: b, group: "ordering_test"}

	_, got := sub.receive(300 * time.Millisecond)
	require.False(t, got, "nothing is delivered while an older transaction is running")

	// The reverse interleaving: C takes its transaction id first, D appends and commits, then
	// C appends (a higher position, a lower transaction id) and commits late.
	slowC, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer slowC.Rollback(ctx)
	_, err = slowC.Exec(ctx, `SELECT pg_current_xact_id()`)
	require.NoError(t, err)
	dRes, err := b.append(t, eventstore.AppendRequest{StreamID: "d", Events: []eventstore.EventData{ev(t, "D.v1", "d")}})
	require.NoError(t, err)

	require.NoError(t, slowA.Commit(ctx))
	first, ok := sub.receive(5 * time.Second)
	require.True(t, ok)
	require.Equal(t, a.LastPosition(), first.Position, "the late commit comes first: it has the older transaction")
	second, ok := sub.receive(5 * time.Second)
	require.True(t, ok)
	require.Equal(t, bRes.LastPosition(), second.Position)
	_, got = sub.receive(300 * time.Millisecond)
	require.False(t, got, "D waits behind C's still-running transaction")

	c, err := b.store.Append(ctx, slowC, eventstore.AppendRequest{StreamID: "c", Events: []eventstore.EventData{ev(t, "C.v1", "c")}})
	require.NoError(t, err)
	require.Greater(t, c.LastPosition(), dRes.LastPosition())
	time.Sleep(50 * time.Millisecond)
	require.NoError(t, slowC.Commit(ctx))

	third, ok := sub.receive(5 * time.Second)
	require.True(t, ok)
	require.Equal(t, c.LastPosition(), third.Position)
	fourth, ok := sub.receive(5 * time.Second)
	require.True(t, ok)
	require.Equal(t, dRes.LastPosition(), fourth.Position)
	_, got = sub.receive(200 * time.Millisecond)
	require.False(t, got, "each event exactly once")

	// The checkpoint is durable and nothing is pending.
	require.Eventually(t, func() bool {
		cs, err := b.store.Consumers(ctx, b.db.Pool)
		require.NoError(t, err)
		return len(cs) == 1 && cs[0].Pending == 0
	}, 5*time.Second, 10*time.Millisecond)
	ok, err = b.store.Reached(ctx, b.db.Pool, []string{"ordering_test"}, c.LastPosition())
	require.NoError(t, err)
	require.True(t, ok)
}

// A rolled-back append leaves a hole in positions that consumers pass over.
func TestRolledBackAppendLeavesAHarmlessGap(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	tx, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	gone, err := b.store.Append(ctx, tx, eventstore.AppendRequest{StreamID: "x", Events: []eventstore.EventData{ev(t, "X.v1", 1)}})
	require.NoError(t, err)
	require.NoError(t, tx.Rollback(ctx))
	kept, err := b.append(t, eventstore.AppendRequest{StreamID: "x", Events: []eventstore.EventData{ev(t, "X.v1", 2)}})
	require.NoError(t, err)
	require.Greater(t, kept.LastPosition(), gone.LastPosition())
	require.Equal(t, int64(1), kept.LastVersion, "the rolled-back version is reused")

	// Eventually: the horizon is cluster-wide, and parallel tests hold transactions open.
	require.Eventually(t, func() bool {
		events, err := b.store.ReadCommitted(ctx, b.db.Pool, eventstore.Checkpoint{}, 10)
		require.NoError(t, err)
		return len(events) == 1 && events[0].Position == kept.LastPosition()
	}, 10*time.Second, 10*time.Millisecond)
	_, err = b.store.Reached(ctx, b.db.Pool, []string{"nobody"}, gone.LastPosition())
	require.ErrorIs(t, err, eventstore.ErrUnknownPosition)
}

func TestInTxRollsBackOnError(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	err := eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
		_, err := b.store.Append(ctx, tx, eventstore.AppendRequest{StreamID: "x", Events: []eventstore.EventData{ev(t, "X.v1", 1)}})
		require.NoError(t, err)
		return context.Canceled
	})
	require.ErrorIs(t, err, context.Canceled)
	h, err := b.store.Head(ctx, b.db.Pool, "x")
	require.NoError(t, err)
	require.Zero(t, h.Version)
}
