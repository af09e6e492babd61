package handlers_test

import (
	"io/fs"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/handlers"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/wiring"
)

// The HTTP tests run the application the binary runs: wiring, its one composition.
func init() {
	handlers.WireApp = func(cfg config.Config, pool *pgxpool.Pool, assets fs.FS) (handlers.TestApp, error) {
		app, err := wiring.New(cfg, pool, wiring.Options{})
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
