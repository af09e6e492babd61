package mealprep_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/projections"
)

// TestOwnedReadsTheReadModelOnlyWhenItIsCurrent: pages check ownership and read foods from the
// read models, but never show a meal prep as it was before the person's last change: while the
// projections are behind the stream, the stream answers.
func TestOwnedReadsTheReadModelOnlyWhenItIsCurrent(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	a, b := e.person(t, 0), e.person(t, 0)
	id := e.mealPrep(t, a) // no projection runs yet: the read models have nothing

	h, err := e.svc.Owned(ctx, a, id)
	require.NoError(t, err)
	require.False(t, h.Current)
	require.Equal(t, "Semaine 1", h.Name)
	require.Equal(t, 3, h.FoodCount)
	foods, err := e.svc.FoodsOf(ctx, h)
	require.NoError(t, err)
	require.Len(t, foods, 3)
	_, err = e.svc.Owned(ctx, b, id)
	require.ErrorIs(t, err, mealprep.ErrNotFound)

	runner, err := projections.NewRunner(e.pool, quiet(), projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	defer func() { cancel(); require.NoError(t, <-done) }()
	res, err := e.svc.RemoveFood(ctx, a, id, oilCode)
	require.NoError(t, err)
	require.NoError(t, e.svc.WaitForReadModels(ctx, res.Position))

	h, err = e.svc.Owned(ctx, a, id)
	require.NoError(t, err)
	require.True(t, h.Current, "caught up: the read models answer")
	require.Equal(t, 2, h.FoodCount)
	fromModel, err := e.svc.FoodsOf(ctx, h)
	require.NoError(t, err)
	m, err := e.svc.Load(ctx, a, id)
	require.NoError(t, err)
	require.Equal(t, m.Foods(), fromModel, "the read model's foods are the stream's, in order")
	_, err = e.svc.Owned(ctx, b, id)
	require.ErrorIs(t, err, mealprep.ErrNotFound)

	res, err = e.svc.Delete(ctx, a, id)
	require.NoError(t, err)
	require.NoError(t, e.svc.WaitForReadModels(ctx, res.Position))
	_, err = e.svc.Owned(ctx, a, id)
	require.ErrorIs(t, err, mealprep.ErrNotFound)
}
