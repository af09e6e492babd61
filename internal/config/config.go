// Package config loads Gamelle's settings from the environment.
package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Env names the deployment environment.
type Env string

// Known environments.
const (
	EnvDevelopment Env = "development"
	EnvTest        Env = "test"
	EnvProduction  Env = "production"
)

// Config holds every setting of the process. Empty optional fields select the local default
// adapter (see docs/operations.md).
type Config struct {
	Env         Env
	Port        int
	AppURL      string
	AppKey      []byte
	DatabaseURL string
	AdminEmails []string
	DataDir     string

	SMTPURL string

	// Legal notice (« mentions légales », /legal): who publishes the site, where to write, who
	// hosts it. LEGAL_PUBLISHER, LEGAL_ADDRESS, LEGAL_DIRECTOR, LEGAL_HOST, CONTACT_EMAIL.
	LegalPublisher, LegalAddress, LegalDirector, LegalHost, ContactEmail string
	// MailDisabled (MAIL_DISABLED=true) lets production run without SMTP_URL, on purpose: every
	// email (sign-in codes and links included) is then dropped, and each drop is logged.
	MailDisabled bool

	// MetricsAddr (METRICS_ADDR, e.g. 127.0.0.1:9090) serves /metrics on a listener of its own
	// instead of the public port. MetricsToken (METRICS_TOKEN) requires
	// "Authorization: Bearer <token>" on the public /metrics. In production with neither, the
	// public port does not serve /metrics at all.
	MetricsAddr  string
	MetricsToken string

	StripeSecretKey     string
	StripeWebhookSecret string
	StripeAPIURL        string

	AIBaseURL string
	AIAPIKey  string
	AIModel   string
	// USDPerEUR converts estimated prices for people who chose dollars (USD_PER_EUR, default
	// 1.08).
	USDPerEUR float64
	// Today (APP_TODAY=2026-12-10, never in production) fixes the calendar day the season
	// calendar reads, so tests can make a December meal prep in any month; zero: the
	// real date.
	Today time.Time

	GoogleClientID     string
	GoogleClientSecret string
	AppleClientID      string
	AppleTeamID        string
	AppleKeyID         string
	AppleSecretKey     string
	// GoogleIssuerURL overrides Google's OpenID issuer (its discovery document names the
	// endpoints); tests and local setups point it at mockoidc. Empty means accounts.google.com.
	GoogleIssuerURL string
	// AppleAuthURL, AppleKeysURL and AppleIssuer override Apple's authorize endpoint, key set and
	// token issuer, for tests and local fakes. Empty means Apple's.
	AppleAuthURL string
	AppleKeysURL string
	AppleIssuer  string

	// TrustedProxies says which proxies in front of the app append the client's address to
	// X-Forwarded-For (TRUSTED_PROXIES; TRUST_PROXY_HEADERS=true means one hop). The zero value
	// trusts no header: the client address is the connection's.
	TrustedProxies TrustedProxies
	// RateLimitIPv6Prefix is the prefix length an IPv6 client is rate-limited on
	// (RATE_LIMIT_IPV6_PREFIX, 16 to 128, default 64): one subscriber is given a whole /64 and
	// picks any address in it, so a /128 key would be a fresh budget per address.
	RateLimitIPv6Prefix int

	// TestDelays pause background jobs so browser tests can watch their progress; read only
	// with APP_ENV=test, zero everywhere else.
	TestDelays TestDelays
}

// TestDelays are the pauses browser tests ask of the workers (APP_ENV=test only).
type TestDelays struct {
	// Needs pauses each needs calculation attempt (NEEDS_TEST_DELAY, a Go duration).
	Needs time.Duration
	// MealPrepGeneration pauses each recipe generation attempt
	// (MEALPREP_TEST_GENERATION_DELAY), to see the progress message and reload meanwhile.
	MealPrepGeneration time.Duration
}

// TrustedProxies describes the proxies whose X-Forwarded-For entries are believed. The client
// address is read from the right of the header, where the proxies append, never from the left
// (or from True-Client-IP / X-Real-IP), which the client itself writes.
type TrustedProxies struct {
	// Hops is how many proxies stand in front of the app (the connection's peer is the last):
	// the client address is the Hops-th entry from the right of X-Forwarded-For.
	Hops int
	// CIDRs are the proxies' networks: the client address is the rightmost address, walking
	// from the connection's peer leftwards through X-Forwarded-For, that is not in them.
	CIDRs []netip.Prefix
}

