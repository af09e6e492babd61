package handlers_test

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io/fs"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/argon2"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/handlers"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/wiring"
)

// The HTTP tests run the application the binary runs: wiring, its one composition, but for the
// password cost (testArgon2id).
func init() {
	handlers.WireApp = func(cfg config.Config, pool *pgxpool.Pool, assets fs.FS) (handlers.TestApp, error) {
		app, err := wiring.New(cfg, pool, wiring.Options{Passwords: testArgon2id{}})
		if err != nil {
			return handlers.TestApp{}, err
		}
		core, router, err := app.Router(wiring.Web{Assets: assets})
		if err != nil {
			return handlers.TestApp{}, err
		}
		return handlers.TestApp{
			Core: core, Router: router, Jobs: app.Jobs, Ledger: app.Ledger, Identity: app.Identity,
			Waitlist: app.Waitlist, Mailbox: app.Mailbox, MealPrep: app.MealPrep, Billing: app.Billing,
			Needs: app.Needs, Admin: app.Admin, Prices: app.Prices, Household: app.Household,
		}, nil
	}
}

// testArgon2id hashes with argon2id at a test cost (64 KiB, one pass) in the production PHC
// format, and verifies with the production code, which reads the cost from the hash. The
// production cost (19 MiB, two passes: a third of the package's CPU time here) stays exercised
// by domain/identity's and app/identity's tests and by the browser tests' server.
type testArgon2id struct{}

// Hash returns the argon2id PHC string of password at the test cost.
func (testArgon2id) Hash(password string) (string, error) {
	const memoryKiB, passes, lanes = 64, 1, 1
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, passes, memoryKiB, lanes, 32)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, memoryKiB, passes, lanes,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// Verify checks password against an argon2id PHC string with the production code.
func (testArgon2id) Verify(password, encoded string) (bool, error) {
	return identity.VerifyPassword(password, encoded)
}
