// Package db holds the application's transaction helper and the query interface that store
// functions take, so a store function runs the same over the pool or inside a transaction.
// The event store keeps its own (eventstore.InTx); app code that is not appending events uses
// this one.
package db

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DBTX is what *pgxpool.Pool, *pgx.Conn and pgx.Tx have in common for queries.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Beginner starts a transaction: a pool, a connection, or a transaction (which then starts a
// savepoint).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// InTx runs fn in a transaction and commits when fn returns nil. The transaction is rolled back
// when fn returns an error or panics (the panic then continues), so a connection never goes back
// to the pool idle in transaction. This is pgx.BeginFunc with the errors given context.
func InTx(ctx context.Context, db Beginner, fn func(tx pgx.Tx) error) error {
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("db: begin: %w", err)
	}
	defer func() {
		// After a commit this is a no-op (pgx.ErrTxClosed). On an error or a panic it ends the
		// transaction; if even that fails, pgx closes the connection instead of reusing it.
		_ = tx.Rollback(context.WithoutCancel(ctx))
	}()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("db: commit: %w", err)
	}
	return nil
}
