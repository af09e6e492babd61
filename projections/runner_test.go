package projections_test

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/projections/balances"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

// flaky records every ledger event it applies in a table with no conflict clause, so applying an
// event twice fails the test, and fails while broken is set.
type flaky struct {
	broken atomic.Bool
	calls  atomic.Int64
}

func (*flaky) Name() string                  { return "flaky" }
func (*flaky) Tables() []string              { return []string{"flaky_seen"} }
func (*flaky) Handles(eventType string) bool { return ledger.IsLedgerEvent(eventType) }
func (f *flaky) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	f.calls.Add(1)
	if f.broken.Load() {
		return errors.New("flaky is broken")
	}
	ids := make([]uuid.UUID, len(events))
	for i, e := range events {
		ids[i] = e.EventID
	}
	_, err := tx.Exec(ctx, `INSERT INTO flaky_seen SELECT unnest($1::uuid[])`, ids)
	return err
}

// A projection that fails is set aside: the others keep up with the log, the failure is visible
// (status table, metric), and once it works again it catches up with each event applied once.
func TestFailingProjectionDoesNotHoldOthersBack(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	_, err := b.pool.Exec(ctx, `CREATE TABLE flaky_seen (event_id uuid PRIMARY KEY)`)
	require.NoError(t, err)
	f := &flaky{}
	f.broken.Store(true)
	reg := prometheus.NewRegistry()
	runner, err := projections.NewRunner(b.pool, slog.New(slog.DiscardHandler), projections.WithPollInterval(5*time.Millisecond), projections.WithBatchSize(7),
		projections.WithRetryBackoff(20*time.Millisecond, 50*time.Millisecond), projections.WithMetrics(reg),
		projections.WithProjections(balances.New(), tokenhistory.New(), f))
	require.NoError(t, err)
	b.runner = runner
	b.start(t)

	us := users(6)
	last := workload(t, b, us, 60, 3)
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, projections.WaitFor(wctx, b.pool, last, balances.Name, tokenhistory.Name))
	require.Eventually(t, func() bool { return f.calls.Load() >= 3 }, time.Minute, 5*time.Millisecond, "flaky is retried")
	failures, err := projections.Failures(ctx, b.pool)
	require.NoError(t, err)
	require.Contains(t, failures, "flaky")
	require.Positive(t, failures["flaky"].Attempts)
	require.Contains(t, failures["flaky"].LastError, "flaky is broken")
	require.Equal(t, 1.0, projectionGauge(t, reg, "projection_failing", "flaky"))
	var applied int64
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM flaky_seen`).Scan(&applied))
	require.Zero(t, applied)

	f.broken.Store(false)
	last = max(last, workload(t, b, us, 20, 4))
	require.NoError(t, runner.WaitFor(wctx, last))
	var ledgerEvents int64
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&ledgerEvents))
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM flaky_seen`).Scan(&applied))
	require.Equal(t, ledgerEvents, applied)
	require.Eventually(t, func() bool {
		failures, err := projections.Failures(ctx, b.pool)
		require.NoError(t, err)
		return len(failures) == 0
	}, time.Minute, 5*time.Millisecond, "the failure is cleared")
	require.Equal(t, 0.0, projectionGauge(t, reg, "projection_failing", "flaky"))

	// The healthy projections are what a rebuild gives.
	live := snap(t, b.pool)
	_, err = projections.RebuildAll(ctx, b.pool, nil, projections.Default(), 5000)
	require.NoError(t, err)
	require.Equal(t, live, snap(t, b.pool))
}

// projectionGauge reads one projection's series of a gauge in reg.
func projectionGauge(t *testing.T, reg *prometheus.Registry, name, projection string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "projection" && l.GetValue() == projection {
					return m.GetGauge().GetValue()
				}
			}
		}
	}
	t.Fatalf("no %s{projection=%q}", name, projection)
	return 0
}

