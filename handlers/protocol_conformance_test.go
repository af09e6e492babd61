package handlers

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	inertia "github.com/romsar/gonertia/v3"
	"github.com/stretchr/testify/require"
)

// The Inertia protocol as docs/product.md §7 describes it, header by header, against the real server
// (session, CSRF, gonertia) over a real database. Behaviours no product route shows yet (PUT,
// PATCH and DELETE redirects, external locations) run on probe routes mounted beside the real
// router, behind the same session, Inertia, error-bag and CSRF middleware.

// conformance is the setup bundle served behind a mux that adds the probe routes.
func conformance(t *testing.T) *bundle {
	t.Helper()
	b := setup(t)
	s := b.srv
	chain := func(h http.HandlerFunc) http.Handler {
		return s.sessions.LoadAndSave(s.inertia.Middleware(errorBags(s.csrf.middleware(withLocale(h)))))
	}
	mux := http.NewServeMux()
	mux.Handle("/", s)
	mux.Handle("/probe/redirect", chain(func(w http.ResponseWriter, r *http.Request) {
		// Redirect with gonertia's default status (302), which PUT/PATCH/DELETE must not keep.
		s.inertia.Redirect(w, r, "/terms")
	}))
	mux.Handle("/probe/external", chain(func(w http.ResponseWriter, r *http.Request) {
		s.location(w, r, "https://checkout.example.com/pay/cs_test_1?x=1")
	}))
	mux.Handle("/probe/fail", chain(func(w http.ResponseWriter, r *http.Request) {
		s.back(w, r, inertia.ValidationErrors{"name": "required", "grams": "too small"})
	}))
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	jar, _ := cookiejar.New(nil)
	b.ts = ts
	b.client = &http.Client{Jar: jar, CheckRedirect: b.client.CheckRedirect}
	return b
}

// inertiaHeaders are what Inertia's client sends on every visit (docs/product.md §7).
func (b *bundle) inertiaHeaders(t *testing.T, extra map[string]string) map[string]string {
	h := map[string]string{
		"X-Inertia": "true", "X-Requested-With": "XMLHttpRequest",
		"Accept": "text/html, application/xhtml+xml", "X-Inertia-Version": b.version(t),
	}
	for k, v := range extra {
		h[k] = v
	}
	return h
}

func readPage(t *testing.T, resp *http.Response) pageObject {
	t.Helper()
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var p pageObject
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		require.NoError(t, json.Unmarshal(body, &p), string(body))
		return p
	}
	return pageFromHTML(t, string(body))
}

