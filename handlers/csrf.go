package handlers

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/alexedwards/scs/v2"

	"github.com/gamelle/gamelle/internal/config"
)

// CSRF defence in two layers:
//  1. http.CrossOriginProtection refuses unsafe requests a browser marks as cross-site
//     (Sec-Fetch-Site, else Origin against Host).
//  2. A signed double-submit token bound to the session (OWASP's "signed double-submit
//     cookie"): the XSRF-TOKEN cookie (readable by the page's script, which echoes it in
//     X-XSRF-TOKEN) is nonce.HMAC(APP_KEY, binding|nonce). The binding is a random secret kept in
//     the server-side session once the person signs in (logIn rotates it and hands out a token
//     bound to it in the same response), and "anonymous" before that. An anonymous token is
//     accepted only while the session is not signed in, so a token pair minted for another client
//     is worthless on a signed-in session, and the first POST after sign-in still carries a
//     valid token. Another site can neither read the cookie nor mint a valid one.
//
// In production the cookie is __Host-XSRF-TOKEN (Secure, Path=/, no Domain: a sibling
// subdomain cannot plant it); the header stays X-XSRF-TOKEN.
// Webhooks and provider callbacks that another site must be able to post are exempt (their
// POST only) and authenticate with their own signatures or OAuth state.

const (
	xsrfCookieDev  = "XSRF-TOKEN"
	xsrfCookieProd = "__Host-XSRF-TOKEN"
	xsrfHeader     = "X-XSRF-TOKEN"
	// sessionKeyCSRF is the signed-in session's random CSRF secret.
	sessionKeyCSRF = "csrf.secret"
)

type csrfGuard struct {
	key      []byte
	secure   bool
	name     string
	sessions *scs.SessionManager
	cop      *http.CrossOriginProtection
	exempt   map[string]bool
	onDeny   func(w http.ResponseWriter, r *http.Request)
}

// csrfExempt are POST endpoints called by other sites; each verifies its caller itself.
var csrfExempt = []string{"/stripe/webhook", "/apple/callback"}

func newCSRFGuard(cfg config.Config, sessions *scs.SessionManager) *csrfGuard {
	g := &csrfGuard{
		key: cfg.AppKey, secure: cfg.Production(), name: xsrfCookieDev, sessions: sessions,
		cop: http.NewCrossOriginProtection(), exempt: map[string]bool{},
	}
	if g.secure {
		g.name = xsrfCookieProd
	}
	for _, p := range csrfExempt {
		g.exempt[http.MethodPost+" "+p] = true
		g.cop.AddInsecureBypassPattern(http.MethodPost + " " + p)
	}
	return g
}

// sign MACs the nonce with what the token is bound to; bindings are prefixed by their kind
// ("anon", "sess:…") so an anonymous binding never equals a session's.
func (g *csrfGuard) sign(binding, nonce string) string {
	m := hmac.New(sha256.New, g.key)
	m.Write([]byte("xsrf|" + binding + "|" + nonce))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func randomString() string {
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (g *csrfGuard) newToken(binding string) string {
	nonce := randomString()
	return nonce + "." + g.sign(binding, nonce)
}

func (g *csrfGuard) valid(token, binding string) bool {
	nonce, mac, ok := strings.Cut(token, ".")
	if !ok || nonce == "" {
		return false
	}
	return hmac.Equal([]byte(mac), []byte(g.sign(binding, nonce)))
}

// binding is what this request's token must be bound to: the session's secret, or "anon" while
// the session is not signed in. A signed-in session without a secret (started before secrets
// existed) gets one now, so anonymous tokens never pass on it.
func (g *csrfGuard) binding(r *http.Request) string {
	ctx := r.Context()
	if secret := g.sessions.GetString(ctx, sessionKeyCSRF); secret != "" {
		return "sess:" + secret
	}
	if g.sessions.GetString(ctx, sessionKeyUserID) == "" {
		return "anon"
	}
	secret := randomString()
	g.sessions.Put(ctx, sessionKeyCSRF, secret)
	return "sess:" + secret
}

// bindToNewSecret gives the session a fresh CSRF secret and the browser a token bound to it;
// sign-in calls it so a token minted before (by anyone) is worthless afterwards.
func (g *csrfGuard) bindToNewSecret(w http.ResponseWriter, r *http.Request) {
	secret := randomString()
	g.sessions.Put(r.Context(), sessionKeyCSRF, secret)
	g.setCookie(w, g.newToken("sess:"+secret))
}

func (g *csrfGuard) setCookie(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{
		Name: g.name, Value: token, Path: "/",
		// Readable by script on purpose: the page must copy it into the header.
		HttpOnly: false, Secure: g.secure, SameSite: http.SameSiteLaxMode,
	})
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions || m == http.MethodTrace
}

// middleware issues the token cookie when missing, forged or bound to something else, and checks
// unsafe requests. It runs after the session is loaded.
func (g *csrfGuard) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cookie := ""
		if c, err := r.Cookie(g.name); err == nil {
			cookie = c.Value
		}
		binding := g.binding(r)
		valid := g.valid(cookie, binding)
		if !valid {
			g.setCookie(w, g.newToken(binding))
		}
		if safeMethod(r.Method) || g.exempt[r.Method+" "+r.URL.Path] {
			next.ServeHTTP(w, r)
			return
		}
		if err := g.cop.Check(r); err != nil {
			g.onDeny(w, r)
			return
		}
		header := r.Header.Get(xsrfHeader)
		if !valid || header == "" || !hmac.Equal([]byte(header), []byte(cookie)) {
			g.onDeny(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}
