package handlers

import (
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/oauth2-proxy/mockoidc"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/integrations/oauth/oauthtest"
	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/internal/pgtest"
)

// socialBundle is the usual bundle with Google pointed at a real OIDC server (mockoidc) and Apple
// at a fake key server whose key signs the test ID tokens.
type socialBundle struct {
	*bundle
	oidc  *mockoidc.MockOIDC
	apple *oauthtest.Apple
}

func setupSocial(t *testing.T) *socialBundle {
	t.Helper()
	m, err := mockoidc.Run()
	require.NoError(t, err)
	t.Cleanup(func() { _ = m.Shutdown() })
	a := oauthtest.NewApple(t)
	db := pgtest.New(t)
	// The callback URLs derive from APP_URL, so the listener must exist before the server.
	ts := httptest.NewUnstartedServer(nil)
	appURL := "http://" + ts.Listener.Addr().String()
	oc := m.Config()
	env := map[string]string{
		"DATABASE_URL": db.URL, "APP_ENV": "test", "APP_KEY": strings.Repeat("k", 32), "DATA_DIR": t.TempDir(), "APP_URL": appURL,
		"GOOGLE_CLIENT_ID": oc.ClientID, "GOOGLE_CLIENT_SECRET": oc.ClientSecret, "GOOGLE_ISSUER_URL": oc.Issuer,
		"APPLE_CLIENT_ID": a.ClientID, "APPLE_TEAM_ID": "TEAM123", "APPLE_KEY_ID": "KEY123", "APPLE_SECRET_KEY": a.SecretKeyPEM,
		"APPLE_AUTH_URL": a.AuthURL, "APPLE_KEYS_URL": a.KeysURL, "APPLE_ISSUER": a.Issuer,
	}
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	require.NoError(t, err)
	srv, err := buildServer(cfg, db.Pool)
	require.NoError(t, err)
	ts.Config.Handler = srv
	ts.Start()
	t.Cleanup(ts.Close)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	b := &bundle{srv: srv, ts: ts, client: client, db: db}
	b.version(t)
	return &socialBundle{bundle: b, oidc: m, apple: a}
}

