package mealprep_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/app/mealprep/mealpreptest"
	"github.com/gamelle/gamelle/app/nutrition/foodstest"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
)

// Foods of the shipped CIQUAL table used below.
const (
	chickenCode = 36018 // Poulet, filet sans peau grillé/poêlé
	// riceCode is cooked white rice, oilCode extra virgin olive oil.
	riceCode = 9104
	oilCode  = 17270
)

type env struct {
	pool   *pgxpool.Pool
	store  *eventstore.Store
	ledger *ledgerapp.Service
	jobs   *recordingInserter
	svc    *mealprepapp.Service
}

// recordingInserter inserts through a real insert-only River client and remembers the args, or
// fails when told to (to prove the charge rolls back with it).
type recordingInserter struct {
	client *river.Client[pgx.Tx]
	mu     sync.Mutex
	args   []mealprepapp.GenerateArgs
	fail   bool
}

func (r *recordingInserter) InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail {
		return nil, errors.New("job queue unavailable")
	}
	res, err := r.client.InsertTx(ctx, tx, args, opts)
	if err == nil {
		r.args = append(r.args, args.(mealprepapp.GenerateArgs))
	}
	return res, err
}

func (r *recordingInserter) taken() []mealprepapp.GenerateArgs {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]mealprepapp.GenerateArgs(nil), r.args...)
}

func setup(t *testing.T) env {
	t.Helper()
	db := foodstest.New(t) // the CIQUAL foods, imported once into the template
	store := eventstore.New(db.Pool)
	lsvc := ledgerapp.New(db.Pool, store)
	client, err := river.NewClient(riverpgxv5.New(db.Pool), &river.Config{})
	require.NoError(t, err)
	jobs := &recordingInserter{client: client}
	return env{pool: db.Pool, store: store, ledger: lsvc, jobs: jobs, svc: mealprepapp.New(db.Pool, store, lsvc, jobs)}
}

func (e env) person(t *testing.T, tokens int64) uuid.UUID {
	t.Helper()
	id := uuid.New()
	_, err := e.pool.Exec(t.Context(), `INSERT INTO users (id, email) VALUES ($1, $2)`, id, id.String()+"@example.test")
	require.NoError(t, err)
	if tokens > 0 {
		_, err = e.ledger.Grant(t.Context(), ledgerapp.GrantCommand{UserID: id, Amount: tokens, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "test"}})
		require.NoError(t, err)
	}
	return id
}

func (e env) balance(t *testing.T, id uuid.UUID) int64 {
	t.Helper()
	b, err := e.ledger.Balance(t.Context(), id)
	require.NoError(t, err)
	return b
}

// mealPrepOf creates a meal prep called name holding the foods codes (no quantity).
func (e env) mealPrepOf(t *testing.T, owner uuid.UUID, name string, codes ...int) uuid.UUID {
	t.Helper()
	id, _, err := e.svc.Create(t.Context(), owner, name)
	require.NoError(t, err)
	for _, code := range codes {
		_, err := e.svc.SetFood(t.Context(), owner, id, code, 0)
		require.NoError(t, err)
	}
	return id
}

// mealPrep creates a meal prep with chicken, rice and oil.
func (e env) mealPrep(t *testing.T, owner uuid.UUID) uuid.UUID {
	t.Helper()
	ctx := t.Context()
	id, _, err := e.svc.Create(ctx, owner, "Semaine 1")
	require.NoError(t, err)
	for code, g := range map[int]int{chickenCode: 600, riceCode: 500, oilCode: 50} {
		_, err := e.svc.SetFood(ctx, owner, id, code, g)
		require.NoError(t, err)
	}
	return id
}

func quiet() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

