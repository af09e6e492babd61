package handlers

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/config"
)

// One IPv6 subscriber holds a whole /64 and can pick any address inside it: rotating addresses
// there must not buy a fresh per-address budget for sign-in, code requests or sign-up
// (docs/operations.md, "Running"). Each attempt names a new account, so only the
// per-address limit can refuse.
func TestIPv6RotationInsideOnePrefixMeetsTheAddressLimit(t *testing.T) {
	t.Parallel()
	routes := []struct {
		name string
		path string
		body func(i int) map[string]any
	}{
		{"sign-in", "/auth/login", func(i int) map[string]any {
			return map[string]any{"email": fmt.Sprintf("in%d@example.com", i), "password": ""}
		}},
		{"code request", "/auth/otp/login", func(i int) map[string]any {
			return map[string]any{"email": fmt.Sprintf("code%d@example.com", i)}
		}},
		{"sign-up", "/auth/register", func(i int) map[string]any {
			return map[string]any{"name": "Ana", "surname": "B", "email": fmt.Sprintf("up%d@example.com", i), "password": "", "password_confirmation": "x"}
		}},
	}
	for _, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			t.Parallel()
			b := setupEnv(t, map[string]string{"TRUSTED_PROXIES": "1"})
			attempt := func(i int, addr string) int {
				resp, _ := b.inertiaVisit(t, http.MethodPost, rt.path, rt.body(i), map[string]string{"X-Forwarded-For": addr})
				return resp.StatusCode
			}
			refused := 0
			for i := range 45 {
				// A new address inside 2001:db8:7:1::/64 every time.
				if attempt(i, fmt.Sprintf("2001:db8:7:1:%x:%x:0:%x", i*7919%65536, i, i+1)) == http.StatusTooManyRequests {
					refused++
				}
			}
			require.Positive(t, refused, "45 attempts from one /64 must meet the per-address limit")
			// The next /64 is another subscriber, with a budget of its own.
			require.NotEqual(t, http.StatusTooManyRequests, attempt(100, "2001:db8:7:2::1"))
		})
	}
}

// The prefix an IPv6 address is limited on is configurable; IPv4 and IPv4-mapped IPv6 share
// one key per address.
func TestRateLimitAddressKey(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		bits       int
		addr, want string
	}{
		{64, "2001:db8:7:1:abcd::9", "2001:db8:7:1::/64"},
		{64, "2001:db8:7:1::1", "2001:db8:7:1::/64"},
		{56, "2001:db8:7:1ff::1", "2001:db8:7:100::/56"},
		{128, "2001:db8:7:1::1", "2001:db8:7:1::1/128"},
		{64, "203.0.113.7", "203.0.113.7"},
		{64, "::ffff:203.0.113.7", "203.0.113.7"},
		{64, unknownAddress, unknownAddress},
	} {
		require.Equal(t, c.want, addressKey(c.addr, c.bits), "%s /%d", c.addr, c.bits)
	}
	for v, want := range map[string]int{"": 64, "48": 48, "128": 128} {
		cfg, err := config.Load(func(k string) (string, bool) {
			env := map[string]string{"DATABASE_URL": "postgres://x", "APP_KEY": "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk", "DATA_DIR": t.TempDir(), "RATE_LIMIT_IPV6_PREFIX": v}
			s, ok := env[k]
			return s, ok && s != ""
		})
		require.NoError(t, err)
		require.Equal(t, want, cfg.RateLimitIPv6Prefix, "%q", v)
	}
	for _, bad := range []string{"0", "15", "129", "x"} {
		_, err := config.Load(func(k string) (string, bool) {
			env := map[string]string{"DATABASE_URL": "postgres://x", "APP_KEY": "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk", "DATA_DIR": t.TempDir(), "RATE_LIMIT_IPV6_PREFIX": bad}
			s, ok := env[k]
			return s, ok
		})
		require.Error(t, err, bad)
	}
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = "[::ffff:203.0.113.7]:443"
	require.Equal(t, "203.0.113.7", addressKey(clientAddress(config.TrustedProxies{}, r), 64))
}
