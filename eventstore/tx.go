package eventstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Beginner starts transactions: a *pgxpool.Pool, a *pgx.Conn, or a pgx.Tx (savepoint).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// InTx runs fn in one transaction and commits when fn returns nil, rolling back otherwise.
// It is how a caller makes the append (which is also the watermill publish) and a River job
// insert atomic:
//
//	err := eventstore.InTx(ctx, pool, func(tx pgx.Tx) error {
//		if _, err := wallets.ChargeTx(ctx, tx, cmd); err != nil { return err }
//		_, err := riverClient.InsertTx(ctx, tx, GenerateArgs{...}, nil)
//		return err
//	})
//
// InTx itself does not retry: command handlers retry version conflicts.
func InTx(ctx context.Context, db Beginner, fn func(tx pgx.Tx) error) (err error) {
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("eventstore: begin: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback(context.WithoutCancel(ctx))
		}
	}()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("eventstore: commit: %w", err)
	}
	return nil
}
