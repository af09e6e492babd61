package eventstore_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
)

type bundle struct {
	db    *pgtest.DB
	store *eventstore.Store
}

func setup(t *testing.T) bundle {
	t.Helper()
	db := pgtest.New(t)
	return bundle{db: db, store: eventstore.New(db.Pool)}
}

func ev(t *testing.T, typ string, v any) eventstore.EventData {
	t.Helper()
	e, err := eventstore.NewEvent(typ, v)
	require.NoError(t, err)
	return e
}

func (b bundle) append(t *testing.T, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	t.Helper()
	var res eventstore.AppendResult
	err := eventstore.InTx(context.Background(), b.db.Pool, func(tx pgx.Tx) error {
		var err error
		res, err = b.store.Append(context.Background(), tx, req)
		return err
	})
	return res, err
}

// waitForLockWaiters returns once n sessions of the test's database are waiting for a lock held
// by another transaction (pg_stat_activity), so a test acts on the state it needs instead of
// sleeping and hoping. It fails the test after a generous deadline.
func waitForLockWaiters(t *testing.T, db eventstore.DBTX, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		var waiting int
		err := db.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting)
		require.NoError(t, err, "waiting for %d blocked sessions", n)
		if waiting >= n {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %d blocked sessions: %v", n, ctx.Err())
		case <-time.After(2 * time.Millisecond):
		}
	}
}

func TestAppendLoadAndHead(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()

	h, err := b.store.Head(ctx, b.db.Pool, "thing-1")
	require.NoError(t, err)
	require.Equal(t, int64(0), h.Version)
	require.Nil(t, h.Last)

	res, err := b.append(t, eventstore.AppendRequest{
		StreamID: "thing-1", ExpectedVersion: 0,
		Events:   []eventstore.EventData{ev(t, "Created.v1", map[string]int{"n": 1}), ev(t, "Renamed.v1", map[string]string{"to": "b"})},
		Metadata: eventstore.Metadata{Actor: "system", CorrelationID: "req-1"},
	})
	require.NoError(t, err)
	require.Equal(t, int64(1), res.FirstVersion)
	require.Equal(t, int64(2), res.LastVersion)
	require.Len(t, res.Events, 2)
	require.Less(t, res.Events[0].Position, res.Events[1].Position)
	require.Equal(t, res.Events[0].TransactionID, res.Events[1].TransactionID, "one append, one transaction")

	loaded, err := b.store.Load(ctx, b.db.Pool, "thing-1", 1)
	require.NoError(t, err)
	require.Len(t, loaded, 2)
	require.Equal(t, "Renamed.v1", loaded[1].Type)
	require.JSONEq(t, `{"to":"b"}`, string(loaded[1].Payload))
	require.Equal(t, "system", loaded[1].Metadata.Actor)
	require.Equal(t, "req-1", loaded[1].Metadata.CorrelationID)
	require.Equal(t, res.Events[1].EventID, loaded[1].EventID)

	h, err = b.store.Head(ctx, b.db.Pool, "thing-1")
	require.NoError(t, err)
	require.Equal(t, int64(2), h.Version)
	require.Equal(t, res.Events[1].Position, h.Last.Position)

	from2, err := b.store.Load(ctx, b.db.Pool, "thing-1", 2)
	require.NoError(t, err)
	require.Len(t, from2, 1)
}

func TestInvalidAppends(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for name, req := range map[string]eventstore.AppendRequest{
		"no stream":     {Events: []eventstore.EventData{ev(t, "A.v1", 1)}},
		"no events":     {StreamID: "s"},
		"no type":       {StreamID: "s", Events: []eventstore.EventData{{Payload: []byte(`{}`)}}},
		"invalid json":  {StreamID: "s", Events: []eventstore.EventData{{Type: "A.v1", Payload: []byte(`{`)}}},
		"version below": {StreamID: "s", ExpectedVersion: -2, Events: []eventstore.EventData{ev(t, "A.v1", 1)}},
	} {
		_, err := b.append(t, req)
		require.ErrorIs(t, err, eventstore.ErrInvalidAppend, name)
	}
}

