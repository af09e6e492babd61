// Package wiring is Gamelle's one composition root: it builds each area's service once, the
// River client and its workers over those same services, the web Core and every area's
// handler type, and the router over them. The binary (cmd/gamelle), the HTTP tests (handlers)
// and the benchmarks (cmd/bench) all build the application here, so what the tests run is what
// the binary serves. To add an area, see "Adding an area" in docs/architecture.md.
package wiring

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"

	adminapp "github.com/gamelle/gamelle/app/admin"
	billingapp "github.com/gamelle/gamelle/app/billing"
	householdapp "github.com/gamelle/gamelle/app/household"
	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/app/identity/waitlist"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/handlers"
	"github.com/gamelle/gamelle/integrations/ai"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/integrations/oauth"
	"github.com/gamelle/gamelle/integrations/stripe"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/internal/db"
	"github.com/gamelle/gamelle/internal/i18n"
	"github.com/gamelle/gamelle/jobs"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

// JobFetchPollInterval is how often workers look for new jobs besides River's notifications. A
// person watches their recipes being generated: River's 1 s fallback poll would be most of the
// wait when an insert notification is missed (docs/performance.md, meal prep).
const JobFetchPollInterval = 200 * time.Millisecond

// PriceReload is how often a process re-reads the admins' price overrides, so it follows a
// change made through another process.
const PriceReload = time.Minute

// Options are a process's settings that do not come from the environment.
type Options struct {
	// Logger receives the services' and workers' logs; nil discards them.
	Logger *slog.Logger
	// Work registers every area's River workers on the job client, which must then be started
	// (gamelle serve --worker); otherwise the client only inserts (web-only processes, tests).
	Work bool
	// Engine, when set, wraps the recipe engine the generation worker uses (the benchmark
	// times it).
	Engine func(nutrition.Generator) nutrition.Generator
	// Passwords, when set, hashes and verifies passwords instead of the production argon2id
	// (the HTTP tests use a cheaper argon2id cost; docs/performance.md, "make test").
	Passwords identityapp.PasswordHasher
}

// App is one process's application: its services, built once and shared by the handlers and
// the workers that use them.
type App struct {
	Config     config.Config
	Pool       *pgxpool.Pool
	Logger     *slog.Logger
	Translator *i18n.Translator
	// Jobs inserts (and, with Options.Work, works) the background jobs.
	Jobs     *jobs.Client
	Ledger   *ledgerapp.Service
	Identity *identityapp.Service
	Waitlist *waitlist.Store
	OAuth    *oauth.Registry
	MealPrep *mealprepapp.Service
	// Household is the people a person cooks for.
	Household *householdapp.Service
	Billing   *billingapp.Service
	Admin     *adminapp.Service
	Needs     *nutritionapp.Needs
	// Prices is the process's one price table, shared by the meal-prep worker, the shopping
	// lists and the admin prices page, so an admin's change reaches all of them
	// (adminapp.LoadPrices and RunPriceLoader keep the overrides on it).
	Prices *nutrition.PriceTable
	// Mailbox is the development mailbox (outside production).
	Mailbox *mail.Mailbox
}

