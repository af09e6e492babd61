package oauth

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/markbates/goth/providers/openidConnect"
)

// defaultGoogleIssuer is Google's OpenID issuer; its discovery document names the endpoints.
const defaultGoogleIssuer = "https://accounts.google.com"

// google signs in with Google through goth's generic OpenID Connect provider rather than its
// google provider, because only the former takes its endpoints from a discovery document, which
// lets tests (and local setups) point it at mockoidc by changing the issuer URL alone.
type google struct {
	clientID, secret, callback, issuer string
	client                             *http.Client

	mu sync.Mutex
	p  *openidConnect.Provider
}

func newGoogle(cfg Config, callback string) *google {
	issuer := strings.TrimRight(cfg.GoogleIssuerURL, "/")
	if issuer == "" {
		issuer = defaultGoogleIssuer
	}
	return &google{clientID: cfg.GoogleClientID, secret: cfg.GoogleClientSecret, callback: callback, issuer: issuer, client: cfg.HTTPClient}
}

func (g *google) Name() string { return Google }

// provider builds goth's provider from the discovery document on first use and keeps it; a
// failed discovery is not kept, so the next sign-in tries again.
func (g *google) provider(ctx context.Context) (*openidConnect.Provider, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.p != nil {
		return g.p, nil
	}
	d, err := discover(ctx, g.client, g.issuer)
	if err != nil {
		return nil, err
	}
	p, err := openidConnect.NewCustomisedURL(g.clientID, g.secret, g.callback,
		d.AuthEndpoint, d.TokenEndpoint, d.Issuer, d.UserInfoEndpoint, "", "openid", "email", "profile")
	if err != nil {
		return nil, fmt.Errorf("google provider: %w", err)
	}
	p.SetName(Google)
	p.HTTPClient = g.client
	// The ID token from the token endpoint already carries sub, email and email_verified; the
	// userinfo call would add a round trip and nothing we use.
	p.SkipUserInfoRequest = true
	g.p = p
	return p, nil
}

type discovery struct {
	Issuer           string `json:"issuer"`
	AuthEndpoint     string `json:"authorization_endpoint"`
	TokenEndpoint    string `json:"token_endpoint"`
	UserInfoEndpoint string `json:"userinfo_endpoint"`
}

// discover reads the issuer's OpenID configuration and checks it names itself, as OpenID
// Connect Discovery §4.3 requires, so a redirected or spoofed document is refused.
func discover(ctx context.Context, client *http.Client, issuer string) (discovery, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, issuer+"/.well-known/openid-configuration", nil)
	if err != nil {
		return discovery{}, fmt.Errorf("google discovery request: %w", err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return discovery{}, fmt.Errorf("google discovery: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return discovery{}, fmt.Errorf("google discovery: status %d", resp.StatusCode)
	}
	var d discovery
	if err := json.NewDecoder(http.MaxBytesReader(nil, resp.Body, 1<<20)).Decode(&d); err != nil {
		return discovery{}, fmt.Errorf("google discovery: decode: %w", err)
	}
	if strings.TrimRight(d.Issuer, "/") != issuer || d.AuthEndpoint == "" || d.TokenEndpoint == "" {
		return discovery{}, fmt.Errorf("google discovery: document for %q names issuer %q", issuer, d.Issuer)
	}
	return d, nil
}

// Begin asks goth for the authorization URL and adds the nonce and the PKCE challenge.
func (g *google) Begin(ctx context.Context) (string, Pending, error) {
	p, err := g.provider(ctx)
	if err != nil {
		return "", Pending{}, err
	}
	pending := newPending(Google)
	sess, err := p.BeginAuth(pending.State)
	if err != nil {
		return "", Pending{}, fmt.Errorf("google begin: %w", err)
	}
	authURL, err := sess.GetAuthURL()
	if err != nil {
		return "", Pending{}, fmt.Errorf("google begin: %w", err)
	}
	authURL, err = withParams(authURL, "nonce", pending.Nonce,
		"code_challenge", pkceChallenge(pending.Verifier), "code_challenge_method", "S256",
		// Let a person with several Google accounts choose, rather than silently reusing one.
		"prompt", "select_account")
	if err != nil {
		return "", Pending{}, err
	}
	pending.Session = sess.Marshal()
	return authURL, pending, nil
}

// Complete exchanges the code (with the PKCE verifier) for tokens and reads the ID token. goth
// checks its audience, issuer and expiry; the nonce is checked here. goth does not verify the
// ID token's signature: it comes straight from Google's token endpoint over TLS, which OpenID
// Connect Core §3.1.3.7 accepts in place of a signature check.
func (g *google) Complete(ctx context.Context, pending Pending, params url.Values) (Identity, error) {
	if err := providerError(params); err != nil {
		return Identity{}, err
	}
	if pending.Provider != Google {
		return Identity{}, ErrState
	}
	if err := checkState(pending, params); err != nil {
		return Identity{}, err
	}
	p, err := g.provider(ctx)
	if err != nil {
		return Identity{}, err
	}
	sess, err := p.UnmarshalSession(pending.Session)
	if err != nil {
		return Identity{}, fmt.Errorf("%w: stored session: %v", ErrState, err)
	}
	if params.Get("code") == "" {
		return Identity{}, fmt.Errorf("%w: no code", ErrInvalidToken)
	}
	exchange := url.Values{"code": {params.Get("code")}, "code_verifier": {pending.Verifier}}
	if _, err := sess.Authorize(p, exchange); err != nil {
		return Identity{}, fmt.Errorf("%w: google code exchange: %v", ErrInvalidToken, err)
	}
	u, err := p.FetchUser(sess)
	if err != nil {
		return Identity{}, fmt.Errorf("%w: google id token: %v", ErrInvalidToken, err)
	}
	nonce, _ := u.RawData["nonce"].(string)
	if err := checkNonce(pending, nonce); err != nil {
		return Identity{}, err
	}
	if u.UserID == "" {
		return Identity{}, fmt.Errorf("%w: no subject", ErrInvalidToken)
	}
	return Identity{
		Provider:      Google,
		Subject:       u.UserID,
		Email:         strings.ToLower(strings.TrimSpace(u.Email)),
		EmailVerified: claimTrue(u.RawData["email_verified"]),
		FirstName:     u.FirstName,
		LastName:      u.LastName,
	}, nil
}

// claimTrue reads a boolean claim that some providers send as the string "true".
func claimTrue(v any) bool {
	switch b := v.(type) {
	case bool:
		return b
	case string:
		return strings.EqualFold(b, "true")
	}
	return false
}
