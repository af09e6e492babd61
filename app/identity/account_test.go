package identity_test

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestAccountFormGoalsBillingAndHome(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := t.Context()
	id := uuid.New()
	_, err := b.db.Pool.Exec(ctx, `INSERT INTO users (id, email, name, surname) VALUES ($1, 'home@example.test', 'A', 'B')`, id)
	require.NoError(t, err)

	zero := 0.0
	err = b.svc.UpdateAccount(ctx, id, identityapp.AccountUpdate{Name: " ", Surname: "B", Language: "de", Units: "kg", Currency: "GBP", Diet: "keto", PriceLimit: &zero})
	var fe identity.FieldErrors
	require.ErrorAs(t, err, &fe)
	for _, f := range []string{"name", "language", "units", "currency", "diet", "priceLimit"} {
		require.Contains(t, fe, f)
	}
	require.ErrorAs(t, b.svc.SetGoals(ctx, id, nutrition.Goals{Kcal: 700}), &fe)
	require.ErrorAs(t, b.svc.SetBillingInfo(ctx, id, identityapp.BillingInfo{Address: "1 rue", City: "Paris", PostalCode: "75001", Country: "XX"}), &fe)
	require.Contains(t, fe, "country")
	require.NoError(t, b.svc.SetBillingInfo(ctx, id, identityapp.BillingInfo{Address: "1  rue", City: "Paris", PostalCode: "75001", Country: "fr"}))
	bi, ok, err := b.svc.BillingInfo(ctx, id)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, identityapp.BillingInfo{Address: "1 rue", City: "Paris", PostalCode: "75001", Country: "FR"}, bi)

	require.NoError(t, b.svc.SetGoals(ctx, id, nutrition.Goals{Kcal: 1800, ProteinG: 120, FatG: 60, CarbsG: 190}))
	// The balance history comes from token_history, oldest first.
	for i, bal := range []int64{2, 12, 2} {
		_, err := b.db.Pool.Exec(ctx, `INSERT INTO token_history (event_id, position, user_id, version, event_type, delta, reason, ref, balance_after, actor, occurred_at)
			VALUES ($1, $2, $3, $2, 'x', 0, 'r', '', $4, 'test', $5)`, uuid.New(), i+1, id, bal, time.Date(2026, 11, 20+i, 0, 0, 0, 0, time.UTC))
		require.NoError(t, err)
	}
	h, err := b.svc.Home(ctx, id)
	require.NoError(t, err)
	require.Equal(t, &nutrition.Goals{Kcal: 1800, ProteinG: 120, FatG: 60, CarbsG: 190}, h.Goals)
	require.Len(t, h.BalanceHistory, 3)
	require.Equal(t, []int64{2, 12, 2}, []int64{h.BalanceHistory[0].Balance, h.BalanceHistory[1].Balance, h.BalanceHistory[2].Balance})
}
