// Package pgtest gives each test its own PostgreSQL database, cloned from a migrated template,
// so that integration tests run in parallel against a real server and stay isolated.
//
// The server is TEST_DATABASE_URL when set (make test sets it); otherwise the project-local
// test cluster under .data/pg-test is started with scripts/dev-postgres.sh.
package pgtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/migrations"
)

var (
	once     sync.Once
	adminURL string
	template string
	setupErr error
)

// DB is one throwaway database.
type DB struct {
	// Pool is connected to the database.
	Pool *pgxpool.Pool
	// URL is its connection string, for code that opens its own connections or processes.
	URL string
	// Name is the database name.
	Name string
}

// New creates a fresh, fully migrated database for the test and drops it when the test ends.
func New(t testing.TB) *DB {
	t.Helper()
	once.Do(func() { setupErr = setup() })
	if setupErr != nil {
		t.Fatalf("pgtest: %v", setupErr)
	}
	return clone(t, template)
}

// Seed is data loaded once into a template of its own, built from the migrated one, so that
// tests needing it clone that template (about 20 ms) instead of loading the data each time
// (the CIQUAL import takes seconds).
type Seed struct {
	// Name names the seed in the template's name: lower-case letters, digits and _.
	Name string
	// Version changes whenever the data or its loading does (a hash of the input, plus a
	// number to bump when the loader changes): a template is never used for another version.
	Version string
	// Load writes the data into the template.
	Load func(ctx context.Context, pool *pgxpool.Pool) error
}

var seeded sync.Map // template name → *seedTemplate

type seedTemplate struct {
	once sync.Once
	err  error
}

// NewSeeded is New over a template that also holds seed's data, built once per migration set
// and seed version (also across test binaries and runs: the template stays on the server).
func NewSeeded(t testing.TB, seed Seed) *DB {
	t.Helper()
	once.Do(func() { setupErr = setup() })
	if setupErr != nil {
		t.Fatalf("pgtest: %v", setupErr)
	}
	name := template + "_" + seed.Name + "_" + seedSuffix(seed.Version)
	st, _ := seeded.LoadOrStore(name, &seedTemplate{})
	s := st.(*seedTemplate)
	s.once.Do(func() {
		s.err = ensure(name, template, func(ctx context.Context, pool *pgxpool.Pool) error {
			if err := seed.Load(ctx, pool); err != nil {
				return fmt.Errorf("seed %s: %w", seed.Name, err)
			}
			return nil
		})
	})
	if s.err != nil {
		t.Fatalf("pgtest: %v", s.err)
	}
	return clone(t, name)
}

func seedSuffix(version string) string {
	sum := sha256.Sum256([]byte(version))
	return hex.EncodeToString(sum[:])[:8]
}

// clone creates a database from template for the test and drops it when the test ends.
func clone(t testing.TB, template string) *DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	name := "t_" + randomHex(8)
	admin, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		t.Fatalf("pgtest: connect admin: %v", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, template)); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	dbURL := withDatabase(adminURL, name)
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		t.Fatalf("pgtest: connect %s: %v", name, err)
	}
	t.Cleanup(func() {
		pool.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, adminURL)
		if err != nil {
			t.Logf("pgtest: drop %s: %v", name, err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)); err != nil {
			t.Logf("pgtest: drop %s: %v", name, err)
		}
	})
	return &DB{Pool: pool, URL: dbURL, Name: name}
}

// AdminURL returns the connection string of the test server's maintenance database.
func AdminURL(t testing.TB) string {
	t.Helper()
	once.Do(func() { setupErr = setup() })
	if setupErr != nil {
		t.Fatalf("pgtest: %v", setupErr)
	}
	return adminURL
}

func setup() error {
	u := os.Getenv("TEST_DATABASE_URL")
	if u == "" {
		root, err := repoRoot()
		if err != nil {
			return err
		}
		out, err := exec.Command(filepath.Join(root, "scripts", "dev-postgres.sh"), "start", filepath.Join(root, ".data", "pg-test")).Output()
		if err != nil {
			return fmt.Errorf("start test cluster (set TEST_DATABASE_URL to use another server): %w", err)
		}
		u = strings.TrimSpace(string(out))
	}
	adminURL = withDatabase(u, "postgres")
	sum, err := migrationsHash()
	if err != nil {
		return err
	}
	template = "gamelle_tpl_" + sum[:16]
	return ensure(template, "", func(ctx context.Context, pool *pgxpool.Pool) error {
		if err := migrations.Up(ctx, pool); err != nil {
			return fmt.Errorf("migrate template: %w", err)
		}
		return nil
	})
}

// ensure builds template once (from base, or an empty database when base is ""), with fill.
// Test binaries of several packages run at the same time, so the build is serialised with an
// advisory lock and published by rename.
func ensure(template, base string, fill func(ctx context.Context, pool *pgxpool.Pool) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	admin, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return fmt.Errorf("connect admin %s: %w", redact(adminURL), err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock(727274)"); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	defer admin.Exec(context.Background(), "SELECT pg_advisory_unlock(727274)") //nolint:errcheck
	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", template).Scan(&exists); err != nil {
		return fmt.Errorf("look up template: %w", err)
	}
	if exists {
		return nil
	}
	building := template + "_building"
	if _, err := admin.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", building)); err != nil {
		return fmt.Errorf("drop stale template: %w", err)
	}
	create := "CREATE DATABASE " + building
	if base != "" {
		create += " TEMPLATE " + base
	}
	if _, err := admin.Exec(ctx, create); err != nil {
		return fmt.Errorf("create template: %w", err)
	}
	pool, err := pgxpool.New(ctx, withDatabase(adminURL, building))
	if err != nil {
		return fmt.Errorf("connect template: %w", err)
	}
	err = fill(ctx, pool)
	pool.Close()
	if err != nil {
		return err
	}
	if _, err := admin.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", building, template)); err != nil {
		return fmt.Errorf("publish template: %w", err)
	}
	return nil
}

func migrationsHash() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS(), path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("hash migrations: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

func withDatabase(raw, db string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.Path = "/" + db
	return u.String()
}

func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable url)"
	}
	return u.Redacted()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