// googleSignIn walks the whole flow through the router: our redirect, mockoidc's authorize
// endpoint, our callback. It returns the callback's response.
func (b *socialBundle) googleSignIn(t *testing.T, tamper func(url.Values)) *http.Response {
	t.Helper()
	resp := b.do(t, http.MethodGet, "/google/redirect", nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	authURL := resp.Header.Get("Location")
	require.True(t, strings.HasPrefix(authURL, b.oidc.AuthorizationEndpoint()), authURL)

	resp, err := b.client.Get(authURL)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	cb, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	require.Equal(t, b.ts.URL+"/google/callback", cb.Scheme+"://"+cb.Host+cb.Path)
	q := cb.Query()
	if tamper != nil {
		tamper(q)
	}
	resp = b.do(t, http.MethodGet, "/google/callback?"+q.Encode(), nil, nil)
	resp.Body.Close()
	return resp
}

func (b *bundle) flashError(t *testing.T, path string) string {
	t.Helper()
	_, p := b.visit(t, path)
	f, _ := p.Props["flash"].(map[string]any)
	s, _ := f["error"].(string)
	return s
}

func TestGoogleSignInCreatesAVerifiedAccountWithTheBonusOnce(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	require.Equal(t, []any{"google", "apple"}, b.appConfig(t)["availableProviders"])

	for range 2 {
		b.oidc.QueueUser(&mockoidc.MockUser{Subject: "g-100", Email: "Nina@Example.com", EmailVerified: true})
		resp := b.googleSignIn(t, nil)
		// Google gave no name here, so the person is asked for it, signed in.
		requireRedirect(t, resp, "/auth/otp/steps")
		_, p := b.visit(t, "/")
		u := authUserOf(t, p)
		require.Equal(t, "nina@example.com", u["email"])
		require.Equal(t, true, u["verified"])
		require.EqualValues(t, 2, u["balance"], "2 tokens, granted once however often the person signs in")
	}
}

func TestGoogleSignInLinksAnExistingAccountByVerifiedEmail(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	b.registerAndVerify(t, "alice@example.com")
	_, p := b.visit(t, "/")
	before := authUserOf(t, p)

	// A new browser signs in with Google for the same address.
	b.client = newJarClient()
	b.oidc.QueueUser(&mockoidc.MockUser{Subject: "g-alice", Email: "alice@example.com", EmailVerified: true})
	requireRedirect(t, b.googleSignIn(t, nil), "/dashboard/general")
	_, p = b.visit(t, "/")
	after := authUserOf(t, p)
	require.Equal(t, before["id"], after["id"], "the existing account, not a new one")
	require.EqualValues(t, 2, after["balance"], "no second bonus")
}

func TestGoogleSignInVerifiesAnUnverifiedAccount(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	resp := b.post(t, "/auth/register", map[string]any{
		"name": "Bob", "surname": "Roux", "email": "bob@example.com", "password": goodPassword, "password_confirmation": goodPassword,
	}, "/auth/register")
	requireRedirect(t, resp, "/auth/login")

	b.oidc.QueueUser(&mockoidc.MockUser{Subject: "g-bob", Email: "bob@example.com", EmailVerified: true})
	requireRedirect(t, b.googleSignIn(t, nil), "/dashboard/general")
	_, p := b.visit(t, "/")
	u := authUserOf(t, p)
	require.Equal(t, "Bob", u["name"])
	require.Equal(t, true, u["verified"])
	require.EqualValues(t, 2, u["balance"])
}

func TestGoogleSignInRefusesAnUnverifiedEmail(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	b.oidc.QueueUser(&mockoidc.MockUser{Subject: "g-eve", Email: "eve@example.com", EmailVerified: false})
	requireRedirect(t, b.googleSignIn(t, nil), "/auth/login")
	require.Equal(t, "Ce fournisseur n’a pas confirmé que cette adresse e-mail est la vôtre. Connectez-vous autrement.", b.flashError(t, "/auth/login"))
	_, p := b.visit(t, "/")
	require.Nil(t, authUserOf(t, p))
	_, err := b.srv.accounts.ByEmail(t.Context(), "eve@example.com")
	require.ErrorIs(t, err, identityapp.ErrNotFound, "nothing written")
}

func TestGoogleCallbackRefusesABadOrMissingState(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	b.oidc.QueueUser(&mockoidc.MockUser{Subject: "g-1", Email: "x@example.com", EmailVerified: true})
	resp := b.googleSignIn(t, func(q url.Values) { q.Set("state", "forged") })
	requireRedirect(t, resp, "/auth/login")
	require.Equal(t, "Cette connexion a expiré ou n’a pas été lancée depuis ce navigateur. Veuillez réessayer.", b.flashError(t, "/auth/login"))

	// A callback in a browser that never started a sign-in (login CSRF): refused.
	b.client = newJarClient()
	u, _ := url.Parse(b.ts.URL)
	b.client.Jar.SetCookies(u, []*http.Cookie{{Name: "i18next", Value: "en"}})
	resp = b.do(t, http.MethodGet, "/google/callback?code=abc&state=abc", nil, nil)
	resp.Body.Close()
	requireRedirect(t, resp, "/auth/login")
	require.Equal(t, "This sign-in expired or was not started from this browser. Please try again.", b.flashError(t, "/auth/login"))

	// The person cancelled at Google (a French browser again).
	b.client = newJarClient()
	resp = b.googleSignIn(t, func(q url.Values) { q.Del("code"); q.Set("error", "access_denied") })
	requireRedirect(t, resp, "/auth/login")
	require.Equal(t, "La connexion a été annulée.", b.flashError(t, "/auth/login"))
	_, err := b.srv.accounts.ByEmail(t.Context(), "x@example.com")
	require.ErrorIs(t, err, identityapp.ErrNotFound)
}

func TestGoogleRedirectFromAnInertiaVisitIsAFullPageLocation(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	resp, _ := b.inertiaVisit(t, http.MethodGet, "/google/redirect", nil, nil)
	require.Equal(t, http.StatusConflict, resp.StatusCode)
	require.True(t, strings.HasPrefix(resp.Header.Get("X-Inertia-Location"), b.oidc.AuthorizationEndpoint()))
}

// appleBegin starts an Apple sign-in and returns the state and nonce from the authorize URL and
// the pending-sign-in cookie the browser now holds.
func (b *socialBundle) appleBegin(t *testing.T) (state, nonce string, pending *http.Cookie) {
	t.Helper()
	resp := b.do(t, http.MethodGet, "/apple/redirect", nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	u, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	require.Equal(t, b.apple.AuthURL, u.Scheme+"://"+u.Host+u.Path)
	require.Equal(t, "form_post", u.Query().Get("response_mode"))
	for _, c := range resp.Cookies() {
		if c.Name == "gamelle_oauth_apple" {
			pending = c
		}
	}
	require.NotNil(t, pending)
	require.Equal(t, "/apple/callback", pending.Path)
	require.True(t, pending.HttpOnly)
	return u.Query().Get("state"), u.Query().Get("nonce"), pending
}

// applePost posts Apple's callback form the way a browser does after a cross-site form_post:
// with the pending-sign-in cookie but without our SameSite=Lax session cookie, and without any
// anti-forgery header.
func (b *socialBundle) applePost(t *testing.T, pending *http.Cookie, form url.Values) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, b.ts.URL+"/apple/callback", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://appleid.apple.com")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.AddCookie(pending)
	resp, err := newJarClient().Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp
}

func TestAppleFormPostSignsInWithAValidIDToken(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	state, nonce, pending := b.appleBegin(t)
	form := url.Values{
		"state": {state}, "code": {"unused"},
		"id_token": {b.apple.IDToken(t, oauthtest.Claims{Subject: "apple-1", Email: "zoe@privaterelay.appleid.com", EmailVerified: true, Nonce: nonce})},
		"user":     {`{"name":{"firstName":"Zoé","lastName":"Roux"}}`},
	}
	resp := b.applePost(t, pending, form)
	requireRedirect(t, resp, "/dashboard/general")

	// The response signed in a session: its cookie opens the dashboard.
	var session *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "gamelle_session" {
			session = c
		}
	}
	require.NotNil(t, session, "a signed-in session cookie is set")
	b.client = newJarClient()
	u, _ := url.Parse(b.ts.URL)
	b.client.Jar.SetCookies(u, []*http.Cookie{session})
	_, p := b.visit(t, "/dashboard/general")
	au := authUserOf(t, p)
	require.Equal(t, "zoe@privaterelay.appleid.com", au["email"])
	require.Equal(t, "Zoé", au["name"])
	require.EqualValues(t, 2, au["balance"])

}

