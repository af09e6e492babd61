package eventstore_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
)

// TestReadCommittedOrdersTransactionsNumerically guards against sorting transaction ids as text:
// as text "10" sorts before "9", so a consumer would take transaction 10's events, move its
// checkpoint past them, and then never read transaction 9's.
func TestReadCommittedOrdersTransactionsNumerically(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := context.Background()
	// Old transaction ids, as a long-lived cluster has them when its counter gains a digit.
	for i, xid := range []string{"10", "9", "100"} {
		_, err := db.Pool.Exec(ctx, `INSERT INTO events (transaction_id, event_id, stream_id, stream_version, event_type, payload)
			VALUES ($1::xid8, $2, 'order-test', $3, 'Test.v1', '{}')`, xid, uuid.New(), i+1)
		require.NoError(t, err)
	}
	store := eventstore.New(db.Pool)
	var got []uint64
	cp := eventstore.Checkpoint{}
	for {
		batch, err := store.ReadCommitted(ctx, db.Pool, cp, 1)
		require.NoError(t, err)
		if len(batch) == 0 {
			break
		}
		got = append(got, batch[0].TransactionID)
		cp = eventstore.CheckpointOf(batch[0])
	}
	require.Equal(t, []uint64{9, 10, 100}, got, "every event read once, in numeric transaction order")
}
