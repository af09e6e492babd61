package handlers

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	inertia "github.com/romsar/gonertia/v3"

	adminapp "github.com/gamelle/gamelle/app/admin"
	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/handlers/page"
	"github.com/gamelle/gamelle/projections"
)

// Admin serves the admin dashboard: the token audit and its CSV export, people, manual grants
// and deductions, roles, statistics and the event inspector. Every route is ADMIN only: the
// core's guardAreas already refuses /dashboard/admin* to visitors (login) and USERs (403), and
// requireAdmin repeats it here so the rule holds whatever the path.
type Admin struct {
	*Core
	admin *adminapp.Service
}

// NewAdmin returns the admin pages over their service.
func NewAdmin(c *Core, s *adminapp.Service) *Admin { return &Admin{Core: c, admin: s} }

// Routes registers the admin pages.
func (h *Admin) Routes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(h.requireAdmin)
		r.Get("/dashboard/admin", h.audit)
		r.Get("/dashboard/admin/export.csv", h.exportCSV)
		r.Get("/dashboard/admin/users", h.people)
		r.Get("/dashboard/admin/users/{userId}", h.person)
		r.Post("/dashboard/admin/users/{userId}/tokens", h.adjustTokens)
		r.Put("/dashboard/admin/users/{userId}/role", h.changeRole)
		r.Get("/dashboard/admin/users/{userId}/events", h.events)
		r.Get("/dashboard/admin/stats", h.stats)
		r.Post("/dashboard/admin/projections/rebuild", h.rebuild)
		r.Get("/dashboard/admin/prices", h.prices)
		r.Put("/dashboard/admin/prices", h.setPrice)
	})
}

func (h *Admin) actor(r *http.Request) adminapp.Actor {
	u, _ := currentUser(r.Context())
	return adminapp.Actor{ID: u.ID, Email: u.Email}
}

// filterMessages maps a filter's error to its translation key.
func filterMessage(err error) string {
	switch {
	case errors.Is(err, adminapp.ErrBadDate):
		return "admin.error.date"
	case errors.Is(err, adminapp.ErrDateOrder):
		return "admin.error.date_order"
	case errors.Is(err, adminapp.ErrBadSign):
		return "admin.error.sign"
	case errors.Is(err, adminapp.ErrBadReason):
		return "admin.error.reason_filter"
	case errors.Is(err, adminapp.ErrUnknownProjection):
		return "admin.error.projection"
	}
	return "admin.error.cursor"
}

// audit is the token history: newest first, filtered, keyset-paginated, with totals. Bad
// filters show the page with field errors and no entries (a GET cannot redirect back to itself).
func (h *Admin) audit(w http.ResponseWriter, r *http.Request) {
	var q adminapp.AuditQuery
	if err := decodeQuery(r, &q); err != nil {
		h.bodyError(w, r, err)
		return
	}
	page, err := h.admin.Audit(r.Context(), q)
	var fe *adminapp.FieldError
	if errors.As(err, &fe) {
		ctx := inertia.SetValidationErrors(r.Context(), inertia.ValidationErrors{fe.Field: h.t(r, filterMessage(err))})
		r = r.WithContext(ctx)
		page, err = adminapp.AuditPage{Entries: []adminapp.AuditEntry{}}, nil
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	actions, err := h.admin.RecentActions(r.Context(), nil, 20)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, adminAuditPage.With(adminAuditProps{Filters: q, Page: page, Actions: actions, Reasons: auditReasons}))
}

type adminAuditProps struct {
	Filters adminapp.AuditQuery `json:"filters"`
	Page    adminapp.AuditPage  `json:"page"`
	Actions []adminapp.Action   `json:"actions"`
	Reasons []string            `json:"reasons"`
}

type adminUsersProps struct {
	Q      string               `json:"q"`
	People []identityapp.Person `json:"people"`
}

type adminUserProps struct {
	Detail adminapp.PersonDetail `json:"detail"`
	Self   bool                  `json:"self"`
	Limits struct {
		MaxAmount int `json:"maxAmount"`
		MaxReason int `json:"maxReason"`
	} `json:"limits"`
}

type adminEventsProps struct {
	UserID  uuid.UUID               `json:"userId"`
	Email   string                  `json:"email"`
	Streams []adminapp.StreamEvents `json:"streams"`
}

type adminStatsProps struct {
	Stats           adminapp.Stats `json:"stats"`
	ProjectionNames []string       `json:"projectionNames"`
}

var (
	adminAuditPage  = page.Define[adminAuditProps]("admin/audit")
	adminUsersPage  = page.Define[adminUsersProps]("admin/users")
	adminUserPage   = page.Define[adminUserProps]("admin/user")
	adminEventsPage = page.Define[adminEventsProps]("admin/events")
	adminStatsPage  = page.Define[adminStatsProps]("admin/stats")
	adminPricesPage = page.Define[adminPricesProps]("admin/prices")
)

