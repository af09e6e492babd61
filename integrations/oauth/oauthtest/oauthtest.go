// Package oauthtest gives tests a stand-in for Sign in with Apple: a key set served over HTTP
// and ID tokens signed with its key (or with a stranger's key, to test refusals). Google is
// tested against github.com/oauth2-proxy/mockoidc instead, which speaks the whole flow.
package oauthtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Apple is a fake Apple identity service.
type Apple struct {
	// ClientID is the audience its tokens carry (the Services ID).
	ClientID string
	// Issuer is the iss claim of its tokens.
	Issuer string
	// KeysURL serves the JSON Web Key Set; AuthURL is where sign-ins would start.
	KeysURL string
	AuthURL string
	// SecretKeyPEM is a PKCS#8 EC key usable as APPLE_SECRET_KEY.
	SecretKeyPEM string

	mu       sync.Mutex
	key      *rsa.PrivateKey
	kid      string
	stranger *rsa.PrivateKey
	fetches  atomic.Int64
}

// NewApple starts the key server; it stops when the test ends.
func NewApple(t testing.TB) *Apple {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatalf("rsa key: %v", err)
	}
	stranger, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatalf("rsa key: %v", err)
	}
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatalf("ec key: %v", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(ec)
	if err != nil {
		t.Fatalf("pkcs8: %v", err)
	}
	a := &Apple{ClientID: "app.gamelle.test", key: key, kid: "oauthtest-key-1", stranger: stranger,
		SecretKeyPEM: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /auth/keys", func(w http.ResponseWriter, _ *http.Request) {
		a.fetches.Add(1)
		a.mu.Lock()
		key, kid := a.key, a.kid
		a.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{
			"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256",
			"n": base64.RawURLEncoding.EncodeToString(key.N.Bytes()),
			"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(key.E)).Bytes()),
		}}})
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	a.Issuer = ts.URL
	a.KeysURL = ts.URL + "/auth/keys"
	a.AuthURL = ts.URL + "/auth/authorize"
	return a
}

// Claims describes the person in a token.
type Claims struct {
	Subject       string
	Email         string
	EmailVerified bool
	Nonce         string
}

// IDToken signs a valid ID token for c, as Apple would post it, with the key it publishes now.
func (a *Apple) IDToken(t testing.TB, c Claims) string {
	t.Helper()
	a.mu.Lock()
	key, kid := a.key, a.kid
	a.mu.Unlock()
	return a.sign(t, jwt.SigningMethodRS256, key, kid, a.claims(c))
}

// ForgedIDToken signs the same claims with a key Apple does not publish, under its key's id.
func (a *Apple) ForgedIDToken(t testing.TB, c Claims) string {
	t.Helper()
	return a.sign(t, jwt.SigningMethodRS256, a.stranger, a.KeyID(), a.claims(c))
}

// UnknownKeyIDToken signs the claims with a stranger's key under a key id Apple never
// published: each such token makes a naive verifier fetch the key set again.
func (a *Apple) UnknownKeyIDToken(t testing.TB, c Claims, kid string) string {
	t.Helper()
	return a.sign(t, jwt.SigningMethodRS256, a.stranger, kid, a.claims(c))
}

// ConfusedIDToken is the algorithm-confusion attack: HS256 with the published RSA public key's
// bytes as the HMAC secret, under the published key's id.
func (a *Apple) ConfusedIDToken(t testing.TB, c Claims) string {
	t.Helper()
	a.mu.Lock()
	der, err := x509.MarshalPKIXPublicKey(&a.key.PublicKey)
	kid := a.kid
	a.mu.Unlock()
	if err != nil {
		t.Fatalf("public key: %v", err)
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, a.claims(c))
	tok.Header["kid"] = kid
	s, err := tok.SignedString(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
	if err != nil {
		t.Fatalf("sign: %v", err)
	}
	return s
}

// OtherAlgIDToken is signed with the published key but with PS256, an algorithm the key set
// does not name for it (its "alg" is RS256).
func (a *Apple) OtherAlgIDToken(t testing.TB, c Claims) string {
	t.Helper()
	a.mu.Lock()
	key, kid := a.key, a.kid
	a.mu.Unlock()
	return a.sign(t, jwt.SigningMethodPS256, key, kid, a.claims(c))
}

// Rotate publishes a new key under a new id and withdraws the old one, as Apple does.
func (a *Apple) Rotate(t testing.TB) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatalf("rsa key: %v", err)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.key = key
	a.kid = fmt.Sprintf("oauthtest-key-%d", time.Now().UnixNano())
}

// KeyID is the id of the key published now.
func (a *Apple) KeyID() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.kid
}

// Fetches counts the key set's downloads.
func (a *Apple) Fetches() int { return int(a.fetches.Load()) }

// ExpiredIDToken is a validly signed token that expired an hour ago.
func (a *Apple) ExpiredIDToken(t testing.TB, c Claims) string {
	t.Helper()
	m := a.claims(c)
	m["iat"] = time.Now().Add(-2 * time.Hour).Unix()
	m["exp"] = time.Now().Add(-time.Hour).Unix()
	a.mu.Lock()
	key, kid := a.key, a.kid
	a.mu.Unlock()
	return a.sign(t, jwt.SigningMethodRS256, key, kid, m)
}

func (a *Apple) claims(c Claims) jwt.MapClaims {
	now := time.Now()
	// Apple sends email_verified as a string; keep that quirk so the parser is exercised.
	verified := "false"
	if c.EmailVerified {
		verified = "true"
	}
	return jwt.MapClaims{
		"iss": a.Issuer, "aud": a.ClientID, "sub": c.Subject,
		"iat": now.Unix(), "exp": now.Add(10 * time.Minute).Unix(),
		"email": c.Email, "email_verified": verified, "nonce": c.Nonce,
	}
}

func (a *Apple) sign(t testing.TB, method jwt.SigningMethod, key *rsa.PrivateKey, kid string, claims jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(method, claims)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatalf("sign id token: %v", err)
	}
	return s
}
