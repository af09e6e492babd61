package migrations_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/migrations"
)

// TestUpOnEmptyDatabase applies every migration to a database that has nothing (not the test
// template), twice, as `gamelle migrate` does on a new install and on each deploy.
func TestUpOnEmptyDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	admin := pgtest.AdminURL(t)
	conn, err := pgx.Connect(ctx, admin)
	require.NoError(t, err)
	defer conn.Close(ctx)
	name := fmt.Sprintf("empty_%s", strings.ReplaceAll(uuid.NewString(), "-", ""))
	_, err = conn.Exec(ctx, "CREATE DATABASE "+name)
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = conn.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })

	cfg, err := pgxpool.ParseConfig(admin)
	require.NoError(t, err)
	cfg.ConnConfig.Database = name
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(t, err)
	defer pool.Close()

	require.NoError(t, migrations.Up(ctx, pool))
	cur, latest, err := migrations.Version(ctx, pool)
	require.NoError(t, err)
	require.Positive(t, latest)
	require.Equal(t, latest, cur)
	require.NoError(t, migrations.Up(ctx, pool), "a second run is a no-op")

	for _, table := range []string{"sessions", "waitlist", "events", "users", "foods", "river_job"} {
		var exists bool
		require.NoError(t, pool.QueryRow(ctx, "SELECT to_regclass($1) IS NOT NULL", table).Scan(&exists))
		require.True(t, exists, table)
	}
}