// New builds the application over pool.
func New(cfg config.Config, pool *pgxpool.Pool, o Options) (*App, error) {
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	a := &App{Config: cfg, Pool: pool, Logger: log, Waitlist: waitlist.NewStore(pool), Mailbox: mail.NewMailbox(pool, log)}
	var err error
	if a.Translator, err = i18n.New(); err != nil {
		return nil, err
	}
	if a.Prices, err = nutrition.ParsePrices(bytes.NewReader(data.PricesCSV)); err != nil {
		return nil, fmt.Errorf("recipe prices: %w", err)
	}
	if a.OAuth, err = oauth.New(oauth.Config{
		BaseURL:            cfg.AppURL,
		GoogleClientID:     cfg.GoogleClientID,
		GoogleClientSecret: cfg.GoogleClientSecret,
		GoogleIssuerURL:    cfg.GoogleIssuerURL,
		AppleClientID:      cfg.AppleClientID,
		AppleTeamID:        cfg.AppleTeamID,
		AppleKeyID:         cfg.AppleKeyID,
		AppleSecretKey:     cfg.AppleSecretKey,
		AppleAuthURL:       cfg.AppleAuthURL,
		AppleKeysURL:       cfg.AppleKeysURL,
		AppleIssuer:        cfg.AppleIssuer,
	}); err != nil {
		return nil, fmt.Errorf("social sign-in: %w", err)
	}
	// The River client comes first, as the services insert their jobs through it; a worker
	// process registers the workers, which use those same services, before Start.
	jc := jobs.Config{Logger: log, FetchPollInterval: JobFetchPollInterval}
	var workers *river.Workers
	if o.Work {
		workers = river.NewWorkers()
		jc.Workers = workers
	}
	if a.Jobs, err = jobs.New(pool, jc); err != nil {
		return nil, err
	}
	a.services(o)
	if workers != nil {
		if err := a.registerWorkers(workers, o); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// services builds each area's service once.
func (a *App) services(o Options) {
	cfg, pool := a.Config, a.Pool
	store := eventstore.New(pool)
	a.Ledger = ledgerapp.New(pool, store)
	a.Identity = identityapp.New(pool, a.Ledger, a.Jobs, identityapp.Options{
		AdminEmails: cfg.AdminEmails, AppURL: cfg.AppURL, Key: cfg.AppKey, Passwords: o.Passwords,
	})
	// What each area keeps about a person, for the data export and account deletion
	// (app/identity/erase.go). The ledger is exported, never erased: it stays pseudonymous.
	a.Identity.RegisterPersonalData(identityapp.PersonalData{Area: "ledger", Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
		return tokenhistory.Page(ctx, q, tokenhistory.Filter{UserIDs: []uuid.UUID{id}}, 1_000_000)
	}})
	a.Admin = adminapp.New(pool, store, a.Identity, a.Ledger, a.Jobs).WithPrices(a.Prices)
	a.Identity.RegisterPersonalData(a.Admin.PersonalData())
	a.MealPrep = mealprepapp.New(pool, store, a.Ledger, a.Jobs).WithPricing(a.Prices, cfg.USDPerEUR).
		WithSeasons(nutritionapp.Seasons(), cfg.Now)
	// Meal-prep names and custom foods go with the users row (ON DELETE CASCADE): export only.
	a.Identity.RegisterPersonalData(identityapp.PersonalData{Area: "mealprep", Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
		return a.MealPrep.Export(ctx, q, id)
	}, Erase: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, _ string) error {
		return a.MealPrep.EraseOwner(ctx, tx, id)
	}})
	a.Household = householdapp.New(pool, store)
	// Members' names go with the users row; the read model is erased here.
	a.Identity.RegisterPersonalData(identityapp.PersonalData{Area: "household", Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
		return a.Household.Export(ctx, q, id)
	}, Erase: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, _ string) error {
		return a.Household.EraseOwner(ctx, tx, id)
	}})
	a.Billing = a.newBilling(store)
	a.Needs = nutritionapp.NewNeeds(pool, a.Ledger, a.Jobs)
}

// newBilling picks the payment gateway: Stripe when STRIPE_SECRET_KEY is set; otherwise the
// local test-mode checkout, except in production, where checkouts fail with the error page
// (never a fake payment).
func (a *App) newBilling(store *eventstore.Store) *billingapp.Service {
	cfg := a.Config
	opts := billingapp.Options{AppURL: cfg.AppURL, AppKey: cfg.AppKey, Logger: a.Logger}
	for _, s := range strings.Split(cfg.StripeWebhookSecret, ",") {
		if s = strings.TrimSpace(s); s != "" {
			opts.WebhookSecrets = append(opts.WebhookSecrets, s)
		}
	}
	switch {
	case cfg.StripeSecretKey != "":
		opts.Gateway = stripe.New(stripe.Config{SecretKey: cfg.StripeSecretKey, APIURL: cfg.StripeAPIURL})
	case cfg.Production():
		a.Logger.Error("STRIPE_SECRET_KEY is not set: token purchases are unavailable")
		opts.Gateway = billingapp.UnavailableGateway()
	}
	identity := a.Identity
	return billingapp.New(a.Pool, store, a.Ledger, a.Jobs, opts).WithRecipients(func(ctx context.Context, q eventstore.DBTX, id uuid.UUID) (billingapp.Recipient, error) {
		u, err := identity.ByIDTx(ctx, q, id)
		if err != nil {
			return billingapp.Recipient{}, err
		}
		return billingapp.Recipient{Email: u.Email, Name: u.Name, Locale: string(u.Language)}, nil
	}).WithBillingAddresses(func(ctx context.Context, id uuid.UUID) (string, *stripe.Address, error) {
		b, ok, err := identity.BillingInfo(ctx, id)
		if err != nil || !ok {
			return "", nil, err
		}
		u, err := identity.ByID(ctx, id)
		if err != nil {
			return "", nil, err
		}
		return strings.TrimSpace(u.Name + " " + u.Surname), &stripe.Address{Line1: b.Address, City: b.City, PostalCode: b.PostalCode, Country: b.Country}, nil
	})
}