func TestCommandsAndOwnership(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	a, b := e.person(t, 0), e.person(t, 0)
	id := e.mealPrep(t, a)

	m, err := e.svc.Load(ctx, a, id)
	require.NoError(t, err)
	require.Len(t, m.Foods(), 3)

	// B can neither read nor change A's meal prep, and learns nothing from the error.
	_, err = e.svc.Load(ctx, b, id)
	require.ErrorIs(t, err, mealprep.ErrNotFound)
	_, err = e.svc.SetFood(ctx, b, id, riceCode, 100)
	require.ErrorIs(t, err, mealprep.ErrNotFound)
	_, err = e.svc.Rename(ctx, b, id, "volé")
	require.ErrorIs(t, err, mealprep.ErrNotFound)
	_, err = e.svc.Delete(ctx, b, id)
	require.ErrorIs(t, err, mealprep.ErrNotFound)
	_, _, err = e.svc.Duplicate(ctx, b, id, "copie")
	require.ErrorIs(t, err, mealprep.ErrNotFound)

	// Unknown foods and bad quantities are refused.
	_, err = e.svc.SetFood(ctx, a, id, 99999999, 100)
	require.ErrorIs(t, err, mealprepapp.ErrUnknownFood)
	_, err = e.svc.SetFood(ctx, a, id, riceCode, 5001)
	require.ErrorIs(t, err, mealprep.ErrInvalidGrams)

	// The name is stored beside the log, not in it.
	_, err = e.svc.Rename(ctx, a, id, "Semaine 2")
	require.NoError(t, err)
	var name string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT name FROM mealprep_texts WHERE subject_id = $1`, id).Scan(&name))
	require.Equal(t, "Semaine 2", name)
	var inLog int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE payload::text LIKE '%Semaine%'`).Scan(&inLog))
	require.Zero(t, inLog)

	copyID, _, err := e.svc.Duplicate(ctx, a, id, "Semaine 2 (copie)")
	require.NoError(t, err)
	c, err := e.svc.Load(ctx, a, copyID)
	require.NoError(t, err)
	require.ElementsMatch(t, m.Foods(), c.Foods())

	_, err = e.svc.Delete(ctx, a, id)
	require.NoError(t, err)
	_, err = e.svc.Load(ctx, a, id)
	require.ErrorIs(t, err, mealprep.ErrNotFound)
}

