package projections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/eventstore"
)

var validName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// Runner keeps projections up to date with the log.
type Runner struct {
	pool        *pgxpool.Pool
	store       *eventstore.Store
	logger      *slog.Logger
	projections []Projection
	sub         eventstore.SubscriberConfig
	waitPoll    time.Duration
}

// Option tunes a Runner.
type Option func(*Runner)

// WithProjections replaces the default projections (Default()).
func WithProjections(ps ...Projection) Option { return func(r *Runner) { r.projections = ps } }

// WithPollInterval sets how long an idle consumer waits before looking for new events
// (default 10ms: lag stays in the tens of milliseconds for a cheap indexed query).
func WithPollInterval(d time.Duration) Option { return func(r *Runner) { r.sub.PollInterval = d } }

// WithBatchSize sets how many events one consumer transaction handles (default 100).
func WithBatchSize(n int) Option { return func(r *Runner) { r.sub.BatchSize = n } }

// WithRetryInterval sets the wait after a failed query or a failed Apply (default 1s).
func WithRetryInterval(d time.Duration) Option { return func(r *Runner) { r.sub.RetryInterval = d } }

// NewRunner prepares the projections' consumers; Run starts them.
func NewRunner(pool *pgxpool.Pool, logger *slog.Logger, opts ...Option) (*Runner, error) {
	if logger == nil {
		logger = slog.Default()
	}
	r := &Runner{pool: pool, store: eventstore.New(pool), logger: logger, projections: Default(), waitPoll: 2 * time.Millisecond}
	for _, o := range opts {
		o(r)
	}
	seen := map[string]bool{}
	for _, p := range r.projections {
		if !validName.MatchString(p.Name()) || seen[p.Name()] {
			return nil, fmt.Errorf("projections: invalid or duplicate projection name %q", p.Name())
		}
		seen[p.Name()] = true
	}
	return r, nil
}

// Names lists the runner's projections.
func (r *Runner) Names() []string {
	out := make([]string, len(r.projections))
	for i, p := range r.projections {
		out[i] = p.Name()
	}
	return out
}

// Run consumes the log until ctx is done, then returns nil (or the error that stopped it).
// Several processes may run it against one database: each projection's checkpoint row is
// locked per batch, so every event is applied once per projection.
func (r *Runner) Run(ctx context.Context) error {
	// watermill's own Info lines (handler started/stopped, per subscriber) are noise at our Info.
	wlog := watermill.NewSlogLoggerWithLevelMapping(r.logger, map[slog.Level]slog.Level{slog.LevelInfo: slog.LevelDebug})
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 10 * time.Second}, wlog)
	if err != nil {
		return fmt.Errorf("projections: router: %w", err)
	}
	for _, p := range r.projections {
		sub, err := eventstore.NewSubscriber(r.pool, p.Name(), r.sub, wlog)
		if err != nil {
			return err
		}
		router.AddConsumerHandler(p.Name(), eventstore.Topic, sub, r.handler(p))
	}
	r.logger.Info("projections running", "projections", r.Names())
	if err := router.Run(ctx); err != nil {
		return fmt.Errorf("projections: run: %w", err)
	}
	return nil
}

// handler applies one delivered event in the consumer's transaction. The savepoint keeps that
// transaction usable when Apply fails, so watermill's redelivery of the nacked message can try
// again instead of failing on an aborted transaction.
func (r *Runner) handler(p Projection) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		e, err := eventstore.EventFromMessage(msg)
		if err != nil {
			return err
		}
		if !p.Handles(e.Type) {
			return nil
		}
		tx, err := eventstore.TxFromMessage(msg)
		if err != nil {
			return err
		}
		ctx := msg.Context()
		err = eventstore.InTx(ctx, tx, func(sp pgx.Tx) error {
			return p.Apply(ctx, sp, []eventstore.RecordedEvent{e})
		})
		if err != nil {
			r.logger.Error("projection failed, will retry", "projection", p.Name(), "position", e.Position, "type", e.Type, "err", err)
		}
		return err
	}
}

// WaitFor blocks until every projection of the runner has applied the event at position, or ctx
// ends. Give ctx a bound (e.g. 2s) for read-your-writes in a handler. It works whichever process
// runs the consumers: it polls the checkpoints in the database.
func (r *Runner) WaitFor(ctx context.Context, position int64) error {
	return WaitFor(ctx, r.pool, position, r.Names()...)
}

// WaitFor blocks until the named projections (consumer groups) have applied the event at position.
func WaitFor(ctx context.Context, db eventstore.DBTX, position int64, names ...string) error {
	store := eventstore.New(nil)
	delay := time.Millisecond
	for {
		ok, err := store.Reached(ctx, db, names, position)
		if err != nil && !errors.Is(err, eventstore.ErrUnknownPosition) {
			return fmt.Errorf("projections: wait for %d: %w", position, err)
		}
		if ok {
			return nil
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("projections: wait for position %d: %w", position, ctx.Err())
		case <-t.C:
		}
		delay = min(2*delay, 10*time.Millisecond)
	}
}
