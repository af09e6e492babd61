package handlers

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	adminapp "github.com/gamelle/gamelle/app/admin"
	billingapp "github.com/gamelle/gamelle/app/billing"
	householdapp "github.com/gamelle/gamelle/app/household"
	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/app/identity/waitlist"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/integrations/oauth"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/internal/db"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/jobs"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

// testAssets is a minimal Vite build: a manifest naming the two entries.
func testAssets() fstest.MapFS {
	return fstest.MapFS{
		".vite/manifest.json": {Data: []byte(`{
 "src/app.tsx": {"file": "assets/app-abc123.js", "src": "src/app.tsx", "isEntry": true},
 "src/app.css": {"file": "assets/app-def456.css", "src": "src/app.css", "isEntry": true}
}`)},
		"assets/app-abc123.js":  {Data: []byte("console.log('app')")},
		"assets/app-def456.css": {Data: []byte("body{}")},
		"avatars/1.svg":         {Data: []byte("<svg/>")},
	}
}

// xsrfCookie is the anti-forgery cookie's name in the tests (they run in development).
const xsrfCookie = xsrfCookieDev

// testServer is the real router with every area, wired as cmd/gamelle wires it (newServices
// and newRouter in cmd/gamelle/wire.go; keep the two in step), with handles on the services
// the tests look into.
type testServer struct {
	*Core
	router   chi.Router
	jobs     *jobs.Client
	wallets  *ledgerapp.Service
	accounts *identityapp.Service
	waitlist *waitlist.Store
	mailbox  *mail.Mailbox
	mealprep *mealprepapp.Service
	billing  *billingapp.Service
	needs    *nutritionapp.Needs
	admin    *adminapp.Service
	prices   *nutrition.PriceTable
	// household is the people a person cooks for (issue 23).
	household *householdapp.Service
}

func (s *testServer) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

// buildServer wires the services and every area over pool, with an insert-only job client (the
// tests read what was enqueued).
func buildServer(cfg config.Config, pool *pgxpool.Pool) (*testServer, error) {
	log := slog.New(slog.DiscardHandler)
	jc, err := jobs.New(pool, jobs.Config{Logger: log})
	if err != nil {
		return nil, err
	}
	providers, err := oauth.New(oauth.Config{
		BaseURL: cfg.AppURL, GoogleClientID: cfg.GoogleClientID, GoogleClientSecret: cfg.GoogleClientSecret,
		GoogleIssuerURL: cfg.GoogleIssuerURL, AppleClientID: cfg.AppleClientID, AppleTeamID: cfg.AppleTeamID,
		AppleKeyID: cfg.AppleKeyID, AppleSecretKey: cfg.AppleSecretKey, AppleAuthURL: cfg.AppleAuthURL,
		AppleKeysURL: cfg.AppleKeysURL, AppleIssuer: cfg.AppleIssuer,
	})
	if err != nil {
		return nil, err
	}
	s := &testServer{jobs: jc, waitlist: waitlist.NewStore(pool), mailbox: mail.NewMailbox(pool, log)}
	s.wallets = ledgerapp.New(pool, eventstore.New(pool))
	s.accounts = identityapp.New(pool, s.wallets, jc, identityapp.Options{
		AdminEmails: cfg.AdminEmails, AppURL: cfg.AppURL, Key: cfg.AppKey,
	})
	s.accounts.RegisterPersonalData(identityapp.PersonalData{Area: "ledger", Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
		return tokenhistory.Page(ctx, q, tokenhistory.Filter{UserIDs: []uuid.UUID{id}}, 1_000_000)
	}})
	s.mealprep = mealprepapp.New(pool, eventstore.New(pool), s.wallets, jc)
	s.accounts.RegisterPersonalData(identityapp.PersonalData{Area: "mealprep", Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
		return s.mealprep.Export(ctx, q, id)
	}, Erase: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, _ string) error {
		return s.mealprep.EraseOwner(ctx, tx, id)
	}})
	s.household = householdapp.New(pool, eventstore.New(pool))
	s.accounts.RegisterPersonalData(identityapp.PersonalData{Area: "household", Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
		return s.household.Export(ctx, q, id)
	}, Erase: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, _ string) error {
		return s.household.EraseOwner(ctx, tx, id)
	}})
	s.needs = nutritionapp.NewNeeds(pool, s.wallets, jc)
	// No Stripe key: the local test-mode checkout, as in development.
	s.billing = billingapp.New(pool, eventstore.New(pool), s.wallets, jc, billingapp.Options{AppURL: cfg.AppURL, AppKey: cfg.AppKey, Logger: log}).
		WithRecipients(func(ctx context.Context, q eventstore.DBTX, id uuid.UUID) (billingapp.Recipient, error) {
			u, err := s.accounts.ByIDTx(ctx, q, id)
			return billingapp.Recipient{Email: u.Email, Name: u.Name, Locale: string(u.Language)}, err
		})
	if err := s.billing.EnsureCatalog(context.Background()); err != nil {
		return nil, err
	}
	s.prices = testPrices()
	s.admin = adminapp.New(pool, eventstore.New(pool), s.accounts, s.wallets, jc).WithPrices(s.prices)
	s.accounts.RegisterPersonalData(s.admin.PersonalData())
	if s.Core, err = NewCore(CoreDeps{Config: cfg, Pool: pool, Logger: log, Users: s.accounts, Assets: testAssets()}); err != nil {
		return nil, err
	}
	areas := []Area{
		NewPublic(s.Core, s.waitlist, s.billing), NewBilling(s.Core, s.billing),
		NewIdentity(s.Core, s.accounts), NewSocial(s.Core, s.accounts, providers),
		NewOnboarding(s.Core, s.accounts), NewDashboard(s.Core, s.mealprep, s.accounts), NewMealPreps(s.Core, s.mealprep),
		NewShoppingLists(s.Core, s.mealprep, s.prices, 0),
		NewBatchCook(s.Core, s.mealprep, s.household),
		NewAdmin(s.Core, s.admin),
		NewAccount(s.Core, s.accounts, s.needs),
		NewSettings(s.Core, s.accounts),
	}
	if !cfg.Production() {
		areas = append(areas, NewDevMailbox(s.Core, s.mailbox), NewDevErrors(s.Core))
	}
	s.router = NewRouter(s.Core, areas...)
	return s, nil
}

