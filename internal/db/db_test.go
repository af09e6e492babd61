package db_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/db"
	"github.com/gamelle/gamelle/internal/pgtest"
)

func count(t *testing.T, q db.DBTX) int {
	t.Helper()
	var n int
	require.NoError(t, q.QueryRow(t.Context(), `SELECT count(*) FROM waitlist`).Scan(&n))
	return n
}

func insert(ctx context.Context, tx pgx.Tx, email string) error {
	_, err := tx.Exec(ctx, `INSERT INTO waitlist (email, locale) VALUES ($1, 'fr')`, email)
	return err
}

func TestInTxCommitsOnSuccessAndRollsBackOnError(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	ctx := t.Context()
	require.NoError(t, db.InTx(ctx, d.Pool, func(tx pgx.Tx) error { return insert(ctx, tx, "a@example.com") }))
	require.Equal(t, 1, count(t, d.Pool))

	boom := errors.New("boom")
	err := db.InTx(ctx, d.Pool, func(tx pgx.Tx) error {
		require.NoError(t, insert(ctx, tx, "b@example.com"))
		return boom
	})
	require.ErrorIs(t, err, boom)
	require.Equal(t, 1, count(t, d.Pool), "the failed transaction's row is gone")
}

// A panicking callback must not leave its connection idle in transaction: the panic goes on,
// the row is not committed, and the pool can still close (it hangs on a connection in use).
func TestInTxRollsBackWhenTheCallbackPanics(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	ctx := t.Context()
	var pid int
	require.PanicsWithValue(t, "boom", func() {
		_ = db.InTx(ctx, d.Pool, func(tx pgx.Tx) error {
			require.NoError(t, tx.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
			require.NoError(t, insert(ctx, tx, "p@example.com"))
			panic("boom")
		})
	})
	require.Equal(t, 0, count(t, d.Pool))
	var idleInTx int
	require.NoError(t, d.Pool.QueryRow(ctx,
		`SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND state LIKE 'idle in transaction%'`, pid).Scan(&idleInTx))
	require.Zero(t, idleInTx, "the panicking transaction's connection is not left idle in transaction")
}