func TestProtocolConformanceHeaders(t *testing.T) {
	t.Parallel()
	b := conformance(t)
	xsrf := b.xsrf(t)
	tests := []struct {
		name    string
		method  string
		path    string
		headers map[string]string
		inertia bool
		check   func(t *testing.T, resp *http.Response)
	}{{
		name: "no X-Inertia: first visit gets HTML holding the page object", method: "GET", path: "/terms",
		headers: map[string]string{"Accept": "text/html"},
		check: func(t *testing.T, resp *http.Response) {
			require.Equal(t, http.StatusOK, resp.StatusCode)
			require.Contains(t, resp.Header.Get("Content-Type"), "text/html")
			require.Contains(t, resp.Header.Get("Vary"), "X-Inertia")
			p := readPage(t, resp)
			require.Equal(t, "public/terms", p.Component)
			require.Equal(t, "/terms", p.URL)
		},
	}, {
		name: "X-Requested-With alone is not a navigation", method: "GET", path: "/terms",
		headers: map[string]string{"X-Requested-With": "XMLHttpRequest"},
		check: func(t *testing.T, resp *http.Response) {
			require.Contains(t, resp.Header.Get("Content-Type"), "text/html")
			resp.Body.Close()
		},
	}, {
		name: "X-Inertia: JSON page with component, props, url and version", method: "GET", path: "/privacy?tab=1", inertia: true,
		check: func(t *testing.T, resp *http.Response) {
			require.Equal(t, http.StatusOK, resp.StatusCode)
			require.Equal(t, "true", resp.Header.Get("X-Inertia"))
			require.Contains(t, resp.Header.Get("Vary"), "X-Inertia")
			require.Contains(t, resp.Header.Get("Content-Type"), "application/json")
			p := readPage(t, resp)
			require.Equal(t, "public/privacy", p.Component)
			require.Equal(t, "/privacy?tab=1", p.URL)
			require.NotEmpty(t, p.Version)
			require.Contains(t, p.Props, "errors")
		},
	}, {
		name: "stale X-Inertia-Version on GET: 409 location visit to the same URL", method: "GET", path: "/terms?a=1&b[]=2", inertia: true,
		headers: map[string]string{"X-Inertia-Version": "stale"},
		check: func(t *testing.T, resp *http.Response) {
			resp.Body.Close()
			require.Equal(t, http.StatusConflict, resp.StatusCode)
			require.Equal(t, "/terms?a=1&b[]=2", resp.Header.Get("X-Inertia-Location"))
			require.Empty(t, resp.Header.Get("X-Inertia"), "a location visit is not a page")
		},
	}, {
		name: "stale X-Inertia-Version on a form post is not a version check", method: "POST", path: "/waitlist", inertia: true,
		headers: map[string]string{"X-Inertia-Version": "stale", "Content-Type": "application/json", "X-XSRF-TOKEN": xsrf},
		check: func(t *testing.T, resp *http.Response) {
			resp.Body.Close()
			require.Equal(t, http.StatusSeeOther, resp.StatusCode)
		},
	}, {
		name: "partial data and component: only the named props, errors always", method: "GET", path: "/", inertia: true,
		headers: map[string]string{"X-Inertia-Partial-Component": "public/landing", "X-Inertia-Partial-Data": "packs,locale"},
		check: func(t *testing.T, resp *http.Response) {
			p := readPage(t, resp)
			require.Contains(t, p.Props, "packs")
			require.Contains(t, p.Props, "locale")
			require.NotContains(t, p.Props, "app")
			require.Contains(t, p.Props, "errors")
		},
	}, {
		name: "partial except: all props but those", method: "GET", path: "/", inertia: true,
		headers: map[string]string{"X-Inertia-Partial-Component": "public/landing", "X-Inertia-Partial-Except": "packs"},
		check: func(t *testing.T, resp *http.Response) {
			p := readPage(t, resp)
			require.NotContains(t, p.Props, "packs")
			require.Contains(t, p.Props, "app")
		},
	}, {
		name: "missing X-XSRF-TOKEN on an unsafe visit: 419, nothing done", method: "POST", path: "/waitlist", inertia: true,
		headers: map[string]string{"Content-Type": "application/json"},
		check: func(t *testing.T, resp *http.Response) {
			require.Equal(t, 419, resp.StatusCode)
			require.Equal(t, "errors/page-expired", readPage(t, resp).Component)
		},
	}}
	for _, method := range []string{"PUT", "PATCH", "DELETE"} {
		tests = append(tests, struct {
			name    string
			method  string
			path    string
			headers map[string]string
			inertia bool
			check   func(t *testing.T, resp *http.Response)
		}{
			name: method + " redirect becomes 303 so the browser follows with GET", method: method, path: "/probe/redirect", inertia: true,
			headers: map[string]string{"X-XSRF-TOKEN": xsrf},
			check: func(t *testing.T, resp *http.Response) {
				resp.Body.Close()
				require.Equal(t, http.StatusSeeOther, resp.StatusCode)
				require.Equal(t, "/terms", resp.Header.Get("Location"))
			},
		})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := tc.headers
			if tc.inertia {
				h = b.inertiaHeaders(t, tc.headers)
			}
			var body io.Reader
			if tc.method != "GET" {
				body = strings.NewReader(`{}`)
			}
			tc.check(t, b.do(t, tc.method, tc.path, body, h))
		})
	}
}

func TestProtocolErrorBagNestsErrors(t *testing.T) {
	t.Parallel()
	b := conformance(t)
	xsrf := b.xsrf(t)
	h := b.inertiaHeaders(t, map[string]string{"X-XSRF-TOKEN": xsrf, "Referer": b.ts.URL + "/waitlist", "X-Inertia-Error-Bag": "newFood"})
	resp := b.do(t, "POST", "/probe/fail", strings.NewReader(`{}`), h)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Equal(t, b.ts.URL+"/waitlist", resp.Header.Get("Location"))

	// The browser follows the redirect with the same headers: the errors come under the bag.
	p := readPage(t, b.do(t, "GET", "/waitlist", nil, b.inertiaHeaders(t, map[string]string{"X-Inertia-Error-Bag": "newFood"})))
	require.Equal(t, map[string]any{"newFood": map[string]any{"name": "required", "grams": "too small"}}, p.Props["errors"])

	// Without a bag they stay flat, and they live for one page only.
	resp = b.do(t, "POST", "/probe/fail", strings.NewReader(`{}`), b.inertiaHeaders(t, map[string]string{"X-XSRF-TOKEN": xsrf}))
	resp.Body.Close()
	p = readPage(t, b.do(t, "GET", "/waitlist", nil, b.inertiaHeaders(t, nil)))
	require.Equal(t, map[string]any{"name": "required", "grams": "too small"}, p.Props["errors"])
	p = readPage(t, b.do(t, "GET", "/waitlist", nil, b.inertiaHeaders(t, nil)))
	require.Empty(t, p.Props["errors"])
}