// With a fallback poll of an hour, events still reach the projections at once: an append wakes
// the runner after it commits, directly when the runner reads through the same pool, through
// NOTIFY otherwise (here a second pool stands for another process); whether the store owns the
// transaction (Execute) or the caller does (InTx). projections.WaitFor does not wake the runner.
func TestAppendsWakeTheRunner(t *testing.T) {
	t.Parallel()
	b := setup(t)
	runner, err := projections.NewRunner(b.pool, nil, projections.WithPollInterval(time.Hour))
	require.NoError(t, err)
	b.runner = runner
	b.start(t)
	ctx := context.Background()
	other, err := pgxpool.NewWithConfig(ctx, b.pool.Config())
	require.NoError(t, err)
	defer other.Close()
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	user := uuid.New()
	for _, via := range []struct {
		name string
		pool *pgxpool.Pool
	}{{"same pool", b.pool}, {"another pool", other}} {
		svc := ledgerapp.New(via.pool, eventstore.New(via.pool))
		for i := range 3 {
			r, err := svc.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 1, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "cli:test"}})
			require.NoError(t, err)
			require.NoError(t, projections.WaitFor(wctx, b.pool, r.Position, runner.Names()...), "%s, append %d through Execute", via.name, i)

			var pos int64
			require.NoError(t, eventstore.InTx(ctx, via.pool, func(tx pgx.Tx) error {
				r, err := svc.GrantTx(ctx, tx, ledgerapp.GrantCommand{UserID: user, Amount: 1, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "cli:test"}})
				pos = r.Position
				return err
			}))
			require.NoError(t, projections.WaitFor(wctx, b.pool, pos, runner.Names()...), "%s, append %d through InTx", via.name, i)
		}
	}
	bal, ok, err := balances.Get(ctx, b.pool, user)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, int64(12), bal)
}

// Read-your-writes does not depend on notifications: Runner.WaitFor wakes the runner of its own
// process (here one that neither listens nor polls within the test's time).
func TestWaitForWakesTheRunner(t *testing.T) {
	t.Parallel()
	b := setup(t)
	runner, err := projections.NewRunner(b.pool, nil, projections.WithPollInterval(time.Hour), projections.WithListen(false))
	require.NoError(t, err)
	b.runner = runner
	b.start(t)
	ctx := context.Background()
	store := eventstore.New(b.pool, eventstore.WithoutNotify())
	svc := ledgerapp.New(b.pool, store)
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for range 3 {
		r, err := svc.Grant(ctx, ledgerapp.GrantCommand{UserID: uuid.New(), Amount: 2, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "cli:test"}})
		require.NoError(t, err)
		require.NoError(t, runner.WaitFor(wctx, r.Position))
	}
}

// Two runners on one database (two processes) share the work: the checkpoint row locks make
// each event applied once per projection, whichever runner applies it.
func TestTwoRunnersApplyEachEventOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	other, err := pgxpool.NewWithConfig(ctx, b.pool.Config())
	require.NoError(t, err)
	defer other.Close()
	counted := map[string][]*counting{}
	var runners []*projections.Runner
	for _, pool := range []*pgxpool.Pool{b.pool, other} {
		cs := []*counting{{Projection: balances.New()}, {Projection: tokenhistory.New()}}
		for _, c := range cs {
			counted[c.Name()] = append(counted[c.Name()], c)
		}
		r, err := projections.NewRunner(pool, nil, projections.WithPollInterval(5*time.Millisecond), projections.WithBatchSize(5),
			projections.WithProjections(cs[0], cs[1]))
		require.NoError(t, err)
		runners = append(runners, r)
		runCtx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- r.Run(runCtx) }()
		t.Cleanup(func() { stop(); require.NoError(t, <-done) })
	}
	last := workload(t, b, users(8), 150, 11)
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, runners[0].WaitFor(wctx, last))
	var n int64
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&n))
	for name, cs := range counted {
		require.Equal(t, n, cs[0].n.Load()+cs[1].n.Load(), name)
	}
	live := snap(t, b.pool)
	_, err = projections.RebuildAll(ctx, b.pool, nil, projections.Default(), 5000)
	require.NoError(t, err)
	require.Equal(t, live, snap(t, b.pool))
}