func TestAppleCallbackClearsThePendingSignIn(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	state, _, pending := b.appleBegin(t)
	resp := b.applePost(t, pending, url.Values{"state": {state}, "error": {"user_cancelled_authorize"}})
	requireRedirect(t, resp, "/auth/login")
	var cleared bool
	for _, c := range resp.Cookies() {
		cleared = cleared || (c.Name == "gamelle_oauth_apple" && c.MaxAge < 0)
	}
	require.True(t, cleared, "the browser drops the pending sign-in once used")
}

func TestAppleFormPostRefusesAnInvalidSignature(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	state, nonce, pending := b.appleBegin(t)
	claims := oauthtest.Claims{Subject: "apple-2", Email: "mallory@example.com", EmailVerified: true, Nonce: nonce}
	resp := b.applePost(t, pending, url.Values{"state": {state}, "id_token": {b.apple.ForgedIDToken(t, claims)}})
	requireRedirect(t, resp, "/auth/login")
	_, err := b.srv.accounts.ByEmail(t.Context(), "mallory@example.com")
	require.ErrorIs(t, err, identityapp.ErrNotFound, "nothing written")

	// A valid token for another sign-in (its nonce) or with a forged state is refused too.
	state, _, pending = b.appleBegin(t)
	claims.Nonce = "someone-else"
	requireRedirect(t, b.applePost(t, pending, url.Values{"state": {state}, "id_token": {b.apple.IDToken(t, claims)}}), "/auth/login")
	_, nonce, pending = b.appleBegin(t)
	claims.Nonce = nonce
	requireRedirect(t, b.applePost(t, pending, url.Values{"state": {"forged"}, "id_token": {b.apple.IDToken(t, claims)}}), "/auth/login")
	_, err = b.srv.accounts.ByEmail(t.Context(), "mallory@example.com")
	require.ErrorIs(t, err, identityapp.ErrNotFound)
}

func TestSocialRoutesAreOffWithoutConfiguration(t *testing.T) {
	t.Parallel()
	b := setup(t)
	require.Equal(t, []any{}, b.appConfig(t)["availableProviders"])
	for _, path := range []string{"/google/redirect", "/google/callback", "/apple/redirect"} {
		resp := b.do(t, http.MethodGet, path, nil, nil)
		resp.Body.Close()
		require.Equal(t, http.StatusNotFound, resp.StatusCode, path)
	}
}

func (b *bundle) appConfig(t *testing.T) map[string]any {
	t.Helper()
	_, p := b.visit(t, "/terms")
	c, _ := p.Props["app"].(map[string]any)
	require.NotNil(t, c)
	return c
}
