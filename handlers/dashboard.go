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

// Dashboard serves the signed-in home. /dashboard/* is guarded by the core (guardAreas): signed
// in, and ADMIN for /dashboard/admin* (served by Admin).
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