// registerWorkers adds every area's River workers, over the services New built.
func (a *App) registerWorkers(workers *river.Workers, o Options) error {
	cfg, pool, log := a.Config, a.Pool, a.Logger
	mailer, err := mail.FromConfig(cfg, pool, log)
	if err != nil {
		return err
	}
	if err := jobs.Register(workers, &identityapp.SendEmailWorker{Mailer: mailer, Translator: a.Translator, Key: cfg.AppKey, Pool: pool, Log: log}); err != nil {
		return err
	}
	builtin := nutrition.NewBuiltin(a.Prices)
	var engine nutrition.Generator = builtin
	timeout := mealprepapp.DefaultJobTimeout
	needs := &nutritionapp.NeedsWorker{Needs: a.Needs, Delay: cfg.TestDelays.Needs}
	if cfg.AIBaseURL != "" && cfg.AIModel != "" {
		ac := ai.Config{BaseURL: cfg.AIBaseURL, APIKey: cfg.AIAPIKey, Model: cfg.AIModel, Logger: log}
		g, err := ai.New(ac, builtin)
		if err != nil {
			return err
		}
		// The AI adapter tries up to 3 × 20 s with backoff before it falls back to the solver.
		engine, timeout = g, 90*time.Second
		// The same model comments on computed needs; the numbers stay the formula's.
		if needs.Explainer, err = ai.NewExplainer(ac, 0); err != nil {
			return err
		}
	}
	if err := jobs.Register(workers, needs); err != nil {
		return err
	}
	if o.Engine != nil {
		engine = o.Engine(engine)
	}
	generate := mealprepapp.NewWorker(a.MealPrep, engine, timeout)
	generate.Delay = cfg.TestDelays.MealPrepGeneration
	if err := jobs.Register(workers, generate); err != nil {
		return err
	}
	return jobs.Register(workers, &adminapp.RebuildWorker{Pool: pool, Logger: log})
}

// Web are the HTTP side's settings that do not come from the environment.
type Web struct {
	// Assets is the Vite build (frontend.Dist() in the binary).
	Assets fs.FS
	// HotFile holds the Vite dev server's URL when make dev runs it.
	HotFile string
	// SessionCleanup is how often expired sessions are deleted; 0 never (tests).
	SessionCleanup time.Duration
	// Registry receives the HTTP metrics; nil, a fresh one.
	Registry *prometheus.Registry
	// NoPrerender: every page rendered by the client (handlers.CoreDeps.NoPrerender), the
	// bench's baseline.
	NoPrerender bool
}

// Router builds the web core and every area's handler type over the services, and the router
// over them.
func (a *App) Router(w Web) (*handlers.Core, chi.Router, error) {
	cfg := a.Config
	core, err := handlers.NewCore(handlers.CoreDeps{
		Config: cfg, Pool: a.Pool, Logger: a.Logger, Translator: a.Translator, Users: a.Identity,
		Assets: w.Assets, HotFile: w.HotFile, SessionCleanup: w.SessionCleanup, Registry: w.Registry,
		NoPrerender: w.NoPrerender,
	})
	if err != nil {
		return nil, nil, err
	}
	areas := []handlers.Area{
		handlers.NewPublic(core, a.Waitlist, a.Billing),
		handlers.NewBilling(core, a.Billing),
		handlers.NewIdentity(core, a.Identity),
		handlers.NewSocial(core, a.Identity, a.OAuth),
		handlers.NewOnboarding(core, a.Identity),
		handlers.NewDashboard(core, a.MealPrep, a.Identity),
		handlers.NewMealPreps(core, a.MealPrep),
		handlers.NewShoppingLists(core, a.MealPrep, a.Household, a.Prices, cfg.USDPerEUR),
		handlers.NewBatchCook(core, a.MealPrep, a.Household),
		handlers.NewAdmin(core, a.Admin),
		handlers.NewAccount(core, a.Identity, a.Needs),
		handlers.NewSettings(core, a.Identity),
	}
	if !cfg.Production() {
		areas = append(areas, handlers.NewDevMailbox(core, a.Mailbox), handlers.NewDevErrors(core))
	}
	return core, handlers.NewRouter(core, areas...), nil
}
