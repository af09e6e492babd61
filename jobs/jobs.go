// Package jobs holds Gamelle's River jobs (args + workers) and builds the River client. Jobs are
// inserted with InsertTx in the transaction that made them necessary, so a job exists exactly
// when its cause was committed.
package jobs

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/i18n"
)

// Client is the River client type the application uses.
type Client = river.Client[pgx.Tx]

// Config is what the workers need. A zero Mailer builds an insert-only client (web processes
// started with --worker=false).
type Config struct {
	Logger *slog.Logger
	// Mailer delivers emails; nil means this client does not work jobs.
	Mailer     mail.Sender
	Translator *i18n.Translator
	// Workers, when set, receives this package's workers in addition to the caller's own, so
	// other areas can register theirs on the same client.
	Workers *river.Workers
	// MaxWorkers of the default queue (default 10).
	MaxWorkers int
	// FetchPollInterval overrides River's 1 s poll (tests use a few milliseconds).
	FetchPollInterval time.Duration
}

// New builds the River client. Call Start on it to work jobs (when cfg.Mailer is set) and Stop
// on shutdown.
func New(pool *pgxpool.Pool, cfg Config) (*Client, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	rc := &river.Config{Logger: cfg.Logger}
	if cfg.Mailer != nil {
		tr := cfg.Translator
		if tr == nil {
			var err error
			if tr, err = i18n.New(); err != nil {
				return nil, err
			}
		}
		workers := cfg.Workers
		if workers == nil {
			workers = river.NewWorkers()
		}
		if err := river.AddWorkerSafely(workers, &SendEmailWorker{Mailer: cfg.Mailer, Translator: tr}); err != nil {
			return nil, fmt.Errorf("jobs: register send email worker: %w", err)
		}
		n := cfg.MaxWorkers
		if n <= 0 {
			n = 10
		}
		rc.Workers = workers
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