func TestGenerateIsAtomic(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 5)
	id := e.mealPrep(t, owner)

	t.Run("a failing job insert rolls back the charge and the request", func(t *testing.T) {
		e.jobs.mu.Lock()
		e.jobs.fail = true
		e.jobs.mu.Unlock()
		_, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 2})
		require.Error(t, err)
		e.jobs.mu.Lock()
		e.jobs.fail = false
		e.jobs.mu.Unlock()
		require.EqualValues(t, 5, e.balance(t, owner))
		var n int
		require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE event_type = $1`, mealprep.TypeRecipeGenerationRequested).Scan(&n))
		require.Zero(t, n)
	})
	t.Run("not enough tokens charges nothing", func(t *testing.T) {
		_, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.Snack, Count: 6})
		require.ErrorIs(t, err, ledger.ErrInsufficientTokens)
		require.EqualValues(t, 5, e.balance(t, owner))
		require.Empty(t, e.jobs.taken())
	})
	t.Run("bad requests charge nothing", func(t *testing.T) {
		for _, c := range []mealprepapp.GenerateCommand{
			{Owner: owner, MealPrepID: id, Category: "dinner", Count: 1},
			{Owner: owner, MealPrepID: id, Category: mealprep.Snack, Count: 0},
			{Owner: owner, MealPrepID: id, Category: mealprep.Snack, Count: 11},
			{Owner: e.person(t, 5), MealPrepID: id, Category: mealprep.Snack, Count: 1},
		} {
			_, _, err := e.svc.Generate(ctx, c)
			require.Error(t, err)
		}
		require.EqualValues(t, 5, e.balance(t, owner))
	})
	t.Run("a meal prep without foods cannot generate", func(t *testing.T) {
		empty, _, err := e.svc.Create(ctx, owner, "vide")
		require.NoError(t, err)
		_, _, err = e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: empty, Category: mealprep.Snack, Count: 1})
		require.ErrorIs(t, err, mealprep.ErrNoFoods)
		require.EqualValues(t, 5, e.balance(t, owner))
	})
	t.Run("a double-submitted form charges once", func(t *testing.T) {
		cmd := mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 2, IdempotencyKey: "form-1"}
		var wg sync.WaitGroup
		ids := make([]uuid.UUID, 2)
		errs := make([]error, 2)
		for i := range 2 {
			wg.Go(func() { ids[i], _, errs[i] = e.svc.Generate(ctx, cmd) })
		}
		wg.Wait()
		require.NoError(t, errs[0])
		require.NoError(t, errs[1])
		require.Equal(t, ids[0], ids[1])
		require.EqualValues(t, 3, e.balance(t, owner))
		require.Len(t, e.jobs.taken(), 1)
	})
}

// flaky fails its first failures calls, then delegates to the built-in generator.
type flaky struct {
	mu       sync.Mutex
	failures int
	calls    int
}

func (f *flaky) Generate(ctx context.Context, in nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	f.mu.Lock()
	f.calls++
	fail := f.calls <= f.failures
	f.mu.Unlock()
	if fail {
		return nil, errors.New("generator down")
	}
	return mealpreptest.ScaledGenerator{}.Generate(ctx, in)
}

// halfway makes the first recipe of a request and fails on the second.
type halfway struct{}

func (halfway) Generate(ctx context.Context, in nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	rs, err := mealpreptest.ScaledGenerator{}.Generate(ctx, in)
	if err != nil || len(rs) < 2 {
		return rs, err
	}
	return rs[:1], errors.New("generator down")
}

// fewer makes only the first recipe of a request, without error: the built-in engine does so
// when the foods make fewer distinct plates than asked.
type fewer struct{}

func (fewer) Generate(ctx context.Context, in nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	rs, err := mealpreptest.ScaledGenerator{}.Generate(ctx, in)
	if err != nil || len(rs) < 2 {
		return rs, err
	}
	return rs[:1], nil
}

// contradicted refuses every request as the engine does when the calorie goal contradicts the
// macros.
type contradicted struct{}

func (contradicted) Generate(context.Context, nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	return nil, &nutrition.Unsolvable{Code: "inconsistent_target"}
}

func countRecipes(t *testing.T, e env, req uuid.UUID) int {
	t.Helper()
	var n int
	require.NoError(t, e.pool.QueryRow(t.Context(), `SELECT count(*) FROM events WHERE event_type = $1 AND payload->>'requestID' = $2`,
		mealprep.TypeRecipeGenerated, req.String()).Scan(&n))
	return n
}

func refunds(t *testing.T, e env, req uuid.UUID) int64 {
	t.Helper()
	var n int64
	require.NoError(t, e.pool.QueryRow(t.Context(), `SELECT coalesce(sum((payload->>'amount')::bigint), 0) FROM events
		WHERE event_type = 'TokensGranted.v1' AND payload->>'reason' = 'refund' AND payload->>'ref' = $1`, req.String()).Scan(&n))
	return n
}

func workTx(t *testing.T, e env) pgx.Tx {
	t.Helper()
	tx, err := e.pool.Begin(t.Context())
	require.NoError(t, err)
	t.Cleanup(func() { _ = tx.Rollback(context.Background()) })
	return tx
}

func TestWorker(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 10)
	id := e.mealPrep(t, owner)
	gen := func(n int) mealprepapp.GenerateArgs {
		t.Helper()
		req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: n})
		require.NoError(t, err)
		return mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}
	}

	t.Run("recipes are made; a retried job makes no duplicate", func(t *testing.T) {
		args := gen(2)
		w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, mealpreptest.ScaledGenerator{}, 0))
		tx := workTx(t, e)
		res, err := w.Work(ctx, t, tx, args, nil)
		require.NoError(t, err)
		require.Equal(t, river.EventKindJobCompleted, res.EventKind)
		require.Equal(t, 2, countRecipes(t, e, args.RequestID))
		res, err = w.Work(ctx, t, tx, args, nil) // the same job delivered again
		require.NoError(t, err)
		require.Equal(t, river.EventKindJobCompleted, res.EventKind)
		require.Equal(t, 2, countRecipes(t, e, args.RequestID))
		require.Zero(t, refunds(t, e, args.RequestID))
	})
	t.Run("a transient failure is retried and then succeeds", func(t *testing.T) {
		args := gen(1)
		w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, &flaky{failures: 1}, 0))
		tx := workTx(t, e)
		res, err := w.Work(ctx, t, tx, args, nil)
		require.Error(t, err, "the attempt fails and River will retry it")
		require.Equal(t, river.EventKindJobFailed, res.EventKind)
		res, err = w.WorkJob(ctx, t, tx, res.Job)
		require.NoError(t, err)
		require.Equal(t, river.EventKindJobCompleted, res.EventKind)
		require.Equal(t, 1, countRecipes(t, e, args.RequestID))
		require.Zero(t, refunds(t, e, args.RequestID))
	})
	t.Run("the final failure refunds the recipes not made, once", func(t *testing.T) {
		before := e.balance(t, owner)
		args := gen(2)
		require.Equal(t, before-2, e.balance(t, owner))
		w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, halfway{}, 0))
		tx := workTx(t, e)
		res, err := w.Work(ctx, t, tx, args, nil)
		for range mealprepapp.JobMaxAttempts - 1 {
			require.Error(t, err)
			require.Equal(t, river.EventKindJobFailed, res.EventKind)
			require.Zero(t, refunds(t, e, args.RequestID), "no refund before the last attempt")
			res, err = w.WorkJob(ctx, t, tx, res.Job)
		}
		require.NoError(t, err)
		require.Equal(t, river.EventKindJobCompleted, res.EventKind, "the last attempt closes the request")
		require.Equal(t, 1, countRecipes(t, e, args.RequestID))
		require.EqualValues(t, 1, refunds(t, e, args.RequestID))
		require.Equal(t, before-1, e.balance(t, owner))
		// Running again (a redelivery after a crash) refunds nothing more.
		_, err = w.Work(ctx, t, tx, args, &river.InsertOpts{MaxAttempts: 1})
		require.NoError(t, err)
		require.NoError(t, e.svc.FailRequest(ctx, args, mealprep.FailureGenerator, mealprep.Diagnosis{}))
		require.EqualValues(t, 1, refunds(t, e, args.RequestID))
		require.Equal(t, before-1, e.balance(t, owner))
	})
	t.Run("fewer distinct recipes than asked: the missing ones are refunded at once", func(t *testing.T) {
		before := e.balance(t, owner)
		args := gen(3)
		w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, fewer{}, 0))
		tx := workTx(t, e)
		res, err := w.Work(ctx, t, tx, args, nil)
		require.NoError(t, err, "no retry: asking again makes no more distinct recipes")
		require.Equal(t, river.EventKindJobCompleted, res.EventKind)
		require.Equal(t, 1, countRecipes(t, e, args.RequestID))
		require.EqualValues(t, 2, refunds(t, e, args.RequestID))
		require.Equal(t, before-1, e.balance(t, owner), "charged for the one recipe made")
		var reason string
		require.NoError(t, e.pool.QueryRow(ctx, `SELECT payload->>'reason' FROM events WHERE event_type = $1 AND payload->>'requestID' = $2`,
			mealprep.TypeRecipeGenerationFailed, args.RequestID.String()).Scan(&reason))
		require.Equal(t, string(mealprep.FailureTooFew), reason)
	})
	t.Run("a calorie goal that contradicts the macros refunds everything and says so", func(t *testing.T) {
		before := e.balance(t, owner)
		args := gen(2)
		w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, contradicted{}, 0))
		res, err := w.Work(ctx, t, workTx(t, e), args, nil)
		require.NoError(t, err)
		require.Equal(t, river.EventKindJobCompleted, res.EventKind)
		require.Equal(t, before, e.balance(t, owner))
		var reason string
		require.NoError(t, e.pool.QueryRow(ctx, `SELECT payload->>'reason' FROM events WHERE event_type = $1 AND payload->>'requestID' = $2`,
			mealprep.TypeRecipeGenerationFailed, args.RequestID.String()).Scan(&reason))
		require.Equal(t, string(mealprep.FailureInconsistentTarget), reason)
	})
	t.Run("a deleted meal prep refunds everything", func(t *testing.T) {
		other := e.mealPrep(t, owner)
		before := e.balance(t, owner)
		req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: other, Category: mealprep.Snack, Count: 2})
		require.NoError(t, err)
		_, err = e.svc.Delete(ctx, owner, other)
		require.NoError(t, err)
		w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, mealpreptest.ScaledGenerator{}, 0))
		res, err := w.Work(ctx, t, workTx(t, e), mealprepapp.GenerateArgs{RequestID: req, MealPrepID: other, OwnerID: owner}, nil)
		require.NoError(t, err)
		require.Equal(t, river.EventKindJobCompleted, res.EventKind)
		require.Equal(t, before, e.balance(t, owner))
	})
}

// slowGen never answers before its context ends.
type slowGen struct{}

func (slowGen) Generate(ctx context.Context, _ nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestWorkerTimeout(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 1)
	id := e.mealPrep(t, owner)
	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.Snack, Count: 1})
	require.NoError(t, err)
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, slowGen{}, 50*time.Millisecond))
	res, err := w.Work(ctx, t, workTx(t, e), mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, &river.InsertOpts{MaxAttempts: 1})
	require.NoError(t, err)
	require.Equal(t, river.EventKindJobCompleted, res.EventKind)
	require.EqualValues(t, 1, e.balance(t, owner), "timed out on its last attempt: refunded")
	var reason string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT payload->>'reason' FROM events WHERE event_type = $1`, mealprep.TypeRecipeGenerationFailed).Scan(&reason))
	require.Equal(t, string(mealprep.FailureTimeout), reason)
}

