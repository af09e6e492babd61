package mealprep_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
)

var (
	serverNow = time.Date(2026, 11, 25, 18, 0, 0, 0, time.UTC)
	t1        = serverNow.Add(-10 * time.Minute)
	t2        = serverNow.Add(-5 * time.Minute)
)

func TestTickItemLastWriteWins(t *testing.T) {
	ticked := mealprep.ShoppingItemTicked{FoodCode: 9100, Checked: true, At: t2}

	t.Run("a first tick is recorded", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.TickItem(9100, true, t2, serverNow) }).then(ticked)
	})
	t.Run("a later untick wins", func(t *testing.T) {
		later := serverNow.Add(-time.Minute)
		given(t, created, ticked).when(func(m *mealprep.MealPrep) error { return m.TickItem(9100, false, later, serverNow) }).
			then(mealprep.ShoppingItemTicked{FoodCode: 9100, Checked: false, At: later})
	})
	t.Run("an older tick arriving late changes nothing", func(t *testing.T) {
		o := given(t, created, ticked).when(func(m *mealprep.MealPrep) error { return m.TickItem(9100, false, t1, serverNow) })
		o.thenNothing()
		require.Equal(t, mealprep.Tick{Checked: true, At: t2}, o.m.Ticks()[9100])
	})
	t.Run("the same tick sent twice is recorded once", func(t *testing.T) {
		given(t, created, ticked).when(func(m *mealprep.MealPrep) error { return m.TickItem(9100, true, t2, serverNow) }).thenNothing()
	})
	t.Run("foods are independent", func(t *testing.T) {
		o := given(t, created, ticked).when(func(m *mealprep.MealPrep) error { return m.TickItem(36018, true, t1, serverNow) })
		o.then(mealprep.ShoppingItemTicked{FoodCode: 36018, Checked: true, At: t1})
		require.Len(t, o.m.Ticks(), 2)
	})
	t.Run("a clock far ahead is taken as the server's now", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error {
			return m.TickItem(9100, true, serverNow.Add(48*time.Hour), serverNow)
		}).
			then(mealprep.ShoppingItemTicked{FoodCode: 9100, Checked: true, At: serverNow})
	})
	t.Run("a tick without a time is refused", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.TickItem(9100, true, time.Time{}, serverNow) }).thenError(mealprep.ErrTickTime)
	})
	t.Run("a deleted meal prep refuses ticks", func(t *testing.T) {
		given(t, created, deleted).when(func(m *mealprep.MealPrep) error { return m.TickItem(9100, true, t2, serverNow) }).thenError(mealprep.ErrNotFound)
	})
	t.Run("the event round-trips through Decode", func(t *testing.T) {
		b, err := json.Marshal(ticked)
		require.NoError(t, err)
		e, err := mealprep.Decode(mealprep.TypeShoppingItemTicked, b)
		require.NoError(t, err)
		require.Equal(t, ticked, e)
	})
}
