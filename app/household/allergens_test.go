package household_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestMemberAllergens: a member's declared allergens travel in their events and the read model,
// in Annex II's order; an unknown id is refused and writes nothing; a change replaces them.
func TestMemberAllergens(t *testing.T) {
	t.Parallel()
	svc, db, store := setup(t)
	ctx := t.Context()
	owner := person(t, db)
	in := manual("Sam", 1700, 128, 57, 170)
	in.Allergens = []string{"peanuts", "milk"}
	sam, res, err := svc.Add(ctx, owner, in)
	require.NoError(t, err)
	require.NoError(t, svc.WaitForReadModels(ctx, res.Position))
	members, err := svc.Members(ctx, db.Pool, owner)
	require.NoError(t, err)
	require.Equal(t, []nutrition.Allergen{nutrition.AllergenPeanuts, nutrition.AllergenMilk}, members[0].Allergens)

	bad := manual("Lou", 1700, 128, 57, 170)
	bad.Allergens = []string{"kiwi"}
	_, _, err = svc.Add(ctx, owner, bad)
	require.ErrorIs(t, err, nutrition.ErrUnknownAllergen)
	evs, err := store.Load(ctx, db.Pool, household.StreamID(owner), 1)
	require.NoError(t, err)
	require.Len(t, evs, 1)

	in.Allergens = nil
	res, err = svc.Change(ctx, owner, sam, in)
	require.NoError(t, err)
	require.NoError(t, svc.WaitForReadModels(ctx, res.Position))
	members, err = svc.Members(ctx, db.Pool, owner)
	require.NoError(t, err)
	require.Empty(t, members[0].Allergens)
}
