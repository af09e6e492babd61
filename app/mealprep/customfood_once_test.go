package mealprep_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// The same custom food sent again (a double click, a retried form, two tabs at once) is the food
// already stored: one row per person, name and values, whoever wins the race.
func TestSameCustomFoodIsStoredOnce(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 0)
	salt := 0.4
	granola := func() mealprep.CustomFood {
		s := salt
		return mealprep.CustomFood{Name: "Granola maison", Language: "fr", Unit: "g", Kcal: 450, ProteinG: 10, FatG: 18, CarbsG: 60, SaltG: &s}
	}
	rows := func() int {
		var n int
		require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM custom_foods WHERE owner_id = $1`, owner).Scan(&n))
		return n
	}

	codes := make([]int, 8)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, _, errs, err := e.svc.AddCustomFood(ctx, owner, granola())
			if err != nil || len(errs) > 0 {
				t.Errorf("add: %v %v", err, errs)
			}
			codes[i] = code
		}()
	}
	wg.Wait()
	require.Equal(t, 1, rows(), "eight identical submissions at once store one food")
	for _, c := range codes {
		require.Equal(t, codes[0], c, "each is answered with the stored food")
	}

	// The name as typed with other spacing or case is the same food; other values are another.
	again := granola()
	again.Name = "  granola MAISON "
	code, _, _, err := e.svc.AddCustomFood(ctx, owner, again)
	require.NoError(t, err)
	require.Equal(t, codes[0], code)
	other := granola()
	other.ProteinG = 11
	code, _, _, err = e.svc.AddCustomFood(ctx, owner, other)
	require.NoError(t, err)
	require.NotEqual(t, codes[0], code)
	noSalt := granola()
	noSalt.SaltG = nil
	code, _, _, err = e.svc.AddCustomFood(ctx, owner, noSalt)
	require.NoError(t, err)
	require.NotEqual(t, codes[0], code, "an unknown salt is another value than 0.4 g")
	require.Equal(t, 3, rows())

	// Another person's identical food is theirs.
	someone := e.person(t, 0)
	code, _, _, err = e.svc.AddCustomFood(ctx, someone, granola())
	require.NoError(t, err)
	require.NotEqual(t, codes[0], code)

	// Into a meal prep, twice: one food, in the meal prep once.
	id := e.mealPrep(t, owner)
	for range 2 {
		_, errs, _, err := e.svc.AddCustomFoodTo(ctx, owner, id, granola(), 120)
		require.NoError(t, err)
		require.Empty(t, errs)
	}
	require.Equal(t, 3, rows())
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	n := 0
	for _, f := range m.Foods() {
		if f.FoodCode == codes[0] {
			n++
		}
	}
	require.Equal(t, 1, n)
}
