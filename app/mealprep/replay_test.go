package mealprep_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/app/mealprep/mealpreptest"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// streamReads counts the statements that read a whole stream (a replay), in queries and in
// pipelined batches alike.
type streamReads struct{ n atomic.Int64 }

func (s *streamReads) count(sql string) {
	if strings.Contains(sql, "FROM events WHERE stream_id = $1") && !strings.Contains(sql, "DESC LIMIT 1") {
		s.n.Add(1)
	}
}

func (s *streamReads) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	s.count(d.SQL)
	return ctx
}
func (*streamReads) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (*streamReads) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}
func (s *streamReads) TraceBatchQuery(_ context.Context, _ *pgx.Conn, d pgx.TraceBatchQueryData) {
	s.count(d.SQL)
}
func (*streamReads) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// TestGenerationReplaysTheStreamTwiceWhateverTheCount: a job reads the meal prep once to know
// what to make and once, in its write's first round trip, to record every recipe; it used to
// replay the stream once more per recipe.
func TestGenerationReplaysTheStreamTwiceWhateverTheCount(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	cfg := e.pool.Config().Copy()
	reads := &streamReads{}
	cfg.ConnConfig.Tracer = reads
	traced, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(traced.Close)
	store := eventstore.New(traced)
	svc := mealprepapp.New(traced, store, ledgerapp.New(traced, store), e.jobs)

	owner := e.person(t, 10)
	id := e.mealPrep(t, owner)
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(svc, mealpreptest.ScaledGenerator{}, 0))
	for _, count := range []int{1, 4} {
		req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: count})
		require.NoError(t, err)
		reads.n.Store(0)
		res, err := w.Work(ctx, t, workTx(t, e), mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, nil)
		require.NoError(t, err)
		require.Equal(t, river.EventKindJobCompleted, res.EventKind)
		require.Equal(t, count, countRecipes(t, e, req))
		require.EqualValues(t, 2, reads.n.Load(), "stream reads for a request of %d recipes", count)
	}
}
