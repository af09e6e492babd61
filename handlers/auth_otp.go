package handlers

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	inertia "github.com/romsar/gonertia/v3"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
)

func otpPath(email string) string { return "/auth/otp/" + url.PathEscape(email) }

type otpForm struct {
	Email    string   `json:"email"`
	Code     string   `json:"code"`
	Remember flexBool `json:"remember"`
}

// otpLogin is POST /auth/otp/login: with only an email it sends a code (the same answer for
// every address); with a code it checks it and signs the person in.
func (s *Server) otpLogin(w http.ResponseWriter, r *http.Request) {
	var f otpForm
	if err := decodeBody(r, &f); err != nil {
		s.bodyError(w, r, err)
		return
	}
	email, err := identity.NormalizeEmail(f.Email)
	if err != nil {
		if s.rateLimited(w, r, "") {
			return
		}
		s.backWithErrors(w, r, "/auth/login", inertia.ValidationErrors{"email": s.t(r, identityMessage("email", err))})
		return
	}
	if s.rateLimited(w, r, email) {
		return
	}
	if f.Code == "" {
		err := s.accounts.RequestOTP(r.Context(), email, s.language(r))
		var soon *identityapp.ResendTooSoonError
		if err != nil && !errors.As(err, &soon) {
			s.serverError(w, r, err)
			return
		}
		// Within the cooldown a code is already on its way: the same screen, nothing sent.
		s.redirectWithFlash(w, r, otpPath(email), "success", s.t(r, "flash.otp.sent"))
		return
	}
	if !identity.ValidOTPFormat(f.Code) {
		s.redirectWithErrors(w, r, otpPath(email), inertia.ValidationErrors{"code": s.t(r, "error.code.required")})
		return
	}
	u, err := s.accounts.VerifyOTP(r.Context(), email, f.Code)
	var wrong *identityapp.WrongCodeError
	switch {
	case errors.As(err, &wrong):
		s.redirectWithErrors(w, r, otpPath(email), inertia.ValidationErrors{"code": s.t(r, "error.code.wrong", map[string]any{"Left": wrong.Left})})
		return
	case errors.Is(err, identity.ErrCodeBurned), errors.Is(err, identity.ErrCodeExpired), errors.Is(err, identity.ErrCodeUsed):
		s.redirectWithErrors(w, r, otpPath(email), inertia.ValidationErrors{"code": s.t(r, identityMessage("code", err))})
		return
	case err != nil:
		s.serverError(w, r, err)
		return
	}
	s.finishLogin(w, r, u, bool(f.Remember))
}

// otpPage is the code entry screen for an address.
func (s *Server) otpPage(w http.ResponseWriter, r *http.Request) {
	email, ok := emailParam(r)
	if !ok {
		s.inertia.Redirect(w, r, "/auth/login", http.StatusSeeOther)
		return
	}
	wait, err := s.accounts.OTPResendIn(r.Context(), email)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, "auth/otp", inertia.Props{"email": email, "resendIn": wait})
}

// askOTP sends a new code, at most one a minute.
// askOTPPage sends the visitor to the code page for the address, where asking again is a POST.
func (s *Server) askOTPPage(w http.ResponseWriter, r *http.Request) {
	email, ok := emailParam(r)
	if !ok {
		s.inertia.Redirect(w, r, "/auth/login", http.StatusSeeOther)
		return
	}
	s.inertia.Redirect(w, r, otpPath(email), http.StatusSeeOther)
}

func (s *Server) askOTP(w http.ResponseWriter, r *http.Request) {
	email, ok := emailParam(r)
	if !ok {
		s.inertia.Redirect(w, r, "/auth/login", http.StatusSeeOther)
		return
	}
	if s.rateLimited(w, r, email) {
		return
	}
	err := s.accounts.RequestOTP(r.Context(), email, s.language(r))
	var soon *identityapp.ResendTooSoonError
	switch {
	case errors.As(err, &soon):
		secs := int((soon.Wait + 999_999_999) / 1_000_000_000)
		s.redirectWithErrors(w, r, otpPath(email), inertia.ValidationErrors{
			"resend": s.t(r, "error.code.cooldown", map[string]any{"Seconds": secs}),
		})
	case err != nil:
		s.serverError(w, r, err)
	default:
		s.redirectWithFlash(w, r, otpPath(email), "success", s.t(r, "flash.otp.sent"))
	}
}

// magicLink signs in with the link of the code email.
func (s *Server) magicLink(w http.ResponseWriter, r *http.Request) {
	if s.rateLimited(w, r, "") {
		return
	}
	id, err := uuid.Parse(chi.URLParam(r, "userId"))
	if err != nil {
		s.linkInvalid(w, r, "magic", identity.ErrLinkUsed, "")
		return
	}
	u, err := s.accounts.MagicLink(r.Context(), id, chi.URLParam(r, "otp"))
	switch {
	case errors.Is(err, identity.ErrLinkExpired), errors.Is(err, identity.ErrLinkUsed):
		s.linkInvalid(w, r, "magic", err, "")
		return
	case err != nil:
		s.serverError(w, r, err)
		return
	}
	s.finishLogin(w, r, u, false)
}

// otpSteps asks a first-time code visitor for their name.
func (s *Server) otpSteps(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	if !u.NeedsProfile() {
		s.inertia.Redirect(w, r, "/dashboard/general", http.StatusSeeOther)
		return
	}
	s.render(w, r, "auth/otp-steps", inertia.Props{"email": u.Email})
}

type profileForm struct {
	Name    string `json:"name"`
	Surname string `json:"surname"`
}

func (s *Server) otpComplete(w http.ResponseWriter, r *http.Request) {
	var f profileForm
	if err := decodeBody(r, &f); err != nil {
		s.bodyError(w, r, err)
		return
	}
	u, _ := currentUser(r.Context())
	updated, err := s.accounts.CompleteProfile(r.Context(), u.ID, f.Name, f.Surname)
	var fe identity.FieldErrors
	switch {
	case errors.As(err, &fe):
		s.backWithErrors(w, r, "/auth/otp/steps", s.fieldErrors(r, fe))
	case err != nil:
		s.serverError(w, r, err)
	default:
		s.redirectWithFlash(w, r, "/dashboard/general", "success", s.t(r, "flash.profile.completed", map[string]any{"Name": updated.Name}))
	}
}
