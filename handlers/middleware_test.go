package handlers

import (
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/config"
)

func TestPanicRendersServerErrorPage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.srv.router.With(b.srv.sessions.LoadAndSave, b.srv.inertia.Middleware, b.srv.sharedProps).
		Get("/test-panic", func(http.ResponseWriter, *http.Request) { panic("boom: secret internals") })

	resp := b.do(t, "GET", "/test-panic", nil, map[string]string{"Accept-Language": "en"})
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusInternalServerError, resp.StatusCode)
	require.Equal(t, "errors/server-error", pageFromHTML(t, string(body)).Component)
	require.NotContains(t, string(body), "secret internals", "internals never reach the person")

	resp, p := b.inertiaVisit(t, "GET", "/test-panic", nil, nil)
	requireErrorPage(t, resp, p, http.StatusInternalServerError, "errors/server-error")

	// The server keeps serving after a panic.
	resp = b.do(t, "GET", "/healthz", nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
}

func TestResponsesAreCompressed(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// The test client must ask for gzip itself, or Go's transport would hide the encoding.
	resp := b.do(t, "GET", "/", nil, map[string]string{"Accept-Encoding": "gzip"})
	defer resp.Body.Close()
	require.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
	zr, err := gzip.NewReader(resp.Body)
	require.NoError(t, err)
	html, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.Contains(t, string(html), `data-page="app"`)
}

func TestProductionCookiesAreHostOnlyAndSecure(t *testing.T) {
	t.Parallel()
	b := setup(t)
	cfg, err := config.Load(func(k string) (string, bool) {
		v, ok := map[string]string{"DATABASE_URL": b.db.URL, "APP_ENV": "production", "APP_KEY": strings.Repeat("p", 32), "APP_URL": "https://gamelle.example", "MAIL_DISABLED": "true"}[k]
		return v, ok
	})
	require.NoError(t, err)
	srv, err := buildServer(cfg, b.db.Pool)
	require.NoError(t, err)

	// A failed form puts errors in the session, which makes the session cookie appear.
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "https://gamelle.example/", nil))
	var xsrf *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if c.Name == xsrfCookieProd {
			xsrf = c
		}
	}
	require.NotNil(t, xsrf)
	require.True(t, xsrf.Secure)
	require.Equal(t, "/", xsrf.Path)
	require.Empty(t, xsrf.Domain, "__Host- cookies carry no Domain")
	require.False(t, xsrf.HttpOnly, "the page's script must read the token")

	req := httptest.NewRequest("POST", "https://gamelle.example/waitlist", strings.NewReader(`{"email":"bad"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", xsrfCookieProd+"="+xsrf.Value)
	req.Header.Set("X-XSRF-TOKEN", xsrf.Value)
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	require.Equal(t, http.StatusSeeOther, rec.Code)
	var session *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if strings.Contains(c.Name, "session") {
			session = c
		}
	}
	require.NotNil(t, session, "the failed form's errors are kept in a session")
	require.Equal(t, "__Host-session", session.Name)
	require.True(t, session.Secure)
	require.True(t, session.HttpOnly)
	require.Equal(t, "/", session.Path)
	require.Empty(t, session.Domain)
	require.Equal(t, http.SameSiteLaxMode, session.SameSite)
	require.Contains(t, rec.Header().Get("Strict-Transport-Security"), "max-age=")
}

// Access logs hold neither the email addresses nor the link secrets that some paths carry.
func TestRequestLogKeepsNoEmailOrSecretFromThePath(t *testing.T) {
	t.Parallel()
	var buf strings.Builder
	s := &Core{log: slog.New(slog.NewTextHandler(&buf, nil))}
	r := chi.NewRouter()
	r.Use(s.requestLog)
	ok := func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }
	r.Get("/auth/otp/{email}", ok)
	r.Get("/auth/magic-link/{userId}/{otp}", ok)
	r.Get("/reset-password/{email}", ok)
	r.Get("/terms", ok)
	for _, p := range []string{"/auth/otp/alice%40example.com", "/auth/magic-link/0190-uuid/S3CRETLINK", "/reset-password/bob@example.com?token=T0KEN", "/terms"} {
		r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", p, nil))
	}
	logs := buf.String()
	for _, leak := range []string{"alice", "bob", "S3CRETLINK", "T0KEN", "0190-uuid"} {
		require.NotContains(t, logs, leak)
	}
	require.Contains(t, logs, "path=/auth/otp/{email}")
	require.Contains(t, logs, "path=/terms")
}

// In production /metrics is not public: a bearer token guards it, or it is absent from the
// public port. Signed-in pages are never stored by browsers or proxies.
func TestProductionMetricsAndSignedInPagesNoStore(t *testing.T) {
	t.Parallel()
	b := setup(t)
	prod := func(extra map[string]string) *testServer {
		env := map[string]string{"DATABASE_URL": b.db.URL, "APP_ENV": "production", "APP_KEY": strings.Repeat("p", 32), "APP_URL": "https://gamelle.example", "MAIL_DISABLED": "true"}
		for k, v := range extra {
			env[k] = v
		}
		cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
		require.NoError(t, err)
		srv, err := buildServer(cfg, b.db.Pool)
		require.NoError(t, err)
		return srv
	}
	get := func(srv *testServer, auth string) int {
		req := httptest.NewRequest("GET", "https://gamelle.example/metrics", nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		return rec.Code
	}
	require.Equal(t, http.StatusNotFound, get(prod(nil), ""), "no token: not on the public port")
	guarded := prod(map[string]string{"METRICS_TOKEN": "s3cret-token"})
	require.Equal(t, http.StatusUnauthorized, get(guarded, ""))
	require.Equal(t, http.StatusUnauthorized, get(guarded, "Bearer wrong"))
	require.Equal(t, http.StatusOK, get(guarded, "Bearer s3cret-token"))
	require.Equal(t, http.StatusNotFound, get(prod(map[string]string{"METRICS_ADDR": "127.0.0.1:0"}), ""), "served on its own listener instead")

	resp, _ := b.visit(t, "/")
	require.NotEqual(t, "no-store", resp.Header.Get("Cache-Control"))
	b.registerAndVerify(t, "cache@example.com")
	resp, _ = b.visit(t, "/dashboard/general")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
}
