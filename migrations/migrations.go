// Package migrations holds the numbered SQL migrations, embedded in the binary, and applies them
// together with River's own schema.
//
// Numbering keeps areas apart: 00001-00009 foundation, 00010-00019 event store, ledger and
// projections, 00020-00029 identity; later areas take the next free decade.
package migrations

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

//go:embed sql/*.sql
var files embed.FS

// FS returns the embedded SQL migrations.
func FS() fs.FS {
	sub, err := fs.Sub(files, "sql")
	if err != nil {
		panic(err) // the directory is embedded at build time
	}
	return sub
}

// Up applies River's migrations and then every pending SQL migration. It is safe to run from
// several processes at once: goose takes a PostgreSQL advisory lock.
func Up(ctx context.Context, pool *pgxpool.Pool) error {
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return fmt.Errorf("river migrator: %w", err)
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river migrate: %w", err)
	}
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	locker, err := newLocker()
	if err != nil {
		return err
	}
	provider, err := goose.NewProvider(goose.DialectPostgres, db, FS(), goose.WithSessionLocker(locker))
	if err != nil {
		return fmt.Errorf("goose provider: %w", err)
	}
	results, err := provider.Up(ctx)
	if err != nil {
		return fmt.Errorf("goose up: %w", err)
	}
	for _, r := range results {
		slog.Info("migration applied", "source", r.Source.Path, "duration", r.Duration)
	}
	return nil
}

// Version returns the highest applied goose version and the highest embedded one; equal values
// mean the database is fully migrated.
func Version(ctx context.Context, pool *pgxpool.Pool) (current, latest int64, err error) {
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	provider, err := goose.NewProvider(goose.DialectPostgres, db, FS())
	if err != nil {
		return 0, 0, fmt.Errorf("goose provider: %w", err)
	}
	current, err = provider.GetDBVersion(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("goose version: %w", err)
	}
	sources := provider.ListSources()
	if len(sources) > 0 {
		latest = sources[len(sources)-1].Version
	}
	return current, latest, nil
}
