package oauth

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"sync"
	"time"
)

// jwksTTL is how long fetched keys are trusted before a refetch; jwksMinRefetch limits refetches
// triggered by an unknown key id, so forged tokens cannot make us hammer the provider.
const (
	jwksTTL        = time.Hour
	jwksMinRefetch = time.Minute
)

// jwksCache fetches a provider's JSON Web Key Set and keeps it, refreshing when it is old or
// when a token names a key it does not know (the provider rotated its keys).
type jwksCache struct {
	url    string
	client *http.Client
	now    func() time.Time

	mu      sync.Mutex
	keys    map[string]crypto.PublicKey
	fetched time.Time
}

func newJWKSCache(url string, client *http.Client) *jwksCache {
	return &jwksCache{url: url, client: client, now: time.Now}
}

// key returns the public key with id kid.
func (c *jwksCache) key(ctx context.Context, kid string) (crypto.PublicKey, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	k, ok := c.keys[kid]
	stale := now.Sub(c.fetched) > jwksTTL
	if ok && !stale {
		return k, nil
	}
	if stale || now.Sub(c.fetched) > jwksMinRefetch {
		keys, err := fetchJWKS(ctx, c.client, c.url)
		if err != nil {
			if ok {
				// A known key stays usable while the provider's key endpoint is down.
				return k, nil
			}
			return nil, err
		}
		c.keys, c.fetched = keys, now
		if k, ok = keys[kid]; ok {
			return k, nil
		}
	}
	return nil, fmt.Errorf("%w: unknown signing key %q", ErrInvalidToken, kid)
}

type jwk struct {
	Kty string `json:"kty"`
	Kid string `json:"kid"`
	Use string `json:"use"`
	N   string `json:"n"`
	E   string `json:"e"`
	Crv string `json:"crv"`
	X   string `json:"x"`
	Y   string `json:"y"`
}

func fetchJWKS(ctx context.Context, client *http.Client, url string) (map[string]crypto.PublicKey, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("jwks request: %w", err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("jwks fetch %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("jwks fetch %s: status %d", url, resp.StatusCode)
	}
	var set struct {
		Keys []jwk `json:"keys"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(nil, resp.Body, 1<<20)).Decode(&set); err != nil {
		return nil, fmt.Errorf("jwks decode: %w", err)
	}
	out := map[string]crypto.PublicKey{}
	for _, k := range set.Keys {
		if k.Use != "" && k.Use != "sig" {
			continue
		}
		pub, err := k.publicKey()
		if err != nil {
			// One key we cannot read must not hide the others.
			continue
		}
		out[k.Kid] = pub
	}
	if len(out) == 0 {
		return nil, errors.New("jwks: no usable signing key")
	}
	return out, nil
}

func (k jwk) publicKey() (crypto.PublicKey, error) {
	dec := base64.RawURLEncoding.DecodeString
	switch k.Kty {
	case "RSA":
		n, err := dec(k.N)
		if err != nil {
			return nil, fmt.Errorf("jwk %s: modulus: %w", k.Kid, err)
		}
		e, err := dec(k.E)
		if err != nil || len(e) == 0 || len(e) > 4 {
			return nil, fmt.Errorf("jwk %s: bad exponent", k.Kid)
		}
		exp := int(new(big.Int).SetBytes(e).Int64())
		pub := &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: exp}
		if pub.N.BitLen() < 2048 {
			return nil, fmt.Errorf("jwk %s: RSA key shorter than 2048 bits", k.Kid)
		}
		return pub, nil
	case "EC":
		if k.Crv != "P-256" {
			return nil, fmt.Errorf("jwk %s: unsupported curve %q", k.Kid, k.Crv)
		}
		x, errX := dec(k.X)
		y, errY := dec(k.Y)
		if errX != nil || errY != nil || len(x) != 32 || len(y) != 32 {
			return nil, fmt.Errorf("jwk %s: bad point", k.Kid)
		}
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
		if err != nil {
			return nil, fmt.Errorf("jwk %s: %w", k.Kid, err)
		}
		return pub, nil
	}
	return nil, fmt.Errorf("jwk %s: unsupported key type %q", k.Kid, k.Kty)
}
