package handlers

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	inertia "github.com/romsar/gonertia/v3"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/handlers/page"
)

// Settings serves /dashboard/settings (issue 12): sessions with sign-out-everywhere, the data
// export, and account deletion.
type Settings struct {
	*Core
	accounts *identityapp.Service
}

// NewSettings returns the settings pages over the identity service (which holds every area's
// exporter and eraser).
func NewSettings(c *Core, accounts *identityapp.Service) *Settings {
	return &Settings{Core: c, accounts: accounts}
}

// Routes registers the settings routes; /dashboard/* already requires a signed-in person.
func (h *Settings) Routes(r chi.Router) {
	r.Get("/dashboard/settings", h.page)
	r.Post("/dashboard/settings/sessions", h.signOutEverywhere)
	r.Get("/dashboard/settings/export", h.export)
	r.Group(func(r chi.Router) {
		r.Use(h.requireUser)
		r.Delete("/account", h.deleteAccount)
	})
}

type settingsProps struct {
	Email          string `json:"email"`
	CurrentSession struct {
		UserAgent string `json:"userAgent"`
	} `json:"currentSession"`
}

var settingsPage = page.Define[settingsProps]("dashboard/settings")

func (h *Settings) page(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	props := settingsProps{Email: u.Email}
	props.CurrentSession.UserAgent = r.UserAgent()
	h.render(w, r, settingsPage.With(props))
}

func (h *Settings) signOutEverywhere(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	if err := h.accounts.SignOutEverywhere(r.Context(), u.ID); err != nil {
		h.serverError(w, r, err)
		return
	}
	// Every session is now stale; this browser signs in again with the new generation.
	if err := h.logIn(w, r, u.ID, true); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/settings", "success", h.t(r, "profile.flash.signed_out_everywhere"))
}

// export downloads everything about the person as one JSON file.
func (h *Settings) export(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	data, err := h.accounts.Export(r.Context(), u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	data["exportedAt"] = time.Now().UTC()
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="gamelle-export.json"`)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(data); err != nil {
		h.log.Error("settings: write export", "err", err, "user", u.ID)
	}
}

type deleteAccountForm struct {
	Email string `json:"email"`
}

func (h *Settings) deleteAccount(w http.ResponseWriter, r *http.Request) {
	var f deleteAccountForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	u, _ := currentUser(r.Context())
	if err := h.accounts.DeleteAccount(r.Context(), u.ID, f.Email); err != nil {
		var fe identity.FieldErrors
		if errors.As(err, &fe) && fe["email"] != nil {
			h.backWithErrors(w, r, "/dashboard/settings", inertia.ValidationErrors{"email": h.t(r, "profile.error.confirm_email")})
			return
		}
		h.serverError(w, r, err)
		return
	}
	if err := h.logOut(r); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/", "success", h.t(r, "profile.flash.deleted"))
}