func TestVersionConflict(t *testing.T) {
	t.Parallel()
	b := setup(t)
	one := []eventstore.EventData{ev(t, "A.v1", 1)}
	_, err := b.append(t, eventstore.AppendRequest{StreamID: "s", ExpectedVersion: 0, Events: one})
	require.NoError(t, err)

	_, err = b.append(t, eventstore.AppendRequest{StreamID: "s", ExpectedVersion: 0, Events: one})
	require.ErrorIs(t, err, eventstore.ErrVersionConflict)
	var vc *eventstore.VersionConflictError
	require.ErrorAs(t, err, &vc)
	require.Equal(t, eventstore.VersionConflictError{StreamID: "s", Expected: 0, Actual: 1}, *vc)

	_, err = b.append(t, eventstore.AppendRequest{StreamID: "s", ExpectedVersion: 5, Events: one})
	require.ErrorIs(t, err, eventstore.ErrVersionConflict, "expecting a future version is a conflict too")

	res, err := b.append(t, eventstore.AppendRequest{StreamID: "s", ExpectedVersion: eventstore.ExpectAny, Events: one})
	require.NoError(t, err)
	require.Equal(t, int64(2), res.LastVersion)
}

// Two transactions read the same head and append concurrently: the second waits on the unique
// index, then fails with a conflict once the first commits.
func TestConcurrentWritersOfOneStreamConflict(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	one := []eventstore.EventData{ev(t, "A.v1", 1)}

	tx1, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer tx1.Rollback(ctx)
	_, err = b.store.Append(ctx, tx1, eventstore.AppendRequest{StreamID: "s", ExpectedVersion: 0, Events: one})
	require.NoError(t, err)

	second := make(chan error, 1)
	go func() {
		_, err := b.append(t, eventstore.AppendRequest{StreamID: "s", ExpectedVersion: 0, Events: one})
		second <- err
	}()
	waitForLockWaiters(t, b.db.Pool, 1)
	select {
	case err := <-second:
		t.Fatalf("second writer finished before the first committed: %v", err)
	default:
	}
	require.NoError(t, tx1.Commit(ctx))
	require.ErrorIs(t, <-second, eventstore.ErrVersionConflict)

	events, err := b.store.Load(ctx, b.db.Pool, "s", 1)
	require.NoError(t, err)
	require.Len(t, events, 1)
}

func TestIdempotencyKey(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	req := eventstore.AppendRequest{StreamID: "s", ExpectedVersion: 0, Events: []eventstore.EventData{ev(t, "A.v1", 1)}, IdempotencyKey: "k1", RequestHash: "h1"}
	first, err := b.append(t, req)
	require.NoError(t, err)
	require.False(t, first.Duplicate)

	again, err := b.append(t, req)
	require.NoError(t, err, "a replay is not a version conflict")
	require.True(t, again.Duplicate)
	require.Equal(t, first.LastPosition(), again.LastPosition())
	require.Equal(t, first.Events[0].EventID, again.Events[0].EventID)

	// Even with the version it would now expect, the key still wins.
	req.ExpectedVersion = 1
	again, err = b.append(t, req)
	require.NoError(t, err)
	require.True(t, again.Duplicate)

	req.RequestHash = "other"
	_, err = b.append(t, req)
	require.ErrorIs(t, err, eventstore.ErrIdempotencyKeyReused)

	events, err := b.store.Load(ctx, b.db.Pool, "s", 1)
	require.NoError(t, err)
	require.Len(t, events, 1)
	require.Equal(t, "k1", events[0].Metadata.IdempotencyKey)
}

// The same key used concurrently, on different streams: exactly one append happens, the other
// waits for it and returns its result.
func TestIdempotencyKeyConcurrent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	tx1, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer tx1.Rollback(ctx)
	first, err := b.store.Append(ctx, tx1, eventstore.AppendRequest{StreamID: "a", Events: []eventstore.EventData{ev(t, "A.v1", 1)}, IdempotencyKey: "k", RequestHash: "h"})
	require.NoError(t, err)

	second := make(chan eventstore.AppendResult, 1)
	go func() {
		res, err := b.append(t, eventstore.AppendRequest{StreamID: "b", Events: []eventstore.EventData{ev(t, "A.v1", 1)}, IdempotencyKey: "k", RequestHash: "h"})
		if err != nil {
			t.Error(err)
		}
		second <- res
	}()
	waitForLockWaiters(t, b.db.Pool, 1) // the second append waits on the key's unique index
	require.NoError(t, tx1.Commit(ctx))
	res := <-second
	require.True(t, res.Duplicate)
	require.Equal(t, first.LastPosition(), res.LastPosition())
	bEvents, err := b.store.Load(ctx, b.db.Pool, "b", 1)
	require.NoError(t, err)
	require.Empty(t, bEvents)
}

