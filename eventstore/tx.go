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

// InTx runs fn in one transaction and commits when fn returns nil. It rolls back when fn returns
// an error *or panics* (the panic then carries on up the stack): a transaction left open would
// keep its pooled connection "idle in transaction", holding back every projection consumer on the
// cluster (see docs/eventstore.md) and making pool.Close wait forever. pgx.BeginFunc behaves the
// same; InTx adds context to the errors and rolls back even when ctx is already cancelled.
// It is how a caller makes the append (which is also the publish) and a River job
// insert atomic:
//
//	err := eventstore.InTx(ctx, pool, func(tx pgx.Tx) error {
//		if _, err := wallets.ChargeTx(ctx, tx, cmd); err != nil { return err }
//		_, err := riverClient.InsertTx(ctx, tx, GenerateArgs{...}, nil)
//		return err
//	})
//
// After the commit it nudges the consumers when fn appended (see Commit). InTx itself does not
// retry: command runners retry version conflicts.
func InTx(ctx context.Context, db Beginner, fn func(tx pgx.Tx) error) error {
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("eventstore: begin: %w", err)
	}
	// A savepoint's "commit" commits nothing: the outer transaction's Commit nudges.
	_, nested := db.(pgx.Tx)
	committing := false
	// Deferred so that it also runs while a panic unwinds. After a successful Commit it is a
	// no-op (pgx answers ErrTxClosed without a round trip).
	defer func() {
		if !committing && !nested {
			forgetAppend(tx) // while the connection is still ours
		}
		_ = tx.Rollback(context.WithoutCancel(ctx))
	}()
	if err := fn(tx); err != nil {
		return err
	}
	committing = true
	if nested {
		err = tx.Commit(ctx)
	} else {
		err = Commit(ctx, tx)
	}
	if err != nil {
		return fmt.Errorf("eventstore: commit: %w", err)
	}
	return nil
}
