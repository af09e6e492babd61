package handlers

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/config"
)

// requireErrorPage checks an error page carries what its layout needs (site configuration)
// and the request id a person can quote.
func requireErrorPage(t *testing.T, resp *http.Response, p pageObject, status int, component string) {
	t.Helper()
	require.Equal(t, status, resp.StatusCode, component)
	require.Equal(t, component, p.Component)
	app, ok := p.Props["app"].(map[string]any)
	require.True(t, ok, "%s has the site configuration", component)
	require.NotEmpty(t, app["mainRouteList"], component)
	require.Equal(t, resp.Header.Get("X-Request-Id"), p.Props["requestId"], component)
	require.NotEmpty(t, p.Props["requestId"], component)
}

// Every error page (403, 404, 405, 419, 429, 500, 503) renders as a page of the app, with the
// site configuration its layout reads, whichever layer refused the request.
func TestEveryErrorPageHasItsLayoutProps(t *testing.T) {
	t.Parallel()
	b := setup(t)

	resp, p := b.visit(t, "/nope")
	requireErrorPage(t, resp, p, http.StatusNotFound, "errors/not-found")

	resp, p = b.visit(t, "/auth/email/login") // POST-only
	requireErrorPage(t, resp, p, http.StatusMethodNotAllowed, "errors/method-not-allowed")

	resp, p = b.inertiaVisit(t, "POST", "/waitlist", nil, map[string]string{"Content-Type": "application/json"})
	requireErrorPage(t, resp, p, 419, "errors/page-expired")

	b.registerAndVerify(t, "plain@example.com")
	resp, p = b.visit(t, "/dashboard/admin")
	requireErrorPage(t, resp, p, http.StatusForbidden, "errors/forbidden")

	for range 40 {
		resp, p = b.visit(t, "/auth/verify/nope")
		if resp.StatusCode == http.StatusTooManyRequests {
			break
		}
	}
	requireErrorPage(t, resp, p, http.StatusTooManyRequests, "auth/rate-limited")

	// The database goes away while a person is signed in: the session layer answers with the
	// translated 503 page, for full visits and Inertia visits alike.
	b.srv.pool.Close()
	resp, p = b.visit(t, "/dashboard/general")
	requireErrorPage(t, resp, p, http.StatusServiceUnavailable, "errors/unavailable")
	resp = b.do(t, "GET", "/dashboard/general", nil, map[string]string{"Accept-Language": "en"})
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	require.Equal(t, "errors/unavailable", pageFromHTML(t, string(body)).Component)
	require.Contains(t, string(body), `lang="en"`)
}

// A refused form post goes back to its page with 303 and an error flash, so a reload never
// lands on a POST-only address; HEAD answers on GET routes.
func TestRefusedFormsGoBackAndHeadWorks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	referer := map[string]string{"Content-Type": "application/json", "Referer": b.ts.URL + "/waitlist"}
	resp, _ := b.inertiaVisit(t, "POST", "/waitlist", nil, referer) // no XSRF header
	requireRedirect(t, resp, "/waitlist")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, p := b.visit(t, "/waitlist")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotEmpty(t, p.Props["flash"].(map[string]any)["error"], "the refusal is explained on the page")

	resp = b.do(t, "DELETE", "/terms", nil, map[string]string{"X-XSRF-TOKEN": b.xsrf(t), "Referer": b.ts.URL + "/terms"})
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)

	for _, path := range []string{"/", "/terms", "/privacy", "/auth/login", "/healthz", "/robots.txt"} {
		resp = b.do(t, "HEAD", path, nil, nil)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, "HEAD %s", path)
		require.Empty(t, strings.TrimSpace(string(body)))
	}
}

// /dev/error/{status} renders each error page through the function real failures use, with its
// status, layout props and request id; an unknown status is not found. Production has no such
// route: its unmatched address is the 404 page, whatever the status asked for.
func TestDevErrorPagesRenderEachStatus(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for status, component := range map[int]string{
		http.StatusBadRequest:          "errors/bad-request",
		http.StatusForbidden:           "errors/forbidden",
		http.StatusNotFound:            "errors/not-found",
		http.StatusMethodNotAllowed:    "errors/method-not-allowed",
		419:                            "errors/page-expired",
		http.StatusTooManyRequests:     "auth/rate-limited",
		http.StatusInternalServerError: "errors/server-error",
		http.StatusServiceUnavailable:  "errors/unavailable",
	} {
		resp, p := b.visit(t, "/dev/error/"+strconv.Itoa(status))
		requireErrorPage(t, resp, p, status, component)
	}
	resp, p := b.visit(t, "/dev/error/418")
	requireErrorPage(t, resp, p, http.StatusNotFound, "errors/not-found")

	cfg, err := config.Load(func(k string) (string, bool) {
		v, ok := map[string]string{"DATABASE_URL": b.db.URL, "APP_ENV": "production", "APP_KEY": strings.Repeat("p", 32), "APP_URL": "https://gamelle.example", "MAIL_DISABLED": "true"}[k]
		return v, ok
	})
	require.NoError(t, err)
	srv, err := buildServer(cfg, b.db.Pool)
	require.NoError(t, err)
	require.NoError(t, chi.Walk(srv.router, func(_, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		require.NotContains(t, route, "/dev/", "production registers no development route")
		return nil
	}))
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "https://gamelle.example/dev/error/500", nil))
	require.Equal(t, http.StatusNotFound, rec.Code)
}
