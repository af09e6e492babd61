package handlers

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/mileusna/useragent"
	inertia "github.com/romsar/gonertia/v3"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/handlers/page"
)

// Settings serves /dashboard/settings: the person's signed-in sessions (sign one
// out, or every other one), the data export, and account deletion.
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
	r.Delete("/dashboard/settings/sessions/{id}", h.revokeSession)
	r.Get("/dashboard/settings/export", h.export)
	r.Group(func(r chi.Router) {
		r.Use(h.requireUser)
		r.Delete("/account", h.deleteAccount)
	})
}

// sessionDevice is the kind of device a browser said it runs on.
type sessionDevice string

// The kinds of device a session is shown with.
const (
	deviceDesktop sessionDevice = "desktop"
	deviceMobile  sessionDevice = "mobile"
	deviceTablet  sessionDevice = "tablet"
	deviceUnknown sessionDevice = "unknown"
)

var _ = page.Enum(deviceDesktop, deviceMobile, deviceTablet, deviceUnknown)

// settingsSession is one signed-in browser of the person. Browser and OS are product names
// read from its User-Agent ("Firefox 128", "Windows 10"), empty when unrecognised.
type settingsSession struct {
	ID         string        `json:"id"`
	Browser    string        `json:"browser"`
	OS         string        `json:"os"`
	Device     sessionDevice `json:"device"`
	Current    bool          `json:"current"`
	SignedInAt time.Time     `json:"signedInAt"`
	LastSeenAt time.Time     `json:"lastSeenAt"`
}

type settingsProps struct {
	Email string `json:"email"`
	// Sessions are the person's signed-in browsers, this one first.
	Sessions []settingsSession `json:"sessions"`
}

var settingsPage = page.Define[settingsProps]("dashboard/settings")

func (h *Settings) page(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	list, err := h.accounts.Sessions(r.Context(), u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	current := h.sessions.GetString(r.Context(), sessionKeyID)
	props := settingsProps{Email: u.Email, Sessions: make([]settingsSession, 0, len(list))}
	for _, s := range list {
		v := describeSession(s)
		v.Current = s.ID.String() == current
		props.Sessions = append(props.Sessions, v)
	}
	slices.SortStableFunc(props.Sessions, func(a, b settingsSession) int {
		switch {
		case a.Current == b.Current:
			return 0
		case a.Current:
			return -1
		}
		return 1
	})
	h.render(w, r, settingsPage.With(props))
}

// describeSession names a session's browser, system and kind of device from its User-Agent,
// with mileusna/useragent (a small table of the common browsers, no regular-expression
// database): the page needs "Firefox on Windows", not a device catalogue.
func describeSession(s identityapp.Session) settingsSession {
	ua := useragent.Parse(s.UserAgent)
	v := settingsSession{ID: s.ID.String(), Device: deviceUnknown, SignedInAt: s.CreatedAt, LastSeenAt: s.LastSeenAt}
	if ua.Name != "" && ua.Name != useragent.Mozilla {
		v.Browser = strings.TrimSpace(ua.Name + " " + major(ua.Version))
	}
	if ua.OS != "" {
		v.OS = ua.OS
		// Version numbers people recognise: "Windows 10", "Android 14", "iOS 17"; macOS reports a
		// frozen 10.15 in every browser, which would mislead.
		if ua.OS != useragent.MacOS && ua.OS != useragent.Linux {
			v.OS = strings.TrimSpace(ua.OS + " " + major(ua.OSVersion))
		}
	}
	switch {
	case ua.Tablet:
		v.Device = deviceTablet
	case ua.Mobile:
		v.Device = deviceMobile
	case ua.Desktop:
		v.Device = deviceDesktop
	}
	return v
}

// major keeps a version's first number ("128.0.1" → "128").
func major(version string) string {
	m, _, _ := strings.Cut(version, ".")
	return m
}

// signOutEverywhere ends every other session of the person; this one stays, under the new
// session generation, with a new token.
func (h *Settings) signOutEverywhere(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	u, _ := currentUser(ctx)
	keep, err := uuid.Parse(h.sessions.GetString(ctx, sessionKeyID))
	if err != nil {
		h.serverError(w, r, fmt.Errorf("sign out everywhere: this session has no row id: %w", err))
		return
	}
	gen, err := h.accounts.SignOutEverywhere(ctx, u.ID, keep)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if err := h.sessions.RenewToken(ctx); err != nil {
		h.serverError(w, r, fmt.Errorf("sign out everywhere: renew session: %w", err))
		return
	}
	h.sessions.Put(ctx, sessionKeyGeneration, gen)
	h.redirectWithFlash(w, r, "/dashboard/settings", "success", h.t(r, "profile.flash.signed_out_everywhere"))
}

// revokeSession signs one of the person's sessions out, from any of their devices: its next
// request finds its row gone. An id that is not one of theirs is not found. Revoking this
// browser's own session is signing out here.
func (h *Settings) revokeSession(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	u, _ := currentUser(ctx)
	id, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		h.notFound(w, r)
		return
	}
	if id.String() == h.sessions.GetString(ctx, sessionKeyID) {
		if err := h.logOut(r); err != nil {
			h.serverError(w, r, err)
			return
		}
		h.redirectWithFlash(w, r, "/auth/login", "success", h.t(r, "profile.flash.session_revoked"))
		return
	}
	switch err := h.accounts.RevokeSession(ctx, u.ID, id); {
	case errors.Is(err, identityapp.ErrNotFound):
		h.notFound(w, r)
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/settings", "success", h.t(r, "profile.flash.session_revoked"))
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