// TestConcurrentGenerateNeverOverdraws: 16 requests race on a balance of 5; the wallet never
// goes below zero, and once the jobs ran every charged request has its recipes or its refund.
func TestConcurrentGenerateNeverOverdraws(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 5)
	id := e.mealPrep(t, owner)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var charged []uuid.UUID
	refused := 0
	for i := range 16 {
		wg.Go(func() {
			req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.Snack, Count: 1 + i%2})
			mu.Lock()
			defer mu.Unlock()
			if errors.Is(err, ledger.ErrInsufficientTokens) {
				refused++
				return
			}
			require.NoError(t, err)
			charged = append(charged, req)
		})
	}
	wg.Wait()
	require.GreaterOrEqual(t, e.balance(t, owner), int64(0))
	require.NotEmpty(t, charged)
	require.Equal(t, 16, len(charged)+refused)
	var minBalance int64
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT min((payload->>'balanceAfter')::bigint) FROM events WHERE stream_id = $1`, ledger.StreamID(owner)).Scan(&minBalance))
	require.GreaterOrEqual(t, minBalance, int64(0))

	// Work every job for real: a generator that fails every other request's jobs for good.
	workers := river.NewWorkers()
	require.NoError(t, mealprepapp.Register(workers, mealprepapp.NewWorker(e.svc, &alternating{}, 0)))
	client, err := river.NewClient(riverpgxv5.New(e.pool), &river.Config{
		Workers: workers, Queues: map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}},
		FetchPollInterval: 20 * time.Millisecond, FetchCooldown: 10 * time.Millisecond, Logger: quiet(),
	})
	require.NoError(t, err)
	require.NoError(t, client.Start(ctx))
	defer func() { _ = client.Stop(context.Background()) }()
	require.Eventually(t, func() bool {
		var open int
		require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE state NOT IN ('completed', 'discarded', 'cancelled')`).Scan(&open))
		return open == 0
	}, 60*time.Second, 50*time.Millisecond)

	for _, req := range charged {
		var count int
		require.NoError(t, e.pool.QueryRow(ctx, `SELECT (payload->>'amount')::int FROM events WHERE event_type = 'TokensCharged.v1' AND payload->>'ref' = $1`, req.String()).Scan(&count))
		made, back := countRecipes(t, e, req), refunds(t, e, req)
		require.EqualValues(t, count, int64(made)+back, "request %s: %d charged = %d recipes + %d refunded", req, count, made, back)
	}
}

