package identity_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestMealSettingsOfKeepsUnsetGoalsUnset: meal preps read the account's settings through
// identity; a goal never set stays nil (the macro preset decides it), and a gone account is
// ErrNotFound.
func TestMealSettingsOfKeepsUnsetGoalsUnset(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := t.Context()
	id := uuid.New()
	_, err := b.db.Pool.Exec(ctx, `INSERT INTO users (id, email, calorie_goal, protein_goal, diet, price_limit_cents, currency)
		VALUES ($1, 'meals@example.test', 2100, 150, 'vegan', 450, 'USD')`, id)
	require.NoError(t, err)
	m, err := identityapp.MealSettingsOf(ctx, b.db.Pool, id)
	require.NoError(t, err)
	require.Equal(t, 2100, *m.CalorieGoal)
	require.Equal(t, 150, *m.ProteinGoal)
	require.Nil(t, m.FatGoal)
	require.Nil(t, m.CarbGoal)
	require.Equal(t, nutrition.Diet("vegan"), m.Diet)
	require.Equal(t, 450, *m.PriceLimitCents)
	require.Equal(t, "USD", m.Currency)

	_, err = identityapp.MealSettingsOf(ctx, b.db.Pool, uuid.New())
	require.ErrorIs(t, err, identityapp.ErrNotFound)
}
