package handlers

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// Dashboard serves the signed-in home and the admin area's entry. /dashboard/* is guarded by
// the core (guardAreas): signed in, and ADMIN for /dashboard/admin*.
type Dashboard struct{ *Core }

// NewDashboard returns the dashboard pages.
func NewDashboard(c *Core) *Dashboard { return &Dashboard{Core: c} }

// Routes registers the dashboard pages.
func (h *Dashboard) Routes(r chi.Router) {
	r.Get("/dashboard/general", h.dashboardGeneral)
	r.Get("/dashboard/admin", h.dashboardAdmin)
}

// dashboardGeneral is the signed-in home: name, balance (shared auth prop), welcome and next
// steps.
func (h *Dashboard) dashboardGeneral(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, "dashboard/general", nil)
}

// dashboardAdmin is the admin area's entry (a placeholder until the admin issue fills it).
func (h *Dashboard) dashboardAdmin(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, "dashboard/admin", nil)
}
