package handlers

import (
	"errors"
	"math"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	inertia "github.com/romsar/gonertia/v3"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/handlers/page"
)

// Changing the address (docs/profile.md): the account page asks (POST /account/email), the
// link emailed to the new address opens a confirmation page in a browser signed in to the same
// account, and its POST changes the address.

// pendingEmailProps is a change waiting for its link.
type pendingEmailProps struct {
	Email     string    `json:"email"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// emailChangeState is what the confirmation page shows.
type emailChangeState string

const (
	emailChangeConfirm      emailChangeState = "confirm"
	emailChangeOtherAccount emailChangeState = "other_account"
	emailChangeTaken        emailChangeState = "taken"
	emailChangeExpired      emailChangeState = "expired"
	emailChangeUsed         emailChangeState = "used"
	emailChangeInvalid      emailChangeState = "invalid"
)

var _ = page.Enum(emailChangeConfirm, emailChangeOtherAccount, emailChangeTaken, emailChangeExpired, emailChangeUsed, emailChangeInvalid)

type accountEmailConfirmProps struct {
	statusProps
	State emailChangeState `json:"state"`
	// The new address and the link's token, when the change can be confirmed.
	Email string `json:"email,omitempty"`
	Token string `json:"token,omitempty"`
}

var accountEmailConfirmPage = page.Define[accountEmailConfirmProps]("account/email-confirm")

type emailChangeForm struct {
	Email           string `json:"email"`
	CurrentPassword string `json:"currentPassword"`
}

// requestEmailChange is POST /account/email. The answer is the same whether or not the new
// address belongs to another account: the emails tell the rest.
func (h *Account) requestEmailChange(w http.ResponseWriter, r *http.Request) {
	var f emailChangeForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	u, _ := currentUser(r.Context())
	if h.rateLimited(w, r, u.Email) || h.emailChangeLimited(w, r, u) {
		return
	}
	to, err := h.accounts.RequestEmailChange(r.Context(), u.ID, f.Email, f.CurrentPassword)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/account", "success", h.t(r, "profile.flash.email_sent", map[string]any{"Email": to}))
}

// emailChangeLimited holds each account to a few change requests an hour: each one sends
// two emails, one of them to an address the person only typed.
func (h *Account) emailChangeLimited(w http.ResponseWriter, r *http.Request, u identityapp.User) bool {
	ok, wait, err := h.emailChanges.allow(r.Context(), identityapp.EmailChangeLimitKey(u.ID))
	if err != nil {
		h.serverError(w, r, err)
		return true
	}
	if ok {
		return false
	}
	mins := int(math.Ceil(wait.Minutes()))
	h.back(w, r, inertia.ValidationErrors{"email": h.t(r, "profile.error.email_rate_limited", map[string]any{"Minutes": mins})})
	return true
}

// emailChangeView maps a link's refusal to the page state and status.
func emailChangeView(err error) (emailChangeState, int, bool) {
	switch {
	case errors.Is(err, identityapp.ErrEmailChangeOtherAccount):
		return emailChangeOtherAccount, http.StatusForbidden, true
	case errors.Is(err, identityapp.ErrEmailTaken):
		// Not 409: Inertia reserves it for its location visits. The link is spent: gone.
		return emailChangeTaken, http.StatusGone, true
	case errors.Is(err, identity.ErrLinkExpired):
		return emailChangeExpired, http.StatusGone, true
	case errors.Is(err, identity.ErrLinkUsed):
		return emailChangeUsed, http.StatusGone, true
	case errors.Is(err, identity.ErrLinkInvalid):
		return emailChangeInvalid, http.StatusGone, true
	}
	return "", 0, false
}

// emailChangeRefused renders why a link changes nothing; false when err is not such a reason.
func (h *Account) emailChangeRefused(w http.ResponseWriter, r *http.Request, err error) bool {
	state, status, ok := emailChangeView(err)
	if !ok {
		return false
	}
	h.renderStatus(w, r, status, accountEmailConfirmPage.With(accountEmailConfirmProps{State: state}))
	return true
}

// emailChangePage is the GET of the emailed link: it shows the new address and a button, and
// changes nothing (mail scanners open links too). A visitor signs in first and comes back.
func (h *Account) emailChangePage(w http.ResponseWriter, r *http.Request) {
	if h.rateLimited(w, r, "") {
		return
	}
	token := chi.URLParam(r, "token")
	email, err := h.accounts.EmailChangeLink(r.Context(), h.me(r), token)
	if err != nil {
		if !h.emailChangeRefused(w, r, err) {
			h.serverError(w, r, err)
		}
		return
	}
	h.render(w, r, accountEmailConfirmPage.With(accountEmailConfirmProps{State: emailChangeConfirm, Email: email, Token: token}))
}

// confirmEmailChange is the page's POST: the address changes, every other session ends and
// this browser is signed in again.
func (h *Account) confirmEmailChange(w http.ResponseWriter, r *http.Request) {
	if h.rateLimited(w, r, "") {
		return
	}
	u, err := h.accounts.ConfirmEmailChange(r.Context(), h.me(r), chi.URLParam(r, "token"))
	if err != nil {
		if !h.emailChangeRefused(w, r, err) {
			h.serverError(w, r, err)
		}
		return
	}
	if err := h.logIn(w, r, u.ID, true); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/account", "success", h.t(r, "profile.flash.email_changed"))
}
