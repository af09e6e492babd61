package eventstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/eventstore"
)

// panicking runs fn and returns what it panicked with (nil when it returned).
func panicking(fn func()) (recovered any) {
	defer func() { recovered = recover() }()
	fn()
	return nil
}

// idleInTransaction counts this database's sessions left inside a transaction.
func idleInTransaction(t *testing.T, db eventstore.DBTX) int {
	t.Helper()
	var n int
	require.NoError(t, db.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
		WHERE datname = current_database() AND state LIKE 'idle in transaction%'`).Scan(&n))
	return n
}

// A panicking callback must not leave its pooled connection inside the transaction: that
// session would hold back every consumer on the cluster, and pool.Close would wait for it.
func TestInTxRollsBackWhenTheCallbackPanics(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(b.db.URL)
	require.NoError(t, err)
	cfg.MaxConns = 1 // the connection InTx used is the only one there is
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(t, err)

	got := panicking(func() {
		_ = eventstore.InTx(ctx, pool, func(tx pgx.Tx) error {
			_, err := b.store.Append(ctx, tx, eventstore.AppendRequest{StreamID: "x", Events: []eventstore.EventData{ev(t, "X.v1", 1)}})
			require.NoError(t, err)
			panic("boom")
		})
	})
	require.Equal(t, "boom", got, "the panic carries on to the caller")
	require.Zero(t, idleInTransaction(t, b.db.Pool))

	// The single connection went back to the pool, outside any transaction.
	actx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, err := pool.Acquire(actx)
	require.NoError(t, err, "the connection was never released")
	require.Equal(t, byte('I'), conn.Conn().PgConn().TxStatus(), "idle, not inside a transaction")
	conn.Release()
	h, err := b.store.Head(ctx, pool, "x")
	require.NoError(t, err)
	require.Zero(t, h.Version, "the append was rolled back")

	closed := make(chan struct{})
	go func() { pool.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(30 * time.Second):
		t.Fatal("pool.Close hangs: a connection was never released")
	}
}

// Inside a caller's transaction, InTx uses a savepoint: a panic rolls back to it, and the
// caller's earlier work can still commit.
func TestInTxSavepointRollsBackWhenTheCallbackPanics(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	require.NoError(t, eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
		_, err := b.store.Append(ctx, tx, eventstore.AppendRequest{StreamID: "kept", Events: []eventstore.EventData{ev(t, "X.v1", 1)}})
		require.NoError(t, err)
		got := panicking(func() {
			_ = eventstore.InTx(ctx, tx, func(sp pgx.Tx) error {
				_, err := b.store.Append(ctx, sp, eventstore.AppendRequest{StreamID: "gone", Events: []eventstore.EventData{ev(t, "X.v1", 1)}})
				require.NoError(t, err)
				panic("boom")
			})
		})
		require.Equal(t, "boom", got)
		return nil
	}))
	kept, err := b.store.Head(ctx, b.db.Pool, "kept")
	require.NoError(t, err)
	require.Equal(t, int64(1), kept.Version)
	gone, err := b.store.Head(ctx, b.db.Pool, "gone")
	require.NoError(t, err)
	require.Zero(t, gone.Version)
}
