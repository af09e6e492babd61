package handlers

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/integrations/oauth"
)

// Social sign-in (Google, Apple). The flow:
//
//	GET /{provider}/redirect  → a signed, HttpOnly cookie keeps the sign-in's state, nonce and
//	                            PKCE verifier; the browser goes to the provider.
//	GET  /google/callback     → the provider sends the browser back with a code (query).
//	POST /apple/callback      → Apple posts a form with a signed ID token (CSRF-exempt in csrf.go;
//	                            the state and nonce are the protection).
//
// The secrets live in a cookie of their own, not in the session, because Apple's callback is a
// cross-site POST: the browser does not send our SameSite=Lax session cookie with it, so the
// session would look empty and every Apple sign-in would fail the state check. The cookie is
// scoped to the callback path, lives ten minutes, is signed with APP_KEY and is cleared on use.
//
// Only an address the provider says it verified signs anyone in: it finds the account with that
// address (verifying it if needed) or creates a verified one, granting the 2-token bonus once.

// socialPendingMaxAge bounds how long a person may take at the provider.
const socialPendingMaxAge = 600

// socialPending is the cookie's content.
type socialPending struct {
	oauth.Pending
	Remember bool `json:"r,omitempty"`
}

// initSocial builds the configured providers; a broken provider setting stops the start-up.
func (s *Server) initSocial() error {
	reg, err := oauth.New(oauth.Config{
		BaseURL:            s.cfg.AppURL,
		GoogleClientID:     s.cfg.GoogleClientID,
		GoogleClientSecret: s.cfg.GoogleClientSecret,
		GoogleIssuerURL:    s.cfg.GoogleIssuerURL,
		AppleClientID:      s.cfg.AppleClientID,
		AppleTeamID:        s.cfg.AppleTeamID,
		AppleKeyID:         s.cfg.AppleKeyID,
		AppleSecretKey:     s.cfg.AppleSecretKey,
		AppleAuthURL:       s.cfg.AppleAuthURL,
		AppleKeysURL:       s.cfg.AppleKeysURL,
		AppleIssuer:        s.cfg.AppleIssuer,
	})
	if err != nil {
		return fmt.Errorf("social sign-in: %w", err)
	}
	s.oauth = reg
	return nil
}

// socialRoutes wires the redirect and callback of each provider. Unconfigured providers answer
// 404, like any unknown page.
func (s *Server) socialRoutes(r chi.Router) {
	r.Get("/google/redirect", s.socialRedirect(oauth.Google))
	r.Get("/google/callback", s.socialCallback(oauth.Google))
	r.Get("/apple/redirect", s.socialRedirect(oauth.Apple))
	r.Post("/apple/callback", s.socialCallback(oauth.Apple))
}

func (s *Server) socialRedirect(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, ok := s.oauth.Get(name)
		if !ok {
			s.notFound(w, r)
			return
		}
		if s.rateLimited(w, r, "") {
			return
		}
		authURL, pending, err := p.Begin(r.Context())
		if err != nil {
			s.log.Error("social sign-in: begin", "provider", name, "err", err)
			s.redirectWithFlash(w, r, "/auth/login", "error", s.t(r, "social.error.failed"))
			return
		}
		remember := r.URL.Query().Get("remember")
		s.setSocialPending(w, socialPending{Pending: pending, Remember: remember == "1" || remember == "true"})
		// The provider is another site: an Inertia visit must turn into a full page load (409 +
		// X-Inertia-Location), a plain link gets an ordinary redirect.
		if r.Header.Get("X-Inertia") != "" {
			s.inertia.Location(w, r, authURL)
			return
		}
		http.Redirect(w, r, authURL, http.StatusSeeOther)
	}
}

