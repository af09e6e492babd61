package mealprep_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/app/mealprep/mealpreptest"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
)

// workAll runs every job the service inserted since the given count, each in its own committed
// transaction, as the worker process would, with a generator that makes every recipe asked for
// (the engine may make fewer distinct recipes than asked for a target, and refund the rest).
func workAll(t *testing.T, e env, from int) {
	t.Helper()
	ctx := t.Context()
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, mealpreptest.ScaledGenerator{}, 0))
	for _, job := range e.jobs.taken()[from:] {
		tx := workTx(t, e)
		_, err := w.Work(ctx, t, tx, job, nil)
		require.NoError(t, err)
		require.NoError(t, tx.Commit(ctx))
	}
}

// idsOf is the ids of a page's recipes, as "regenerate the rest" names them.
func idsOf(rs []mealprepapp.RecipeView) []uuid.UUID {
	ids := make([]uuid.UUID, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	return ids
}

// charged is how many charges a person's wallet holds and how many tokens they took.
func charged(t *testing.T, e env, owner uuid.UUID) (n, tokens int64) {
	t.Helper()
	require.NoError(t, e.pool.QueryRow(t.Context(), `SELECT count(*), coalesce(sum((payload->>'amount')::bigint), 0) FROM events
		WHERE event_type = 'TokensCharged.v1' AND stream_id = $1`, ledger.StreamID(owner)).Scan(&n, &tokens))
	return n, tokens
}

// TestRegenerateMoreThanTenRecipes: "regenerate the rest" on 12 recipes not kept used to answer
// 500 (a request makes at most 10). It makes them all, in batches of at most 10 charged in the
// one transaction, and each new recipe takes an old one's place.
func TestRegenerateMoreThanTenRecipes(t *testing.T) {
	t.Parallel()
	e, runner, owner, id := generatedWeek(t, 30, 10)
	generate(t, e, owner, id, shippedPrices(t), 2)
	waitAll(t, e, runner)
	ctx := t.Context()
	p, before := personRecipes(t, e, owner, id)
	require.Len(t, before, 12)
	require.EqualValues(t, 18, e.balance(t, owner))
	jobs := len(e.jobs.taken())

	n, _, err := e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id, RecipeIDs: idsOf(before), IdempotencyKey: "all"})
	require.NoError(t, err)
	require.Equal(t, 12, n)
	require.EqualValues(t, 6, e.balance(t, owner), "one token per recipe")
	require.Len(t, e.jobs.taken()[jobs:], 2, "two batches: 10 and 2")

	workAll(t, e, jobs)
	waitAll(t, e, runner)
	after, err := e.svc.Recipes(ctx, p, id, "fr")
	require.NoError(t, err)
	require.Len(t, after, 12)
	old := map[uuid.UUID]bool{}
	for _, r := range before {
		old[r.ID] = true
	}
	for _, r := range after {
		require.False(t, old[r.ID], "every old recipe was replaced")
	}
	require.Equal(t, 12, eventsOf(t, e, id, mealprep.TypeRecipeReplaced))
}

// TestConcurrentRegenerateReplacesOnce: two tabs or two devices of a household press
// "regenerate the rest" on a meal prep of one recipe, each with its own idempotency key. One
// request is charged; the others are refused with nothing charged, and once the job ran the meal
// prep still has one recipe. It used to charge every request and add a recipe per request.
func TestConcurrentRegenerateReplacesOnce(t *testing.T) {
	t.Parallel()
	e, runner, owner, id := generatedWeek(t, 10, 1)
	ctx := t.Context()
	p, before := personRecipes(t, e, owner, id)
	require.Len(t, before, 1)
	chargesBefore, _ := charged(t, e, owner)
	jobs := len(e.jobs.taken())

	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, refused := 0, 0
	for i := range 4 {
		wg.Go(func() {
			n, _, err := e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id, RecipeIDs: idsOf(before), IdempotencyKey: fmt.Sprintf("device-%d", i)})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				require.Equal(t, 1, n)
				ok++
			case errors.Is(err, mealprep.ErrAlreadyReplaced):
				refused++
			default:
				t.Errorf("request %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	require.Equal(t, 1, ok, "one request replaces the recipe")
	require.Equal(t, 3, refused)
	chargesAfter, _ := charged(t, e, owner)
	require.EqualValues(t, 1, chargesAfter-chargesBefore, "exactly one charge")
	require.EqualValues(t, 8, e.balance(t, owner))

	workAll(t, e, jobs)
	waitAll(t, e, runner)
	after, err := e.svc.Recipes(ctx, p, id, "fr")
	require.NoError(t, err)
	require.Len(t, after, 1, "the recipe count is unchanged")
	require.NotEqual(t, before[0].ID, after[0].ID)

	// Asking again for the recipe already replaced is refused, with a new key too.
	_, _, err = e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id, RecipeID: before[0].ID, IdempotencyKey: "late"})
	require.ErrorIs(t, err, mealprep.ErrAlreadyReplaced)
	require.EqualValues(t, 8, e.balance(t, owner))
}
