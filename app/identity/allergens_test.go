package identity_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestAccountAllergens: the account form stores the allergens a person declares, in Annex II's
// order, once each; an unknown id is refused on the "allergens" field and saves nothing; the
// meal settings (what generation reads) carry them; an empty list declares none.
func TestAccountAllergens(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := t.Context()
	id := uuid.New()
	_, err := b.db.Pool.Exec(ctx, `INSERT INTO users (id, email, name, surname) VALUES ($1, 'allergic@example.test', 'A', 'B')`, id)
	require.NoError(t, err)
	form := identityapp.AccountUpdate{Name: "A", Surname: "B", Language: "fr", Units: "g", Currency: "EUR", Diet: "omnivore"}

	a, err := b.svc.Account(ctx, id)
	require.NoError(t, err)
	require.Empty(t, a.Allergens)

	form.Allergens = []string{"peanuts", "gluten", "peanuts"}
	require.NoError(t, b.svc.UpdateAccount(ctx, id, form))
	a, err = b.svc.Account(ctx, id)
	require.NoError(t, err)
	require.Equal(t, []nutrition.Allergen{nutrition.AllergenGluten, nutrition.AllergenPeanuts}, a.Allergens)
	m, err := identityapp.MealSettingsOf(ctx, b.db.Pool, id)
	require.NoError(t, err)
	require.Equal(t, []nutrition.Allergen{nutrition.AllergenGluten, nutrition.AllergenPeanuts}, m.Allergens)

	form.Allergens = []string{"milk", "kiwi"}
	var fe identity.FieldErrors
	require.ErrorAs(t, b.svc.UpdateAccount(ctx, id, form), &fe)
	require.ErrorIs(t, fe["allergens"], nutrition.ErrUnknownAllergen)
	a, err = b.svc.Account(ctx, id)
	require.NoError(t, err)
	require.Equal(t, []nutrition.Allergen{nutrition.AllergenGluten, nutrition.AllergenPeanuts}, a.Allergens)

	form.Allergens = nil
	require.NoError(t, b.svc.UpdateAccount(ctx, id, form))
	a, err = b.svc.Account(ctx, id)
	require.NoError(t, err)
	require.Empty(t, a.Allergens)
}
