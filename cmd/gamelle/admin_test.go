package main

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/jobs"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

func TestAdminGrantAndProjectionsRebuild(t *testing.T) {
	db := pgtest.New(t)
	t.Setenv("DATABASE_URL", db.URL)
	ctx := context.Background()
	user := createAccount(t, db, "ops-target@example.com")

	require.NoError(t, runAdmin(ctx, []string{"grant", user.String(), "5", "--reason", "support ticket 42", "--idempotency-key", "t42"}))
	require.NoError(t, runAdmin(ctx, []string{"grant", "--idempotency-key", "t42", user.String(), "5", "--reason", "support ticket 42"}))
	require.Error(t, runAdmin(ctx, []string{"grant", user.String(), "5"}), "--reason is required")
	require.Error(t, runAdmin(ctx, []string{"grant", "someone@example.com", "5", "--reason", "x"}), "no such account")
	require.Error(t, runAdmin(ctx, []string{"grant", uuid.NewString(), "5", "--reason", "x"}), "no such account")
	require.NoError(t, runAdmin(ctx, []string{"grant", "Ops-Target@Example.com", "1", "--reason", "by email"}))
	require.NoError(t, runAdmin(ctx, []string{"balance", "ops-target@example.com"}))

	bal, err := ledgerapp.New(db.Pool, eventstore.New(db.Pool)).Balance(ctx, user)
	require.NoError(t, err)
	require.Equal(t, int64(6), bal, "the repeated command granted once; the grant by email landed")

	require.NoError(t, runProjections(ctx, []string{"rebuild", "--batch", "10"}))
	require.NoError(t, runProjections(ctx, []string{"status"}))
	require.Error(t, runProjections(ctx, []string{"rebuild", "nope"}))
	hist, err := tokenhistory.ForUser(ctx, db.Pool, user, 10)
	require.NoError(t, err)
	require.Len(t, hist, 2)
	require.Equal(t, "admin_grant", hist[0].Reason)
	refs := []string{hist[0].Ref, hist[1].Ref}
	require.ElementsMatch(t, []string{"support ticket 42", "by email"}, refs)
	require.Contains(t, hist[0].Actor, "cli:")
}

// createAccount registers an (unverified, so bonus-free) account and returns its id.
func createAccount(t *testing.T, db *pgtest.DB, email string) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	q, err := jobs.New(db.Pool, jobs.Config{})
	require.NoError(t, err)
	acc := identityapp.New(db.Pool, ledgerapp.New(db.Pool, eventstore.New(db.Pool)), q, identityapp.Options{AppURL: "http://localhost", Key: []byte(strings.Repeat("k", 32))})
	require.NoError(t, acc.Register(ctx, identityapp.RegisterInput{
		Name: "Ops", Surname: "Target", Email: email, Password: "a-long-unusual-passphrase", PasswordConfirmation: "a-long-unusual-passphrase",
	}))
	u, err := acc.ByEmail(ctx, email)
	require.NoError(t, err)
	return u.ID
}

func TestAdminPromote(t *testing.T) {
	db := pgtest.New(t)
	t.Setenv("DATABASE_URL", db.URL)
	ctx := context.Background()
	user := createAccount(t, db, "first-admin@example.com")
	require.Error(t, runAdmin(ctx, []string{"promote", "nobody@example.com"}), "no such account")
	require.Error(t, runAdmin(ctx, []string{"promote"}))
	require.NoError(t, runAdmin(ctx, []string{"promote", "First-Admin@example.com"}))
	u, err := identityapp.New(db.Pool, nil, nil, identityapp.Options{}).ByID(ctx, user)
	require.NoError(t, err)
	require.Equal(t, identity.RoleAdmin, u.Role)
}
