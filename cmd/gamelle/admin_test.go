package main

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/projections/tokenhistory"
	"github.com/gamelle/gamelle/wallets"
)

func TestAdminGrantAndProjectionsRebuild(t *testing.T) {
	db := pgtest.New(t)
	t.Setenv("DATABASE_URL", db.URL)
	ctx := context.Background()
	user := uuid.New()

	require.NoError(t, runAdmin(ctx, []string{"grant", user.String(), "5", "--reason", "support ticket 42", "--idempotency-key", "t42"}))
	require.NoError(t, runAdmin(ctx, []string{"grant", "--idempotency-key", "t42", user.String(), "5", "--reason", "support ticket 42"}))
	require.Error(t, runAdmin(ctx, []string{"grant", user.String(), "5"}), "--reason is required")
	require.Error(t, runAdmin(ctx, []string{"grant", "someone@example.com", "5", "--reason", "x"}))

	bal, err := wallets.New(db.Pool, eventstore.New(db.Pool)).Balance(ctx, user)
	require.NoError(t, err)
	require.Equal(t, int64(5), bal, "the repeated command granted once")

	require.NoError(t, runProjections(ctx, []string{"rebuild", "--batch", "10"}))
	require.NoError(t, runProjections(ctx, []string{"status"}))
	require.Error(t, runProjections(ctx, []string{"rebuild", "nope"}))
	hist, err := tokenhistory.ForUser(ctx, db.Pool, user, 10)
	require.NoError(t, err)
	require.Len(t, hist, 1)
	require.Equal(t, "admin_grant", hist[0].Reason)
	require.Equal(t, "support ticket 42", hist[0].Ref)
	require.Contains(t, hist[0].Actor, "cli:")
}