// alternating fails for good (every attempt) on odd seeds.
type alternating struct{}

func (alternating) Generate(ctx context.Context, in nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	if in.Seed%2 == 1 {
		return nil, fmt.Errorf("seed %d: generator refuses", in.Seed)
	}
	return mealpreptest.ScaledGenerator{}.Generate(ctx, in)
}

// TestProjectionsRebuildEqualsLive drives commands and jobs, lets the live runner build the
// meal-prep read models, then rebuilds them and compares every row.
func TestProjectionsRebuildEqualsLive(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	runner, err := projections.NewRunner(e.pool, quiet(), projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	defer func() { cancel(); require.NoError(t, <-done) }()

	owner := e.person(t, 10)
	a := e.mealPrep(t, owner)
	b := e.mealPrep(t, owner)
	_, err = e.svc.SetFood(ctx, owner, a, riceCode, 250)
	require.NoError(t, err)
	_, err = e.svc.RemoveFood(ctx, owner, a, oilCode)
	require.NoError(t, err)
	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: a, Category: mealprep.LunchDinner, Count: 3})
	require.NoError(t, err)
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, mealpreptest.ScaledGenerator{}, 0))
	// Committed, not held open: an open transaction holds every consumer back (docs/eventstore.md).
	tx := workTx(t, e)
	_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: req, MealPrepID: a, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
	m, err := e.svc.Load(ctx, owner, a)
	require.NoError(t, err)
	ids := m.RecipeIDs()
	require.Len(t, ids, 3)
	two := 2
	_, err = e.svc.UpdateRecipe(ctx, owner, a, ids[0], mealprep.RecipeChange{Servings: &two, Ingredients: []mealprep.Ingredient{{FoodCode: chickenCode, Grams: 200}}})
	require.NoError(t, err)
	last, err := e.svc.DeleteRecipes(ctx, owner, a, ids[1])
	require.NoError(t, err)
	_, err = e.svc.Delete(ctx, owner, b)
	require.NoError(t, err)
	_, _, err = e.svc.Duplicate(ctx, owner, a, "copie")
	require.NoError(t, err)
	var pos int64
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT max(position) FROM events`).Scan(&pos))
	require.Greater(t, pos, last.Position)
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	require.NoError(t, runner.WaitFor(wctx, pos))

	tables := []string{"mealprep_list", "mealprep_detail", "recipes", "generation_requests"}
	snapshot := func() map[string][]string {
		out := map[string][]string{}
		for _, tbl := range tables {
			rows, err := e.pool.Query(ctx, `SELECT t::text FROM `+tbl+` t ORDER BY t::text`)
			require.NoError(t, err)
			out[tbl], err = pgx.CollectRows(rows, pgx.RowTo[string])
			require.NoError(t, err)
		}
		return out
	}
	live := snapshot()
	require.Len(t, live["recipes"], 2)
	require.Len(t, live["generation_requests"], 1)
	require.Contains(t, live["generation_requests"][0], ",3,3,f,")

	// Redelivering everything changes nothing.
	all, err := e.store.ReadAll(ctx, e.pool, 0, 10000)
	require.NoError(t, err)
	ps, err := projections.ByName(tables...)
	require.NoError(t, err)
	for _, p := range ps {
		require.NoError(t, pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error { return p.Apply(ctx, tx, all) }))
	}
	require.Equal(t, live, snapshot())

	_, err = projections.RebuildAll(ctx, e.pool, quiet(), ps, 7)
	require.NoError(t, err)
	require.Equal(t, live, snapshot())
}

func TestExportHoldsNamesFoodsAndCustomFoods(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 0)
	id := e.mealPrep(t, owner)
	_, _, errs, err := e.svc.AddCustomFood(ctx, owner, mealprep.CustomFood{Name: "Granola maison", Language: "fr", Unit: "g", Kcal: 450, ProteinG: 10, FatG: 18, CarbsG: 60})
	require.NoError(t, err)
	require.Empty(t, errs)
	runner, err := projections.NewRunner(e.pool, quiet())
	require.NoError(t, err)
	var pos int64
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT max(position) FROM events`).Scan(&pos))
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	defer func() { cancel(); <-done }()
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	require.NoError(t, runner.WaitFor(wctx, pos))

	got, err := e.svc.Export(ctx, e.pool, owner)
	require.NoError(t, err)
	out := got.(mealprepapp.PersonalExport)
	require.Len(t, out.MealPreps, 1)
	require.Equal(t, id, out.MealPreps[0].ID)
	require.Equal(t, "Semaine 1", out.MealPreps[0].Name)
	require.Len(t, out.MealPreps[0].Foods, 3)
	require.Len(t, out.CustomFoods, 1)
	require.Equal(t, "Granola maison", out.CustomFoods[0]["name"])
}
