package projections_test

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/projections/balances"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

type bundle struct {
	pool   *pgxpool.Pool
	store  *eventstore.Store
	svc    *ledgerapp.Service
	runner *projections.Runner
}

func setup(t *testing.T) bundle {
	t.Helper()
	db := pgtest.New(t)
	store := eventstore.New(db.Pool)
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	runner, err := projections.NewRunner(db.Pool, logger, projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	return bundle{pool: db.Pool, store: store, svc: ledgerapp.New(db.Pool, store), runner: runner}
}

// start runs the runner until the test ends.
func (b bundle) start(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.runner.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-done)
	})
}

// workload runs a random mix of grants, charges and refunds over users and returns the
// position of the last append.
func workload(t *testing.T, b bundle, users []uuid.UUID, n int, seed uint64) int64 {
	t.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(seed, seed))
	var last int64
	charged := map[uuid.UUID][]string{}
	for i := range n {
		u := users[rng.IntN(len(users))]
		var (
			r   ledgerapp.Result
			err error
		)
		switch k := rng.IntN(10); {
		case k < 4:
			r, err = b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: u, Amount: int64(1 + rng.IntN(5)), Reason: ledger.ReasonAdminGrant, Ref: "test", CommandMeta: eventstore.CommandMeta{Actor: "cli:test"}})
		case k < 9:
			ref := uuid.NewString()
			r, err = b.svc.Charge(ctx, ledgerapp.ChargeCommand{UserID: u, Amount: int64(1 + rng.IntN(3)), Reason: ledger.ReasonRecipeGeneration, Ref: ref, CommandMeta: eventstore.CommandMeta{Actor: eventstore.UserActor(u)}})
			if err == nil {
				charged[u] = append(charged[u], ref)
			}
		default:
			if len(charged[u]) == 0 {
				continue
			}
			r, err = b.svc.Refund(ctx, ledgerapp.RefundCommand{UserID: u, Amount: 1, Ref: charged[u][0], CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "refund-" + charged[u][0]}})
			charged[u] = charged[u][1:]
		}
		if err != nil {
			require.ErrorIs(t, err, ledger.ErrInsufficientTokens, "op %d", i)
			continue
		}
		last = max(last, r.Position)
	}
	return last
}

type snapshot struct {
	Balances []string
	History  []string
	Daily    []string // token_history_daily, kept with token_history
}

func snap(t *testing.T, pool *pgxpool.Pool) snapshot {
	t.Helper()
	ctx := context.Background()
	var s snapshot
	rows, err := pool.Query(ctx, `SELECT format('%s|%s|%s|%s', user_id, balance, version, updated_at) FROM balances ORDER BY user_id`)
	require.NoError(t, err)
	s.Balances, err = pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	rows, err = pool.Query(ctx, `SELECT format('%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s', event_id, position, user_id, version, event_type, delta, reason, ref, balance_after, actor, occurred_at) FROM token_history ORDER BY event_id`)
	require.NoError(t, err)
	s.History, err = pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	rows, err = pool.Query(ctx, `SELECT format('%s|%s|%s|%s|%s|%s|%s', day, reason, entries, positive_entries, negative_entries, credits, debits) FROM token_history_daily ORDER BY day, reason`)
	require.NoError(t, err)
	s.Daily, err = pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	return s
}

func users(n int) []uuid.UUID {
	out := make([]uuid.UUID, n)
	for i := range out {
		out[i] = uuid.New()
	}
	return out
}

