package pgtest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/migrations"
)

func TestNewGivesIsolatedMigratedDatabases(t *testing.T) {
	t.Parallel()
	a, b := New(t), New(t)
	require.NotEqual(t, a.Name, b.Name)
	ctx := context.Background()

	cur, latest, err := migrations.Version(ctx, a.Pool)
	require.NoError(t, err)
	require.Equal(t, latest, cur, "template must be fully migrated")
	var riverTable bool
	require.NoError(t, a.Pool.QueryRow(ctx, "SELECT to_regclass('river_job') IS NOT NULL").Scan(&riverTable))
	require.True(t, riverTable, "river schema applied")

	_, err = a.Pool.Exec(ctx, "INSERT INTO waitlist (email) VALUES ('a@example.com')")
	require.NoError(t, err)
	var n int
	require.NoError(t, b.Pool.QueryRow(ctx, "SELECT count(*) FROM waitlist").Scan(&n))
	require.Zero(t, n, "writes in one test database are invisible to another")
}
