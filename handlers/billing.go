package handlers

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	inertia "github.com/romsar/gonertia/v3"
	"golang.org/x/text/language"

	billingapp "github.com/gamelle/gamelle/app/billing"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/handlers/page"
	"github.com/gamelle/gamelle/integrations/stripe"
	"github.com/gamelle/gamelle/projections/checkouts"
)

// Billing serves buying tokens: the pack pages, the checkout command, Stripe's webhook and
// return pages, the test-mode checkout and the admins' pack edits.
type Billing struct {
	*Core
	billing *billingapp.Service
}

// NewBilling returns the billing pages over their service.
func NewBilling(c *Core, s *billingapp.Service) *Billing { return &Billing{Core: c, billing: s} }

// Routes registers the billing pages. /stripe/webhook is CSRF-exempt (csrf.go): Stripe signs it.
func (h *Billing) Routes(r chi.Router) {
	r.Get("/buy-tokens-na", h.buyTokensVisitor)
	r.Get("/buy-tokens-na/continue", h.continueToAccount)
	r.With(h.requireUser).Get("/buy-tokens", h.buyTokens)
	r.Get("/dashboard/products", h.products)
	r.With(h.requireAdmin).Put("/products", h.savePack)
	r.With(h.requireAdmin).Delete("/products", h.retirePack)
	r.With(h.requireUser).Post("/checkout", h.checkout)
	r.Post("/stripe/webhook", h.webhook)
	r.With(h.requireUser).Get("/stripe/success", h.success)
	r.With(h.requireUser).Get("/stripe/error", h.checkoutError)
	r.With(h.requireUser).Get("/stripe/test-checkout", h.testCheckoutPage)
	r.With(h.requireUser).Post("/stripe/test-checkout", h.testCheckout)
}

// tokenPack is one pack as the pages show it.
type tokenPack struct {
	ID              string         `json:"id"`
	Tokens          int64          `json:"tokens"`
	PriceCents      int64          `json:"priceCents"`
	Currency        string         `json:"currency"`
	Badge           *billing.Badge `json:"badge"`
	PerTokenCents   float64        `json:"perTokenCents"`
	TokensPerUnit   float64        `json:"tokensPerUnit"`
	DiscountPercent int64          `json:"discountPercent"`
}

func tokenPacksOf(offers []billing.PackOffer) []tokenPack {
	out := make([]tokenPack, 0, len(offers))
	for _, o := range offers {
		p := tokenPack{
			ID: o.ID, Tokens: o.Tokens, PriceCents: o.PriceCents, Currency: string(o.Currency),
			PerTokenCents: o.PerTokenCents, TokensPerUnit: o.TokensPerUnit, DiscountPercent: o.DiscountPercent,
		}
		if o.Badge != billing.BadgeNone {
			b := o.Badge
			p.Badge = &b
		}
		out = append(out, p)
	}
	return out
}

// PackOffers lists the packs on sale; *billingapp.Service satisfies it (the landing page).
type PackOffers interface {
	Offers(ctx context.Context, currency billing.Currency) ([]billing.PackOffer, error)
}

// currencyOf reads ?currency=, defaulting to the signed-in person's currency, else euros.
func currencyOf(r *http.Request) billing.Currency {
	if c, err := billing.ParseCurrency(r.URL.Query().Get("currency")); err == nil {
		return c
	}
	return preferredCurrency(r)
}

// preferredCurrency is the signed-in person's currency (chosen, or followed from the browser's
// region), or the visitor's browser region's (localeCurrency), euros otherwise.
func preferredCurrency(r *http.Request) billing.Currency {
	if u, ok := currentUser(r.Context()); ok {
		if c, err := billing.ParseCurrency(u.Currency); err == nil {
			return c
		}
	}
	if c, ok := localeCurrency(r); ok {
		return c
	}
	return billing.EUR
}

// dollarRegions are the regions whose currency is the US dollar (of the two the shop sells).
var dollarRegions = map[string]bool{"US": true, "PR": true, "GU": true, "VI": true, "AS": true, "MP": true, "UM": true, "EC": true, "SV": true, "PA": true}

// localeCurrency is the currency of the region the browser names in Accept-Language (its first
// tag naming one: en-US gives dollars, fr-FR or en-GB euros); ok is false when no tag names a
// region ("en", "fr"), which says nothing about where the person pays.
func localeCurrency(r *http.Request) (billing.Currency, bool) {
	tags, _, err := language.ParseAcceptLanguage(r.Header.Get("Accept-Language"))
	if err != nil {
		return "", false
	}
	for _, t := range tags {
		region, conf := t.Region()
		if conf != language.Exact {
			continue
		}
		if dollarRegions[region.String()] {
			return billing.USD, true
		}
		return billing.EUR, true
	}
	return "", false
}

