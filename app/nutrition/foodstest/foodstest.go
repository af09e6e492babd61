// Package foodstest gives tests a database that already holds the shipped CIQUAL foods: they
// are imported once into a template (internal/pgtest.NewSeeded), not once per test.
package foodstest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/internal/pgtest"
)

// importVersion changes when nutritionapp.Import writes the foods differently with the same
// file, so tests never clone a template the old importer filled.
const importVersion = "2"

// Seed is the CIQUAL import, as a pgtest seed.
func Seed() pgtest.Seed {
	sum := sha256.Sum256(data.CiqualFoodsCSV)
	return pgtest.Seed{
		Name:    "ciqual",
		Version: importVersion + ":" + hex.EncodeToString(sum[:]),
		Load: func(ctx context.Context, pool *pgxpool.Pool) error {
			_, err := nutritionapp.Import(ctx, pool, data.CiqualFoodsCSV)
			return err
		},
	}
}

// New is pgtest.New with the CIQUAL foods imported, as nutritionapp.Import leaves them.
func New(t testing.TB) *pgtest.DB {
	t.Helper()
	return pgtest.NewSeeded(t, Seed())
}
