package handlers

import (
	"io/fs"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	adminapp "github.com/gamelle/gamelle/app/admin"
	billingapp "github.com/gamelle/gamelle/app/billing"
	householdapp "github.com/gamelle/gamelle/app/household"
	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/app/identity/waitlist"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/jobs"
)

// TestApp is what the HTTP tests hold of the application wiring builds: its router
// and core, and the services the tests look into.
type TestApp struct {
	Core     *Core
	Router   chi.Router
	Jobs     *jobs.Client
	Ledger   *ledgerapp.Service
	Identity *identityapp.Service
	Waitlist *waitlist.Store
	Mailbox  *mail.Mailbox
	MealPrep *mealprepapp.Service
	// Household is the people a person cooks for.
	Household *householdapp.Service
	Billing   *billingapp.Service
	Needs     *nutritionapp.Needs
	Admin     *adminapp.Service
	Prices    *nutrition.PriceTable
}

// WireApp builds the application over pool as the binary does (an insert-only job client:
// the tests read what was enqueued). wiring imports this package, so these internal
// tests cannot import it: wire_test.go, in package handlers_test, sets WireApp to
// wiring.New + Router when the test binary starts.
var WireApp func(cfg config.Config, pool *pgxpool.Pool, assets fs.FS) (TestApp, error)