// shopProps are the props of the pages that sell packs.
type shopProps struct {
	Packs        []tokenPack `json:"packs"`
	Currency     string      `json:"currency"`
	Currencies   []string    `json:"currencies"`
	SelectedPack string      `json:"selectedPack"`
	TestMode     bool        `json:"testMode"`
	Promo        shopPromo   `json:"promo"`
}

type shopPromo struct {
	Code     string `json:"code"`
	Percent  int    `json:"percent"`
	Eligible bool   `json:"eligible"`
	// State says why the code is not eligible: "used" (redeemed by this account) or
	// "first_order_only" (a first purchase was made without it).
	State string `json:"state"`
}

// productsProps add, for an ADMIN, every pack (retired ones too) with its edit form.
type productsProps struct {
	shopProps
	CanEdit   bool          `json:"canEdit"`
	Catalogue []catalogPack `json:"catalogue,omitzero"`
	// Purchases and refunds, for admins.
	RecentCheckouts []recentCheckout `json:"recentCheckouts,omitzero"`
}

type recentCheckout struct {
	ID            string         `json:"id"`
	PackID        string         `json:"packId"`
	Tokens        int64          `json:"tokens"`
	AmountCents   int64          `json:"amountCents"`
	Currency      string         `json:"currency"`
	PromoCode     string         `json:"promoCode"`
	Status        billing.Status `json:"status"`
	RefundedCents int64          `json:"refundedCents"`
	TokensRevoked int64          `json:"tokensRevoked"`
	StartedAt     time.Time      `json:"startedAt"`
}

type catalogPack struct {
	ID     string                     `json:"id"`
	Tokens int64                      `json:"tokens"`
	Prices map[billing.Currency]int64 `json:"prices"`
	Badge  string                     `json:"badge"`
	Active bool                       `json:"active"`
}

// checkoutProps show where one purchase stands.
type checkoutProps struct {
	Checkout checkoutView `json:"checkout"`
}

// checkoutErrorProps explain a cancelled or failed payment; Checkout is null when unknown.
type checkoutErrorProps struct {
	Reason   string        `json:"reason"`
	Checkout *checkoutView `json:"checkout"`
}

type checkoutView struct {
	ID          string         `json:"id"`
	Status      billing.Status `json:"status"`
	PackID      string         `json:"packId"`
	Tokens      int64          `json:"tokens"`
	AmountCents int64          `json:"amountCents"`
	Currency    string         `json:"currency"`
	PromoCode   string         `json:"promoCode"`
	TestMode    bool           `json:"testMode"`
}

var _ = page.Enum(billing.StatusStarted, billing.StatusCompleted, billing.StatusFailed, billing.StatusExpired)

var (
	buyTokensPage          = page.Define[shopProps]("billing/buy-tokens")
	buyTokensVisitorPage   = page.Define[shopProps]("billing/buy-tokens-na")
	productsPage           = page.Define[productsProps]("dashboard/products")
	checkoutSuccessPage    = page.Define[checkoutProps]("billing/success")
	checkoutErrorPage      = page.Define[checkoutErrorProps]("billing/error")
	stripeTestCheckoutPage = page.Define[checkoutProps]("billing/test-checkout")
)

func (h *Billing) shopProps(r *http.Request) (shopProps, error) {
	cur := currencyOf(r)
	offers, err := h.billing.Offers(r.Context(), cur)
	if err != nil {
		return shopProps{}, err
	}
	currencies := []string{}
	for _, c := range billing.Currencies() {
		currencies = append(currencies, string(c))
	}
	props := shopProps{
		Packs: tokenPacksOf(offers), Currency: string(cur), Currencies: currencies,
		SelectedPack: r.URL.Query().Get("pack"), TestMode: h.billing.TestMode(),
		Promo: shopPromo{Code: billing.WelcomePromoCode, Percent: billing.WelcomePromoPercent, Eligible: true, State: string(billing.WelcomePromoAvailable)},
	}
	if u, ok := currentUser(r.Context()); ok {
		hist, err := h.billing.BuyerHistory(r.Context(), h.pool, u.ID)
		if err != nil {
			return shopProps{}, err
		}
		state := billing.WelcomePromoStateOf(hist)
		props.Promo.State, props.Promo.Eligible = string(state), state == billing.WelcomePromoAvailable
	}
	return props, nil
}

