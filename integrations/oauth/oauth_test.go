package oauth_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/oauth2-proxy/mockoidc"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/oauth"
	"github.com/gamelle/gamelle/integrations/oauth/oauthtest"
)

func startMockOIDC(t *testing.T) *mockoidc.MockOIDC {
	t.Helper()
	m, err := mockoidc.Run()
	require.NoError(t, err)
	t.Cleanup(func() { _ = m.Shutdown() })
	return m
}

func googleRegistry(t *testing.T, m *mockoidc.MockOIDC) oauth.Provider {
	t.Helper()
	cfg := m.Config()
	r, err := oauth.New(oauth.Config{BaseURL: "http://app.test", GoogleClientID: cfg.ClientID, GoogleClientSecret: cfg.ClientSecret, GoogleIssuerURL: cfg.Issuer})
	require.NoError(t, err)
	require.Equal(t, []string{"google"}, r.Enabled())
	p, ok := r.Get(oauth.Google)
	require.True(t, ok)
	return p
}

// authorize follows the authorization URL at mockoidc and returns the callback's query.
func authorize(t *testing.T, authURL string) url.Values {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(authURL)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	loc, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	require.Equal(t, "http://app.test/google/callback", loc.Scheme+"://"+loc.Host+loc.Path)
	return loc.Query()
}

func TestGoogleSignInAgainstMockOIDC(t *testing.T) {
	t.Parallel()
	m := startMockOIDC(t)
	p := googleRegistry(t, m)
	m.QueueUser(&mockoidc.MockUser{Subject: "g-1", Email: "Anna@Example.com", EmailVerified: true})

	authURL, pending, err := p.Begin(t.Context())
	require.NoError(t, err)
	q, _ := url.Parse(authURL)
	require.Equal(t, pending.State, q.Query().Get("state"))
	require.Equal(t, pending.Nonce, q.Query().Get("nonce"))
	require.Equal(t, "S256", q.Query().Get("code_challenge_method"))

	id, err := p.Complete(t.Context(), pending, authorize(t, authURL))
	require.NoError(t, err)
	require.Equal(t, oauth.Identity{Provider: "google", Subject: "g-1", Email: "anna@example.com", EmailVerified: true}, id)
}

func TestGoogleReportsUnverifiedEmail(t *testing.T) {
	t.Parallel()
	m := startMockOIDC(t)
	p := googleRegistry(t, m)
	m.QueueUser(&mockoidc.MockUser{Subject: "g-2", Email: "bob@example.com", EmailVerified: false})
	authURL, pending, err := p.Begin(t.Context())
	require.NoError(t, err)
	id, err := p.Complete(t.Context(), pending, authorize(t, authURL))
	require.NoError(t, err)
	require.False(t, id.EmailVerified)
}

func TestGoogleRefusesBadStateDenialAndReplayedCode(t *testing.T) {
	t.Parallel()
	m := startMockOIDC(t)
	p := googleRegistry(t, m)

	authURL, pending, err := p.Begin(t.Context())
	require.NoError(t, err)
	params := authorize(t, authURL)

	forged := url.Values{"code": {params.Get("code")}, "state": {"forged"}}
	_, err = p.Complete(t.Context(), pending, forged)
	require.ErrorIs(t, err, oauth.ErrState)

	_, err = p.Complete(t.Context(), oauth.Pending{}, params)
	require.ErrorIs(t, err, oauth.ErrState, "no sign-in was started in this browser")

	_, err = p.Complete(t.Context(), pending, url.Values{"error": {"access_denied"}, "state": {pending.State}})
	require.ErrorIs(t, err, oauth.ErrDenied)

	// Another sign-in's secrets (a different PKCE verifier and nonce) cannot redeem this code.
	_, other, err := p.Begin(t.Context())
	require.NoError(t, err)
	other.State = pending.State
	_, err = p.Complete(t.Context(), other, params)
	require.ErrorIs(t, err, oauth.ErrInvalidToken)

	// A fresh sign-in succeeds once; its code cannot be redeemed twice.
	authURL, pending, err = p.Begin(t.Context())
	require.NoError(t, err)
	params = authorize(t, authURL)
	_, err = p.Complete(t.Context(), pending, params)
	require.NoError(t, err)
	_, err = p.Complete(t.Context(), pending, params)
	require.ErrorIs(t, err, oauth.ErrInvalidToken, "a code is single use")
}

