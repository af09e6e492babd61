// Package jobs builds Gamelle's River client. Workers live with the area whose command enqueues
// their jobs (app/<area>: XxxArgs + XxxWorker beside the command); cmd/gamelle registers them
// in a river.Workers and hands it here. Jobs are inserted with InsertTx in the transaction that
// made them necessary, so a job exists exactly when its cause was committed.
package jobs

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

// Client is the River client type the application uses.
type Client = river.Client[pgx.Tx]

// Time limits. River's own defaults (1 min per attempt, rescue after 1 h) leave the jobs of a
// killed worker process "running" for an hour. Here an attempt gets DefaultJobTimeout unless its
// worker's Timeout says otherwise (email: 30 s; meal-prep generation sets its own), and the
// leader's rescuer, which runs every 30 s, hands a job back once it has been running longer
// than both DefaultRescueAfter and its kind's timeout. A killed worker's jobs therefore resume
// within about a minute, and a slow kind is never rescued while it may still be running.
const (
	DefaultJobTimeout  = 30 * time.Second
	DefaultRescueAfter = 30 * time.Second
)

// Config is how the client runs.
type Config struct {
	Logger *slog.Logger
	// Workers are the workers this process runs; nil builds an insert-only client (web
	// processes started with --worker=false, tests that only look at what was enqueued).
	Workers *river.Workers
	// MaxWorkers of the default queue (default 10).
	MaxWorkers int
	// FetchPollInterval overrides River's 1 s poll (tests use a few milliseconds).
	FetchPollInterval time.Duration
	// RescueAfter overrides DefaultRescueAfter (tests use seconds); JobTimeout, DefaultJobTimeout.
	RescueAfter, JobTimeout time.Duration
	// NoLeader keeps this client out of leader election (so out of maintenance: rescue,
	// cleaning); for processes that must not run it, and tests.
	NoLeader bool
}

// New builds the River client. Call Start on it to work jobs (when cfg.Workers is set) and Stop
// on shutdown.
func New(pool *pgxpool.Pool, cfg Config) (*Client, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	rc := &river.Config{
		Logger:                 cfg.Logger,
		JobTimeout:             cmp.Or(cfg.JobTimeout, DefaultJobTimeout),
		RescueStuckJobsAfter:   cmp.Or(cfg.RescueAfter, DefaultRescueAfter),
		LeaderElectionDisabled: cfg.NoLeader,
	}
	rc.RescueStuckJobsAfter = max(rc.RescueStuckJobsAfter, rc.JobTimeout)
	if cfg.Workers != nil {
		n := cfg.MaxWorkers
		if n <= 0 {
			n = 10
		}
		rc.Workers = cfg.Workers
		rc.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: n}}
		if cfg.FetchPollInterval > 0 {
			rc.FetchPollInterval = cfg.FetchPollInterval
			rc.FetchCooldown = min(cfg.FetchPollInterval, river.FetchCooldownDefault)
		}
	}
	c, err := river.NewClient(riverpgxv5.New(pool), rc)
	if err != nil {
		return nil, fmt.Errorf("jobs: river client: %w", err)
	}
	return c, nil
}

// Register adds workers to a registry, failing (instead of panicking like river.AddWorker) on a
// kind registered twice.
func Register[T river.JobArgs](workers *river.Workers, w river.Worker[T]) error {
	if err := river.AddWorkerSafely(workers, w); err != nil {
		var zero T
		return fmt.Errorf("jobs: register worker %s: %w", zero.Kind(), err)
	}
	return nil
}

// QueueDepth counts the jobs waiting or running, by River state (available, scheduled, running,
// retryable), for the admin statistics.
func QueueDepth(ctx context.Context, db interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}) (map[string]int64, error) {
	rows, err := db.Query(ctx, `SELECT state::text, count(*) FROM river_job
		WHERE state IN ('available', 'scheduled', 'running', 'retryable') GROUP BY state`)
	if err != nil {
		return nil, fmt.Errorf("jobs: queue depth: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{"available": 0, "scheduled": 0, "running": 0, "retryable": 0}
	for rows.Next() {
		var state string
		var n int64
		if err := rows.Scan(&state, &n); err != nil {
			return nil, fmt.Errorf("jobs: queue depth: %w", err)
		}
		out[state] = n
	}
	return out, rows.Err()
}

// The river_job table belongs to this package (and River): areas change jobs only through the
// functions below, in their own transaction.

// RedactTx replaces job id's arguments, in tx, by the keys listed in keep and "erased": true,
// so a completed job keeps no personal data (identity's sealed emails).
func RedactTx(ctx context.Context, tx pgx.Tx, id int64, keep ...string) error {
	_, err := tx.Exec(ctx, `UPDATE river_job SET args = coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(args)
		WHERE key = ANY($2)), '{}'::jsonb) || '{"erased": true}'::jsonb WHERE id = $1`, id, keep)
	if err != nil {
		return fmt.Errorf("jobs: redact job %d: %w", id, err)
	}
	return nil
}

// DeleteMatchingTx deletes, in tx, the jobs of kind (in any state) whose arguments hold at
// least one of the given key/value pairs: the jobs that would still act for an erased person.
func DeleteMatchingTx(ctx context.Context, tx pgx.Tx, kind string, anyOf map[string]string) error {
	keys, values := make([]string, 0, len(anyOf)), make([]string, 0, len(anyOf))
	for k, v := range anyOf {
		keys, values = append(keys, k), append(values, v)
	}
	_, err := tx.Exec(ctx, `DELETE FROM river_job WHERE kind = $1 AND EXISTS (
		SELECT 1 FROM unnest($2::text[], $3::text[]) AS m(k, v) WHERE args->>m.k = m.v)`, kind, keys, values)
	if err != nil {
		return fmt.Errorf("jobs: delete %s jobs: %w", kind, err)
	}
	return nil
}