// Enabled reports whether any proxy header is trusted.
func (t TrustedProxies) Enabled() bool { return t.Hops > 0 || len(t.CIDRs) > 0 }

// ParseTrustedProxies reads TRUSTED_PROXIES: a number of hops ("1", "2") or a comma-separated
// list of CIDRs and addresses ("10.0.0.0/8, 192.0.2.7"). Empty trusts nothing.
func ParseTrustedProxies(v string) (TrustedProxies, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return TrustedProxies{}, nil
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 || n > 10 {
			return TrustedProxies{}, fmt.Errorf("TRUSTED_PROXIES %q: want a number of hops from 0 to 10, or CIDRs", v)
		}
		return TrustedProxies{Hops: n}, nil
	}
	var out TrustedProxies
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			a, aerr := netip.ParseAddr(part)
			if aerr != nil {
				return TrustedProxies{}, fmt.Errorf("TRUSTED_PROXIES %q: %q is neither a number of hops, a CIDR nor an address", v, part)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		out.CIDRs = append(out.CIDRs, p.Masked())
	}
	return out, nil
}

// Now is the time the season calendar reads: the real time, or noon of Today when it is set.
func (c Config) Now() time.Time {
	if c.Today.IsZero() {
		return time.Now()
	}
	return c.Today.Add(12 * time.Hour)
}

// Production reports whether the process runs in production mode.
func (c Config) Production() bool { return c.Env == EnvProduction }

// GoogleEnabled reports whether Google sign-in is configured.
func (c Config) GoogleEnabled() bool { return c.GoogleClientID != "" && c.GoogleClientSecret != "" }

// AppleEnabled reports whether Apple sign-in is configured.
func (c Config) AppleEnabled() bool { return c.AppleClientID != "" && c.AppleSecretKey != "" }