func TestGoogleDiscoveryFailureIsRetried(t *testing.T) {
	t.Parallel()
	r, err := oauth.New(oauth.Config{BaseURL: "http://app.test", GoogleClientID: "id", GoogleClientSecret: "s", GoogleIssuerURL: "http://127.0.0.1:1"})
	require.NoError(t, err, "no network call at start-up")
	p, _ := r.Get(oauth.Google)
	_, _, err = p.Begin(t.Context())
	require.Error(t, err)
}

func TestNoProviderWithoutConfiguration(t *testing.T) {
	t.Parallel()
	r, err := oauth.New(oauth.Config{BaseURL: "http://app.test"})
	require.NoError(t, err)
	require.Empty(t, r.Enabled())
	_, ok := r.Get(oauth.Google)
	require.False(t, ok)
}

func appleProvider(t *testing.T, a *oauthtest.Apple) oauth.Provider {
	t.Helper()
	r, err := oauth.New(oauth.Config{BaseURL: "https://app.test", AppleClientID: a.ClientID, AppleTeamID: "TEAM", AppleKeyID: "KEY",
		AppleSecretKey: a.SecretKeyPEM, AppleAuthURL: a.AuthURL, AppleKeysURL: a.KeysURL, AppleIssuer: a.Issuer})
	require.NoError(t, err)
	require.Equal(t, []string{"apple"}, r.Enabled())
	p, _ := r.Get(oauth.Apple)
	return p
}

func TestAppleFormPost(t *testing.T) {
	t.Parallel()
	a := oauthtest.NewApple(t)
	p := appleProvider(t, a)

	authURL, pending, err := p.Begin(t.Context())
	require.NoError(t, err)
	u, _ := url.Parse(authURL)
	require.Equal(t, a.AuthURL, u.Scheme+"://"+u.Host+u.Path)
	q := u.Query()
	require.Equal(t, "form_post", q.Get("response_mode"))
	require.Equal(t, "https://app.test/apple/callback", q.Get("redirect_uri"))
	require.Equal(t, pending.State, q.Get("state"))
	require.Equal(t, pending.Nonce, q.Get("nonce"))

	person := oauthtest.Claims{Subject: "a-1", Email: "Zoe@privaterelay.appleid.com", EmailVerified: true, Nonce: pending.Nonce}
	form := url.Values{"state": {pending.State}, "code": {"c"}, "id_token": {a.IDToken(t, person)},
		"user": {`{"name":{"firstName":"Zoé","lastName":"Roux"},"email":"spoofed@example.com"}`}}
	id, err := p.Complete(t.Context(), pending, form)
	require.NoError(t, err)
	require.Equal(t, oauth.Identity{Provider: "apple", Subject: "a-1", Email: "zoe@privaterelay.appleid.com", EmailVerified: true, FirstName: "Zoé", LastName: "Roux"}, id)

	refuse := func(name string, want error, f url.Values) {
		t.Helper()
		_, err := p.Complete(t.Context(), pending, f)
		require.ErrorIs(t, err, want, name)
	}
	with := func(k, v string) url.Values {
		f := url.Values{"state": {pending.State}, "id_token": {a.IDToken(t, person)}}
		f.Set(k, v)
		return f
	}
	refuse("forged signature", oauth.ErrInvalidToken, with("id_token", a.ForgedIDToken(t, person)))
	refuse("expired", oauth.ErrInvalidToken, with("id_token", a.ExpiredIDToken(t, person)))
	other := person
	other.Nonce = "another-sign-in"
	refuse("nonce of another sign-in", oauth.ErrInvalidToken, with("id_token", a.IDToken(t, other)))
	refuse("garbage", oauth.ErrInvalidToken, with("id_token", "not.a.jwt"))
	refuse("missing token", oauth.ErrInvalidToken, with("id_token", ""))
	refuse("bad state", oauth.ErrState, with("state", "forged"))
	refuse("cancelled", oauth.ErrDenied, with("error", "user_cancelled_authorize"))
}