// queuedFlaky is a projections.Queuer whose queued statement fails inside PostgreSQL while
// broken: the error comes back from the runner's pipelined batch, among the other projections'
// statements.
type queuedFlaky struct{ broken atomic.Bool }

func (*queuedFlaky) Name() string                  { return "queued_flaky" }
func (*queuedFlaky) Tables() []string              { return []string{"queued_flaky_seen"} }
func (*queuedFlaky) Handles(eventType string) bool { return ledger.IsLedgerEvent(eventType) }
func (f *queuedFlaky) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	b := &pgx.Batch{}
	if err := f.QueueApply(b, events); err != nil {
		return err
	}
	return tx.SendBatch(ctx, b).Close()
}

func (f *queuedFlaky) QueueApply(b *pgx.Batch, events []eventstore.RecordedEvent) error {
	if f.broken.Load() {
		b.Queue(`SELECT 1 / 0`)
		return nil
	}
	ids := make([]uuid.UUID, len(events))
	for i, e := range events {
		ids[i] = e.EventID
	}
	b.Queue(`INSERT INTO queued_flaky_seen SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING`, ids)
	return nil
}

// A Queuer whose statement fails in the pipelined batch is named in the failure and set aside;
// the batch commits without it, and once it works again it catches up with each event once.
func TestFailingQueuedStatementSetsOnlyItsProjectionAside(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	_, err := b.pool.Exec(ctx, `CREATE TABLE queued_flaky_seen (event_id uuid PRIMARY KEY)`)
	require.NoError(t, err)
	f := &queuedFlaky{}
	f.broken.Store(true)
	reg := prometheus.NewRegistry()
	runner, err := projections.NewRunner(b.pool, slog.New(slog.DiscardHandler), projections.WithPollInterval(5*time.Millisecond),
		projections.WithRetryBackoff(20*time.Millisecond, 50*time.Millisecond), projections.WithMetrics(reg),
		projections.WithProjections(balances.New(), tokenhistory.New(), f))
	require.NoError(t, err)
	b.runner = runner
	b.start(t)

	us := users(4)
	last := workload(t, b, us, 30, 3)
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, projections.WaitFor(wctx, b.pool, last, balances.Name, tokenhistory.Name))
	require.Eventually(t, func() bool {
		failures, err := projections.Failures(ctx, b.pool)
		require.NoError(t, err)
		return failures["queued_flaky"].Attempts >= 2
	}, time.Minute, 5*time.Millisecond, "the queued projection is retried")
	failures, err := projections.Failures(ctx, b.pool)
	require.NoError(t, err)
	require.Contains(t, failures["queued_flaky"].LastError, "division by zero")
	require.Zero(t, failureCount(t, reg, balances.Name), "the failure is not blamed on the others")
	require.Zero(t, failureCount(t, reg, tokenhistory.Name), "the failure is not blamed on the others")
	reached, err := b.store.Reached(ctx, b.pool, []string{"queued_flaky"}, last)
	require.NoError(t, err)
	require.False(t, reached, "its checkpoint did not move")

	f.broken.Store(false)
	require.NoError(t, runner.WaitFor(wctx, last))
	var ledgerEvents, applied int64
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&ledgerEvents))
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM queued_flaky_seen`).Scan(&applied))
	require.Equal(t, ledgerEvents, applied)
	live := snap(t, b.pool)
	_, err = projections.RebuildAll(ctx, b.pool, nil, projections.Default(), 5000)
	require.NoError(t, err)
	require.Equal(t, live, snap(t, b.pool))
}

// failureCount is projection_failures_total for projection (0 when it never failed).
func failureCount(t *testing.T, reg *prometheus.Registry, projection string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() != "projection_failures_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "projection" && l.GetValue() == projection {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}
