package projections

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
)

// The rebuild's read-ahead gives the log's batches in order, and starts again when asked for a batch before the one it read ahead (a checkpoint went back).
func TestReadAheadFollowsTheLog(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := context.Background()
	store := eventstore.New(db.Pool)
	for i := range 7 {
		require.NoError(t, eventstore.InTx(ctx, db.Pool, func(tx pgx.Tx) error {
			ev, err := eventstore.NewEvent("Test.v1", map[string]int{"i": i})
			if err != nil {
				return err
			}
			_, err = store.Append(ctx, tx, eventstore.AppendRequest{StreamID: "s-" + string(rune('a'+i%3)), ExpectedVersion: eventstore.ExpectAny,
				Events: []eventstore.EventData{ev, ev}, Metadata: eventstore.Metadata{Actor: "test", CorrelationID: "c"}})
			return err
		}))
	}
	// The horizon is cluster-wide: other tests' transactions may hold it back for a while.
	var want []eventstore.RecordedEvent
	require.Eventually(t, func() bool {
		var err error
		want, err = store.ReadCommitted(ctx, db.Pool, eventstore.Checkpoint{}, 100)
		require.NoError(t, err)
		return len(want) == 14
	}, 20*time.Second, 5*time.Millisecond)
	ahead, err := newReadAhead(ctx, db.Pool, 4)
	require.NoError(t, err)
	defer ahead.close()
	b1, err := ahead.next(nil, eventstore.Checkpoint{})
	require.NoError(t, err)
	require.Equal(t, want[:4], b1)
	b2, err := ahead.next(nil, eventstore.CheckpointOf(b1[3]))
	require.NoError(t, err)
	require.Equal(t, want[4:8], b2)
	// Back to the start: the batch read ahead (want[8:12]) is dropped.
	again, err := ahead.next(nil, eventstore.Checkpoint{})
	require.NoError(t, err)
	require.Equal(t, want[:4], again)
	// A checkpoint further on than the batch start is fine: the caller skips what it covers.
	b, err := ahead.next(nil, eventstore.CheckpointOf(want[5]))
	require.NoError(t, err)
	require.Equal(t, want[4:8], b)
	b, err = ahead.next(nil, eventstore.CheckpointOf(want[11]))
	require.NoError(t, err)
	require.Equal(t, want[8:12], b)
	b, err = ahead.next(nil, eventstore.CheckpointOf(want[11]))
	require.NoError(t, err)
	require.Equal(t, want[12:], b)
	b, err = ahead.next(nil, eventstore.CheckpointOf(want[13]))
	require.NoError(t, err)
	require.Empty(t, b)
}