func (h *Billing) buyTokens(w http.ResponseWriter, r *http.Request) {
	props, err := h.shopProps(r)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, buyTokensPage.With(props))
}

// buyTokensVisitor shows the packs to visitors; signed-in people go to the real shop.
func (h *Billing) buyTokensVisitor(w http.ResponseWriter, r *http.Request) {
	if _, ok := currentUser(r.Context()); ok {
		h.inertia.Redirect(w, r, "/buy-tokens?"+r.URL.RawQuery, http.StatusSeeOther)
		return
	}
	props, err := h.shopProps(r)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, buyTokensVisitorPage.With(props))
}

// continueToAccount remembers the chosen pack and sends the visitor to sign up (or log in):
// after signing in they land back on /buy-tokens with that pack selected.
func (h *Billing) continueToAccount(w http.ResponseWriter, r *http.Request) {
	q := url.Values{}
	if p := r.URL.Query().Get("pack"); p != "" {
		q.Set("pack", p)
	}
	q.Set("currency", string(currencyOf(r)))
	h.sessions.Put(r.Context(), sessionKeyNext, "/buy-tokens?"+q.Encode())
	to := "/auth/register"
	if r.URL.Query().Get("to") == "login" {
		to = "/auth/login"
	}
	h.inertia.Redirect(w, r, to, http.StatusSeeOther)
}

// products is /dashboard/products: the packs with buy buttons for everyone, and for ADMINs
// every pack (retired ones too) with its edit form.
func (h *Billing) products(w http.ResponseWriter, r *http.Request) {
	shop, err := h.shopProps(r)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	u, _ := currentUser(r.Context())
	props := productsProps{shopProps: shop, CanEdit: u.Role == identity.RoleAdmin}
	if u.Role == identity.RoleAdmin {
		packs, err := h.billing.Packs(r.Context())
		if err != nil {
			h.serverError(w, r, err)
			return
		}
		props.Catalogue = make([]catalogPack, 0, len(packs))
		for _, p := range packs {
			props.Catalogue = append(props.Catalogue, catalogPack{
				ID: p.ID, Tokens: p.Tokens, Prices: p.Prices, Badge: string(p.Badge), Active: p.Active,
			})
		}
		recent, err := checkouts.Recent(r.Context(), h.pool, 20)
		if err != nil {
			h.serverError(w, r, err)
			return
		}
		// Purchases and refunds (what was refunded, how many tokens were taken back) for admins.
		props.RecentCheckouts = make([]recentCheckout, 0, len(recent))
		for _, c := range recent {
			props.RecentCheckouts = append(props.RecentCheckouts, recentCheckout{
				ID: c.CheckoutID.String(), PackID: c.PackID, Tokens: c.Tokens, AmountCents: c.AmountCents,
				Currency: c.Currency, PromoCode: c.PromoCode, Status: billing.Status(c.Status), RefundedCents: c.RefundedCents,
				TokensRevoked: c.TokensRevoked, StartedAt: c.StartedAt,
			})
		}
	}
	h.render(w, r, productsPage.With(props))
}

type packForm struct {
	ID     string           `json:"id"`
	Tokens int64            `json:"tokens"`
	Prices map[string]int64 `json:"prices"`
	Badge  string           `json:"badge"`
}

func (h *Billing) savePack(w http.ResponseWriter, r *http.Request) {
	var f packForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	prices := map[billing.Currency]int64{}
	for k, v := range f.Prices {
		prices[billing.Currency(strings.ToUpper(k))] = v
	}
	u, _ := currentUser(r.Context())
	err := h.billing.SavePack(r.Context(), eventstore.UserActor(u.ID), billing.PackInput{
		ID: strings.TrimSpace(f.ID), Tokens: f.Tokens, Prices: prices, Badge: billing.Badge(f.Badge),
	})
	h.packEdited(w, r, err, "billing.flash.pack_saved")
}

type retireForm struct {
	ID string `json:"id"`
}

func (h *Billing) retirePack(w http.ResponseWriter, r *http.Request) {
	var f retireForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	if f.ID == "" {
		f.ID = r.URL.Query().Get("id")
	}
	u, _ := currentUser(r.Context())
	err := h.billing.RetirePack(r.Context(), eventstore.UserActor(u.ID), f.ID)
	h.packEdited(w, r, err, "billing.flash.pack_retired")
}

