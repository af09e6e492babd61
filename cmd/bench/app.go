package main

import (
	"crypto/rand"
	"encoding/hex"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"

	appconfig "github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/wiring"
)

// benchApp builds the application over pool as the binary does (wiring), configured
// as development with no environment: a fresh key, no mail server, no AI, no Stripe.
func benchApp(pool *pgxpool.Pool, o wiring.Options) (*wiring.App, error) {
	key := make([]byte, 16)
	_, _ = rand.Read(key)
	cfg, err := appconfig.Load(func(k string) (string, bool) {
		v, ok := map[string]string{
			"DATABASE_URL": pool.Config().ConnString(), "APP_ENV": "development",
			"APP_KEY": hex.EncodeToString(key), "DATA_DIR": os.TempDir(), "APP_URL": "http://bench.test",
		}[k]
		return v, ok
	})
	if err != nil {
		return nil, err
	}
	return wiring.New(cfg, pool, o)
}
