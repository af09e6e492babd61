package handlers

import (
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/config"
	"github.com/gamelle/gamelle/internal/pgtest"
)

// setupEnv is setup with more environment (TRUSTED_PROXIES…).
func setupEnv(t *testing.T, env map[string]string) *bundle {
	t.Helper()
	db := pgtest.New(t)
	all := map[string]string{"DATABASE_URL": db.URL, "APP_ENV": "test", "APP_KEY": strings.Repeat("k", 32), "DATA_DIR": t.TempDir()}
	for k, v := range env {
		all[k] = v
	}
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := all[k]; return v, ok })
	require.NoError(t, err)
	srv, err := buildServer(cfg, db.Pool)
	require.NoError(t, err)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	b := &bundle{srv: srv, ts: ts, client: client, db: db}
	b.version(t)
	return b
}

// guesses sends n link guesses (a rate-limited route) with the given headers each, and says
// how many were refused with 429.
func guesses(t *testing.T, b *bundle, n int, headers func(i int) map[string]string) int {
	t.Helper()
	refused := 0
	for i := range n {
		resp := b.do(t, http.MethodGet, "/auth/verify/nope", nil, headers(i))
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			refused++
		}
	}
	return refused
}

// Behind a proxy that appends to X-Forwarded-For, a client that forges the
// leftmost entries, True-Client-IP or X-Real-IP still shares its one per-address limit: the
// address is taken from the right, one trusted hop in (TRUST_PROXY_HEADERS=true, kept as "one
// hop", or TRUSTED_PROXIES=1).
func TestForgedForwardedForDoesNotBypassTheAddressLimit(t *testing.T) {
	t.Parallel()
	for _, env := range []map[string]string{{"TRUST_PROXY_HEADERS": "true"}, {"TRUSTED_PROXIES": "1"}} {
		b := setupEnv(t, env)
		forged := func(i int) map[string]string {
			fake := "10.9." + string(rune('0'+i%10)) + "." + strings.Repeat("1", 1+i%3)
			return map[string]string{
				// The proxy appended the real client, 203.0.113.7, after what the client sent.
				"X-Forwarded-For": fake + ", 198.51.100." + string(rune('0'+i%10)) + ", 203.0.113.7",
				"True-Client-IP":  fake, "X-Real-IP": fake,
			}
		}
		require.Positive(t, guesses(t, b, 60, forged), "%v: 60 guesses from one client must meet the limit", env)
		// Another client behind the same proxy has its own limit.
		other := func(int) map[string]string { return map[string]string{"X-Forwarded-For": "203.0.113.7, 203.0.113.99"} }
		require.Zero(t, guesses(t, b, 5, other), "%v", env)
	}
}

// With the proxies named by network, the client is the rightmost address outside them; a
// connection from outside them is believed for itself, whatever its headers say.
func TestTrustedProxyNetworks(t *testing.T) {
	t.Parallel()
	b := setupEnv(t, map[string]string{"TRUSTED_PROXIES": "127.0.0.0/8, 10.0.0.0/8"})
	chain := func(i int) map[string]string {
		return map[string]string{"X-Forwarded-For": "192.0.2." + string(rune('0'+i%10)) + ", 198.51.100.20, 10.1.2.3"}
	}
	require.Positive(t, guesses(t, b, 60, chain), "the client is 198.51.100.20 whatever comes before it")
	require.Zero(t, guesses(t, b, 5, func(int) map[string]string {
		return map[string]string{"X-Forwarded-For": "198.51.100.21, 10.1.2.3"}
	}))
}

// An address no proxy vouches for (garbage where the proxy's entry should be) is one shared
// "unknown" client: such guesses stay rate-limited and cannot buy unlimited password hashing.
func TestUnknownClientAddressStaysLimited(t *testing.T) {
	t.Parallel()
	b := setupEnv(t, map[string]string{"TRUSTED_PROXIES": "1"})
	junk := func(i int) map[string]string {
		return map[string]string{"X-Forwarded-For": "1.2.3.4, not-an-address-" + string(rune('a'+i%26))}
	}
	require.Positive(t, guesses(t, b, 60, junk))
}

func TestParseTrustedProxiesAndClientAddress(t *testing.T) {
	t.Parallel()
	tp, err := config.ParseTrustedProxies("2")
	require.NoError(t, err)
	require.Equal(t, 2, tp.Hops)
	_, err = config.ParseTrustedProxies("nope")
	require.Error(t, err)
	_, err = config.ParseTrustedProxies("-1")
	require.Error(t, err)
	cidrs, err := config.ParseTrustedProxies("10.0.0.0/8, 192.0.2.7, ::1")
	require.NoError(t, err)
	require.Len(t, cidrs.CIDRs, 3)

	for _, c := range []struct {
		tp     config.TrustedProxies
		remote string
		xff    []string
		want   string
	}{
		{config.TrustedProxies{}, "192.0.2.1:1234", []string{"1.1.1.1"}, "192.0.2.1"},
		{config.TrustedProxies{Hops: 1}, "10.0.0.1:1234", nil, "10.0.0.1"},
		{config.TrustedProxies{Hops: 1}, "10.0.0.1:1234", []string{"6.6.6.6, 203.0.113.7"}, "203.0.113.7"},
		{config.TrustedProxies{Hops: 1}, "10.0.0.1:1234", []string{"6.6.6.6", "203.0.113.7"}, "203.0.113.7"},
		{config.TrustedProxies{Hops: 2}, "10.0.0.1:1234", []string{"6.6.6.6, 203.0.113.7, 10.0.0.2"}, "203.0.113.7"},
		{config.TrustedProxies{Hops: 2}, "10.0.0.1:1234", []string{"203.0.113.7"}, "203.0.113.7"},
		{config.TrustedProxies{Hops: 1}, "10.0.0.1:1234", []string{"[2001:db8::1]:443"}, "2001:db8::1"},
		{config.TrustedProxies{Hops: 1}, "10.0.0.1:1234", []string{"203.0.113.7:5555"}, "203.0.113.7"},
		{config.TrustedProxies{Hops: 1}, "10.0.0.1:1234", []string{"junk"}, "unknown"},
		{cidrs, "10.0.0.1:1234", []string{"6.6.6.6, 203.0.113.7, 192.0.2.7"}, "203.0.113.7"},
		{cidrs, "198.51.100.5:1234", []string{"203.0.113.7"}, "198.51.100.5"},
		{cidrs, "[::1]:1234", []string{"10.0.0.3"}, "10.0.0.3"},
		{cidrs, "10.0.0.1:1234", []string{"junk, 10.0.0.2"}, "unknown"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = c.remote
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		r.Header.Set("X-Real-IP", "9.9.9.9")
		r.Header.Set("True-Client-IP", "9.9.9.9")
		require.Equal(t, c.want, clientAddress(c.tp, r), "%+v %s %v", c.tp, c.remote, c.xff)
	}
}
