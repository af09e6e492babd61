// Package oauth signs people in with outside identity providers (Google and Apple) through
// markbates/goth. It is the only package that imports goth: handlers see a small Provider
// interface that starts a sign-in (an authorization URL plus the secrets to keep until the
// callback) and finishes it (a verified Identity or a typed error).
//
// Every sign-in carries three secrets generated here: a state (ties the callback to the browser
// that started it, against login CSRF), a nonce (ties the ID token to that same sign-in, against
// token replay) and a PKCE verifier where the provider supports it (Google).
package oauth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Provider names as they appear in routes and in the site configuration.
const (
	Google = "google"
	Apple  = "apple"
)

// Typed reasons a callback is refused. Handlers turn them into translated messages.
var (
	// ErrState means the callback's state does not match the one this browser started with
	// (forged, replayed or expired sign-in).
	ErrState = errors.New("oauth: state mismatch")
	// ErrDenied means the person cancelled at the provider or the provider refused.
	ErrDenied = errors.New("oauth: sign-in denied at the provider")
	// ErrInvalidToken means the provider's answer could not be trusted (bad signature, issuer,
	// audience, expiry or nonce, or a failed code exchange).
	ErrInvalidToken = errors.New("oauth: invalid token")
)

// httpTimeout bounds every call to a provider (discovery, token exchange, keys).
const httpTimeout = 10 * time.Second

// Identity is what a provider vouches for about the person who signed in.
type Identity struct {
	Provider string
	// Subject is the provider's stable id for the person.
	Subject string
	// Email is lower-cased; EmailVerified says whether the provider checked it belongs to them.
	Email         string
	EmailVerified bool
	FirstName     string
	LastName      string
}

// Pending is what must survive, in the browser's own storage, between the redirect to the
// provider and its callback. It holds secrets: keep it server-side or in a signed, HttpOnly
// cookie, and use it once.
type Pending struct {
	Provider string `json:"p"`
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v,omitempty"`
	// Session is goth's serialized session for providers that need one.
	Session string `json:"g,omitempty"`
}

// Provider starts and finishes a sign-in with one identity provider.
type Provider interface {
	// Name is the route segment and site-configuration name ("google", "apple").
	Name() string
	// Begin returns the URL to send the browser to and what to keep until the callback.
	Begin(ctx context.Context) (authURL string, p Pending, err error)
	// Complete checks the callback parameters (query or form) against p and returns who signed
	// in. It never returns an Identity together with an error.
	Complete(ctx context.Context, p Pending, params url.Values) (Identity, error)
}

// Config holds the settings of every provider; a provider whose client id is empty is off.
type Config struct {
	// BaseURL is the public URL of the app (APP_URL); callbacks are BaseURL + /{name}/callback.
	BaseURL string

	GoogleClientID     string
	GoogleClientSecret string
	// GoogleIssuerURL is the OpenID issuer whose discovery document is read; empty means
	// https://accounts.google.com. Tests and local setups point it at mockoidc.
	GoogleIssuerURL string

	AppleClientID  string
	AppleTeamID    string
	AppleKeyID     string
	AppleSecretKey string
	// AppleAuthURL, AppleKeysURL and AppleIssuer override Apple's endpoints (tests).
	AppleAuthURL string
	AppleKeysURL string
	AppleIssuer  string

	// HTTPClient calls the providers; nil uses a client with a 10 s timeout.
	HTTPClient *http.Client
}

// Registry holds the configured providers.
type Registry struct {
	byName map[string]Provider
	order  []string
}

// New builds the providers that are configured. It makes no network call: Google's discovery
// document is fetched on first use, so a provider outage cannot stop the app from starting.
func New(cfg Config) (*Registry, error) {
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: httpTimeout}
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	r := &Registry{byName: map[string]Provider{}}
	if cfg.GoogleClientID != "" && cfg.GoogleClientSecret != "" {
		r.add(newGoogle(cfg, base+"/google/callback"))
	}
	if cfg.AppleClientID != "" && cfg.AppleSecretKey != "" {
		a, err := newApple(cfg, base+"/apple/callback")
		if err != nil {
			return nil, fmt.Errorf("apple sign-in: %w", err)
		}
		r.add(a)
	}
	return r, nil
}

func (r *Registry) add(p Provider) {
	r.byName[p.Name()] = p
	r.order = append(r.order, p.Name())
}

// Get returns the provider called name when it is configured.
func (r *Registry) Get(name string) (Provider, bool) {
	if r == nil {
		return nil, false
	}
	p, ok := r.byName[name]
	return p, ok
}

// Enabled lists the configured providers' names in a stable order.
func (r *Registry) Enabled() []string {
	if r == nil {
		return nil
	}
	return append([]string(nil), r.order...)
}

// newPending draws fresh state, nonce and PKCE verifier for a sign-in.
func newPending(provider string) Pending {
	return Pending{Provider: provider, State: randomToken(), Nonce: randomToken(), Verifier: randomToken() + randomToken()}
}

// checkState compares the callback's state with the kept one in constant time.
func checkState(p Pending, params url.Values) error {
	got := params.Get("state")
	if p.State == "" || got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(p.State)) != 1 {
		return ErrState
	}
	return nil
}

// checkNonce compares the ID token's nonce with the kept one in constant time.
func checkNonce(p Pending, got string) error {
	if p.Nonce == "" || got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(p.Nonce)) != 1 {
		return fmt.Errorf("%w: nonce mismatch", ErrInvalidToken)
	}
	return nil
}

// pkceChallenge is the S256 code challenge of verifier (RFC 7636).
func pkceChallenge(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// withParams adds query parameters to an authorization URL built by goth.
func withParams(raw string, kv ...string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("parse authorization url: %w", err)
	}
	q := u.Query()
	for i := 0; i+1 < len(kv); i += 2 {
		q.Set(kv[i], kv[i+1])
	}
	// Apple refuses "+" for spaces in scopes; %20 is understood by every provider.
	u.RawQuery = strings.ReplaceAll(q.Encode(), "+", "%20")
	return u.String(), nil
}

func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return base64.RawURLEncoding.EncodeToString(b)
}

// providerError turns an "error" parameter on the callback into ErrDenied.
func providerError(params url.Values) error {
	if e := params.Get("error"); e != "" {
		return fmt.Errorf("%w: %s", ErrDenied, e)
	}
	return nil
}
