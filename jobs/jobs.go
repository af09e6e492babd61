// Package jobs builds Gamelle's River client. Workers live with the area whose command enqueues
// their jobs (app/<area>: XxxArgs + XxxWorker beside the command); cmd/gamelle registers them
// in a river.Workers and hands it here. Jobs are inserted with InsertTx in the transaction that
// made them necessary, so a job exists exactly when its cause was committed.
package jobs

import (
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
}

// New builds the River client. Call Start on it to work jobs (when cfg.Workers is set) and Stop
// on shutdown.
func New(pool *pgxpool.Pool, cfg Config) (*Client, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	rc := &river.Config{Logger: cfg.Logger}
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
