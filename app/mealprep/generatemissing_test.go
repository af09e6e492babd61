package mealprep_test

import (
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
)

// charge is one TokensCharged event of a generation, with the transaction that wrote it.
type charge struct {
	Ref    string
	Amount int64
	Tx     uint64
}

func generationCharges(t *testing.T, e env, owner uuid.UUID) []charge {
	t.Helper()
	rows, err := e.pool.Query(t.Context(), `SELECT payload->>'ref', (payload->>'amount')::bigint, transaction_id::text::bigint FROM events
		WHERE stream_id = $1 AND event_type = 'TokensCharged.v1' AND payload->>'reason' = 'recipe_generation' ORDER BY position`, ledger.StreamID(owner))
	require.NoError(t, err)
	defer rows.Close()
	var out []charge
	for rows.Next() {
		var c charge
		require.NoError(t, rows.Scan(&c.Ref, &c.Amount, &c.Tx))
		out = append(out, c)
	}
	require.NoError(t, rows.Err())
	return out
}

// requestsOf are a meal prep's generation requests: category → count, and the transactions that wrote them.
func requestsOf(t *testing.T, e env, id uuid.UUID) (map[mealprep.Category]int, map[uint64]bool) {
	t.Helper()
	rows, err := e.pool.Query(t.Context(), `SELECT payload->>'category', (payload->>'count')::int, transaction_id::text::bigint FROM events
		WHERE stream_id = $1 AND event_type = $2`, mealprep.StreamID(id), mealprep.TypeRecipeGenerationRequested)
	require.NoError(t, err)
	defer rows.Close()
	cats, txs := map[mealprep.Category]int{}, map[uint64]bool{}
	for rows.Next() {
		var (
			c  mealprep.Category
			n  int
			tx uint64
		)
		require.NoError(t, rows.Scan(&c, &n, &tx))
		cats[c] += n
		txs[tx] = true
	}
	require.NoError(t, rows.Err())
	return cats, txs
}

// TestGenerateWhatIsMissingIsOneServerCommand: "generate what is missing" used to be run by the
// browser, one request per missing meal, each sent when the previous ended, so closing the tab
// lost the rest. It is one command: every missing meal asked for, charged and queued in one
// transaction, under one idempotency key.
func TestGenerateWhatIsMissingIsOneServerCommand(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 10)
	id := e.mealPrep(t, owner)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	week := mealprep.RecipesWanted(p.Split, mealprep.PlanDays)
	require.Equal(t, map[mealprep.Category]int{mealprep.Breakfast: 2, mealprep.LunchDinner: 4, mealprep.Snack: 2}, week,
		"a varied week of the default split, not one day repeated")
	in := mealprepapp.GenerateMissingInput{Owner: owner, MealPrepID: id, Expected: 8, IdempotencyKey: "missing-1"}

	reqs, _, err := e.svc.GenerateMissing(ctx, in)
	require.NoError(t, err)
	require.Len(t, reqs, 3)
	cats, txs := requestsOf(t, e, id)
	require.Equal(t, week, cats, "every missing recipe is asked for, as many as a varied week needs")
	require.EqualValues(t, 2, e.balance(t, owner), "8 tokens for 8 recipes")
	charges := generationCharges(t, e, owner)
	require.Len(t, charges, 3, "one charge per request")
	var sum int64
	for i, c := range charges {
		require.Equal(t, reqs[i].String(), c.Ref, "each request is charged under its id (its refund names it)")
		sum += c.Amount
		txs[c.Tx] = true
	}
	require.EqualValues(t, 8, sum)
	require.Len(t, txs, 1, "the requests and their charges are one transaction")
	var queued []uuid.UUID
	for _, a := range e.jobs.taken() {
		require.Equal(t, id, a.MealPrepID)
		queued = append(queued, a.RequestID)
	}
	require.Equal(t, reqs, queued, "one job per request, inserted in that transaction")
	require.Equal(t, 3, jobsOf(t, e, id))

	// The same click again (a retry, a double submit) is the same command.
	again, _, err := e.svc.GenerateMissing(ctx, in)
	require.NoError(t, err)
	require.Equal(t, reqs, again)
	require.EqualValues(t, 2, e.balance(t, owner))
	require.Equal(t, 3, jobsOf(t, e, id))

	// Another device's click, under its own key, while they run: nothing is missing any more.
	_, _, err = e.svc.GenerateMissing(ctx, mealprepapp.GenerateMissingInput{Owner: owner, MealPrepID: id, Expected: 8, IdempotencyKey: "missing-2"})
	require.ErrorIs(t, err, mealprep.ErrNothingMissing)
	require.EqualValues(t, 2, e.balance(t, owner))
	require.Len(t, generationCharges(t, e, owner), 3)
}

func TestGenerateWhatIsMissingChargesNothingWhenRefused(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()

	// 3 tokens for 8 recipes: nothing asked, nothing charged, nothing queued.
	poor := e.person(t, 3)
	id := e.mealPrep(t, poor)
	_, _, err := e.svc.GenerateMissing(ctx, mealprepapp.GenerateMissingInput{Owner: poor, MealPrepID: id, Expected: 8, IdempotencyKey: "k"})
	require.ErrorIs(t, err, ledger.ErrInsufficientTokens)
	require.EqualValues(t, 3, e.balance(t, poor))
	cats, _ := requestsOf(t, e, id)
	require.Empty(t, cats)
	require.Zero(t, jobsOf(t, e, id))

	// A price that is not the one shown, another person's meal prep: refused alike.
	owner := e.person(t, 10)
	mine := e.mealPrep(t, owner)
	_, _, err = e.svc.GenerateMissing(ctx, mealprepapp.GenerateMissingInput{Owner: owner, MealPrepID: mine, Expected: 4})
	require.ErrorIs(t, err, mealprep.ErrMissingChanged)
	_, _, err = e.svc.GenerateMissing(ctx, mealprepapp.GenerateMissingInput{Owner: poor, MealPrepID: mine, Expected: 8})
	require.ErrorIs(t, err, mealprep.ErrNotFound)
	require.EqualValues(t, 10, e.balance(t, owner))
	require.Empty(t, generationCharges(t, e, owner))

	// Two devices at once, each with its own key: one set is asked for and paid, once.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() {
			_, _, errs[i] = e.svc.GenerateMissing(ctx, mealprepapp.GenerateMissingInput{Owner: owner, MealPrepID: mine, Expected: 8, IdempotencyKey: uuid.NewString()})
		})
	}
	wg.Wait()
	require.Equal(t, 1, countNil(errs))
	for _, err := range errs {
		if err != nil {
			require.ErrorIs(t, err, mealprep.ErrNothingMissing)
		}
	}
	require.EqualValues(t, 2, e.balance(t, owner))
	require.Len(t, generationCharges(t, e, owner), 3)
	require.Equal(t, 3, jobsOf(t, e, mine))
}

// jobsOf counts the generation jobs queued for a meal prep.
func jobsOf(t *testing.T, e env, id uuid.UUID) int {
	t.Helper()
	var n int
	require.NoError(t, e.pool.QueryRow(t.Context(), `SELECT count(*) FROM river_job WHERE args->>'mealPrepID' = $1`, id.String()).Scan(&n))
	return n
}

func countNil(errs []error) int {
	n := 0
	for _, err := range errs {
		if err == nil {
			n++
		}
	}
	return n
}
