package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
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

// This file is the only place that builds the application: services, River workers and the
// router. Handlers and workers receive what they use. To add an area, see "Adding an area" in
// docs/architecture.md: build its service in newServices, register its workers in
// registerWorkers and its handler type in newRouter.

// services are one process's application services, built once and shared by the handlers and
// the workers that use them.
type services struct {
	tr       *i18n.Translator
	jobs     *jobs.Client
	ledger   *ledgerapp.Service
	identity *identityapp.Service
	waitlist *waitlist.Store
	oauth    *oauth.Registry
	mealprep *mealprepapp.Service
	billing  *billingapp.Service
	admin    *adminapp.Service
	needs    *nutritionapp.Needs
	// prices is the process's one price table, shared by the meal-prep worker, the shopping
	// lists and the admin prices page, so an admin's change reaches all of them.
	prices *nutrition.PriceTable
	// household is the people a person cooks for (issue 23).
	household *householdapp.Service
}

// newPrices parses the shipped price estimates; runPriceLoader keeps admins' overrides on them.
func newPrices() (*nutrition.PriceTable, error) {
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	if err != nil {
		return nil, fmt.Errorf("recipe prices: %w", err)
	}
	return prices, nil
}

// PriceReload is how often a process re-reads the admins' price overrides, so it follows a
// change made through another process.
const PriceReload = time.Minute

// newServices builds the services over pool. jobClient inserts (and, on worker processes,
// works) the background jobs; see newJobs.
func newServices(cfg config.Config, pool *pgxpool.Pool, tr *i18n.Translator, jobClient *jobs.Client, prices *nutrition.PriceTable) (*services, error) {
	providers, err := oauth.New(oauth.Config{
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
	})
	if err != nil {
		return nil, fmt.Errorf("social sign-in: %w", err)
	}
	store := eventstore.New(pool)
	ledger := ledgerapp.New(pool, store)
	identity := identityapp.New(pool, ledger, jobClient, identityapp.Options{
		AdminEmails: cfg.AdminEmails, AppURL: cfg.AppURL, Key: cfg.AppKey,
	})
	// What each area keeps about a person, for the data export and account deletion
	// (app/identity/erase.go). The ledger is exported, never erased: it stays pseudonymous.
	identity.RegisterPersonalData(identityapp.PersonalData{Area: "ledger", Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
		return tokenhistory.Page(ctx, q, tokenhistory.Filter{UserIDs: []uuid.UUID{id}}, 1_000_000)
	}})
	var inserter mealprepapp.JobInserter
	var adminJobs adminapp.JobClient
	if jobClient != nil {
		inserter, adminJobs = jobClient, jobClient
	}
	admin := adminapp.New(pool, store, identity, ledger, adminJobs).WithPrices(prices)
	identity.RegisterPersonalData(admin.PersonalData())
	mealpreps := mealprepapp.New(pool, store, ledger, inserter).WithPricing(prices, cfg.USDPerEUR)
	// Meal-prep names and custom foods go with the users row (ON DELETE CASCADE): export only.
	identity.RegisterPersonalData(identityapp.PersonalData{Area: "mealprep", Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
		return mealpreps.Export(ctx, q, id)
	}, Erase: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, _ string) error {
		return mealpreps.EraseOwner(ctx, tx, id)
	}})
	households := householdapp.New(pool, store)
	// Members' names go with the users row; the read model is erased here.
	identity.RegisterPersonalData(identityapp.PersonalData{Area: "household", Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
		return households.Export(ctx, q, id)
	}, Erase: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, _ string) error {
		return households.EraseOwner(ctx, tx, id)
	}})
	svc := &services{
		prices:   prices,
		admin:    admin,
		mealprep: mealpreps,
		tr:       tr,
		jobs:     jobClient,
		ledger:   ledger,
		identity: identity,
		waitlist: waitlist.NewStore(pool),
		oauth:    providers,
		billing:  newBilling(cfg, pool, store, ledger, jobClient, identity),
		needs:    nutritionapp.NewNeeds(pool, ledger, inserter),
	}
	svc.household = households
	return svc, nil
}