type adminPricesProps struct {
	Prices   []adminapp.PriceLine `json:"prices"`
	MaxPrice float64              `json:"maxPrice"`
}

// auditReasons are the reasons offered in the audit's filter.
var auditReasons = []string{
	string(ledger.ReasonSignupBonus), string(ledger.ReasonPurchase), string(ledger.ReasonAdminGrant), string(ledger.ReasonRefund),
	string(ledger.ReasonRecipeGeneration), string(ledger.ReasonNeedsCalculation), string(ledger.ReasonAdminDeduction),
	string(ledger.ReasonPurchaseRefunded),
}

// exportCSV streams the filtered audit as CSV. Filters are checked before the first byte, so a
// bad filter is a translated error page, not half a file.
func (h *Admin) exportCSV(w http.ResponseWriter, r *http.Request) {
	var q adminapp.AuditQuery
	if err := decodeQuery(r, &q); err != nil {
		h.bodyError(w, r, err)
		return
	}
	// Validate first (a page of one row is cheap) so errors never arrive mid-file.
	if _, err := h.admin.Audit(r.Context(), q); err != nil {
		var fe *adminapp.FieldError
		if errors.As(err, &fe) {
			h.redirectWithErrors(w, r, "/dashboard/admin", inertia.ValidationErrors{fe.Field: h.t(r, filterMessage(err))})
			return
		}
		h.serverError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="gamelle-token-audit-`+time.Now().UTC().Format("20060102-150405")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	// A long export must not be cut by the server's write timeout: extend it as rows go out.
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{})
	if err := h.admin.ExportCSV(r.Context(), q, flushWriter{w: w, rc: rc}); err != nil {
		// Headers are gone: all that can be done is to log and cut the file short.
		h.log.Error("admin export", "err", err)
	}
}

// flushWriter sends each flushed chunk to the client at once.
type flushWriter struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

func (f flushWriter) Write(p []byte) (int, error) { return f.w.Write(p) }

// Flush implements the flusher ExportCSV looks for.
func (f flushWriter) Flush() { _ = f.rc.Flush() }

func (h *Admin) people(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if len(q) > 200 {
		q = q[:200]
	}
	people, err := h.admin.SearchPeople(r.Context(), q)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, adminUsersPage.With(adminUsersProps{Q: q, People: people}))
}

func (h *Admin) person(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "userId")
	if !ok {
		h.notFound(w, r)
		return
	}
	d, err := h.admin.Person(r.Context(), id)
	if errors.Is(err, identityapp.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	u, _ := currentUser(r.Context())
	props := adminUserProps{Detail: d, Self: u.ID == id}
	props.Limits.MaxAmount, props.Limits.MaxReason = adminapp.MaxAdjustment, adminapp.MaxReasonLength
	h.render(w, r, adminUserPage.With(props))
}

type adjustForm struct {
	Amount         *flexInt `json:"amount"`
	Reason         string   `json:"reason"`
	IdempotencyKey string   `json:"idempotencyKey"`
}

