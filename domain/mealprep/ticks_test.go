package mealprep_test

import (
	"encoding/json"
	"slices"
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
	// A meal prep whose shopping list holds chicken (36018) and rice (9100).
	listed := []mealprep.Event{created, requested, generated(0, recipe1)}
	with := func(more ...mealprep.Event) []mealprep.Event { return append(slices.Clone(listed), more...) }

	t.Run("a first tick is recorded", func(t *testing.T) {
		given(t, listed...).When(func(m *mealprep.MealPrep) error { return m.TickItem(9100, true, t2, serverNow) }).Then(ticked)
	})
	t.Run("a later untick wins", func(t *testing.T) {
		later := serverNow.Add(-time.Minute)
		given(t, with(ticked)...).When(func(m *mealprep.MealPrep) error { return m.TickItem(9100, false, later, serverNow) }).
			Then(mealprep.ShoppingItemTicked{FoodCode: 9100, Checked: false, At: later})
	})
	t.Run("an older tick arriving late changes nothing", func(t *testing.T) {
		o := given(t, with(ticked)...).When(func(m *mealprep.MealPrep) error { return m.TickItem(9100, false, t1, serverNow) })
		o.Then()
		require.Equal(t, mealprep.Tick{Checked: true, At: t2}, o.Aggregate().Ticks()[9100])
	})
	t.Run("the same tick sent twice is recorded once", func(t *testing.T) {
		given(t, with(ticked)...).When(func(m *mealprep.MealPrep) error { return m.TickItem(9100, true, t2, serverNow) }).Then()
	})
	t.Run("foods are independent", func(t *testing.T) {
		o := given(t, with(ticked)...).When(func(m *mealprep.MealPrep) error { return m.TickItem(36018, true, t1, serverNow) })
		o.Then(mealprep.ShoppingItemTicked{FoodCode: 36018, Checked: true, At: t1})
		require.Len(t, o.Aggregate().Ticks(), 2)
	})
	t.Run("a clock far ahead is taken as the server's now", func(t *testing.T) {
		given(t, listed...).When(func(m *mealprep.MealPrep) error {
			return m.TickItem(9100, true, serverNow.Add(48*time.Hour), serverNow)
		}).
			Then(mealprep.ShoppingItemTicked{FoodCode: 9100, Checked: true, At: serverNow})
	})
	t.Run("a tick without a time is refused", func(t *testing.T) {
		given(t, listed...).When(func(m *mealprep.MealPrep) error { return m.TickItem(9100, true, time.Time{}, serverNow) }).ThenError(mealprep.ErrTickTime)
	})
	t.Run("a deleted meal prep refuses ticks", func(t *testing.T) {
		given(t, with(deleted)...).When(func(m *mealprep.MealPrep) error { return m.TickItem(9100, true, t2, serverNow) }).ThenError(mealprep.ErrNotFound)
	})
	t.Run("a food no recipe uses is not on the list", func(t *testing.T) {
		given(t, listed...).When(func(m *mealprep.MealPrep) error { return m.TickItem(13000, true, t2, serverNow) }).ThenError(mealprep.ErrNotOnList)
		given(t, created, rice).When(func(m *mealprep.MealPrep) error { return m.TickItem(9100, true, t2, serverNow) }).ThenError(mealprep.ErrNotOnList)
	})
	t.Run("the event round-trips through Decode", func(t *testing.T) {
		b, err := json.Marshal(ticked)
		require.NoError(t, err)
		e, err := mealprep.Decode(mealprep.TypeShoppingItemTicked, b)
		require.NoError(t, err)
		require.Equal(t, ticked, e)
	})
}