func TestAppleRefusesABrokenSecretKey(t *testing.T) {
	t.Parallel()
	_, err := oauth.New(oauth.Config{BaseURL: "https://app.test", AppleClientID: "x", AppleSecretKey: "not a key"})
	require.ErrorContains(t, err, "APPLE_SECRET_KEY")
}

// completeApple posts an Apple callback carrying token for pending.
func completeApple(t *testing.T, p oauth.Provider, pending oauth.Pending, token string) error {
	t.Helper()
	_, err := p.Complete(t.Context(), pending, url.Values{"state": {pending.State}, "id_token": {token}})
	return err
}

// Apple rotates its keys: a token under the new key is accepted (one refetch), and once the set
// is refetched a token under the withdrawn key is refused.
func TestAppleKeyRotation(t *testing.T) {
	t.Parallel()
	a := oauthtest.NewApple(t)
	p := appleProvider(t, a)
	_, pending, err := p.Begin(t.Context())
	require.NoError(t, err)
	person := oauthtest.Claims{Subject: "a-2", Email: "r@example.com", EmailVerified: true, Nonce: pending.Nonce}

	old := a.IDToken(t, person)
	require.NoError(t, completeApple(t, p, pending, old))
	require.Equal(t, 1, a.Fetches(), "the set is fetched on first use")
	require.NoError(t, completeApple(t, p, pending, a.IDToken(t, person)))
	require.Equal(t, 1, a.Fetches(), "a known key needs no fetch")

	a.Rotate(t)
	require.NoError(t, completeApple(t, p, pending, a.IDToken(t, person)), "the new key is fetched when a token names it")
	require.Equal(t, 2, a.Fetches())
	require.ErrorIs(t, completeApple(t, p, pending, old), oauth.ErrInvalidToken, "the withdrawn key no longer signs")
}

// Forged key ids cannot make the app hammer Apple: a burst of tokens naming unknown keys causes
// at most one refetch, and each is refused at once.
func TestAppleUnknownKeyIDsAreThrottled(t *testing.T) {
	t.Parallel()
	a := oauthtest.NewApple(t)
	p := appleProvider(t, a)
	_, pending, err := p.Begin(t.Context())
	require.NoError(t, err)
	person := oauthtest.Claims{Subject: "a-3", Nonce: pending.Nonce}
	require.NoError(t, completeApple(t, p, pending, a.IDToken(t, person)))
	before := a.Fetches()
	for i := range 30 {
		err := completeApple(t, p, pending, a.UnknownKeyIDToken(t, person, fmt.Sprintf("forged-%d", i)))
		require.ErrorIs(t, err, oauth.ErrInvalidToken)
	}
	require.LessOrEqual(t, a.Fetches()-before, 1, "at most one refetch a minute for unknown key ids")
	require.NoError(t, completeApple(t, p, pending, a.IDToken(t, person)), "the real key still works")
}

// The algorithm is pinned: HS256 with the RSA public key as the secret, PS256 under a key
// published for RS256, and a token without a key id are refused.
func TestAppleAlgorithmIsPinned(t *testing.T) {
	t.Parallel()
	a := oauthtest.NewApple(t)
	p := appleProvider(t, a)
	_, pending, err := p.Begin(t.Context())
	require.NoError(t, err)
	person := oauthtest.Claims{Subject: "a-4", Nonce: pending.Nonce}
	require.ErrorIs(t, completeApple(t, p, pending, a.ConfusedIDToken(t, person)), oauth.ErrInvalidToken, "HS256 with the public key")
	require.ErrorIs(t, completeApple(t, p, pending, a.OtherAlgIDToken(t, person)), oauth.ErrInvalidToken, "PS256 under an RS256 key")
	require.ErrorIs(t, completeApple(t, p, pending, a.UnknownKeyIDToken(t, person, "")), oauth.ErrInvalidToken, "no key id")
	require.NoError(t, completeApple(t, p, pending, a.IDToken(t, person)))
}
