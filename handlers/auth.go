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
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/jobs"
)

// initIdentity builds what the sign-in routes need from Deps, with working defaults so tests
// and web-only processes need not wire them.
func (s *Server) initIdentity(d Deps) error {
	s.wallets = d.Wallets
	if s.wallets == nil {
		s.wallets = ledgerapp.New(d.Pool, eventstore.New(d.Pool))
	}
	s.jobs = d.Jobs
	if s.jobs == nil {
		c, err := jobs.New(d.Pool, jobs.Config{Logger: d.Logger})
		if err != nil {
			return err
		}
		s.jobs = c
	}
	s.accounts = identityapp.New(d.Pool, s.wallets, s.jobs, identityapp.Options{
		AdminEmails: d.Config.AdminEmails, AppURL: d.Config.AppURL, Key: d.Config.AppKey,
	})
	if !d.Config.Production() {
		s.mailbox = mail.NewMailbox(d.Pool, d.Logger)
	}
	s.limits = newAuthLimits()
	return nil
}

// identityRoutes wires sign-up, sign-in (password, code, magic link), verification, password
// reset and the first dashboard pages. /dashboard/* is also guarded by guardAreas.
func (s *Server) identityRoutes(r chi.Router) {
	r.Get("/auth", s.authChooser)
	r.Get("/auth/register", s.registerPage)
	r.Post("/auth/register", s.register)
	r.Get("/auth/login", s.loginPage)
	r.Post("/auth/login", s.login)
	r.Post("/auth/email/login", s.login)
	r.Get("/auth/logout", s.logoutPage)
	r.Post("/auth/logout", s.logout)
	r.Get("/auth/verify/{token}", s.verifyEmail)
	r.With(s.requireUser).Post("/auth/verify/resend", s.resendVerification)

	r.Post("/auth/otp/login", s.otpLogin)
	r.With(s.requireUser).Get("/auth/otp/steps", s.otpSteps)
	r.With(s.requireUser).Post("/auth/otp/complete", s.otpComplete)
	// GET only shows the code page (with its "send again" button): a link, a prefetcher or
	// another site's <img> must not be able to send mail. Sending is the POST.
	r.Get("/auth/otp/ask-otp/{email}", s.askOTPPage)
	r.Post("/auth/otp/ask-otp/{email}", s.askOTP)
	r.Get("/auth/otp/{email}", s.otpPage)
	r.Get("/auth/magic-link/{userId}/{otp}", s.magicLink)

	r.Get("/reset-password/forgotten-password", s.forgottenPasswordPage)
	r.Post("/reset-password/ask-new-password", s.askNewPassword)
	r.Get("/reset-password/{email}", s.resetPasswordPage)
	r.Post("/reset-password/reset-password/{email}", s.resetPassword)

	// Guarded by guardAreas (signed in; ADMIN for /dashboard/admin), like every /dashboard page.
	r.Get("/dashboard/general", s.dashboardGeneral)
	r.Get("/dashboard/admin", s.dashboardAdmin)

	if !s.cfg.Production() {
		r.Get("/dev/mailbox", s.devMailbox)
	}
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

func (s *Server) language(r *http.Request) identity.Language {
	return identity.ParseLanguage(localeFrom(r.Context()))
}

// signedInElsewhere sends a signed-in person away from the sign-in pages.
func (s *Server) signedInElsewhere(w http.ResponseWriter, r *http.Request) bool {
	if _, ok := currentUser(r.Context()); ok {
		s.inertia.Redirect(w, r, "/dashboard/general", http.StatusSeeOther)
		return true
	}
	return false
}

func (s *Server) authChooser(w http.ResponseWriter, r *http.Request) {
	if s.signedInElsewhere(w, r) {
		return
	}
	s.render(w, r, "auth/index", nil)
}

func (s *Server) registerPage(w http.ResponseWriter, r *http.Request) {
	if s.signedInElsewhere(w, r) {
		return
	}
	s.render(w, r, "auth/register", nil)
}

type registerForm struct {
	Name                 string `json:"name"`
	Surname              string `json:"surname"`
	Email                string `json:"email"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var f registerForm
	if err := decodeBody(r, &f); err != nil {
		s.bodyError(w, r, err)
		return
	}
	if s.rateLimited(w, r, f.Email) {
		return
	}
	err := s.accounts.Register(r.Context(), identityapp.RegisterInput{
		Name: f.Name, Surname: f.Surname, Email: f.Email, Password: f.Password,
		PasswordConfirmation: f.PasswordConfirmation, Language: s.language(r),
	})
	var fe identity.FieldErrors
	switch {
	case errors.As(err, &fe):
		s.backWithErrors(w, r, "/auth/register", s.fieldErrors(r, fe))
	case err != nil:
		s.serverError(w, r, err)
	default:
		// Same answer whether the address was new or not: the email tells the rest.
		s.redirectWithFlash(w, r, "/auth/login", "success", s.t(r, "flash.register.sent"))
	}
}

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) {
	if s.signedInElsewhere(w, r) {
		return
	}
	s.render(w, r, "auth/login", nil)
}

type loginForm struct {
	Email    string   `json:"email"`
	Password string   `json:"password"`
	Remember flexBool `json:"remember"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var f loginForm
	if err := decodeBody(r, &f); err != nil {
		s.bodyError(w, r, err)
		return
	}
	if s.rateLimited(w, r, f.Email) {
		return
	}
	errs := inertia.ValidationErrors{}
	if _, err := identity.NormalizeEmail(f.Email); err != nil {
		errs["email"] = s.t(r, identityMessage("email", err))
	}
	if f.Password == "" {
		errs["password"] = s.t(r, "error.password.required")
	}
	if len(errs) > 0 {
		s.backWithErrors(w, r, "/auth/login", errs)
		return
	}
	u, err := s.accounts.Authenticate(r.Context(), f.Email, f.Password)
	switch {
	case errors.Is(err, identityapp.ErrInvalidCredentials):
		s.backWithErrors(w, r, "/auth/login", inertia.ValidationErrors{"email": s.t(r, "error.login.invalid")})
		return
	case err != nil:
		s.serverError(w, r, err)
		return
	}
	s.finishLogin(w, r, u, bool(f.Remember))
}

// finishLogin signs u in and redirects to where they were going.
func (s *Server) finishLogin(w http.ResponseWriter, r *http.Request, u identityapp.User, remember bool) {
	if err := s.logIn(w, r, u.ID, remember); err != nil {
		s.serverError(w, r, err)
		return
	}
	to := s.afterLogin(r, u)
	if u.NeedsProfile() {
		s.inertia.Redirect(w, r, to, http.StatusSeeOther)
		return
	}
	s.redirectWithFlash(w, r, to, "success", s.t(r, "flash.login.welcome", map[string]any{"Name": u.Name}))
}

func (s *Server) logoutPage(w http.ResponseWriter, r *http.Request) {
	if _, ok := currentUser(r.Context()); !ok {
		s.inertia.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	s.render(w, r, "auth/logout", nil)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.logOut(r); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.redirectWithFlash(w, r, "/", "success", s.t(r, "flash.logout"))
}

// linkInvalid explains a dead link (expired or used) and offers the way to a new one.
func (s *Server) linkInvalid(w http.ResponseWriter, r *http.Request, kind string, err error, email string) {
	reason := "used"
	if errors.Is(err, identity.ErrLinkExpired) || errors.Is(err, identity.ErrCodeExpired) {
		reason = "expired"
	}
	s.renderStatus(w, r, http.StatusGone, "auth/link-invalid", inertia.Props{"kind": kind, "reason": reason, "email": email})
}

func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request) {
	if s.rateLimited(w, r, "") {
		return
	}
	res, err := s.accounts.VerifyEmail(r.Context(), chi.URLParam(r, "token"))
	switch {
	case errors.Is(err, identity.ErrLinkExpired), errors.Is(err, identity.ErrLinkUsed):
		s.linkInvalid(w, r, "verify", err, "")
		return
	case err != nil:
		s.serverError(w, r, err)
		return
	}
	if res.Verified {
		if err := s.logIn(w, r, res.User.ID, false); err != nil {
			s.serverError(w, r, err)
			return
		}
		s.redirectWithFlash(w, r, "/dashboard/general", "success", s.t(r, "flash.verify.done"))
		return
	}
	// A replay: nothing granted. Only an already signed-in owner goes to the dashboard; the
	// link never signs anyone in twice.
	if u, ok := currentUser(r.Context()); ok && u.ID == res.User.ID {
		s.redirectWithFlash(w, r, "/dashboard/general", "success", s.t(r, "flash.verify.already"))
		return
	}
	s.redirectWithFlash(w, r, "/auth/login", "success", s.t(r, "flash.verify.already"))
}

func (s *Server) resendVerification(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	if s.rateLimited(w, r, u.Email) {
		return
	}
	if err := s.accounts.ResendVerification(r.Context(), u.ID); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.redirectWithFlash(w, r, "/dashboard/general", "success", s.t(r, "flash.verify.resent"))
}

// emailParam reads and normalises the {email} path segment.
func emailParam(r *http.Request) (string, bool) {
	raw := chi.URLParam(r, "email")
	if u, err := url.PathUnescape(raw); err == nil {
		raw = u
	}
	e, err := identity.NormalizeEmail(strings.TrimSpace(raw))
	return e, err == nil
}