func TestProtocolErrorBagOnARealForm(t *testing.T) {
	t.Parallel()
	b := conformance(t)
	h := b.inertiaHeaders(t, map[string]string{
		"X-XSRF-TOKEN": b.xsrf(t), "Content-Type": "application/json", "Accept-Language": "en",
		"Referer": b.ts.URL + "/waitlist", "X-Inertia-Error-Bag": "waitlist",
	})
	resp := b.do(t, "POST", "/waitlist", strings.NewReader(`{"email":"nope"}`), h)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	delete(h, "Content-Type")
	p := readPage(t, b.do(t, "GET", "/waitlist", nil, h))
	require.Equal(t, map[string]any{"waitlist": map[string]any{"email": "Enter a valid email address."}}, p.Props["errors"])
}

// A stale asset version answers 409 before the page is shown; the flash message and the errors
// the page was about to show must survive until the full reload that follows.
func TestProtocolConformanceVersionMismatchKeepsFlashAndErrors(t *testing.T) {
	t.Parallel()
	b := conformance(t)
	xsrf := b.xsrf(t)
	post := func(body string) {
		resp := b.do(t, "POST", "/waitlist", strings.NewReader(body), b.inertiaHeaders(t, map[string]string{
			"X-XSRF-TOKEN": xsrf, "Content-Type": "application/json", "Accept-Language": "en", "Referer": b.ts.URL + "/waitlist",
		}))
		resp.Body.Close()
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	}
	stale := func() {
		resp := b.do(t, "GET", "/waitlist", nil, b.inertiaHeaders(t, map[string]string{"X-Inertia-Version": "old-build"}))
		resp.Body.Close()
		require.Equal(t, http.StatusConflict, resp.StatusCode)
		require.Equal(t, "/waitlist", resp.Header.Get("X-Inertia-Location"))
	}

	post(`{"email":"nope"}`)
	stale()
	stale()
	// The client now loads the page in full (no X-Inertia).
	p := readPage(t, b.do(t, "GET", "/waitlist", nil, map[string]string{"Accept-Language": "en"}))
	require.Equal(t, map[string]any{"email": "Enter a valid email address."}, p.Props["errors"])

	post(`{"email":"ada@example.com"}`)
	stale()
	p = readPage(t, b.do(t, "GET", "/waitlist", nil, map[string]string{"Accept-Language": "en"}))
	require.NotEmpty(t, p.Flash["success"], "flash kept through the 409")
	require.Empty(t, p.Props["errors"])
	p = readPage(t, b.do(t, "GET", "/waitlist", nil, nil))
	require.Empty(t, p.Flash, "and shown once")
}

func TestProtocolConformanceExternalRedirect(t *testing.T) {
	t.Parallel()
	b := conformance(t)
	const to = "https://checkout.example.com/pay/cs_test_1?x=1"
	// An Inertia visit cannot follow a cross-origin redirect itself: 409 + X-Inertia-Location
	// makes the client set window.location.
	resp := b.do(t, "POST", "/probe/external", nil, b.inertiaHeaders(t, map[string]string{"X-XSRF-TOKEN": b.xsrf(t)}))
	resp.Body.Close()
	require.Equal(t, http.StatusConflict, resp.StatusCode)
	require.Equal(t, to, resp.Header.Get("X-Inertia-Location"))
	require.Empty(t, resp.Header.Get("X-Inertia"))

	// A plain form post or link gets an ordinary redirect.
	resp = b.do(t, "GET", "/probe/external", nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Equal(t, to, resp.Header.Get("Location"))
}

// A response that is not an Inertia page (a probe, a plain error) reaches the client unchanged;
// Inertia's client shows it in its overlay.
func TestProtocolConformanceNonInertiaResponsePassesThrough(t *testing.T) {
	t.Parallel()
	b := conformance(t)
	resp := b.do(t, "GET", "/healthz", nil, b.inertiaHeaders(t, nil))
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Empty(t, resp.Header.Get("X-Inertia"))
	require.Equal(t, "ok", strings.TrimSpace(string(body)))
}
