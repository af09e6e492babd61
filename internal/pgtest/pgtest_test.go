package pgtest

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
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

func TestNewSeededLoadsTheSeedOnceIntoATemplate(t *testing.T) {
	t.Parallel()
	var loads atomic.Int32
	// A version of its own per run, so this run builds the template (and the test can count).
	seed := Seed{Name: "pgtest", Version: randomHex(8), Load: func(ctx context.Context, pool *pgxpool.Pool) error {
		loads.Add(1)
		_, err := pool.Exec(ctx, "INSERT INTO waitlist (email) VALUES ('seeded@example.com')")
		return err
	}}
	a, b := NewSeeded(t, seed), NewSeeded(t, seed)
	require.NotEqual(t, a.Name, b.Name)
	require.EqualValues(t, 1, loads.Load(), "the seed is loaded once, into the template")
	for _, db := range []*DB{a, b} {
		var n int
		require.NoError(t, db.Pool.QueryRow(t.Context(), "SELECT count(*) FROM waitlist WHERE email = 'seeded@example.com'").Scan(&n))
		require.Equal(t, 1, n, "each clone holds the seed")
		cur, latest, err := migrations.Version(t.Context(), db.Pool)
		require.NoError(t, err)
		require.Equal(t, latest, cur, "and is migrated")
	}
	_, err := a.Pool.Exec(t.Context(), "DELETE FROM waitlist")
	require.NoError(t, err)
	var n int
	require.NoError(t, b.Pool.QueryRow(t.Context(), "SELECT count(*) FROM waitlist").Scan(&n))
	require.Equal(t, 1, n, "clones stay isolated")
	t.Cleanup(func() {
		// This run's template is of no use to the next.
		admin, err := pgx.Connect(context.Background(), AdminURL(t))
		if err == nil {
			_, _ = admin.Exec(context.Background(), "DROP DATABASE IF EXISTS "+template+"_pgtest_"+seedSuffix(seed.Version)+" WITH (FORCE)")
			_ = admin.Close(context.Background())
		}
	})
}
