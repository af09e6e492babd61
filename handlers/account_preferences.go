package handlers

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/handlers/page"
)

// The "apply these preferences" link of the onboarding_exists email
// (docs/social-login-and-onboarding.md): its GET shows the choices in a browser signed in to the
// account and changes nothing; its POST (CSRF-protected) applies them and spends the link.

// preferencesLinkState is what the preferences page shows.
type preferencesLinkState string

const (
	preferencesConfirm      preferencesLinkState = "confirm"
	preferencesOtherAccount preferencesLinkState = "other_account"
	preferencesExpired      preferencesLinkState = "expired"
	preferencesUsed         preferencesLinkState = "used"
	preferencesInvalid      preferencesLinkState = "invalid"
)

var _ = page.Enum(preferencesConfirm, preferencesOtherAccount, preferencesExpired, preferencesUsed, preferencesInvalid)

type accountPreferencesConfirmProps struct {
	statusProps
	State preferencesLinkState `json:"state"`
	// The preferences and the link's token, when they can be applied.
	Diet        nutrition.Diet        `json:"diet,omitempty"`
	Objective   nutrition.Objective   `json:"objective,omitempty"`
	MacroPreset nutrition.MacroPreset `json:"macroPreset,omitempty"`
	Token       string                `json:"token,omitempty"`
}

var accountPreferencesConfirmPage = page.Define[accountPreferencesConfirmProps]("account/preferences-confirm")

// preferencesRefused renders why a link applies nothing; false when err is not such a reason.
func (h *Account) preferencesRefused(w http.ResponseWriter, r *http.Request, err error) bool {
	var (
		state  preferencesLinkState
		status = http.StatusGone
	)
	switch {
	case errors.Is(err, identityapp.ErrPreferenceLinkOtherAccount):
		state, status = preferencesOtherAccount, http.StatusForbidden
	case errors.Is(err, identity.ErrLinkExpired):
		state = preferencesExpired
	case errors.Is(err, identity.ErrLinkUsed):
		state = preferencesUsed
	case errors.Is(err, identity.ErrLinkInvalid):
		state = preferencesInvalid
	default:
		return false
	}
	h.renderStatus(w, r, status, accountPreferencesConfirmPage.With(accountPreferencesConfirmProps{State: state}))
	return true
}

// preferencesPage is the GET of the emailed link: it shows the preferences and a button. A
// visitor signs in first and comes back (requireUser keeps the way).
func (h *Account) preferencesPage(w http.ResponseWriter, r *http.Request) {
	if h.rateLimited(w, r, "") {
		return
	}
	token := chi.URLParam(r, "token")
	p, err := h.accounts.PreferenceLink(r.Context(), h.me(r), token)
	if err != nil {
		if !h.preferencesRefused(w, r, err) {
			h.serverError(w, r, err)
		}
		return
	}
	h.render(w, r, accountPreferencesConfirmPage.With(accountPreferencesConfirmProps{
		State: preferencesConfirm, Diet: p.Diet, Objective: p.Objective, MacroPreset: p.MacroPreset, Token: token,
	}))
}

// applyPreferences is the page's POST: the preferences are set and the link is spent.
func (h *Account) applyPreferences(w http.ResponseWriter, r *http.Request) {
	if h.rateLimited(w, r, "") {
		return
	}
	if _, err := h.accounts.ApplyPreferenceLink(r.Context(), h.me(r), chi.URLParam(r, "token")); err != nil {
		if !h.preferencesRefused(w, r, err) {
			h.serverError(w, r, err)
		}
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/account", "success", h.t(r, "profile.flash.preferences_applied"))
}
