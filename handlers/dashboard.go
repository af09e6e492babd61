package handlers

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	inertia "github.com/romsar/gonertia/v3"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
)

// MealPrepLister lists a person's meal preps for the dashboard home.
type MealPrepLister interface {
	List(ctx context.Context, owner uuid.UUID) ([]mealprepapp.Summary, error)
}

// Dashboard serves the signed-in home and the admin area's entry. /dashboard/* is guarded by
// the core (guardAreas): signed in, and ADMIN for /dashboard/admin*.
type Dashboard struct {
	*Core
	mealpreps MealPrepLister
}

// NewDashboard returns the dashboard pages; the home lists mealpreps' meal preps.
func NewDashboard(c *Core, mealpreps MealPrepLister) *Dashboard {
	return &Dashboard{Core: c, mealpreps: mealpreps}
}

// Routes registers the dashboard pages.
func (h *Dashboard) Routes(r chi.Router) {
	r.Get("/dashboard/general", h.dashboardGeneral)
	r.Get("/dashboard/admin", h.dashboardAdmin)
}

// dashboardGeneral is the signed-in home: name, balance (shared auth prop), welcome and next
// steps.
func (h *Dashboard) dashboardGeneral(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	list, err := h.mealpreps.List(r.Context(), u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, "dashboard/general", inertia.Props{"mealPreps": list})
}

// dashboardAdmin is the admin area's entry (a placeholder until the admin issue fills it).
func (h *Dashboard) dashboardAdmin(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, "dashboard/admin", nil)
}