func TestLargePayload(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	big := map[string]string{"text": strings.Repeat("é-recette ", 300_000)} // ~3 MB of JSON
	res, err := b.append(t, eventstore.AppendRequest{StreamID: "big", Events: []eventstore.EventData{ev(t, "RecipeGenerated.v1", big)}})
	require.NoError(t, err)
	loaded, err := b.store.Load(ctx, b.db.Pool, "big", 1)
	require.NoError(t, err)
	var got map[string]string
	require.NoError(t, json.Unmarshal(loaded[0].Payload, &got))
	require.Equal(t, big, got)
	require.Equal(t, res.LastPosition(), loaded[0].Position)
}

func TestConcurrentAppendsToDifferentStreams(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	const streams, perStream = 16, 40
	var wg sync.WaitGroup
	errs := make(chan error, streams)
	for s := range streams {
		wg.Go(func() {
			for v := range perStream {
				_, err := b.append(t, eventstore.AppendRequest{StreamID: fmt.Sprintf("s-%d", s), ExpectedVersion: int64(v), Events: []eventstore.EventData{ev(t, "A.v1", v)}})
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err, "streams are independent: no conflicts")
	}
	all, err := b.store.ReadAll(ctx, b.db.Pool, 0, 10_000)
	require.NoError(t, err)
	require.Len(t, all, streams*perStream)
	seen := map[int64]bool{}
	next := map[string]int64{}
	for _, e := range all {
		require.False(t, seen[e.Position])
		seen[e.Position] = true
		next[e.StreamID]++
		require.Equal(t, next[e.StreamID], e.Version, "in position order, each stream's versions are 1..n without gaps")
	}
}

// A transaction that got its id before the stream head was written must not append after it:
// consumers read in transaction-id order and would see our event before the one it follows.
func TestAppendBehindANewerTransactionIsRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	old, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	defer old.Rollback(ctx)
	_, err = old.Exec(ctx, `SELECT pg_current_xact_id()`) // takes an id now
	require.NoError(t, err)

	_, err = b.append(t, eventstore.AppendRequest{StreamID: "s", Events: []eventstore.EventData{ev(t, "A.v1", 1)}})
	require.NoError(t, err)

	_, err = b.store.Append(ctx, old, eventstore.AppendRequest{StreamID: "s", ExpectedVersion: 1, Events: []eventstore.EventData{ev(t, "A.v1", 2)}})
	var vc *eventstore.VersionConflictError
	require.ErrorAs(t, err, &vc)
	require.True(t, vc.Reordered)
	require.NoError(t, old.Rollback(ctx))

	_, err = b.append(t, eventstore.AppendRequest{StreamID: "s", ExpectedVersion: 1, Events: []eventstore.EventData{ev(t, "A.v1", 2)}})
	require.NoError(t, err, "a fresh transaction appends")
}

func TestReadForWrite(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	_, err := b.append(t, eventstore.AppendRequest{StreamID: "s", Events: []eventstore.EventData{ev(t, "A.v1", 1)}, IdempotencyKey: "k", RequestHash: "h"})
	require.NoError(t, err)
	require.NoError(t, eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
		ws, err := b.store.ReadForWrite(ctx, tx, "s", eventstore.WriteOptions{Lock: true, IdempotencyKey: "k", RequestHash: "h"})
		require.NoError(t, err)
		require.Equal(t, int64(1), ws.Head.Version)
		require.NotNil(t, ws.Duplicate)
		ws, err = b.store.ReadForWrite(ctx, tx, "s", eventstore.WriteOptions{IdempotencyKey: "fresh"})
		require.NoError(t, err)
		require.Nil(t, ws.Duplicate)
		_, err = b.store.ReadForWrite(ctx, tx, "s", eventstore.WriteOptions{IdempotencyKey: "k", RequestHash: "other"})
		require.ErrorIs(t, err, eventstore.ErrIdempotencyKeyReused)
		return nil
	}))
}
