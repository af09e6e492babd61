package handlers

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/chi/v5"
	inertia "github.com/romsar/gonertia/v3"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/text"
	"github.com/gamelle/gamelle/handlers/page"
)

// Identity serves sign-up, sign-in (password, code, magic link), email verification and
// password reset.
type Identity struct {
	*Core
	accounts *identityapp.Service
}

// NewIdentity returns the identity pages over the accounts service.
func NewIdentity(c *Core, accounts *identityapp.Service) *Identity {
	return &Identity{Core: c, accounts: accounts}
}

// Routes registers the identity pages.
func (h *Identity) Routes(r chi.Router) {
	r.Get("/auth", h.guestPage(authIndexPage))
	r.Get("/auth/register", h.guestPage(authRegisterPage))
	r.Post("/auth/register", h.register)
	r.Get("/auth/login", h.guestPage(authLoginPage))
	r.Post("/auth/login", h.login)
	r.Post("/auth/email/login", h.login)
	r.Get("/auth/logout", h.logoutPage)
	r.Post("/auth/logout", h.logout)
	r.Get("/auth/verify/{token}", h.verifyEmailPage)
	r.Post("/auth/verify/{token}", h.verifyEmail)
	r.With(h.requireUser).Post("/auth/verify/resend", h.resendVerification)

	r.Post("/auth/otp/login", h.otpLogin)
	r.With(h.requireUser).Get("/auth/otp/steps", h.otpSteps)
	r.With(h.requireUser).Post("/auth/otp/complete", h.otpComplete)
	// GET only shows the code page (with its "send again" button): a link, a prefetcher or
	// another site's <img> must not be able to send mail. Sending is the POST.
	r.Get("/auth/otp/ask-otp/{email}", h.askOTPPage)
	r.Post("/auth/otp/ask-otp/{email}", h.askOTP)
	r.Get("/auth/otp/{email}", h.otpPage)
	r.Get("/auth/magic-link/{userId}/{otp}", h.magicLinkPage)
	r.Post("/auth/magic-link/{userId}/{otp}", h.magicLink)

	r.Get("/reset-password/forgotten-password", h.forgottenPasswordPage)
	r.Post("/reset-password/ask-new-password", h.askNewPassword)
	r.Get("/reset-password/{email}", h.resetPasswordPage)
	r.Post("/reset-password/reset-password/{email}", h.resetPassword)
}

// flexBool reads a checkbox from JSON (true) or form data ("on", "true", "1").
type flexBool bool

func (b *flexBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case bool:
		*b = flexBool(x)
	case string:
		*b = flexBool(x == "on" || x == "true" || x == "1")
	case float64:
		*b = x != 0
	}
	return nil
}

func (h *Identity) language(r *http.Request) identity.Language {
	return identity.ParseLanguage(localeFrom(r.Context()))
}

// signedInElsewhere sends a signed-in person away from the sign-in pages.
func (h *Identity) signedInElsewhere(w http.ResponseWriter, r *http.Request) bool {
	if _, ok := currentUser(r.Context()); ok {
		h.inertia.Redirect(w, r, "/dashboard/general", http.StatusSeeOther)
		return true
	}
	return false
}

// guestPage serves one of the sign-in pages, which have no props of their own, to a person who
// is not signed in.
func (h *Identity) guestPage(p page.Page[page.None]) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if h.signedInElsewhere(w, r) {
			return
		}
		h.render(w, r, p.With(page.None{}))
	}
}

