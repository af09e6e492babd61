package handlers

import (
	"errors"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	inertia "github.com/romsar/gonertia/v3"

	householdapp "github.com/gamelle/gamelle/app/household"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/handlers/page"
)

// ShoppingLists serves a meal prep's shopping list: a print-friendly page with a
// copy button and a CSV download, for a number of days. Only the owner sees it; anyone else gets
// the not-found page.
type ShoppingLists struct {
	*Core
	mealpreps *mealprepapp.Service
	household *householdapp.Service
	prices    *nutrition.PriceTable
	usdPerEUR float64
}

// NewShoppingLists returns the shopping-list routes; prices is the shipped price table and
// usdPerEUR the configured rate (0: nutrition.DefaultUSDPerEUR). The list buys for the owner's
// household too (hh).
func NewShoppingLists(c *Core, s *mealprepapp.Service, hh *householdapp.Service, prices *nutrition.PriceTable, usdPerEUR float64) *ShoppingLists {
	return &ShoppingLists{Core: c, mealpreps: s, household: hh, prices: prices, usdPerEUR: usdPerEUR}
}

// list builds the owner's list for everyone they cook for (the batch-cooking plan's people).
func (h *ShoppingLists) list(r *http.Request, owner uuid.UUID, q shoppingRequest) (nutrition.ShoppingList, error) {
	ctx := r.Context()
	p, err := h.mealpreps.Person(ctx, h.pool, owner)
	if err != nil {
		return nutrition.ShoppingList{}, err
	}
	people, err := h.household.CookedFor(ctx, h.pool, p.Self(owner, h.t(r, "batchcook.you")))
	if err != nil {
		return nutrition.ShoppingList{}, err
	}
	return h.mealpreps.ShoppingList(ctx, owner, q.id, q.days, q.pricing, people)
}

// Routes registers GET /mealprep/{id}/shopping-list[.csv]?days=N.
func (h *ShoppingLists) Routes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(h.requireUser)
		r.Get("/mealprep/{id}/shopping-list", h.page)
		r.Get("/mealprep/{id}/shopping-list.csv", h.csv)
		r.Post("/mealprep/{id}/shopping-list/ticks", h.ticks)
	})
}

// shoppingRequest is what both routes read: the meal prep, the days and the person's settings.
type shoppingRequest struct {
	id      uuid.UUID
	days    int
	daysSet bool
	units   nutrition.Units
	pricing nutrition.Pricing
	locale  string
}

func (h *ShoppingLists) read(w http.ResponseWriter, r *http.Request) (shoppingRequest, bool) {
	id, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		h.notFound(w, r)
		return shoppingRequest{}, false
	}
	u, _ := currentUser(r.Context())
	p, err := h.mealpreps.Person(r.Context(), h.pool, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return shoppingRequest{}, false
	}
	q := shoppingRequest{id: id, units: nutrition.Metric, locale: localeFrom(r.Context()),
		pricing: nutrition.Pricing{Table: h.prices, Currency: nutrition.EUR, USDPerEUR: h.usdPerEUR}}
	if p.Units == "lb" {
		q.units = nutrition.Imperial
		q.pricing.Units = nutrition.Imperial
	}
	if p.Currency == string(nutrition.USD) {
		q.pricing.Currency = nutrition.USD
	}
	raw, present := r.URL.Query()["days"]
	if present {
		q.daysSet = true
		// An empty or unreadable value is a missing number of days (0).
		q.days, _ = strconv.Atoi(strings.TrimSpace(raw[0]))
	}
	return q, true
}

// daysError is the field error for the days, or "" when they are fine.
func (h *ShoppingLists) daysError(r *http.Request, days int) string {
	switch err := nutrition.ValidateDays(days); {
	case err == nil:
		return ""
	case errors.Is(err, nutrition.ErrDaysMissing):
		return h.t(r, "shopping.error.days_missing")
	default:
		return h.t(r, "shopping.error.days_range", map[string]any{"Min": nutrition.MinDays, "Max": nutrition.MaxDays})
	}
}