// Load reads the configuration from a lookup function (os.LookupEnv in production, a map in tests).
func Load(lookup func(string) (string, bool)) (Config, error) {
	get := func(k, def string) string {
		if v, ok := lookup(k); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	c := Config{
		Env:                 Env(get("APP_ENV", string(EnvDevelopment))),
		DatabaseURL:         get("DATABASE_URL", ""),
		DataDir:             get("DATA_DIR", ".data"),
		SMTPURL:             get("SMTP_URL", ""),
		StripeSecretKey:     get("STRIPE_SECRET_KEY", ""),
		StripeWebhookSecret: get("STRIPE_WEBHOOK_SECRET", ""),
		StripeAPIURL:        get("STRIPE_API_URL", ""),
		AIBaseURL:           get("AI_BASE_URL", ""),
		AIAPIKey:            get("AI_API_KEY", ""),
		AIModel:             get("AI_MODEL", ""),
		GoogleClientID:      get("GOOGLE_CLIENT_ID", ""),
		GoogleClientSecret:  get("GOOGLE_CLIENT_SECRET", ""),
		AppleClientID:       get("APPLE_CLIENT_ID", ""),
		AppleTeamID:         get("APPLE_TEAM_ID", ""),
		AppleKeyID:          get("APPLE_KEY_ID", ""),
		AppleSecretKey:      get("APPLE_SECRET_KEY", ""),
		GoogleIssuerURL:     get("GOOGLE_ISSUER_URL", ""),
		AppleAuthURL:        get("APPLE_AUTH_URL", ""),
		AppleKeysURL:        get("APPLE_KEYS_URL", ""),
		AppleIssuer:         get("APPLE_ISSUER", ""),
	}
	switch c.Env {
	case EnvDevelopment, EnvTest, EnvProduction:
	default:
		return Config{}, fmt.Errorf("APP_ENV %q: want development, test or production", c.Env)
	}
	port, err := strconv.Atoi(get("PORT", "8080"))
	if err != nil || port < 0 || port > 65535 {
		return Config{}, fmt.Errorf("PORT %q: want a number from 0 to 65535", get("PORT", ""))
	}
	c.Port = port
	rate, err := strconv.ParseFloat(get("USD_PER_EUR", "1.08"), 64)
	if err != nil || !(rate > 0) || rate > 100 {
		return Config{}, fmt.Errorf("USD_PER_EUR %q: want a positive number of dollars per euro", get("USD_PER_EUR", ""))
	}
	c.USDPerEUR = rate
	if v := get("APP_TODAY", ""); v != "" {
		d, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return Config{}, fmt.Errorf("APP_TODAY %q: want a date like 2026-12-10", v)
		}
		if c.Env == EnvProduction {
			return Config{}, errors.New("APP_TODAY is for tests: production reads the real date")
		}
		c.Today = d
	}
	c.AppURL = strings.TrimRight(get("APP_URL", fmt.Sprintf("http://localhost:%d", port)), "/")
	c.LegalPublisher = get("LEGAL_PUBLISHER", "Gamelle")
	c.LegalAddress = get("LEGAL_ADDRESS", "")
	c.LegalDirector = get("LEGAL_DIRECTOR", "")
	c.LegalHost = get("LEGAL_HOST", "")
	c.ContactEmail = get("CONTACT_EMAIL", "contact@"+hostOf(c.AppURL))
	c.MetricsAddr = get("METRICS_ADDR", "")
	c.MetricsToken = get("METRICS_TOKEN", "")
	c.MailDisabled = get("MAIL_DISABLED", "") == "true"
	if c.TrustedProxies, err = ParseTrustedProxies(get("TRUSTED_PROXIES", "")); err != nil {
		return Config{}, err
	}
	if c.RateLimitIPv6Prefix, err = strconv.Atoi(get("RATE_LIMIT_IPV6_PREFIX", "64")); err != nil || c.RateLimitIPv6Prefix < 16 || c.RateLimitIPv6Prefix > 128 {
		return Config{}, fmt.Errorf("RATE_LIMIT_IPV6_PREFIX %q: want a prefix length from 16 to 128", get("RATE_LIMIT_IPV6_PREFIX", ""))
	}
	if !c.TrustedProxies.Enabled() && get("TRUST_PROXY_HEADERS", "") == "true" {
		// The older switch: one proxy in front, as before but reading the header from the right.
		c.TrustedProxies.Hops = 1
	}
	if c.Env == EnvTest {
		// A duration that does not parse leaves no pause, as an unset variable does.
		c.TestDelays.Needs, _ = time.ParseDuration(get("NEEDS_TEST_DELAY", "0s"))
		c.TestDelays.MealPrepGeneration, _ = time.ParseDuration(get("MEALPREP_TEST_GENERATION_DELAY", "0s"))
	}
	if c.Production() {
		// Production builds links in emails and OAuth callbacks from APP_URL and must reach
		// people by email: a silent localhost default or lost emails would look like a bug.
		if get("APP_URL", "") == "" {
			return Config{}, errors.New("APP_URL is required in production (the public https:// address: emails and sign-in callbacks link to it)")
		}
		if get("SMTP_URL", "") == "" && !c.MailDisabled {
			return Config{}, errors.New("SMTP_URL is required in production (set MAIL_DISABLED=true to run without email on purpose: sign-in codes and links are then lost)")
		}
	}
	for _, e := range strings.Split(get("ADMIN_EMAILS", ""), ",") {
		if e = strings.ToLower(strings.TrimSpace(e)); e != "" {
			c.AdminEmails = append(c.AdminEmails, e)
		}
	}
	if c.DatabaseURL == "" {
		return Config{}, errors.New("DATABASE_URL is not set (make run starts a local cluster and sets it)")
	}
	key := get("APP_KEY", "")
	switch {
	case key != "":
		c.AppKey = []byte(key)
	case c.Production():
		return Config{}, errors.New("APP_KEY is required in production")
	default:
		k, err := devKey(c.DataDir)
		if err != nil {
			return Config{}, err
		}
		c.AppKey = k
	}
	if len(c.AppKey) < 32 {
		return Config{}, errors.New("APP_KEY must be at least 32 bytes")
	}
	return c, nil
}

// devKey returns a signing key kept under the data directory, creating it on first use, so that
// sessions and signed cookies survive restarts in development without any setup.
func devKey(dir string) ([]byte, error) {
	path := filepath.Join(dir, "app.key")
	if b, err := os.ReadFile(path); err == nil && len(b) >= 32 {
		return b, nil
	}
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return nil, fmt.Errorf("generate app key: %w", err)
	}
	k := []byte(hex.EncodeToString(buf))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create data dir %s: %w", dir, err)
	}
	if err := os.WriteFile(path, k, 0o600); err != nil {
		return nil, fmt.Errorf("write app key: %w", err)
	}
	return k, nil
}

// hostOf is the host name of a URL, or "localhost".
func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "localhost"
}
