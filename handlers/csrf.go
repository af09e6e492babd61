package handlers

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/gamelle/gamelle/internal/config"
)

// CSRF defence in two layers:
//  1. http.CrossOriginProtection refuses unsafe requests a browser marks as cross-site
//     (Sec-Fetch-Site, else Origin against Host).
//  2. A signed double-submit token: the XSRF-TOKEN cookie (readable by the page's script, which
//     echoes it in X-XSRF-TOKEN) is nonce.HMAC(APP_KEY, nonce). Another site can neither read the
//     cookie nor mint a valid one, so it cannot fill the header.
// Webhooks and provider callbacks that another site must be able to post are exempt here and
// authenticate with their own signatures or OAuth state.

const (
	xsrfCookie = "XSRF-TOKEN"
	xsrfHeader = "X-XSRF-TOKEN"
)

type csrfGuard struct {
	key    []byte
	secure bool
	cop    *http.CrossOriginProtection
	exempt map[string]bool
	onDeny func(w http.ResponseWriter, r *http.Request)
}

// csrfExempt are POST endpoints called by other sites; each verifies its caller itself.
var csrfExempt = []string{"/stripe/webhook", "/apple/callback"}

func newCSRFGuard(cfg config.Config) *csrfGuard {
	g := &csrfGuard{key: cfg.AppKey, secure: cfg.Production(), cop: http.NewCrossOriginProtection(), exempt: map[string]bool{}}
	for _, p := range csrfExempt {
		g.exempt[p] = true
		g.cop.AddInsecureBypassPattern("POST " + p)
	}
	return g
}

func (g *csrfGuard) sign(nonce string) string {
	m := hmac.New(sha256.New, g.key)
	m.Write([]byte("xsrf|" + nonce))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func (g *csrfGuard) newToken() string {
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	nonce := base64.RawURLEncoding.EncodeToString(b)
	return nonce + "." + g.sign(nonce)
}

func (g *csrfGuard) valid(token string) bool {
	nonce, mac, ok := strings.Cut(token, ".")
	if !ok || nonce == "" {
		return false
	}
	return hmac.Equal([]byte(mac), []byte(g.sign(nonce)))
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions || m == http.MethodTrace
}

// middleware issues the token cookie when missing or forged and checks unsafe requests.
func (g *csrfGuard) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cookie := ""
		if c, err := r.Cookie(xsrfCookie); err == nil {
			cookie = c.Value
		}
		if !g.valid(cookie) {
			http.SetCookie(w, &http.Cookie{
				Name: xsrfCookie, Value: g.newToken(), Path: "/",
				// Readable by script on purpose: the page must copy it into the header.
				HttpOnly: false, Secure: g.secure, SameSite: http.SameSiteLaxMode,
			})
		}
		if safeMethod(r.Method) || g.exempt[r.URL.Path] {
			next.ServeHTTP(w, r)
			return
		}
		if err := g.cop.Check(r); err != nil {
			g.onDeny(w, r)
			return
		}
		header := r.Header.Get(xsrfHeader)
		if header == "" || cookie == "" || !hmac.Equal([]byte(header), []byte(cookie)) || !g.valid(header) {
			g.onDeny(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}