// page renders the list. Without ?days the page asks for them; with an invalid value it shows
// the field error.
func (h *ShoppingLists) page(w http.ResponseWriter, r *http.Request) {
	q, ok := h.read(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	u, _ := currentUser(ctx)
	m, err := h.mealpreps.Load(ctx, u.ID, q.id)
	if err != nil {
		h.failShopping(w, r, err)
		return
	}
	name, err := h.mealpreps.Name(ctx, q.id)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	props := shoppingListProps{MealPrep: mealPrepHeader{ID: q.id, Name: name}}
	props.Limits.MinDays, props.Limits.MaxDays = nutrition.MinDays, nutrition.MaxDays
	if q.daysSet {
		if msg := h.daysError(r, q.days); msg != "" {
			r = r.WithContext(inertia.SetValidationErrors(ctx, inertia.ValidationErrors{"days": msg}))
		} else {
			list, err := h.list(r, u.ID, q)
			if err != nil {
				h.failShopping(w, r, err)
				return
			}
			props.Days = &q.days
			v := shoppingView(list, q)
			markTicks(&v, m.Ticks())
			props.List = &v
		}
	}
	h.render(w, r, shoppingListPage.With(props))
}

// csv downloads the list; invalid days answer 422 with the translated field error as text.
func (h *ShoppingLists) csv(w http.ResponseWriter, r *http.Request) {
	q, ok := h.read(w, r)
	if !ok {
		return
	}
	if msg := h.daysError(r, q.days); msg != "" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusUnprocessableEntity)
		_, _ = w.Write([]byte(msg + "\n"))
		return
	}
	u, _ := currentUser(r.Context())
	list, err := h.list(r, u.ID, q)
	if err != nil {
		h.failShopping(w, r, err)
		return
	}
	file := "liste-de-courses-" + strconv.Itoa(q.days) + "-jours.csv"
	if q.locale == "en" {
		file = "shopping-list-" + strconv.Itoa(q.days) + "-days.csv"
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+file+`"`)
	w.Header().Set("Cache-Control", "private, no-store")
	// A BOM lets spreadsheet programs read the UTF-8 names (é, œ) correctly.
	_, _ = w.Write([]byte("\ufeff"))
	_, _ = w.Write(shoppingCSV(list, q.locale, q.units))
}

func (h *ShoppingLists) failShopping(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, mealprep.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	h.serverError(w, r, err)
}

// shoppingView is the page's list: names, quantities and prices already in the person's
// language, units and currency, plus the plain text the copy button copies.
func shoppingView(l nutrition.ShoppingList, q shoppingRequest) shoppingListView {
	aisles := make([]shoppingAisle, 0, len(l.Aisles))
	for _, a := range l.Aisles {
		v := shoppingAisle{Aisle: a.Aisle, Name: nutrition.AisleName(a.Aisle, q.locale), Items: []shoppingItem{}}
		for _, it := range a.Items {
			v.Items = append(v.Items, shoppingItem{FoodCode: it.FoodCode, Name: it.Name.In(q.locale),
				Quantity: it.Quantity(q.units, q.locale), Grams: int(it.PurchaseG),
				Cost: nutrition.FormatMoney(it.Cost, l.Currency, q.locale), CostCents: int64(math.Round(it.Cost * 100)),
				TakesOver: string(it.TakesOver), SharePct: sharePct(it.Cost, l.Total)})
		}
		aisles = append(aisles, v)
	}
	return shoppingListView{
		Days:       l.Days,
		Aisles:     aisles,
		Total:      nutrition.FormatMoney(l.Total, l.Currency, q.locale),
		TotalCents: int64(math.Round(l.Total * 100)),
		Currency:   l.Currency,
		Text:       l.Text(q.locale, q.units),
		CSVURL:     "/mealprep/" + q.id.String() + "/shopping-list.csv?days=" + strconv.Itoa(l.Days),
		Empty:      len(aisles) == 0,
	}
}

type shoppingItem struct {
	FoodCode int    `json:"foodCode"`
	Name     string `json:"name"`
	Quantity string `json:"quantity"`
	Grams    int    `json:"grams"`
	Cost     string `json:"cost"`
	// CostCents is Cost in cents: the page writes it with the formatter every price uses.
	CostCents int64 `json:"costCents"`
	// TakesOver is why the food takes over the list ("budget", "fresh"; nutrition.FlagTakeOvers)
	// or ""; SharePct is its share of the list's price, which the budget note says.
	TakesOver string `json:"takesOver" ts:"'' | 'budget' | 'fresh'"`
	SharePct  int    `json:"sharePct"`
	// Checked is the item's tick; TickedAt when it was made (Unix milliseconds, 0: never), so a
	// device merges it with the ticks it still has to send (last write wins).
	Checked  bool  `json:"checked"`
	TickedAt int64 `json:"tickedAt"`
}