// newBilling picks the payment gateway: Stripe when STRIPE_SECRET_KEY is set; otherwise the
// local test-mode checkout, except in production, where checkouts fail with the error page
// (never a fake payment).
func newBilling(cfg config.Config, pool *pgxpool.Pool, store *eventstore.Store, ledger *ledgerapp.Service, jobClient *jobs.Client, identity *identityapp.Service) *billingapp.Service {
	opts := billingapp.Options{AppURL: cfg.AppURL, AppKey: cfg.AppKey}
	for _, s := range strings.Split(cfg.StripeWebhookSecret, ",") {
		if s = strings.TrimSpace(s); s != "" {
			opts.WebhookSecrets = append(opts.WebhookSecrets, s)
		}
	}
	switch {
	case cfg.StripeSecretKey != "":
		opts.Gateway = stripe.New(stripe.Config{SecretKey: cfg.StripeSecretKey, APIURL: cfg.StripeAPIURL})
	case cfg.Production():
		slog.Error("STRIPE_SECRET_KEY is not set: token purchases are unavailable")
		opts.Gateway = billingapp.UnavailableGateway()
	}
	return billingapp.New(pool, store, ledger, jobClient, opts).WithRecipients(func(ctx context.Context, q eventstore.DBTX, id uuid.UUID) (billingapp.Recipient, error) {
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

// newJobs builds the River client. With work set it registers every area's workers (the
// client must then be started); otherwise it only inserts jobs (web-only processes).
func newJobs(cfg config.Config, pool *pgxpool.Pool, log *slog.Logger, tr *i18n.Translator, work bool, prices *nutrition.PriceTable) (*jobs.Client, error) {
	// A person watches their recipes being generated: River's 1 s fallback poll would be most
	// of the wait when an insert notification is missed (docs/performance.md, meal prep).
	jc := jobs.Config{Logger: log, FetchPollInterval: JobFetchPollInterval}
	if work {
		workers := river.NewWorkers()
		if err := registerWorkers(workers, cfg, pool, log, tr, prices); err != nil {
			return nil, err
		}
		jc.Workers = workers
	}
	return jobs.New(pool, jc)
}

// JobFetchPollInterval is how often workers look for new jobs besides River's notifications.
const JobFetchPollInterval = 200 * time.Millisecond

// registerWorkers adds every area's River workers.
func registerWorkers(workers *river.Workers, cfg config.Config, pool *pgxpool.Pool, log *slog.Logger, tr *i18n.Translator, prices *nutrition.PriceTable) error {
	mailer, err := mail.FromConfig(cfg, pool, log)
	if err != nil {
		return err
	}
	if err := jobs.Register(workers, &identityapp.SendEmailWorker{Mailer: mailer, Translator: tr, Key: cfg.AppKey, Pool: pool, Log: log}); err != nil {
		return err
	}
	store := eventstore.New(pool)
	// The worker never enqueues, so its service needs no job client.
	svc := mealprepapp.New(pool, store, ledgerapp.New(pool, store), nil).WithPricing(prices, cfg.USDPerEUR).WithSeasons(nutritionapp.Seasons(), cfg.Now)
	builtin := nutrition.NewBuiltin(prices)
	var engine nutrition.Generator = builtin
	timeout := mealprepapp.DefaultJobTimeout
	if cfg.AIBaseURL != "" && cfg.AIModel != "" {
		g, err := ai.New(ai.Config{BaseURL: cfg.AIBaseURL, APIKey: cfg.AIAPIKey, Model: cfg.AIModel, Logger: log}, builtin)
		if err != nil {
			return err
		}
		// The AI adapter tries up to 3 × 20 s with backoff before it falls back to the solver.
		engine, timeout = g, 90*time.Second
	}
	needsWorker := &nutritionapp.NeedsWorker{Needs: nutritionapp.NewNeeds(pool, ledgerapp.New(pool, store), nil)}
	if cfg.AIBaseURL != "" && cfg.AIModel != "" {
		// The same model comments on computed needs; the numbers stay the formula's.
		ex, err := ai.NewExplainer(ai.Config{BaseURL: cfg.AIBaseURL, APIKey: cfg.AIAPIKey, Model: cfg.AIModel, Logger: log}, 0)
		if err != nil {
			return err
		}
		needsWorker.Explainer = ex
	}
	if cfg.Env == config.EnvTest {
		// Browser tests set this to watch the calculation's progress.
		if d, err := time.ParseDuration(os.Getenv("NEEDS_TEST_DELAY")); err == nil {
			needsWorker.Delay = d
		}
	}
	if err := jobs.Register(workers, needsWorker); err != nil {
		return err
	}
	w := mealprepapp.NewWorker(svc, engine, timeout)
	if cfg.Env == config.EnvTest {
		// Browser tests set this to watch the progress message and reload during a generation.
		if d, err := time.ParseDuration(os.Getenv("MEALPREP_TEST_GENERATION_DELAY")); err == nil {
			w.Delay = d
		}
	}
	if err := mealprepapp.Register(workers, w); err != nil {
		return err
	}
	return jobs.Register(workers, &adminapp.RebuildWorker{Pool: pool, Logger: log})
}

// webOptions are the HTTP side's settings that do not come from the environment.
type webOptions struct {
	Assets         fs.FS
	HotFile        string
	SessionCleanup time.Duration
	Registry       *prometheus.Registry
	// NoPrerender: every page rendered by the client (handlers.CoreDeps.NoPrerender).
	NoPrerender bool
}

// newRouter builds the web core and every area's handler type, and the router over them.
func newRouter(cfg config.Config, pool *pgxpool.Pool, log *slog.Logger, svc *services, o webOptions) (chi.Router, error) {
	core, err := handlers.NewCore(handlers.CoreDeps{
		Config: cfg, Pool: pool, Logger: log, Translator: svc.tr, Users: svc.identity,
		Assets: o.Assets, HotFile: o.HotFile, SessionCleanup: o.SessionCleanup, Registry: o.Registry,
		NoPrerender: o.NoPrerender,
	})
	if err != nil {
		return nil, err
	}
	areas := []handlers.Area{
		handlers.NewPublic(core, svc.waitlist, svc.billing),
		handlers.NewBilling(core, svc.billing),
		handlers.NewIdentity(core, svc.identity),
		handlers.NewSocial(core, svc.identity, svc.oauth),
		handlers.NewOnboarding(core, svc.identity),
		handlers.NewDashboard(core, svc.mealprep, svc.identity),
		handlers.NewMealPreps(core, svc.mealprep),
		handlers.NewShoppingLists(core, svc.mealprep, svc.prices, cfg.USDPerEUR),
		handlers.NewBatchCook(core, svc.mealprep, svc.household),
		handlers.NewAdmin(core, svc.admin),
		handlers.NewAccount(core, svc.identity, svc.needs),
		handlers.NewSettings(core, svc.identity),
	}
	if !cfg.Production() {
		areas = append(areas, handlers.NewDevMailbox(core, mail.NewMailbox(pool, log)), handlers.NewDevErrors(core))
	}
	return handlers.NewRouter(core, areas...), nil
}