func TestLiveProjectionsFollowTheLedger(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.start(t)
	ctx := context.Background()
	user := uuid.New()

	_, err := b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 5, Reason: ledger.ReasonSignupBonus, CommandMeta: eventstore.CommandMeta{Actor: "system"}})
	require.NoError(t, err)
	r, err := b.svc.Charge(ctx, ledgerapp.ChargeCommand{UserID: user, Amount: 2, Reason: ledger.ReasonNeedsCalculation, Ref: "n1", CommandMeta: eventstore.CommandMeta{Actor: eventstore.UserActor(user)}})
	require.NoError(t, err)

	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, b.runner.WaitFor(wctx, r.Position))

	bal, ok, err := balances.Get(ctx, b.pool, user)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, int64(3), bal)

	hist, err := tokenhistory.ForUser(ctx, b.pool, user, 10)
	require.NoError(t, err)
	require.Len(t, hist, 2)
	require.Equal(t, int64(-2), hist[0].Delta)
	require.Equal(t, "needs_calculation", hist[0].Reason)
	require.Equal(t, eventstore.UserActor(user), hist[0].Actor)
	require.Equal(t, int64(5), hist[1].Delta)
	require.Equal(t, "system", hist[1].Actor)
}

func TestRebuildEqualsLive(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.start(t)
	ctx := context.Background()
	last := workload(t, b, users(12), 300, 42)

	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, b.runner.WaitFor(wctx, last))
	live := snap(t, b.pool)
	require.NotEmpty(t, live.History)
	require.NotEmpty(t, live.Daily)

	// Damage the read models first: only a real truncate-and-replay gives the live snapshot
	// back. The runner keeps running during the rebuild (they share the checkpoint rows), so the
	// live consumer may replay a reset checkpoint before the rebuild reads it: who replayed how
	// many events is a race, the result is not.
	for _, q := range []string{
		`UPDATE balances SET balance = balance + 1000`,
		`DELETE FROM token_history WHERE ctid IN (SELECT ctid FROM token_history LIMIT 5)`,
		`DELETE FROM token_history_daily`,
	} {
		_, err := b.pool.Exec(ctx, q)
		require.NoError(t, err)
	}
	require.NotEqual(t, live, snap(t, b.pool))
	for _, p := range []projections.Projection{balances.New(), tokenhistory.New()} {
		_, err := projections.Rebuild(ctx, b.pool, nil, p, 37)
		require.NoError(t, err)
	}
	// A bound of its own: the rebuilds above may have used much of wctx's on a loaded machine.
	wctx, cancel = context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, b.runner.WaitFor(wctx, last))
	require.Equal(t, live, snap(t, b.pool))

	// Invariant: the history sums to the balances.
	var sumHistory, sumBalances int64
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT coalesce(sum(delta),0) FROM token_history`).Scan(&sumHistory))
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT coalesce(sum(balance),0) FROM balances`).Scan(&sumBalances))
	require.Equal(t, sumBalances, sumHistory)
}

func TestRedeliveredEventsChangeNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	workload(t, b, users(5), 80, 7)

	events, err := b.store.ReadAll(ctx, b.pool, 0, 10_000)
	require.NoError(t, err)
	apply := func(evs []eventstore.RecordedEvent) {
		require.NoError(t, eventstore.InTx(ctx, b.pool, func(tx pgx.Tx) error {
			for _, p := range projections.Default() {
				if err := p.Apply(ctx, tx, evs); err != nil {
					return err
				}
			}
			return nil
		}))
	}
	apply(events)
	once := snap(t, b.pool)
	// Every event again, one at a time and in reverse order, then the whole log again.
	for i := len(events) - 1; i >= 0; i-- {
		apply(events[i : i+1])
	}
	apply(events)
	require.Equal(t, once, snap(t, b.pool))
}

func TestWaitForRespectsItsBound(t *testing.T) {
	t.Parallel()
	b := setup(t) // runner not started: the projections never catch up
	ctx := context.Background()
	r, err := b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: uuid.New(), Amount: 1, Reason: ledger.ReasonAdminGrant})
	require.NoError(t, err)
	wctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	require.ErrorIs(t, b.runner.WaitFor(wctx, r.Position), context.DeadlineExceeded)
}

type checkpointRow struct {
	Group string
	XID   string
	Pos   int64
}

