package handlers

import (
	"errors"
	"net/http"
	"net/url"

	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/domain/identity"
)

func (h *Identity) forgottenPasswordPage(w http.ResponseWriter, r *http.Request) {
	// A dead reset link sends the person here with their address already filled in.
	email, _ := identity.NormalizeEmail(r.URL.Query().Get("email"))
	h.render(w, r, forgottenPasswordPage.With(forgottenPasswordProps{Email: email}))
}

type askResetForm struct {
	Email string `json:"email"`
}

// askNewPassword emails a reset link; the answer is the same for every valid address.
func (h *Identity) askNewPassword(w http.ResponseWriter, r *http.Request) {
	var f askResetForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	if h.rateLimited(w, r, f.Email) {
		return
	}
	err := h.accounts.RequestPasswordReset(r.Context(), f.Email, h.language(r))
	switch {
	case errors.Is(err, identity.ErrEmailRequired), errors.Is(err, identity.ErrEmailInvalid):
		h.backWithErrors(w, r, "/reset-password/forgotten-password", inertia.ValidationErrors{"email": h.t(r, identityMessage("email", err))})
	case err != nil:
		h.serverError(w, r, err)
	default:
		h.redirectWithFlash(w, r, "/reset-password/forgotten-password", "success", h.t(r, "flash.reset.sent"))
	}
}

// resetPasswordPage shows the new-password form of a live link, or explains a dead one.
func (h *Identity) resetPasswordPage(w http.ResponseWriter, r *http.Request) {
	email, _ := emailParam(r)
	token := r.URL.Query().Get("token")
	if err := h.accounts.CheckResetLink(r.Context(), email, token); err != nil {
		if identity.DeadLink(err) {
			h.linkInvalid(w, r, linkReset, err, email)
			return
		}
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, resetPasswordPage.With(resetPasswordProps{Email: email, Token: token}))
}

type resetForm struct {
	Token                string `json:"token"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

// resetPassword sets the new password, ends every session of the person, and sends them to
// sign in (no automatic sign-in from an emailed link).
func (h *Identity) resetPassword(w http.ResponseWriter, r *http.Request) {
	var f resetForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	email, _ := emailParam(r)
	if h.rateLimited(w, r, email) {
		return
	}
	err := h.accounts.ResetPassword(r.Context(), email, f.Token, f.Password, f.PasswordConfirmation)
	var fe identity.FieldErrors
	switch {
	case errors.As(err, &fe):
		h.backWithErrors(w, r, "/reset-password/"+url.PathEscape(email)+"?token="+url.QueryEscape(f.Token), h.fieldErrors(r, fe))
		return
	case identity.DeadLink(err):
		// The form's page explains a dead link and offers a new one.
		h.inertia.Redirect(w, r, "/reset-password/"+url.PathEscape(email)+"?token="+url.QueryEscape(f.Token), http.StatusSeeOther)
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	// This browser's session belongs to whoever reset; if it was the person, it is revoked too.
	if u, ok := currentUser(r.Context()); ok && u.Email == email {
		if err := h.logOut(r); err != nil {
			h.serverError(w, r, err)
			return
		}
	}
	h.redirectWithFlash(w, r, "/auth/login", "success", h.t(r, "flash.reset.done"))
}