// bundle is what a handler test needs: the real server over a fresh database, and a browser-like
// client with a cookie jar.
type bundle struct {
	srv    *testServer
	ts     *httptest.Server
	client *http.Client
	db     *pgtest.DB
	ver    string
}

func setup(t *testing.T) *bundle {
	t.Helper()
	db := pgtest.New(t)
	cfg, err := config.Load(func(k string) (string, bool) {
		v, ok := map[string]string{
			"DATABASE_URL": db.URL, "APP_ENV": "test", "APP_KEY": strings.Repeat("k", 32), "DATA_DIR": t.TempDir(),
		}[k]
		return v, ok
	})
	require.NoError(t, err)
	srv, err := buildServer(cfg, db.Pool)
	require.NoError(t, err)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	b := &bundle{srv: srv, ts: ts, client: client, db: db}
	b.version(t)
	return b
}

func (b *bundle) xsrf(t *testing.T) string {
	t.Helper()
	u, _ := url.Parse(b.ts.URL)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == xsrfCookie {
			return c.Value
		}
	}
	// First contact hands out the cookie.
	resp := b.do(t, "GET", "/", nil, nil)
	resp.Body.Close()
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == xsrfCookie {
			return c.Value
		}
	}
	t.Fatal("no XSRF-TOKEN cookie issued")
	return ""
}

func (b *bundle) do(t *testing.T, method, path string, body io.Reader, headers map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, b.ts.URL+path, body)
	require.NoError(t, err)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := b.client.Do(req)
	require.NoError(t, err)
	return resp
}

// inertiaVisit performs an Inertia XHR visit and decodes the page object.
func (b *bundle) inertiaVisit(t *testing.T, method, path string, body any, extra map[string]string) (*http.Response, pageObject) {
	t.Helper()
	h := map[string]string{"X-Inertia": "true", "Accept": "text/html, application/xhtml+xml", "X-Requested-With": "XMLHttpRequest", "X-Inertia-Version": b.version(t)}
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = strings.NewReader(string(raw))
		h["Content-Type"] = "application/json"
		h["X-XSRF-TOKEN"] = b.xsrf(t)
	}
	for k, v := range extra {
		h[k] = v
	}
	resp := b.do(t, method, path, rd, h)
	defer resp.Body.Close()
	var p pageObject
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") && resp.StatusCode != http.StatusConflict {
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&p))
	}
	return resp, p
}

// version is the asset version, read once from a first visit so that later calls do not consume
// flash data meant for the page under test.
func (b *bundle) version(t *testing.T) string {
	t.Helper()
	if b.ver != "" {
		return b.ver
	}
	resp := b.do(t, "GET", "/terms", nil, nil)
	defer resp.Body.Close()
	html, _ := io.ReadAll(resp.Body)
	b.ver = pageFromHTML(t, string(html)).Version
	return b.ver
}

type pageObject struct {
	Component string         `json:"component"`
	Props     map[string]any `json:"props"`
	URL       string         `json:"url"`
	Version   string         `json:"version"`
	Flash     map[string]any `json:"flash"`
}

func pageFromHTML(t *testing.T, html string) pageObject {
	t.Helper()
	start := strings.Index(html, `<script data-page="app" type="application/json">`)
	require.GreaterOrEqual(t, start, 0, "page script in HTML")
	rest := html[start+len(`<script data-page="app" type="application/json">`):]
	end := strings.Index(rest, "</script>")
	var p pageObject
	require.NoError(t, json.Unmarshal([]byte(rest[:end]), &p))
	return p
}