func checkpoints(t *testing.T, pool *pgxpool.Pool) []checkpointRow {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT consumer_group, last_processed_transaction_id::text, coalesce(offset_acked, 0) FROM event_offsets ORDER BY consumer_group`)
	require.NoError(t, err)
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (checkpointRow, error) {
		var c checkpointRow
		return c, r.Scan(&c.Group, &c.XID, &c.Pos)
	})
	require.NoError(t, err)
	return out
}

// Rebuilding every projection from one read of the log gives the same tables as the live
// consumers and as rebuilding them one by one, with or without a live runner, and with a pool
// of one connection (no read-ahead).
func TestRebuildAllInOnePassEqualsOneByOne(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	us := users(15)
	last := workload(t, b, us, 250, 99)

	// Live first: the runner builds the tables.
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.runner.Run(runCtx) }()
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, b.runner.WaitFor(wctx, last))
	live := snap(t, b.pool)
	require.NotEmpty(t, live.History)

	// One pass while the runner keeps consuming and new events arrive.
	more := make(chan int64, 1)
	go func() { more <- workload(t, b, us, 60, 100) }()
	stats, err := projections.RebuildAll(ctx, b.pool, nil, projections.Default(), 29)
	require.NoError(t, err)
	require.Len(t, stats, len(projections.Default())) // each may have applied nothing: live consumers race it
	last = max(last, <-more)
	require.NoError(t, b.runner.WaitFor(wctx, last))
	live = snap(t, b.pool)
	stop()
	require.NoError(t, <-done)

	// Runner stopped: one pass, one by one, and one pass on a single connection agree.
	_, err = projections.RebuildAll(ctx, b.pool, nil, projections.Default(), 41)
	require.NoError(t, err)
	require.Equal(t, live, snap(t, b.pool))
	onePass := checkpoints(t, b.pool)
	for _, p := range projections.Default() {
		_, err := projections.Rebuild(ctx, b.pool, nil, p, 41)
		require.NoError(t, err)
	}
	require.Equal(t, live, snap(t, b.pool))
	require.Equal(t, onePass, checkpoints(t, b.pool))

	cfg := b.pool.Config()
	cfg.MaxConns = 1
	single, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(t, err)
	defer single.Close()
	_, err = projections.RebuildAll(ctx, single, nil, projections.Default(), 1000)
	require.NoError(t, err)
	require.Equal(t, live, snap(t, b.pool))
	require.Equal(t, onePass, checkpoints(t, b.pool))

	// A runner carries on from the rebuilt checkpoints: it applies each new event once and
	// nothing the rebuild applied.
	var before int64
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&before))
	counted := []*counting{{Projection: balances.New()}, {Projection: tokenhistory.New()}}
	runner, err := projections.NewRunner(b.pool, nil, projections.WithPollInterval(5*time.Millisecond),
		projections.WithProjections(counted[0], counted[1]))
	require.NoError(t, err)
	runCtx, stop = context.WithCancel(ctx)
	defer stop()
	go func() { done <- runner.Run(runCtx) }()
	last = workload(t, b, us, 40, 101)
	// A bound of its own: the rebuilds above may have used most of wctx's on a loaded machine.
	wctx, cancel = context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, runner.WaitFor(wctx, last))
	stop()
	require.NoError(t, <-done)
	var after int64
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM events`).Scan(&after))
	require.Positive(t, after-before)
	for _, c := range counted {
		require.Equal(t, after-before, c.n.Load(), c.Name())
	}
	live = snap(t, b.pool)
	_, err = projections.RebuildAll(ctx, b.pool, nil, projections.Default(), 5000)
	require.NoError(t, err)
	require.Equal(t, live, snap(t, b.pool))
}

// counting counts the events a projection is given.
type counting struct {
	projections.Projection
	n atomic.Int64
}

func (c *counting) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	c.n.Add(int64(len(events)))
	return c.Projection.Apply(ctx, tx, events)
}
