package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	gothapple "github.com/markbates/goth/providers/apple"
)

// Apple's published endpoints; AppleAuthURL, AppleKeysURL and AppleIssuer override them.
const (
	appleAuthURL = "https://appleid.apple.com/auth/authorize"
	appleKeysURL = "https://appleid.apple.com/auth/keys"
)

// appleSecretLifetime is the validity of the client secret JWT (Apple accepts up to 6 months).
const appleSecretLifetime = 180 * 24 * time.Hour

// apple signs in with Apple. goth's apple provider builds the authorization URL (form_post
// response mode, name and email scopes) and the client secret; the callback is checked here.
//
// Apple posts the callback as a form carrying a signed ID token. That token is the proof of the
// sign-in: its signature is checked against Apple's published keys, and its issuer, audience,
// expiry and nonce against this sign-in. The authorization code is not exchanged, because we
// need neither Apple's access nor refresh token, and goth's exchange cannot be pointed at a test
// server (its token and key endpoints are fixed).
type apple struct {
	clientID string
	issuer   string
	authURL  string
	keys     *keySet
	goth     *gothapple.Provider
}

func newApple(cfg Config, callback string) (*apple, error) {
	now := time.Now()
	// Building the client secret parses the private key, so a broken APPLE_SECRET_KEY stops the
	// start-up instead of failing the first person who tries to sign in.
	secret, err := gothapple.MakeSecret(gothapple.SecretParams{
		PKCS8PrivateKey: strings.ReplaceAll(cfg.AppleSecretKey, `\n`, "\n"),
		TeamId:          cfg.AppleTeamID, KeyId: cfg.AppleKeyID, ClientId: cfg.AppleClientID,
		Iat: int(now.Unix()), Exp: int(now.Add(appleSecretLifetime).Unix()),
	})
	if err != nil {
		return nil, fmt.Errorf("APPLE_SECRET_KEY must be the PKCS#8 PEM key from Apple: %w", err)
	}
	a := &apple{
		clientID: cfg.AppleClientID,
		issuer:   orDefault(cfg.AppleIssuer, gothapple.AppleAudOrIss),
		authURL:  orDefault(cfg.AppleAuthURL, appleAuthURL),
		keys:     newKeySet(orDefault(cfg.AppleKeysURL, appleKeysURL), cfg.HTTPClient),
		goth:     gothapple.New(cfg.AppleClientID, *secret, callback, cfg.HTTPClient, gothapple.ScopeName, gothapple.ScopeEmail),
	}
	return a, nil
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

func (a *apple) Name() string { return Apple }

// Begin returns Apple's authorization URL with the state and nonce of a new sign-in.
func (a *apple) Begin(context.Context) (string, Pending, error) {
	pending := newPending(Apple)
	pending.Verifier = "" // no code exchange, so no PKCE
	sess, err := a.goth.BeginAuth(pending.State)
	if err != nil {
		return "", Pending{}, fmt.Errorf("apple begin: %w", err)
	}
	raw, err := sess.GetAuthURL()
	if err != nil {
		return "", Pending{}, fmt.Errorf("apple begin: %w", err)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", Pending{}, fmt.Errorf("apple begin: %w", err)
	}
	if a.authURL != appleAuthURL {
		base, err := url.Parse(a.authURL)
		if err != nil {
			return "", Pending{}, fmt.Errorf("apple auth url: %w", err)
		}
		u.Scheme, u.Host, u.Path = base.Scheme, base.Host, base.Path
	}
	authURL, err := withParams(u.String(), "nonce", pending.Nonce)
	if err != nil {
		return "", Pending{}, err
	}
	return authURL, pending, nil
}

// appleClaims are the ID token claims we read; goth's claim type handles Apple's habit of
// sending booleans as strings.
type appleClaims struct {
	gothapple.IDTokenClaims
	Nonce string `json:"nonce"`
}

// appleUser is the "user" form field Apple sends on the first sign-in only. It is not signed, so
// only the name is taken from it, never the email.
type appleUser struct {
	Name struct {
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
	} `json:"name"`
}

// Complete checks the posted form: state, then the ID token's signature, issuer, audience,
// expiry and nonce.
func (a *apple) Complete(ctx context.Context, pending Pending, params url.Values) (Identity, error) {
	if err := providerError(params); err != nil {
		return Identity{}, err
	}
	if pending.Provider != Apple {
		return Identity{}, ErrState
	}
	if err := checkState(pending, params); err != nil {
		return Identity{}, err
	}
	raw := params.Get("id_token")
	if raw == "" {
		return Identity{}, fmt.Errorf("%w: no id_token in the callback", ErrInvalidToken)
	}
	claims := &appleClaims{}
	_, err := jwt.ParseWithClaims(raw, claims, a.keys.keyfunc(ctx),
		jwt.WithValidMethods([]string{"RS256", "ES256"}),
		jwt.WithIssuer(a.issuer),
		jwt.WithAudience(a.clientID),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(30*time.Second),
	)
	if err != nil {
		if errors.Is(err, ErrInvalidToken) {
			return Identity{}, err
		}
		return Identity{}, fmt.Errorf("%w: apple id token: %v", ErrInvalidToken, err)
	}
	if err := checkNonce(pending, claims.Nonce); err != nil {
		return Identity{}, err
	}
	if claims.Subject == "" {
		return Identity{}, fmt.Errorf("%w: no subject", ErrInvalidToken)
	}
	id := Identity{
		Provider:      Apple,
		Subject:       claims.Subject,
		Email:         strings.ToLower(strings.TrimSpace(claims.Email)),
		EmailVerified: claims.EmailVerified.Value(),
	}
	if u := params.Get("user"); u != "" {
		var au appleUser
		if json.Unmarshal([]byte(u), &au) == nil {
			id.FirstName, id.LastName = strings.TrimSpace(au.Name.FirstName), strings.TrimSpace(au.Name.LastName)
		}
	}
	return id, nil
}
