package foodstest_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/app/nutrition/foodstest"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/internal/pgtest"
)

// A database cloned from the seeded template holds the foods exactly as an import leaves them.
func TestNewHoldsWhatAnImportWrites(t *testing.T) {
	t.Parallel()
	seeded, imported := foodstest.New(t), pgtest.New(t)
	n, err := nutritionapp.Import(t.Context(), imported.Pool, data.CiqualFoodsCSV)
	require.NoError(t, err)
	got, err := nutritionapp.Count(t.Context(), seeded.Pool)
	require.NoError(t, err)
	require.Equal(t, n, got)
	digest := func(db *pgtest.DB) string {
		var d string
		require.NoError(t, db.Pool.QueryRow(t.Context(), `SELECT md5(string_agg(f::text, '|' ORDER BY code)) FROM foods f`).Scan(&d))
		return d
	}
	require.Equal(t, digest(imported), digest(seeded))
}
