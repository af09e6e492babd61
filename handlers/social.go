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

// Social serves sign-in with Google and Apple.
type Social struct {
	*Core
	accounts  *identityapp.Service
	providers *oauth.Registry
}

// NewSocial returns the social sign-in routes over the accounts service and the configured
// providers.
func NewSocial(c *Core, accounts *identityapp.Service, providers *oauth.Registry) *Social {
	return &Social{Core: c, accounts: accounts, providers: providers}
}

// Routes wires the redirect and callback of each provider. Unconfigured providers answer 404,
// like any unknown page.
func (h *Social) Routes(r chi.Router) {
	r.Get("/google/redirect", h.socialRedirect(oauth.Google))
	r.Get("/google/callback", h.socialCallback(oauth.Google))
	r.Get("/apple/redirect", h.socialRedirect(oauth.Apple))
	r.Post("/apple/callback", h.socialCallback(oauth.Apple))
}

func (h *Social) socialRedirect(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, ok := h.providers.Get(name)
		if !ok {
			h.notFound(w, r)
			return
		}
		if h.rateLimited(w, r, "") {
			return
		}
		authURL, pending, err := p.Begin(r.Context())
		if err != nil {
			h.log.Error("social sign-in: begin", "provider", name, "err", err)
			h.redirectWithFlash(w, r, "/auth/login", "error", h.t(r, "social.error.failed"))
			return
		}
		remember := r.URL.Query().Get("remember")
		h.setSocialPending(w, socialPending{Pending: pending, Remember: remember == "1" || remember == "true"})
		// The provider is another site: an Inertia visit must turn into a full page load (409 +
		// X-Inertia-Location), a plain link gets an ordinary redirect.
		if r.Header.Get("X-Inertia") != "" {
			h.inertia.Location(w, r, authURL)
			return
		}
		http.Redirect(w, r, authURL, http.StatusSeeOther)
	}
}

func (h *Social) socialCallback(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, ok := h.providers.Get(name)
		if !ok {
			h.notFound(w, r)
			return
		}
		if h.rateLimited(w, r, "") {
			return
		}
		pending := h.popSocialPending(w, r, name)
		params := r.URL.Query()
		if r.Method == http.MethodPost {
			if err := r.ParseForm(); err != nil {
				h.socialFailed(w, r, name, "social.error.failed", err)
				return
			}
			params = r.PostForm
		}
		id, err := p.Complete(r.Context(), pending.Pending, params)
		switch {
		case errors.Is(err, oauth.ErrState):
			h.socialFailed(w, r, name, "social.error.state", err)
			return
		case errors.Is(err, oauth.ErrDenied):
			h.socialFailed(w, r, name, "social.error.denied", err)
			return
		case err != nil:
			h.socialFailed(w, r, name, "social.error.failed", err)
			return
		}
		// The service links only an address the provider verified.
		u, _, err := h.accounts.FindOrCreateVerified(r.Context(), identityapp.ProviderIdentity{
			Email: id.Email, EmailVerified: id.EmailVerified, Name: id.FirstName, Surname: id.LastName,
			Language: identity.ParseLanguage(localeFrom(r.Context())),
		})
		if errors.Is(err, identityapp.ErrEmailNotVerified) || errors.Is(err, identity.ErrEmailInvalid) || errors.Is(err, identity.ErrEmailRequired) {
			h.socialFailed(w, r, name, "social.error.unverified", err)
			return
		}
		if err != nil {
			h.serverError(w, r, fmt.Errorf("social sign-in %s: %w", name, err))
			return
		}
		if err := h.logIn(w, r, u.ID, pending.Remember); err != nil {
			h.serverError(w, r, err)
			return
		}
		h.inertia.Redirect(w, r, h.afterLogin(r, u), http.StatusSeeOther)
	}
}

// socialFailed sends the person back to the login page with a translated reason.
func (h *Social) socialFailed(w http.ResponseWriter, r *http.Request, provider, key string, err error) {
	if err != nil {
		h.log.Warn("social sign-in refused", "provider", provider, "reason", key, "err", err)
	}
	h.redirectWithFlash(w, r, "/auth/login", "error", h.t(r, key))
}

func socialCookieName(provider string) string { return "gamelle_oauth_" + provider }

// socialCookieSecure is true when the app is served over HTTPS; browsers only accept
// SameSite=None cookies that are Secure.
func (h *Social) socialCookieSecure() bool {
	return h.cfg.Production() || strings.HasPrefix(h.cfg.AppURL, "https://")
}

func (h *Social) setSocialPending(w http.ResponseWriter, p socialPending) {
	raw, _ := json.Marshal(p)
	payload := base64.RawURLEncoding.EncodeToString(raw)
	c := &http.Cookie{
		Name: socialCookieName(p.Provider), Value: payload + "." + h.socialMAC(payload),
		Path: "/" + p.Provider + "/callback", MaxAge: socialPendingMaxAge,
		HttpOnly: true, Secure: h.socialCookieSecure(), SameSite: http.SameSiteLaxMode,
	}
	if p.Provider == oauth.Apple && c.Secure {
		// Apple's form_post callback is a cross-site POST, which Lax cookies do not follow.
		c.SameSite = http.SameSiteNoneMode
	}
	http.SetCookie(w, c)
}

// popSocialPending reads and clears the pending sign-in; a missing, expired or tampered cookie
// gives an empty one, which the provider refuses as a state mismatch.
func (h *Social) popSocialPending(w http.ResponseWriter, r *http.Request, provider string) socialPending {
	name := socialCookieName(provider)
	c, err := r.Cookie(name)
	if err != nil {
		return socialPending{}
	}
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/" + provider + "/callback", MaxAge: -1,
		HttpOnly: true, Secure: h.socialCookieSecure(), SameSite: http.SameSiteLaxMode})
	payload, mac, ok := strings.Cut(c.Value, ".")
	if !ok || !hmac.Equal([]byte(mac), []byte(h.socialMAC(payload))) {
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

func (h *Social) socialMAC(payload string) string {
	m := hmac.New(sha256.New, h.cfg.AppKey)
	m.Write([]byte("oauth-pending|" + payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}
