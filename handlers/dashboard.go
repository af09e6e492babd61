package handlers

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/handlers/page"
	"github.com/gamelle/gamelle/projections/mealpreps"
)

// MealPrepLister lists a person's meal preps and latest recipes for the dashboard home.
type MealPrepLister interface {
	List(ctx context.Context, owner uuid.UUID) ([]mealpreps.Summary, error)
	RecentRecipes(ctx context.Context, owner uuid.UUID, lang string, limit int) ([]mealpreps.RecentRecipe, error)
}

// recentRecipesShown is how many of the latest recipes the home lists.
const recentRecipesShown = 5

// HomeReader reads the dashboard home's goals and balance history.
type HomeReader interface {
	Home(ctx context.Context, id uuid.UUID) (identityapp.Home, error)
}

// Dashboard serves the signed-in home. /dashboard/* is guarded by the core (guardAreas): signed
// in, and ADMIN for /dashboard/admin* (served by Admin).
type Dashboard struct {
	*Core
	mealpreps MealPrepLister
	home      HomeReader
}

// NewDashboard returns the dashboard pages; the home lists mealpreps' meal preps.
func NewDashboard(c *Core, mealpreps MealPrepLister, home HomeReader) *Dashboard {
	return &Dashboard{Core: c, mealpreps: mealpreps, home: home}
}

// Routes registers the dashboard pages.
func (h *Dashboard) Routes(r chi.Router) {
	r.Get("/dashboard/general", h.dashboardGeneral)
}

type dashboardGeneralProps struct {
	MealPreps []mealpreps.Summary `json:"mealPreps"`
	// RecentRecipes: the person's latest recipes across meal preps, newest first.
	RecentRecipes  []mealpreps.RecentRecipe   `json:"recentRecipes"`
	Goals          *nutrition.Goals           `json:"goals"`
	BalanceHistory []identityapp.BalancePoint `json:"balanceHistory"`
	// Below this balance the page says it is low and offers to buy tokens: the price of the next
	// planned action, one recipe generation (a balance that pays for it is not "low").
	LowBalance int `json:"lowBalance"`
}

var dashboardGeneralPage = page.Define[dashboardGeneralProps]("dashboard/general")

// dashboardGeneral is the signed-in home: name, balance (shared auth prop), welcome, goals,
// meal preps, latest recipes and next steps.
func (h *Dashboard) dashboardGeneral(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	list, err := h.mealpreps.List(r.Context(), u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	recent, err := h.mealpreps.RecentRecipes(r.Context(), u.ID, localeFrom(r.Context()), recentRecipesShown)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	home, err := h.home.Home(r.Context(), u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, dashboardGeneralPage.With(dashboardGeneralProps{
		MealPreps: list, RecentRecipes: recent, Goals: home.Goals, BalanceHistory: home.BalanceHistory,
		LowBalance: mealprep.RecipeTokens,
	}))
}
