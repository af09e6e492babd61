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
	"time"

	"github.com/go-chi/chi/v5"
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
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/jobs"
	"github.com/gamelle/gamelle/projections"
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

// testServer is the real router with every area, wired by wiring as the binary is
// (WireApp), with handles on the services the tests look into.
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
	// household is the people a person cooks for.
	household *householdapp.Service
}

func (s *testServer) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

// buildServer wires the application over pool as the binary does, with an insert-only job
// client (the tests read what was enqueued), and seeds the token packs as gamelle serve does.
func buildServer(cfg config.Config, pool *pgxpool.Pool) (*testServer, error) {
	a, err := WireApp(cfg, pool, testAssets())
	if err != nil {
		return nil, err
	}
	if err := a.Billing.EnsureCatalog(context.Background()); err != nil {
		return nil, err
	}
	return &testServer{
		Core: a.Core, router: a.Router, jobs: a.Jobs, wallets: a.Ledger, accounts: a.Identity,
		waitlist: a.Waitlist, mailbox: a.Mailbox, mealprep: a.MealPrep, billing: a.Billing,
		needs: a.Needs, admin: a.Admin, prices: a.Prices, household: a.Household,
	}, nil
}

// bundle is what a handler test needs: the real server over a fresh database, and a browser-like
// client with a cookie jar.
type bundle struct {
	srv    *testServer
	ts     *httptest.Server
	client *http.Client
	db     *pgtest.DB
	ver    string
	// runner runs the projections (runProjections).
	runner *projections.Runner
	// readYourWrites makes page visits first wait until the runner has applied the last event
	// written (settle), as the meal-prep pages, served from read models, need.
	readYourWrites bool
	// settled is the last position settle waited for: visits with no write since skip the wait.
	settled *int64
}

func setup(t *testing.T) *bundle {
	t.Helper()
	return setupOn(t, pgtest.New(t))
}

// setupOn is setup over db (foodstest.New for a database holding the CIQUAL foods).
func setupOn(t *testing.T, db *pgtest.DB) *bundle {
	t.Helper()
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

// runProjections runs the projections over the test's database until the test ends, as
// gamelle serve's worker does.
func (b *bundle) runProjections(t *testing.T) {
	t.Helper()
	runner, err := projections.NewRunner(b.db.Pool, slog.New(slog.DiscardHandler), projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	b.runner = runner
}

// settle waits until the projections have applied the last event written so far: the write's
// position, instead of polling a page until it shows the write.
func (b *bundle) settle(t *testing.T) {
	t.Helper()
	var last *int64
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT max(position) FROM events`).Scan(&last))
	if last == nil || (b.settled != nil && *b.settled == *last) {
		return
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	require.NoError(t, b.runner.WaitFor(ctx, *last), "the projections reach the last write")
	b.settled = last
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
	if method == http.MethodGet && b.readYourWrites {
		b.settle(t)
	}
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