// packEdited answers a catalogue edit on the products page: the field's error next to the
// field, a server error, or the success flash under flashKey.
func (h *Billing) packEdited(w http.ResponseWriter, r *http.Request, err error, flashKey string) {
	if field, key, ok := billingFieldError(err); ok {
		h.backWithErrors(w, r, "/dashboard/products", inertia.ValidationErrors{field: h.t(r, key)})
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/products", "success", h.t(r, flashKey))
}

type checkoutForm struct {
	PackID      string `json:"packId"`
	Currency    string `json:"currency"`
	PromoCode   string `json:"promoCode"`
	AmountCents *int64 `json:"amountCents"`
	Tokens      *int64 `json:"tokens"`
}

// checkout starts a purchase and sends the browser to Stripe's page (409 + X-Inertia-Location
// for an Inertia visit).
func (h *Billing) checkout(w http.ResponseWriter, r *http.Request) {
	var f checkoutForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	u, _ := currentUser(r.Context())
	res, err := h.billing.Start(r.Context(), billingapp.StartCommand{
		UserID: u.ID, Email: u.Email, Locale: localeFrom(r.Context()),
		PackID: f.PackID, Currency: f.Currency, DefaultCurrency: preferredCurrency(r), PromoCode: f.PromoCode,
		AmountCents: f.AmountCents, Tokens: f.Tokens,
		ProductName: func(tokens int64) string {
			return h.t(r, "billing.product_name", map[string]any{"Tokens": tokens})
		},
	})
	var pe *billingapp.ProviderError
	switch {
	case errors.As(err, &pe):
		h.inertia.Redirect(w, r, "/stripe/error?reason=provider&checkout="+pe.CheckoutID.String(), http.StatusSeeOther)
		return
	case err != nil:
		if field, key, ok := billingFieldError(err); ok {
			h.backWithErrors(w, r, "/buy-tokens", inertia.ValidationErrors{field: h.t(r, key)})
			return
		}
		h.serverError(w, r, err)
		return
	}
	h.location(w, r, res.RedirectURL)
}

// billingFieldError maps the billing rules to a form field and a translated key.
func billingFieldError(err error) (field, key string, ok bool) {
	if err == nil {
		return "", "", false
	}
	field = "packId"
	var fe *billingapp.FieldError
	if errors.As(err, &fe) {
		field = fe.Field
	}
	var pe *billing.PackError
	switch {
	case errors.As(err, &pe):
		key := "billing.error.pack_field." + pe.Field
		if strings.HasPrefix(pe.Field, "prices.") {
			key = "billing.error.pack_field.price"
		}
		return pe.Field, key, true
	case errors.Is(err, billing.ErrUnknownPack):
		return "packId", "billing.error.pack_unknown", true
	case errors.Is(err, billing.ErrPackRetired):
		return field, "billing.error.pack_retired", true
	case errors.Is(err, billing.ErrUnknownCurrency):
		return "currency", "billing.error.currency", true
	case errors.Is(err, billing.ErrPriceChanged):
		return "amountCents", "billing.error.price_changed", true
	case errors.Is(err, billing.ErrUnknownPromo):
		return "promoCode", "billing.error.promo_unknown", true
	case errors.Is(err, billing.ErrPromoUsed):
		return "promoCode", "billing.error.promo_used", true
	case errors.Is(err, billing.ErrPromoFirstOrderOnly):
		return "promoCode", "billing.error.promo_first_order", true
	case errors.Is(err, billing.ErrPromoPending):
		return "promoCode", "billing.error.promo_pending", true
	}
	return "", "", false
}

// webhook is Stripe's endpoint: the raw body's signature is checked before anything else;
// 400 for a bad or stale one (nothing written), 500 when applying failed (Stripe retries).
func (h *Billing) webhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		h.bodyError(w, r, err)
		return
	}
	_, err = h.billing.HandleWebhook(r.Context(), body, r.Header.Get("Stripe-Signature"))
	switch {
	case errors.Is(err, stripe.ErrBadSignature):
		h.log.Warn("stripe webhook refused", "err", err)
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	case err != nil:
		h.log.Error("stripe webhook", "err", err)
		http.Error(w, "error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{"received":true}`))
}

func checkoutProp(v billingapp.CheckoutView) checkoutView {
	return checkoutView{
		ID: v.ID.String(), Status: v.Status, PackID: v.PackID, Tokens: v.Tokens,
		AmountCents: v.AmountCents, Currency: string(v.Currency), PromoCode: v.PromoCode, TestMode: v.TestMode,
	}
}

func (h *Billing) checkoutParam(w http.ResponseWriter, r *http.Request) (uuid.UUID, bool) {
	return h.formID(w, r, r.URL.Query().Get("checkout"))
}

// success is Stripe's return page: it fulfils the checkout if Stripe says it is paid and the
// webhook has not yet (one grant either way), then shows where the purchase stands.
func (h *Billing) success(w http.ResponseWriter, r *http.Request) {
	id, ok := h.checkoutParam(w, r)
	if !ok {
		return
	}
	u, _ := currentUser(r.Context())
	v, err := h.billing.ConfirmFromSuccessPage(r.Context(), u.ID, id)
	if errors.Is(err, billingapp.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, checkoutSuccessPage.With(checkoutProps{Checkout: checkoutProp(v)}))
}

// checkoutError explains a cancelled or failed payment and offers to try again.
func (h *Billing) checkoutError(w http.ResponseWriter, r *http.Request) {
	props := checkoutErrorProps{Reason: r.URL.Query().Get("reason")}
	if id, err := uuid.Parse(r.URL.Query().Get("checkout")); err == nil {
		u, _ := currentUser(r.Context())
		view := h.billing.Checkout
		if props.Reason == "cancelled" {
			// Stripe's cancel link: the buyer left the session, which closes it (and frees a
			// promo code it held, for the retry below).
			view = h.billing.CancelFromErrorPage
		}
		v, err := view(r.Context(), u.ID, id)
		switch {
		case err == nil:
			c := checkoutProp(v)
			props.Checkout = &c
		case !errors.Is(err, billingapp.ErrNotFound):
			h.serverError(w, r, err)
			return
		}
	}
	h.render(w, r, checkoutErrorPage.With(props))
}

// testCheckoutPage is the local stand-in for Stripe's page (test mode only).
func (h *Billing) testCheckoutPage(w http.ResponseWriter, r *http.Request) {
	id, ok := h.checkoutParam(w, r)
	if !ok {
		return
	}
	u, _ := currentUser(r.Context())
	v, err := h.billing.TestModeCheckout(r.Context(), u.ID, id)
	if errors.Is(err, billingapp.ErrNotFound) || errors.Is(err, billingapp.ErrNotTestMode) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, stripeTestCheckoutPage.With(checkoutProps{Checkout: checkoutProp(v)}))
}

