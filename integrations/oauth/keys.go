package oauth

import (
	"context"
	"crypto/ecdsa"
	"crypto/rsa"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/MicahParks/jwkset"
	"github.com/MicahParks/keyfunc/v3"
	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/time/rate"
)

// Key-set policy (docs/social-login-and-onboarding.md, "Apple's key set"): keys are refreshed every
// keysRefresh and dropped when the provider withdraws them; a token naming an unknown key id
// refetches the set at most once per keysUnknownRefetch, and a token that would have to wait
// longer than keysWaitMax for that is refused at once, so forged key ids can neither hammer the provider nor hold a
// request.
const (
	keysRefresh        = time.Hour
	keysUnknownRefetch = time.Minute
	keysHTTPTimeout    = 10 * time.Second
	// keysWaitMax bounds a request's wait for the refetch limiter: the limiter refuses at once
	// a wait longer than this (a throttled forged key id waits up to a minute: refused at once),
	// and a context this short never expires before the limiter is asked (1 ms did, under load).
	keysWaitMax = 5 * time.Second
)

// keySet is a provider's JSON Web Key Set, fetched on first use by keyfunc (MicahParks/keyfunc
// over jwkset) and kept fresh by its refresh goroutine for the life of the process.
type keySet struct {
	url    string
	client *http.Client

	once sync.Once
	kf   keyfunc.Keyfunc
	err  error
}

func newKeySet(url string, client *http.Client) *keySet {
	if client == nil {
		client = http.DefaultClient
	}
	return &keySet{url: url, client: client}
}

func (k *keySet) load() (keyfunc.Keyfunc, error) {
	k.once.Do(func() {
		noError := true // a provider down at the first sign-in is retried by the next one
		k.kf, k.err = keyfunc.NewDefaultOverrideCtx(context.Background(), []string{k.url}, keyfunc.Override{
			Client:                    k.client,
			HTTPTimeout:               keysHTTPTimeout,
			NoErrorReturnFirstHTTPReq: &noError,
			RefreshInterval:           keysRefresh,
			RefreshUnknownKID:         rate.NewLimiter(rate.Every(keysUnknownRefetch), 1),
			RateLimitWaitMax:          keysWaitMax,
			RefreshErrorHandlerFunc: func(u string) func(context.Context, error) {
				return func(ctx context.Context, err error) {
					slog.WarnContext(ctx, "oauth: key set refresh failed", "url", u, "err", err)
				}
			},
		})
	})
	return k.kf, k.err
}

// keyfunc is the jwt.Keyfunc of the set: the token must name a signing key ("use": "sig") the
// provider publishes, and its algorithm must be the key's ("alg" of the key, and an RSA key
// only for RSA methods, an EC key only for ECDSA ones).
func (k *keySet) keyfunc(ctx context.Context) jwt.Keyfunc {
	return func(t *jwt.Token) (any, error) {
		if kid, _ := t.Header["kid"].(string); kid == "" {
			return nil, fmt.Errorf("%w: no key id", ErrInvalidToken)
		}
		kf, err := k.load()
		if err != nil {
			return nil, fmt.Errorf("%w: key set: %v", ErrInvalidToken, err)
		}
		key, err := kf.KeyfuncCtx(ctx)(t)
		if err != nil {
			if errors.Is(err, jwkset.ErrKeyNotFound) {
				return nil, fmt.Errorf("%w: unknown signing key", ErrInvalidToken)
			}
			return nil, fmt.Errorf("%w: %v", ErrInvalidToken, err)
		}
		// keyfunc read the key a moment ago, so it is there: a key published for encryption
		// only never checks a signature.
		if jwk, err := kf.Storage().KeyRead(ctx, t.Header["kid"].(string)); err == nil {
			if use := jwk.Marshal().USE; use != "" && use != jwkset.UseSig {
				return nil, fmt.Errorf("%w: key %q is not a signing key", ErrInvalidToken, t.Header["kid"])
			}
		}
		if err := methodFits(t.Method, key); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrInvalidToken, err)
		}
		return key, nil
	}
}

// methodFits refuses a token whose algorithm is not of its key's type, so an RSA public key can
// never be used as an HMAC secret, nor an EC key for RSA, whatever the token's header says.
func methodFits(m jwt.SigningMethod, key any) error {
	switch key.(type) {
	case *rsa.PublicKey:
		if _, ok := m.(*jwt.SigningMethodRSA); ok {
			return nil
		}
		if _, ok := m.(*jwt.SigningMethodRSAPSS); ok {
			return nil
		}
	case *ecdsa.PublicKey:
		if _, ok := m.(*jwt.SigningMethodECDSA); ok {
			return nil
		}
	}
	return fmt.Errorf("algorithm %s does not fit a %T key", m.Alg(), key)
}