type registerForm struct {
	Name                 string `json:"name"`
	Surname              string `json:"surname"`
	Email                string `json:"email"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

func (h *Identity) register(w http.ResponseWriter, r *http.Request) {
	var f registerForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	if h.rateLimited(w, r, f.Email) {
		return
	}
	err := h.accounts.Register(r.Context(), identityapp.RegisterInput{
		Name: f.Name, Surname: f.Surname, Email: f.Email, Password: f.Password,
		PasswordConfirmation: f.PasswordConfirmation, Language: h.language(r),
	})
	var fe identity.FieldErrors
	switch {
	case errors.As(err, &fe):
		h.backWithErrors(w, r, "/auth/register", h.fieldErrors(r, fe))
	case err != nil:
		h.serverError(w, r, err)
	default:
		// Same answer whether the address was new or not: the email tells the rest.
		h.redirectWithFlash(w, r, "/auth/login", "success", h.t(r, "flash.register.sent"))
	}
}

type loginForm struct {
	Email    string   `json:"email"`
	Password string   `json:"password"`
	Remember flexBool `json:"remember"`
}

func (h *Identity) login(w http.ResponseWriter, r *http.Request) {
	var f loginForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	if h.rateLimited(w, r, f.Email) {
		return
	}
	errs := inertia.ValidationErrors{}
	if _, err := identity.NormalizeEmail(f.Email); err != nil {
		errs["email"] = h.t(r, identityMessage("email", err))
	}
	if f.Password == "" {
		errs["password"] = h.t(r, "error.password.required")
	}
	if len(errs) > 0 {
		h.backWithErrors(w, r, "/auth/login", errs)
		return
	}
	u, err := h.accounts.Authenticate(r.Context(), f.Email, f.Password)
	switch {
	case errors.Is(err, identityapp.ErrInvalidCredentials):
		h.backWithErrors(w, r, "/auth/login", inertia.ValidationErrors{"email": h.t(r, "error.login.invalid")})
		return
	case errors.Is(err, identityapp.ErrNotVerified):
		// No session before the address is proven; the link goes out again (the owner may
		// have lost it), and only someone who knows the password learns this.
		if err := h.accounts.ResendVerification(r.Context(), u.ID); err != nil {
			h.serverError(w, r, err)
			return
		}
		h.backWithErrors(w, r, "/auth/login", inertia.ValidationErrors{"email": h.t(r, "error.login.unverified")})
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.finishLogin(w, r, u, bool(f.Remember))
}

// finishLogin signs u in and redirects to where they were going.
func (h *Identity) finishLogin(w http.ResponseWriter, r *http.Request, u identityapp.User, remember bool) {
	if err := h.logIn(w, r, u.ID, remember); err != nil {
		h.serverError(w, r, err)
		return
	}
	to := h.afterLogin(r, u)
	if u.NeedsProfile() {
		h.inertia.Redirect(w, r, to, http.StatusSeeOther)
		return
	}
	h.redirectWithFlash(w, r, to, "success", h.t(r, "flash.login.welcome", map[string]any{"Name": u.Name}))
}

func (h *Identity) logoutPage(w http.ResponseWriter, r *http.Request) {
	if _, ok := currentUser(r.Context()); !ok {
		h.inertia.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	h.render(w, r, authLogoutPage.With(page.None{}))
}

func (h *Identity) logout(w http.ResponseWriter, r *http.Request) {
	if err := h.logOut(r); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/", "success", h.t(r, "flash.logout"))
}

// linkInvalid explains a dead link (expired, used or never valid) and offers the way to a new
// one, or, to someone signed in, the way to their dashboard.
func (h *Identity) linkInvalid(w http.ResponseWriter, r *http.Request, kind linkKind, err error, email string) {
	reason := linkUsed
	switch {
	case errors.Is(err, identity.ErrLinkExpired), errors.Is(err, identity.ErrCodeExpired):
		reason = linkExpired
	case errors.Is(err, identity.ErrLinkInvalid):
		reason = linkInvalidReason
	}
	props := linkInvalidProps{Kind: kind, Reason: reason, Email: email}
	if u, ok := currentUser(r.Context()); ok {
		props.SignedInAs = u.Email
	}
	h.renderStatus(w, r, http.StatusGone, linkInvalidPage.With(props))
}

// verifyEmailPage opens a verification link. A browser signed in as another account is asked
// first (switchAccount); otherwise the link works at once, as it always did.
func (h *Identity) verifyEmailPage(w http.ResponseWriter, r *http.Request) {
	if cur, ok := currentUser(r.Context()); ok {
		if h.rateLimited(w, r, "") {
			return
		}
		token := chi.URLParam(r, "token")
		owner, signsIn, err := h.accounts.VerifyLinkOwner(r.Context(), token)
		switch {
		case identity.DeadLink(err):
			h.linkInvalid(w, r, linkVerify, err, "")
			return
		case err != nil:
			h.serverError(w, r, err)
			return
		}
		if signsIn && owner.ID != cur.ID {
			h.render(w, r, switchAccountPage.With(switchAccountProps{
				Kind: linkVerify, Current: cur.Email, Target: owner.Email, Token: token,
			}))
			return
		}
	}
	h.verifyEmail(w, r)
}

// verifyEmail spends a verification link: the GET of a browser with no session or the same
// account's, or the POST of the switch confirmation.
func (h *Identity) verifyEmail(w http.ResponseWriter, r *http.Request) {
	if h.rateLimited(w, r, "") {
		return
	}
	res, err := h.accounts.VerifyEmail(r.Context(), chi.URLParam(r, "token"))
	switch {
	case identity.DeadLink(err):
		h.linkInvalid(w, r, linkVerify, err, "")
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	if res.Verified {
		if err := h.logIn(w, r, res.User.ID, false); err != nil {
			h.serverError(w, r, err)
			return
		}
		// Back to where the person was going when they signed up (a pack chosen on
		// /buy-tokens-na), else the dashboard.
		h.redirectWithFlash(w, r, h.nextOr(r, "/dashboard/general"), "success", h.t(r, "flash.verify.done"))
		return
	}
	// A replay: nothing granted, and the link never signs anyone in twice. Someone signed in
	// stays on their dashboard and is not asked to sign in.
	if u, ok := currentUser(r.Context()); ok {
		msg := h.t(r, "flash.verify.already_signed_in")
		if u.ID != res.User.ID {
			msg = h.t(r, "flash.verify.already_other", map[string]any{"Email": u.Email})
		}
		h.redirectWithFlash(w, r, "/dashboard/general", "success", msg)
		return
	}
	h.redirectWithFlash(w, r, "/auth/login", "success", h.t(r, "flash.verify.already"))
}

func (h *Identity) resendVerification(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	if h.rateLimited(w, r, u.Email) {
		return
	}
	err := h.accounts.ResendVerification(r.Context(), u.ID)
	switch {
	case errors.Is(err, identityapp.ErrAlreadyVerified):
		h.redirectWithFlash(w, r, "/dashboard/general", "success", h.t(r, "flash.verify.already_signed_in"))
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/general", "success", h.t(r, "flash.verify.resent"))
}

// emailParam reads and normalises the {email} path segment.
func emailParam(r *http.Request) (string, bool) {
	raw := chi.URLParam(r, "email")
	if u, err := url.PathUnescape(raw); err == nil {
		raw = u
	}
	// The path skips decodeBody's text rules: apply them here (a bidi override is a valid
	// address to NormalizeEmail).
	if text.Check(raw) != nil {
		return "", false
	}
	e, err := identity.NormalizeEmail(strings.TrimSpace(raw))
	return e, err == nil
}
