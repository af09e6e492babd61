package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func lookup(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestLoadDefaults(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, err := Load(lookup(map[string]string{"DATABASE_URL": "postgres://x/y", "DATA_DIR": dir}))
	require.NoError(t, err)
	require.Equal(t, EnvDevelopment, c.Env)
	require.Equal(t, 8080, c.Port)
	require.Equal(t, "http://localhost:8080", c.AppURL)
	require.False(t, c.GoogleEnabled())
	require.GreaterOrEqual(t, len(c.AppKey), 32)
	require.InDelta(t, 1.08, c.USDPerEUR, 0)

	// The generated development key is reused on the next start.
	b, err := os.ReadFile(filepath.Join(dir, "app.key"))
	require.NoError(t, err)
	require.Equal(t, b, c.AppKey)
	c2, err := Load(lookup(map[string]string{"DATABASE_URL": "postgres://x/y", "DATA_DIR": dir}))
	require.NoError(t, err)
	require.Equal(t, c.AppKey, c2.AppKey)
}

func TestLoadValues(t *testing.T) {
	t.Parallel()
	c, err := Load(lookup(map[string]string{
		"DATABASE_URL": "postgres://x/y", "APP_ENV": "production", "PORT": "9000",
		"APP_KEY": "0123456789abcdef0123456789abcdef", "APP_URL": "https://gamelle.example/", "SMTP_URL": "smtp://mail:587",
		"ADMIN_EMAILS": " Boss@Example.com, ,ops@example.com", "GOOGLE_CLIENT_ID": "id", "GOOGLE_CLIENT_SECRET": "s",
		"USD_PER_EUR": "1.17", "LEGAL_PUBLISHER": "Gamelle SAS", "CONTACT_EMAIL": "bonjour@gamelle.example",
	}))
	require.NoError(t, err)
	require.True(t, c.Production())
	require.Equal(t, 9000, c.Port)
	require.Equal(t, "https://gamelle.example", c.AppURL)
	require.Equal(t, []string{"boss@example.com", "ops@example.com"}, c.AdminEmails)
	require.True(t, c.GoogleEnabled())
	require.InDelta(t, 1.17, c.USDPerEUR, 0)
	require.Equal(t, "Gamelle SAS", c.LegalPublisher)
	require.Equal(t, "bonjour@gamelle.example", c.ContactEmail)
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	for name, env := range map[string]map[string]string{
		"no database":        {},
		"bad env":            {"DATABASE_URL": "x", "APP_ENV": "staging"},
		"bad port":           {"DATABASE_URL": "x", "PORT": "http"},
		"production no key":  {"DATABASE_URL": "x", "APP_ENV": "production"},
		"production no url":  {"DATABASE_URL": "x", "APP_ENV": "production", "APP_KEY": strings.Repeat("k", 32), "SMTP_URL": "smtp://m:587"},
		"production no mail": {"DATABASE_URL": "x", "APP_ENV": "production", "APP_KEY": strings.Repeat("k", 32), "APP_URL": "https://g.example"},
		"short key":          {"DATABASE_URL": "x", "APP_KEY": "short"},
		"bad usd rate":       {"DATABASE_URL": "x", "USD_PER_EUR": "-1"},
		"usd rate not num":   {"DATABASE_URL": "x", "USD_PER_EUR": "dollar"},
	} {
		_, err := Load(lookup(env))
		require.Error(t, err, name)
	}
}

func TestProductionMayRunWithoutMailOnlyOnPurpose(t *testing.T) {
	t.Parallel()
	c, err := Load(lookup(map[string]string{
		"DATABASE_URL": "x", "APP_ENV": "production", "APP_KEY": strings.Repeat("k", 32), "APP_URL": "https://g.example",
		"MAIL_DISABLED": "true", "METRICS_ADDR": "127.0.0.1:9090", "METRICS_TOKEN": "t",
	}))
	require.NoError(t, err)
	require.True(t, c.MailDisabled)
	require.Equal(t, "127.0.0.1:9090", c.MetricsAddr)
	require.Equal(t, "t", c.MetricsToken)
}

// TRUSTED_PROXIES takes a hop count or networks; TRUST_PROXY_HEADERS=true still means one hop.
func TestTrustedProxies(t *testing.T) {
	t.Parallel()
	base := func(extra map[string]string) (Config, error) {
		m := map[string]string{"DATABASE_URL": "postgres://x/y", "APP_KEY": strings.Repeat("k", 32)}
		for k, v := range extra {
			m[k] = v
		}
		return Load(lookup(m))
	}
	c, err := base(nil)
	require.NoError(t, err)
	require.False(t, c.TrustedProxies.Enabled())
	c, err = base(map[string]string{"TRUST_PROXY_HEADERS": "true"})
	require.NoError(t, err)
	require.Equal(t, 1, c.TrustedProxies.Hops)
	c, err = base(map[string]string{"TRUST_PROXY_HEADERS": "true", "TRUSTED_PROXIES": "2"})
	require.NoError(t, err)
	require.Equal(t, 2, c.TrustedProxies.Hops)
	c, err = base(map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8,192.0.2.7"})
	require.NoError(t, err)
	require.Equal(t, "10.0.0.0/8", c.TrustedProxies.CIDRs[0].String())
	require.Equal(t, "192.0.2.7/32", c.TrustedProxies.CIDRs[1].String())
	_, err = base(map[string]string{"TRUSTED_PROXIES": "10.0.0.0/33"})
	require.Error(t, err)
}

func TestLoadToday(t *testing.T) {
	t.Parallel()
	base := map[string]string{"DATABASE_URL": "postgres://x/y", "DATA_DIR": t.TempDir()}
	c, err := Load(lookup(base))
	require.NoError(t, err)
	require.WithinDuration(t, time.Now(), c.Now(), time.Minute, "unset: the real time")

	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	c, err = Load(lookup(with(map[string]string{"APP_TODAY": "2026-12-10"})))
	require.NoError(t, err)
	require.Equal(t, time.December, c.Now().Month())
	require.Equal(t, 10, c.Now().Day())

	_, err = Load(lookup(with(map[string]string{"APP_TODAY": "10/12/2026"})))
	require.ErrorContains(t, err, "APP_TODAY")
	_, err = Load(lookup(with(map[string]string{"APP_TODAY": "2026-12-10", "APP_ENV": "production", "APP_URL": "https://x.test", "MAIL_DISABLED": "true", "APP_KEY": strings.Repeat("k", 40)})))
	require.ErrorContains(t, err, "APP_TODAY")
}