func (s *Server) socialCallback(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, ok := s.oauth.Get(name)
		if !ok {
			s.notFound(w, r)
			return
		}
		if s.rateLimited(w, r, "") {
			return
		}
		pending := s.popSocialPending(w, r, name)
		params := r.URL.Query()
		if r.Method == http.MethodPost {
			if err := r.ParseForm(); err != nil {
				s.socialFailed(w, r, name, "social.error.failed", err)
				return
			}
			params = r.PostForm
		}
		id, err := p.Complete(r.Context(), pending.Pending, params)
		switch {
		case errors.Is(err, oauth.ErrState):
			s.socialFailed(w, r, name, "social.error.state", err)
			return
		case errors.Is(err, oauth.ErrDenied):
			s.socialFailed(w, r, name, "social.error.denied", err)
			return
		case err != nil:
			s.socialFailed(w, r, name, "social.error.failed", err)
			return
		}
		if !id.EmailVerified || id.Email == "" {
			// Linking by an address nobody proved would hand its account to whoever typed it at
			// the provider.
			s.socialFailed(w, r, name, "social.error.unverified", nil)
			return
		}
		u, _, err := s.accounts.FindOrCreateVerified(r.Context(), identityapp.VerifiedIdentity{
			Email: id.Email, Name: id.FirstName, Surname: id.LastName,
			Language: identity.ParseLanguage(localeFrom(r.Context())),
		})
		if errors.Is(err, identity.ErrEmailInvalid) || errors.Is(err, identity.ErrEmailRequired) {
			s.socialFailed(w, r, name, "social.error.unverified", err)
			return
		}
		if err != nil {
			s.serverError(w, r, fmt.Errorf("social sign-in %s: %w", name, err))
			return
		}
		if err := s.logIn(w, r, u.ID, pending.Remember); err != nil {
			s.serverError(w, r, err)
			return
		}
		s.inertia.Redirect(w, r, s.afterLogin(r, u), http.StatusSeeOther)
	}
}

// socialFailed sends the person back to the login page with a translated reason.
func (s *Server) socialFailed(w http.ResponseWriter, r *http.Request, provider, key string, err error) {
	if err != nil {
		s.log.Warn("social sign-in refused", "provider", provider, "reason", key, "err", err)
	}
	s.redirectWithFlash(w, r, "/auth/login", "error", s.t(r, key))
}

func socialCookieName(provider string) string { return "gamelle_oauth_" + provider }

// socialCookieSecure is true when the app is served over HTTPS; browsers only accept
// SameSite=None cookies that are Secure.
func (s *Server) socialCookieSecure() bool {
	return s.cfg.Production() || strings.HasPrefix(s.cfg.AppURL, "https://")
}

func (s *Server) setSocialPending(w http.ResponseWriter, p socialPending) {
	raw, _ := json.Marshal(p)
	payload := base64.RawURLEncoding.EncodeToString(raw)
	c := &http.Cookie{
		Name: socialCookieName(p.Provider), Value: payload + "." + s.socialMAC(payload),
		Path: "/" + p.Provider + "/callback", MaxAge: socialPendingMaxAge,
		HttpOnly: true, Secure: s.socialCookieSecure(), SameSite: http.SameSiteLaxMode,
	}
	if p.Provider == oauth.Apple && c.Secure {
		// Apple's form_post callback is a cross-site POST, which Lax cookies do not follow.
		c.SameSite = http.SameSiteNoneMode
	}
	http.SetCookie(w, c)
}

// popSocialPending reads and clears the pending sign-in; a missing, expired or tampered cookie
// gives an empty one, which the provider refuses as a state mismatch.
func (s *Server) popSocialPending(w http.ResponseWriter, r *http.Request, provider string) socialPending {
	name := socialCookieName(provider)
	c, err := r.Cookie(name)
	if err != nil {
		return socialPending{}
	}
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/" + provider + "/callback", MaxAge: -1,
		HttpOnly: true, Secure: s.socialCookieSecure(), SameSite: http.SameSiteLaxMode})
	payload, mac, ok := strings.Cut(c.Value, ".")
	if !ok || !hmac.Equal([]byte(mac), []byte(s.socialMAC(payload))) {
		return socialPending{}
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return socialPending{}
	}
	var p socialPending
	if json.Unmarshal(raw, &p) != nil || p.Provider != provider {
		return socialPending{}
	}
	return p
}

func (s *Server) socialMAC(payload string) string {
	m := hmac.New(sha256.New, s.cfg.AppKey)
	m.Write([]byte("oauth-pending|" + payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}
