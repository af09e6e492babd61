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
func (h *Identity) otpLogin(w http.ResponseWriter, r *http.Request) {
	var f otpForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	email, err := identity.NormalizeEmail(f.Email)
	if err != nil {
		if h.rateLimited(w, r, "") {
			return
		}
		h.backWithErrors(w, r, "/auth/login", inertia.ValidationErrors{"email": h.t(r, identityMessage("email", err))})
		return
	}
	if h.rateLimited(w, r, email) {
		return
	}
	if f.Code == "" {
		err := h.accounts.RequestOTP(r.Context(), email, h.language(r))
		var soon *identityapp.ResendTooSoonError
		if err != nil && !errors.As(err, &soon) {
			h.serverError(w, r, err)
			return
		}
		if soon != nil {
			// Within the cooldown nothing is sent: say so, and when a new code can be asked. Unknown
			// addresses get an account and a cooldown too, so this reveals nothing.
			h.redirectWithFlash(w, r, otpPath(email), "success", h.t(r, "flash.otp.wait", map[string]any{"Count": soon.Seconds()}))
			return
		}
		h.redirectWithFlash(w, r, otpPath(email), "success", h.t(r, "flash.otp.sent"))
		return
	}
	if !identity.ValidOTPFormat(f.Code) {
		h.redirectWithErrors(w, r, otpPath(email), inertia.ValidationErrors{"code": h.t(r, "error.code.required")})
		return
	}
	u, err := h.accounts.VerifyOTP(r.Context(), email, f.Code)
	var wrong *identityapp.WrongCodeError
	switch {
	case errors.As(err, &wrong):
		h.redirectWithErrors(w, r, otpPath(email), inertia.ValidationErrors{"code": h.t(r, "error.code.wrong", map[string]any{"Count": wrong.Left})})
		return
	case errors.Is(err, identity.ErrCodeBurned), errors.Is(err, identity.ErrCodeExpired), errors.Is(err, identity.ErrCodeUsed):
		h.redirectWithErrors(w, r, otpPath(email), inertia.ValidationErrors{"code": h.t(r, identityMessage("code", err))})
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.finishLogin(w, r, u, bool(f.Remember))
}

// otpPage is the code entry screen for an address.
func (h *Identity) otpPage(w http.ResponseWriter, r *http.Request) {
	email, ok := emailParam(r)
	if !ok {
		h.inertia.Redirect(w, r, "/auth/login", http.StatusSeeOther)
		return
	}
	wait, err := h.accounts.OTPResendIn(r.Context(), email)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, otpPage.With(otpProps{Email: email, ResendIn: wait}))
}

// askOTPPage sends the visitor to the sign-in choices, where asking for a code is a POST. A GET
// sends nothing (a link, a prefetch, another site's image), so it must not land on the code
// page, which says a code was just sent (docs/social-login-and-onboarding.md).
func (h *Identity) askOTPPage(w http.ResponseWriter, r *http.Request) {
	h.inertia.Redirect(w, r, "/auth", http.StatusSeeOther)
}

// askOTP sends a new code, at most one a minute; within that minute it sends nothing and says
// in how many seconds one can be asked.
func (h *Identity) askOTP(w http.ResponseWriter, r *http.Request) {
	email, ok := emailParam(r)
	if !ok {
		h.inertia.Redirect(w, r, "/auth/login", http.StatusSeeOther)
		return
	}
	if h.rateLimited(w, r, email) {
		return
	}
	err := h.accounts.RequestOTP(r.Context(), email, h.language(r))
	var soon *identityapp.ResendTooSoonError
	switch {
	case errors.As(err, &soon):
		h.redirectWithErrors(w, r, otpPath(email), inertia.ValidationErrors{
			"resend": h.t(r, "error.code.cooldown", map[string]any{"Count": soon.Seconds()}),
		})
	case err != nil:
		h.serverError(w, r, err)
	default:
		h.redirectWithFlash(w, r, otpPath(email), "success", h.t(r, "flash.otp.sent"))
	}
}

// magicLinkPage opens the link of the code email. A browser signed in as another account is
// asked before switching (login CSRF through an emailed link), and the link is not spent until
// that confirmation's POST; otherwise it signs in at once, as it always did.
func (h *Identity) magicLinkPage(w http.ResponseWriter, r *http.Request) {
	cur, ok := currentUser(r.Context())
	id, err := uuid.Parse(chi.URLParam(r, "userId"))
	if !ok || err != nil || id == cur.ID {
		h.magicLink(w, r)
		return
	}
	if h.rateLimited(w, r, "") {
		return
	}
	otp := chi.URLParam(r, "otp")
	owner, err := h.accounts.MagicLinkOwner(r.Context(), id, otp)
	switch {
	case identity.DeadLink(err):
		h.linkInvalid(w, r, linkMagic, err, "")
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, switchAccountPage.With(switchAccountProps{
		Kind: linkMagic, Current: cur.Email, Target: owner.Email, UserID: id.String(), OTP: otp,
	}))
}

// magicLink signs in with the link of the code email.
func (h *Identity) magicLink(w http.ResponseWriter, r *http.Request) {
	if h.rateLimited(w, r, "") {
		return
	}
	id, err := uuid.Parse(chi.URLParam(r, "userId"))
	if err != nil {
		h.linkInvalid(w, r, linkMagic, identity.ErrLinkInvalid, "")
		return
	}
	u, err := h.accounts.MagicLink(r.Context(), id, chi.URLParam(r, "otp"))
	cur, signedIn := currentUser(r.Context())
	switch {
	case signedIn && cur.ID == id && (errors.Is(err, identity.ErrLinkUsed) || errors.Is(err, identity.ErrLinkExpired)):
		// The link's own account is already signed in here: nothing to do, and no reason to
		// ask for a new code. A wrong secret still says "invalid" below.
		key := "flash.link.magic_used_signed_in"
		if errors.Is(err, identity.ErrLinkExpired) {
			key = "flash.link.magic_expired_signed_in"
		}
		h.redirectWithFlash(w, r, "/dashboard/general", "success", h.t(r, key))
		return
	case identity.DeadLink(err):
		h.linkInvalid(w, r, linkMagic, err, "")
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.finishLogin(w, r, u, false)
}

// otpSteps asks a first-time code visitor for their name.
func (h *Identity) otpSteps(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	if !u.NeedsProfile() {
		h.inertia.Redirect(w, r, "/dashboard/general", http.StatusSeeOther)
		return
	}
	h.render(w, r, otpStepsPage.With(otpStepsProps{Email: u.Email}))
}

type profileForm struct {
	Name    string `json:"name"`
	Surname string `json:"surname"`
}

func (h *Identity) otpComplete(w http.ResponseWriter, r *http.Request) {
	var f profileForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	u, _ := currentUser(r.Context())
	updated, err := h.accounts.CompleteProfile(r.Context(), u.ID, f.Name, f.Surname)
	var fe identity.FieldErrors
	switch {
	case errors.As(err, &fe):
		h.backWithErrors(w, r, "/auth/otp/steps", h.fieldErrors(r, fe))
	case err != nil:
		h.serverError(w, r, err)
	default:
		h.redirectWithFlash(w, r, "/dashboard/general", "success", h.t(r, "flash.profile.completed", map[string]any{"Name": updated.Name}))
	}
}