func (h *Admin) adjustTokens(w http.ResponseWriter, r *http.Request) {
	var f adjustForm
	id, ok := h.pathAndBody(w, r, "userId", &f)
	if !ok {
		return
	}
	if f.Amount == nil {
		h.back(w, r, inertia.ValidationErrors{"amount": h.t(r, "admin.error.amount_zero")})
		return
	}
	f.IdempotencyKey = idempotencyKey(f.IdempotencyKey)
	_, err := h.admin.AdjustTokens(r.Context(), h.actor(r), adminapp.AdjustTokens{
		Target: id, Amount: int64(*f.Amount), Reason: f.Reason, IdempotencyKey: f.IdempotencyKey,
	})
	switch {
	case err == nil:
		key := "admin.flash.granted"
		if *f.Amount < 0 {
			key = "admin.flash.deducted"
		}
		h.redirectWithFlash(w, r, "/dashboard/admin/users/"+id.String(), "success", h.t(r, key, map[string]any{"Count": abs(int64(*f.Amount))}))
	case errors.Is(err, identityapp.ErrNotFound):
		h.notFound(w, r)
	case errors.Is(err, adminapp.ErrZeroAmount):
		h.back(w, r, inertia.ValidationErrors{"amount": h.t(r, "admin.error.amount_zero")})
	case errors.Is(err, adminapp.ErrAmountTooLarge):
		h.back(w, r, inertia.ValidationErrors{"amount": h.t(r, "admin.error.amount_large", map[string]any{"Max": adminapp.MaxAdjustment})})
	case errors.Is(err, ledger.ErrInsufficientTokens):
		h.back(w, r, inertia.ValidationErrors{"amount": h.t(r, "admin.error.below_zero")})
	case errors.Is(err, adminapp.ErrReasonRequired):
		h.back(w, r, inertia.ValidationErrors{"reason": h.t(r, "admin.error.reason_required")})
	case errors.Is(err, adminapp.ErrReasonTooLong):
		h.back(w, r, inertia.ValidationErrors{"reason": h.t(r, "admin.error.reason_long", map[string]any{"Max": adminapp.MaxReasonLength})})
	default:
		h.serverError(w, r, err)
	}
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

type roleForm struct {
	Role string `json:"role"`
}

func (h *Admin) changeRole(w http.ResponseWriter, r *http.Request) {
	var f roleForm
	id, ok := h.pathAndBody(w, r, "userId", &f)
	if !ok {
		return
	}
	err := h.admin.ChangeRole(r.Context(), h.actor(r), id, f.Role)
	switch {
	case err == nil:
		h.redirectWithFlash(w, r, "/dashboard/admin/users/"+id.String(), "success", h.t(r, "admin.flash.role"))
	case errors.Is(err, identityapp.ErrNotFound):
		h.notFound(w, r)
	case errors.Is(err, adminapp.ErrInvalidRole):
		h.back(w, r, inertia.ValidationErrors{"role": h.t(r, "admin.error.role")})
	case errors.Is(err, identityapp.ErrLastAdmin):
		h.back(w, r, inertia.ValidationErrors{"role": h.t(r, "admin.error.last_admin")})
	default:
		h.serverError(w, r, err)
	}
}

func (h *Admin) events(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "userId")
	if !ok {
		h.notFound(w, r)
		return
	}
	streams, err := h.admin.Events(r.Context(), id)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	people, err := h.admin.SearchPeople(r.Context(), id.String())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	var email string
	if len(people) == 1 {
		email = people[0].Email
	}
	h.render(w, r, adminEventsPage.With(adminEventsProps{UserID: id, Email: email, Streams: streams}))
}

func (h *Admin) stats(w http.ResponseWriter, r *http.Request) {
	st, err := h.admin.Stats(r.Context())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	names := []string{}
	for _, p := range projections.Default() {
		names = append(names, p.Name())
	}
	h.render(w, r, adminStatsPage.With(adminStatsProps{Stats: st, ProjectionNames: names}))
}

type rebuildForm struct {
	Projection string `json:"projection"`
}

func (h *Admin) rebuild(w http.ResponseWriter, r *http.Request) {
	var f rebuildForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	if err := h.admin.RequestRebuild(r.Context(), h.actor(r), f.Projection); err != nil {
		var fe *adminapp.FieldError
		if errors.As(err, &fe) {
			h.back(w, r, inertia.ValidationErrors{fe.Field: h.t(r, filterMessage(err))})
			return
		}
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/admin/stats", "success", h.t(r, "admin.flash.rebuild", map[string]any{"Name": f.Projection}))
}

// prices lists the food price estimates (shipped and current) with a form per row.
func (h *Admin) prices(w http.ResponseWriter, r *http.Request) {
	lines, err := h.admin.Prices(r.Context(), string(localeFrom(r.Context())))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, adminPricesPage.With(adminPricesProps{Prices: lines, MaxPrice: nutrition.MaxPricePerKgEUR}))
}

type priceForm struct {
	Group    string          `json:"group"`
	Subgroup string          `json:"subgroup"`
	EURPerKg json.RawMessage `json:"eurPerKg"`
}

// setPrice overrides one estimate; errors go back under eurPerKg (the only field typed).
func (h *Admin) setPrice(w http.ResponseWriter, r *http.Request) {
	var f priceForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	// Read the number here, not in decodeBody, so "abc" or "" is an error beside the field.
	var price flexFloat
	if len(f.EURPerKg) == 0 || price.UnmarshalJSON(f.EURPerKg) != nil {
		h.back(w, r, inertia.ValidationErrors{"eurPerKg": h.t(r, "admin.error.price_range", map[string]any{"Max": nutrition.MaxPricePerKgEUR})})
		return
	}
	err := h.admin.SetPrice(r.Context(), h.actor(r), f.Group, f.Subgroup, float64(price))
	switch {
	case err == nil:
		h.redirectWithFlash(w, r, "/dashboard/admin/prices", "success", h.t(r, "admin.flash.price"))
	case errors.Is(err, adminapp.ErrUnknownPrice):
		h.back(w, r, inertia.ValidationErrors{"eurPerKg": h.t(r, "admin.error.price_row")})
	case errors.Is(err, adminapp.ErrPriceRange):
		h.back(w, r, inertia.ValidationErrors{"eurPerKg": h.t(r, "admin.error.price_range", map[string]any{"Max": nutrition.MaxPricePerKgEUR})})
	default:
		h.serverError(w, r, err)
	}
}
