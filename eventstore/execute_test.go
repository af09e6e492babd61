package eventstore_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/eventstore"
)

func TestExecute(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	next := func(key string) eventstore.Decide {
		return func(_ context.Context, _ eventstore.DBTX, ws eventstore.WriteState) (eventstore.AppendRequest, error) {
			return eventstore.AppendRequest{StreamID: "s", ExpectedVersion: ws.Head.Version, Events: []eventstore.EventData{ev(t, "A.v1", ws.Head.Version+1)}, IdempotencyKey: key, RequestHash: "h"}, nil
		}
	}
	opts := eventstore.WriteOptions{Lock: true, IdempotencyKey: "k", RequestHash: "h"}
	first, err := b.store.Execute(ctx, "s", opts, next("k"))
	require.NoError(t, err)
	require.Equal(t, int64(1), first.LastVersion)

	again, err := b.store.Execute(ctx, "s", opts, func(context.Context, eventstore.DBTX, eventstore.WriteState) (eventstore.AppendRequest, error) {
		t.Fatal("decide must not run for a duplicate")
		return eventstore.AppendRequest{}, nil
	})
	require.NoError(t, err)
	require.True(t, again.Duplicate)
	require.Equal(t, first.LastPosition(), again.LastPosition())

	second, err := b.store.Execute(ctx, "s", eventstore.WriteOptions{}, next(""))
	require.NoError(t, err)
	require.Equal(t, int64(2), second.LastVersion)

	// A stale decision conflicts and writes nothing.
	_, err = b.store.Execute(ctx, "s", eventstore.WriteOptions{}, func(_ context.Context, _ eventstore.DBTX, ws eventstore.WriteState) (eventstore.AppendRequest, error) {
		return eventstore.AppendRequest{StreamID: "s", ExpectedVersion: 1, Events: []eventstore.EventData{ev(t, "A.v1", 0)}}, nil
	})
	require.ErrorIs(t, err, eventstore.ErrVersionConflict)

	// A refused decision rolls back, and the connection is reusable.
	refused := errors.New("refused")
	_, err = b.store.Execute(ctx, "s", eventstore.WriteOptions{Lock: true}, func(ctx context.Context, db eventstore.DBTX, _ eventstore.WriteState) (eventstore.AppendRequest, error) {
		_, err := db.Exec(ctx, `INSERT INTO event_idempotency (key, request_hash, stream_id, first_version, last_version) VALUES ('junk', '', 's', 1, 1)`)
		require.NoError(t, err)
		return eventstore.AppendRequest{}, refused
	})
	require.ErrorIs(t, err, refused)
	var n int
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT count(*) FROM event_idempotency WHERE key = 'junk'`).Scan(&n))
	require.Zero(t, n, "rolled back")

	events, err := b.store.Load(ctx, b.db.Pool, "s", 1)
	require.NoError(t, err)
	require.Len(t, events, 2)
}