type testCheckoutForm struct {
	Checkout string `json:"checkout"`
	Outcome  string `json:"outcome"`
}

// testCheckout completes (or cancels) a test-mode checkout the way Stripe would: it signs the
// event with the webhook secret and hands it to the webhook handler, so fulfilment runs
// through the same signature check and code as a real payment.
func (h *Billing) testCheckout(w http.ResponseWriter, r *http.Request) {
	var f testCheckoutForm
	id, ok := h.bodyAndID(w, r, &f, &f.Checkout)
	if !ok {
		return
	}
	outcome := billingapp.TestModePay
	if f.Outcome == string(billingapp.TestModeCancel) {
		outcome = billingapp.TestModeCancel
	}
	u, _ := currentUser(r.Context())
	payload, sig, err := h.billing.TestModeEvent(r.Context(), u.ID, id, outcome)
	switch {
	case errors.Is(err, billingapp.ErrNotFound) || errors.Is(err, billingapp.ErrNotTestMode):
		h.notFound(w, r)
		return
	case errors.Is(err, billing.ErrCheckoutClosed):
		h.inertia.Redirect(w, r, "/stripe/error?reason=closed&checkout="+id.String(), http.StatusSeeOther)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	req := httptest.NewRequestWithContext(r.Context(), http.MethodPost, "/stripe/webhook", bytes.NewReader(payload))
	req.Header.Set("Stripe-Signature", sig)
	rec := httptest.NewRecorder()
	h.webhook(rec, req)
	if rec.Code != http.StatusOK {
		h.serverError(w, r, errors.New("test-mode webhook answered "+rec.Result().Status))
		return
	}
	if outcome == billingapp.TestModeCancel {
		h.inertia.Redirect(w, r, "/stripe/error?reason=cancelled&checkout="+id.String(), http.StatusSeeOther)
		return
	}
	h.inertia.Redirect(w, r, "/stripe/success?checkout="+id.String(), http.StatusSeeOther)
}
