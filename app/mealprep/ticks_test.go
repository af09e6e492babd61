package mealprep_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
)

func TestTickShoppingItemsLastWriteWinsAcrossSyncs(t *testing.T) {
	t.Parallel()
	e, _, owner, id := generatedWeek(t, 5, 1)
	ctx := t.Context()
	now := time.Date(2026, 11, 25, 18, 0, 0, 0, time.UTC)
	early, late := now.Add(-20*time.Minute), now.Add(-2*time.Minute)
	// Two foods of the shopping list: its recipe's first two ingredients.
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	ings := m.Recipe(m.RecipeIDs()[0]).Ingredients
	require.GreaterOrEqual(t, len(ings), 2)
	riceCode, chickenCode := ings[0].FoodCode, ings[1].FoodCode

	// The phone ticked rice late (offline); the laptop unticked it earlier and syncs after.
	got, err := e.svc.TickShoppingItems(ctx, owner, id, []mealprepapp.ItemTick{{FoodCode: riceCode, Checked: true, At: late}, {FoodCode: chickenCode, Checked: true, At: early}}, now)
	require.NoError(t, err)
	require.True(t, got[riceCode].Checked)
	got, err = e.svc.TickShoppingItems(ctx, owner, id, []mealprepapp.ItemTick{{FoodCode: riceCode, Checked: false, At: early}}, now)
	require.NoError(t, err)
	require.True(t, got[riceCode].Checked, "the older untick loses")

	// The same queue sent again appends nothing.
	before := streamLen(t, e, id)
	_, err = e.svc.TickShoppingItems(ctx, owner, id, []mealprepapp.ItemTick{{FoodCode: riceCode, Checked: true, At: late}}, now)
	require.NoError(t, err)
	require.Equal(t, before, streamLen(t, e, id))

	// The ticks are the meal prep's, read back from its stream.
	m, err = e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	require.Equal(t, mealprep.Tick{Checked: true, At: late}, m.Ticks()[riceCode])
	require.Equal(t, mealprep.Tick{Checked: true, At: early}, m.Ticks()[chickenCode])

	// Another person cannot tick it.
	other := e.person(t, 0)
	_, err = e.svc.TickShoppingItems(ctx, other, id, []mealprepapp.ItemTick{{FoodCode: riceCode, Checked: false, At: now}}, now)
	require.ErrorIs(t, err, mealprep.ErrNotFound)

	// A sync too large is refused whole.
	many := make([]mealprepapp.ItemTick, mealprep.MaxTicksPerSync+1)
	_, err = e.svc.TickShoppingItems(ctx, owner, id, many, now)
	require.ErrorIs(t, err, mealprepapp.ErrTooManyTicks)

	// A food no recipe uses is not on the list: the whole sync is refused, nothing written.
	before = streamLen(t, e, id)
	_, err = e.svc.TickShoppingItems(ctx, owner, id, []mealprepapp.ItemTick{{FoodCode: riceCode, Checked: false, At: now}, {FoodCode: 13000, Checked: true, At: now}}, now)
	require.ErrorIs(t, err, mealprep.ErrNotOnList)
	require.Equal(t, before, streamLen(t, e, id))
}

func streamLen(t *testing.T, e env, id uuid.UUID) int {
	t.Helper()
	var n int
	require.NoError(t, e.pool.QueryRow(t.Context(), `SELECT count(*) FROM events WHERE stream_id = $1`, mealprep.StreamID(id)).Scan(&n))
	return n
}
