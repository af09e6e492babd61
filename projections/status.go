package projections

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/eventstore"
)

// Failure is a projection that a running Runner could not apply, as recorded in the database
// for `gamelle projections status` (table projection_failures).
type Failure struct {
	Projection string
	// Since is the first failure of the current run of failures.
	Since     time.Time
	Attempts  int
	LastError string
	// RetryAt is when the runner tries the projection again.
	RetryAt time.Time
}

// Failures lists the failing projections by name.
func Failures(ctx context.Context, db eventstore.DBTX) (map[string]Failure, error) {
	rows, err := db.Query(ctx, `SELECT projection, failing_since, attempts, last_error, retry_at FROM projection_failures`)
	if err != nil {
		return nil, fmt.Errorf("projections: failures: %w", err)
	}
	fs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Failure, error) {
		var f Failure
		return f, r.Scan(&f.Projection, &f.Since, &f.Attempts, &f.LastError, &f.RetryAt)
	})
	if err != nil {
		return nil, fmt.Errorf("projections: failures: %w", err)
	}
	out := make(map[string]Failure, len(fs))
	for _, f := range fs {
		out[f.Projection] = f
	}
	return out, nil
}

// recordFailure writes f, outside the failed batch's transaction (which was rolled back).
func recordFailure(ctx context.Context, db eventstore.DBTX, f Failure) error {
	_, err := db.Exec(ctx, `
		INSERT INTO projection_failures (projection, failing_since, attempts, last_error, retry_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, now())
		ON CONFLICT (projection) DO UPDATE SET failing_since = excluded.failing_since, attempts = excluded.attempts,
			last_error = excluded.last_error, retry_at = excluded.retry_at, updated_at = now()`,
		f.Projection, f.Since, f.Attempts, f.LastError, f.RetryAt)
	if err != nil {
		return fmt.Errorf("projections: record failure of %s: %w", f.Projection, err)
	}
	return nil
}

// clearFailure deletes the failure rows of names.
func clearFailure(ctx context.Context, db eventstore.DBTX, names ...string) error {
	if _, err := db.Exec(ctx, `DELETE FROM projection_failures WHERE projection = ANY($1)`, names); err != nil {
		return fmt.Errorf("projections: clear failures: %w", err)
	}
	return nil
}
