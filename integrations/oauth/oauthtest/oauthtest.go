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
	"math/big"
	"net/http"
	"net/http/httptest"
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

	key      *rsa.PrivateKey
	stranger *rsa.PrivateKey
}

const kid = "oauthtest-key"

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
	a := &Apple{ClientID: "app.gamelle.test", key: key, stranger: stranger,
		SecretKeyPEM: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /auth/keys", func(w http.ResponseWriter, _ *http.Request) {
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

// IDToken signs a valid ID token for c, as Apple would post it.
func (a *Apple) IDToken(t testing.TB, c Claims) string {
	t.Helper()
	return a.sign(t, a.key, a.claims(c))
}

// ForgedIDToken signs the same claims with a key Apple does not publish.
func (a *Apple) ForgedIDToken(t testing.TB, c Claims) string {
	t.Helper()
	return a.sign(t, a.stranger, a.claims(c))
}

// ExpiredIDToken is a validly signed token that expired an hour ago.
func (a *Apple) ExpiredIDToken(t testing.TB, c Claims) string {
	t.Helper()
	m := a.claims(c)
	m["iat"] = time.Now().Add(-2 * time.Hour).Unix()
	m["exp"] = time.Now().Add(-time.Hour).Unix()
	return a.sign(t, a.key, m)
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

func (a *Apple) sign(t testing.TB, key *rsa.PrivateKey, claims jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatalf("sign id token: %v", err)
	}
	return s
}
