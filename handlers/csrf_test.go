package handlers

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/alexedwards/scs/v2"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/config"
)

func TestCSRF(t *testing.T) {
	t.Parallel()
	b := setup(t)
	token := b.xsrf(t)
	post := func(headers map[string]string) int {
		h := map[string]string{"Content-Type": "application/json", "X-Inertia": "true", "X-Inertia-Version": b.version(t)}
		for k, v := range headers {
			h[k] = v
		}
		resp := b.do(t, "POST", "/waitlist", strings.NewReader(`{"email":"csrf@example.com"}`), h)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	count := func() int {
		n, err := b.srv.waitlist.Count(t.Context())
		require.NoError(t, err)
		return n
	}

	require.Equal(t, 419, post(nil), "no header")
	require.Equal(t, 419, post(map[string]string{"X-XSRF-TOKEN": "forged.value"}), "wrong header")
	forged := b.srv.csrf.newToken("anon")
	require.Equal(t, 419, post(map[string]string{"X-XSRF-TOKEN": forged}), "a valid token that is not this browser's cookie")
	require.Equal(t, 419, post(map[string]string{"X-XSRF-TOKEN": token, "Sec-Fetch-Site": "cross-site"}), "cross-site browser request")
	require.Equal(t, 419, post(map[string]string{"X-XSRF-TOKEN": token, "Origin": "https://evil.example"}), "foreign origin")
	require.Zero(t, count(), "nothing changed by a refused request")

	require.Equal(t, http.StatusSeeOther, post(map[string]string{"X-XSRF-TOKEN": token}))
	require.Equal(t, 1, count())
}

func TestCSRFRefusalShowsPageExpired(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.xsrf(t)
	resp, p := b.inertiaVisit(t, "POST", "/waitlist", nil, map[string]string{"Content-Type": "application/json", "Accept-Language": "en"})
	require.Equal(t, 419, resp.StatusCode)
	require.Equal(t, "errors/page-expired", p.Component)
	require.Equal(t, "Your session has expired. Reload the page and try again.", p.Props["message"])
}

func TestForgedCookieIsReplaced(t *testing.T) {
	t.Parallel()
	b := setup(t)
	req, _ := http.NewRequest("GET", b.ts.URL+"/", nil)
	req.Header.Set("Cookie", xsrfCookie+"=attacker.chosen")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	var got string
	for _, c := range resp.Cookies() {
		if c.Name == xsrfCookie {
			got = c.Value
		}
	}
	require.NotEmpty(t, got, "a fresh token replaces a forged cookie")
	require.True(t, b.srv.csrf.valid(got, "anon"))
}

// postWaitlistAs posts to /waitlist with exactly the given session and token pair, as a
// browser holding those cookies would (no cookie jar).
func postWaitlistAs(t *testing.T, b *bundle, session, token string) int {
	t.Helper()
	req, err := http.NewRequest("POST", b.ts.URL+"/waitlist", strings.NewReader(`{"email":"bound@example.com"}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Inertia", "true")
	req.Header.Set("X-Inertia-Version", b.version(t))
	req.Header.Set("X-XSRF-TOKEN", token)
	req.Header.Set("Cookie", "gamelle_session="+session+"; "+xsrfCookie+"="+token)
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	require.NoError(t, err)
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func TestCSRFTokenBoundToSession(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "victim@example.com")
	victim := b.sessionCookie(t).Value
	count := func() int {
		n, err := b.srv.waitlist.Count(t.Context())
		require.NoError(t, err)
		return n
	}

	visitor := b.other(t, "")
	require.Equal(t, 419, postWaitlistAs(t, b, victim, visitor.xsrf(t)), "a visitor's token pair on a signed-in session")
	mallory := b.other(t, "mallory@example.com")
	require.Equal(t, 419, postWaitlistAs(t, b, victim, mallory.xsrf(t)), "another signed-in client's token pair")
	require.Zero(t, count(), "nothing changed by a refused request")

	require.Equal(t, http.StatusSeeOther, postWaitlistAs(t, b, victim, b.xsrf(t)), "the session's own token")
	require.Equal(t, 1, count())
}

func TestCSRFFirstPostAfterSignIn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// Sign-up and verification (the link signs in), then a POST straight away.
	before := b.xsrf(t)
	b.registerAndVerify(t, "first@example.com")
	after := b.xsrf(t)
	require.NotEqual(t, before, after, "sign-in hands out a token bound to the new session")
	resp := b.post(t, "/waitlist", map[string]any{"email": "first-a@example.com"}, "/")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "first POST after verification")

	// Sign out, sign in with the password, POST again without any page load in between.
	resp = b.post(t, "/auth/logout", map[string]any{}, "/dashboard/general")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp = b.post(t, "/auth/login", map[string]any{"email": "first@example.com", "password": goodPassword}, "/auth/login")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.NotEmpty(t, authUserOf(t, func() pageObject { _, p := b.visit(t, "/dashboard/general"); return p }()))
	resp = b.post(t, "/waitlist", map[string]any{"email": "first-b@example.com"}, "/")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "first POST after login")

	// A visitor with no session at all posts on first contact.
	v := b.other(t, "")
	resp = v.post(t, "/waitlist", map[string]any{"email": "first-c@example.com"}, "/")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "a visitor's first POST")
}

func TestCSRFExemptionIsPostOnly(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, m := range []string{"PUT", "DELETE", "PATCH"} {
		resp := b.do(t, m, "/apple/callback", nil, nil)
		resp.Body.Close()
		require.Equal(t, 419, resp.StatusCode, m+" /apple/callback is not exempt")
	}
	// POST from Apple's own site (cross-site, no token) reaches the handler.
	resp := b.do(t, "POST", "/apple/callback", strings.NewReader("state=x"), map[string]string{
		"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site", "Origin": "https://appleid.apple.com",
	})
	resp.Body.Close()
	require.NotEqual(t, 419, resp.StatusCode)
}

func TestCSRFProductionCookie(t *testing.T) {
	t.Parallel()
	sessions := scs.New()
	g := newCSRFGuard(config.Config{Env: config.EnvProduction, AppKey: []byte("k")}, sessions)
	g.onDeny = func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(419) }
	h := sessions.LoadAndSave(g.middleware(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })))

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "https://gamelle.example/", nil))
	var got *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if strings.Contains(c.Name, "XSRF") {
			got = c
		}
	}
	require.NotNil(t, got)
	require.Equal(t, "__Host-XSRF-TOKEN", got.Name)
	require.True(t, got.Secure)
	require.Equal(t, "/", got.Path)
	require.Empty(t, got.Domain)
	require.False(t, got.HttpOnly, "the page reads it")

	post := func(cookieName string) int {
		req := httptest.NewRequest("POST", "https://gamelle.example/waitlist", nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("X-XSRF-TOKEN", got.Value)
		req.AddCookie(&http.Cookie{Name: cookieName, Value: got.Value})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	require.Equal(t, http.StatusNoContent, post("__Host-XSRF-TOKEN"))
	require.Equal(t, 419, post("XSRF-TOKEN"), "production reads only the __Host- cookie")
}