// sharePct is cost's whole percent of total (0 for an empty list).
func sharePct(cost, total float64) int {
	if total <= 0 {
		return 0
	}
	return int(math.Round(cost / total * 100))
}

// markTicks puts the meal prep's ticks on the list's items.
func markTicks(v *shoppingListView, ticks map[int]mealprep.Tick) {
	for i := range v.Aisles {
		for j := range v.Aisles[i].Items {
			it := &v.Aisles[i].Items[j]
			if t, ok := ticks[it.FoodCode]; ok {
				it.Checked, it.TickedAt = t.Checked, t.At.UnixMilli()
			}
		}
	}
}

// tickForm is one tick a device sends; At is the device's time in Unix milliseconds.
type tickForm struct {
	FoodCode flexInt `json:"foodCode"`
	Checked  bool    `json:"checked"`
	At       int64   `json:"at"`
}

// tickView is one food's tick in the answer.
type tickView struct {
	FoodCode int   `json:"foodCode"`
	Checked  bool  `json:"checked"`
	At       int64 `json:"at"`
}

// ticks records a device's shopping-list ticks: JSON {"ticks": [{foodCode, checked,
// at}]}, answered with every tick of the list. CSRF-checked like every POST; sending the same
// ticks again changes nothing (last write wins per food, by the device's time).
func (h *ShoppingLists) ticks(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		h.notFound(w, r)
		return
	}
	var body struct {
		Ticks []tickForm `json:"ticks"`
	}
	if err := decodeBody(r, &body); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": h.t(r, "error.form.malformed")})
		return
	}
	in := make([]mealprepapp.ItemTick, 0, len(body.Ticks))
	for _, t := range body.Ticks {
		var at time.Time // none given (or before 1970): the domain refuses it
		if t.At > 0 {
			at = time.UnixMilli(t.At)
		}
		in = append(in, mealprepapp.ItemTick{FoodCode: int(t.FoodCode), Checked: t.Checked, At: at})
	}
	u, _ := currentUser(r.Context())
	after, err := h.mealpreps.TickShoppingItems(r.Context(), u.ID, id, in, time.Now())
	switch {
	case errors.Is(err, mealprep.ErrNotFound):
		writeJSON(w, http.StatusNotFound, map[string]string{"error": h.t(r, "shopping.error.not_found")})
		return
	case errors.Is(err, mealprep.ErrTickTime), errors.Is(err, mealprepapp.ErrTooManyTicks), errors.Is(err, mealprep.ErrInvalidFoodCode):
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"error": h.t(r, "shopping.error.tick")})
		return
	case errors.Is(err, mealprep.ErrNotOnList):
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"error": h.t(r, "shopping.error.not_on_list")})
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	out := make([]tickView, 0, len(after))
	for code, t := range after {
		out = append(out, tickView{FoodCode: code, Checked: t.Checked, At: t.At.UnixMilli()})
	}
	slices.SortFunc(out, func(a, b tickView) int { return a.FoodCode - b.FoodCode })
	writeJSON(w, http.StatusOK, map[string]any{"ticks": out})
}

type shoppingAisle struct {
	Aisle nutrition.Aisle `json:"aisle"`
	Name  string          `json:"name"`
	Items []shoppingItem  `json:"items"`
}

type shoppingListView struct {
	Days   int             `json:"days"`
	Aisles []shoppingAisle `json:"aisles"`
	Total  string          `json:"total"`
	// TotalCents is Total in cents (see shoppingItem.CostCents).
	TotalCents int64              `json:"totalCents"`
	Currency   nutrition.Currency `json:"currency"`
	Text       string             `json:"text"`
	CSVURL     string             `json:"csvUrl"`
	Empty      bool               `json:"empty"`
}

// shoppingListProps: Days and List are null until the person asks for a number of days.
type shoppingListProps struct {
	MealPrep mealPrepHeader    `json:"mealPrep"`
	Days     *int              `json:"days"`
	List     *shoppingListView `json:"list"`
	Limits   struct {
		MinDays int `json:"minDays"`
		MaxDays int `json:"maxDays"`
	} `json:"limits"`
}

var shoppingListPage = page.Define[shoppingListProps]("mealprep/shopping-list")
