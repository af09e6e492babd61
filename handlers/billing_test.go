package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	billingapp "github.com/gamelle/gamelle/app/billing"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/integrations/stripe"
)

func (b *bundle) balanceOf(t *testing.T, p pageObject) float64 {
	t.Helper()
	bal, _ := authUserOf(t, p)["balance"].(float64)
	return bal
}

func TestBuyingThePopularPackInTestMode(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "buyer@example.com")
	_, shop := b.visit(t, "/buy-tokens?pack=pack-60")
	require.Equal(t, "billing/buy-tokens", shop.Component)
	require.Equal(t, true, shop.Props["testMode"])
	packs := shop.Props["packs"].([]any)
	require.Len(t, packs, 3)
	require.Equal(t, "pack-60", shop.Props["selectedPack"])
	before := b.balanceOf(t, shop)

	// The checkout answers an external redirect (409 + X-Inertia-Location) to the local page.
	resp := b.post(t, "/checkout", map[string]any{"packId": "pack-60", "currency": "EUR", "amountCents": 1199, "tokens": 60}, "/buy-tokens")
	require.Equal(t, http.StatusConflict, resp.StatusCode)
	loc, err := url.Parse(resp.Header.Get("X-Inertia-Location"))
	require.NoError(t, err)
	require.Equal(t, "/stripe/test-checkout", loc.Path)
	checkout := loc.Query().Get("checkout")

	_, tp := b.visit(t, loc.RequestURI())
	require.Equal(t, "billing/test-checkout", tp.Component)

	resp = b.post(t, "/stripe/test-checkout", map[string]any{"checkout": checkout, "outcome": "pay"}, loc.RequestURI())
	requireRedirect(t, resp, "/stripe/success?checkout="+checkout)
	for range 3 { // reloading the success page grants nothing more
		_, sp := b.visit(t, "/stripe/success?checkout="+checkout)
		require.Equal(t, "billing/success", sp.Component)
		require.Equal(t, "completed", sp.Props["checkout"].(map[string]any)["status"])
		require.Equal(t, before+60, b.balanceOf(t, sp))
	}
	// Paying again from the test page replays the same event: still +60.
	b.post(t, "/stripe/test-checkout", map[string]any{"checkout": checkout, "outcome": "pay"}, loc.RequestURI())
	_, sp := b.visit(t, "/stripe/success?checkout="+checkout)
	require.Equal(t, before+60, b.balanceOf(t, sp))
	require.Len(t, b.sentEmails(t, "buyer@example.com", "purchase_receipt"), 1)
}

func TestCheckoutRefusesBadInputWithFieldErrors(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "picky@example.com")
	for body, field := range map[string]string{
		`{"packId":"pack-999"}`:                   "packId",
		`{"packId":"pack-60","currency":"GBP"}`:   "currency",
		`{"packId":"pack-60","amountCents":1}`:    "amountCents",
		`{"packId":"pack-60","promoCode":"NOPE"}`: "promoCode",
	} {
		resp := b.do(t, http.MethodPost, "/checkout", strings.NewReader(body), map[string]string{
			"X-Inertia": "true", "X-Inertia-Version": b.version(t), "Content-Type": "application/json",
			"X-XSRF-TOKEN": b.xsrf(t), "Referer": b.ts.URL + "/buy-tokens",
		})
		resp.Body.Close()
		requireRedirect(t, resp, "/buy-tokens")
		_, p := b.visit(t, "/buy-tokens")
		require.NotEmpty(t, errorsOf(p)[field], body)
	}
	var n int
	require.NoError(t, b.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE stream_id LIKE 'checkout-%'`).Scan(&n))
	require.Zero(t, n)
}

// A second checkout with the welcome code while the first is open (the person left Stripe's page
// without its cancel link) replaces the first: it is closed and the code goes to the new one, at
// the welcome price. Stripe's cancel link and the test-mode page's cancel button close it too.
func TestPromoHeldByAnAbandonedCheckoutGoesToTheNewOne(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "welcome@example.com")
	form := map[string]any{"packId": "pack-60", "currency": "EUR", "promoCode": "BIENVENUE30", "amountCents": 839, "tokens": 60}
	checkout := func(referer string) string {
		t.Helper()
		resp := b.post(t, "/checkout", form, referer)
		require.Equal(t, http.StatusConflict, resp.StatusCode, "off to the payment page")
		loc, err := url.Parse(resp.Header.Get("X-Inertia-Location"))
		require.NoError(t, err)
		return loc.Query().Get("checkout")
	}
	first := checkout("/buy-tokens")
	second := checkout("/buy-tokens")
	require.NotEqual(t, first, second)
	_, ep := b.visit(t, "/stripe/error?reason=cancelled&checkout="+first)
	require.Equal(t, "expired", ep.Props["checkout"].(map[string]any)["status"], "the abandoned checkout is closed")
	_, sp := b.visit(t, "/stripe/success?checkout="+second)
	require.Equal(t, float64(839), sp.Props["checkout"].(map[string]any)["amountCents"], "the new one has the welcome price")

	// Stripe's cancel link (the buyer left its page) closes the checkout: the page's retry works.
	_, ep = b.visit(t, "/stripe/error?reason=cancelled&checkout="+second)
	require.Equal(t, "BIENVENUE30", ep.Props["checkout"].(map[string]any)["promoCode"])
	third := checkout("/stripe/error?reason=cancelled&checkout=" + second)

	// So does the test-mode page's cancel button.
	resp := b.post(t, "/stripe/test-checkout", map[string]any{"checkout": third, "outcome": "cancel"}, "/stripe/test-checkout?checkout="+third)
	requireRedirect(t, resp, "/stripe/error?reason=cancelled&checkout="+third)
	checkout("/buy-tokens")
}

func TestWebhookChecksTheSignature(t *testing.T) {
	t.Parallel()
	b := setup(t)
	body, err := stripe.EventJSON("evt_h1", "customer.created", "2099-01-01.future", time.Now(), map[string]any{"id": "cus_1"})
	require.NoError(t, err)
	secret := billingapp.TestModeWebhookSecret([]byte(strings.Repeat("k", 32)))

	resp := b.do(t, http.MethodPost, "/stripe/webhook", strings.NewReader(string(body)), map[string]string{"Stripe-Signature": stripe.SignPayload(body, "whsec_wrong", time.Now())})
	resp.Body.Close()
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	resp = b.do(t, http.MethodPost, "/stripe/webhook", strings.NewReader(string(body)), map[string]string{"Stripe-Signature": stripe.SignPayload(body, secret, time.Now())})
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, "no CSRF token needed, any api_version accepted")
}

func TestProductsPageAndAdminEdits(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "shopper@example.com")
	_, p := b.visit(t, "/dashboard/products")
	require.Equal(t, "dashboard/products", p.Component)
	require.Equal(t, false, p.Props["canEdit"])
	require.Nil(t, p.Props["catalogue"])

	edit := map[string]any{"id": "pack-60", "tokens": 65, "prices": map[string]int{"EUR": 1199, "USD": 1299}, "badge": "most_popular"}
	resp, _ := b.inertiaVisit(t, http.MethodPut, "/products", edit, nil)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	resp, _ = b.inertiaVisit(t, http.MethodDelete, "/products", map[string]any{"id": "pack-20"}, nil)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)

	_, err := b.db.Pool.Exec(context.Background(), `UPDATE users SET role = 'ADMIN' WHERE email = 'shopper@example.com'`)
	require.NoError(t, err)
	resp, _ = b.inertiaVisit(t, http.MethodPut, "/products", edit, map[string]string{"Referer": b.ts.URL + "/dashboard/products"})
	requireRedirect(t, resp, "/dashboard/products")
	resp, _ = b.inertiaVisit(t, http.MethodDelete, "/products", map[string]any{"id": "pack-20"}, nil)
	requireRedirect(t, resp, "/dashboard/products")
	resp, _ = b.inertiaVisit(t, http.MethodPut, "/products", map[string]any{"id": "pack-60", "tokens": 0, "prices": map[string]int{"EUR": 1, "USD": 1}}, map[string]string{"Referer": b.ts.URL + "/dashboard/products"})
	requireRedirect(t, resp, "/dashboard/products")

	_, p = b.visit(t, "/dashboard/products")
	require.Equal(t, true, p.Props["canEdit"])
	require.NotEmpty(t, errorsOf(p)["tokens"])
	require.Len(t, p.Props["catalogue"], 3, "retired packs stay listed for admins")
	require.NotNil(t, p.Props["recentCheckouts"])
	packs := p.Props["packs"].([]any)
	require.Len(t, packs, 2, "the retired pack is no longer sold")
	require.Equal(t, float64(65), packs[0].(map[string]any)["tokens"])

	// The landing page reads the same stored packs.
	_, landing := b.visit(t, "/")
	require.Len(t, landing.Props["packs"], 2)
}

func TestVisitorsSignUpOrSignInAndComeBackToThePurchase(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, p := b.visit(t, "/buy-tokens-na?currency=USD")
	require.Equal(t, "billing/buy-tokens-na", p.Component)
	require.Equal(t, "USD", p.Props["currency"])

	// Sign-up path: to the registration form (password accounts sign in once verified).
	resp := b.do(t, http.MethodGet, "/buy-tokens-na/continue?pack=pack-60&currency=USD", nil, nil)
	resp.Body.Close()
	requireRedirect(t, resp, "/auth/register")
	resp = b.post(t, "/auth/register", map[string]any{
		"name": "Alice", "surname": "Martin", "email": "newbuyer@example.com", "password": goodPassword, "password_confirmation": goodPassword,
	}, "/auth/register")
	requireRedirect(t, resp, "/auth/login")
	// The verification link signs them in on the pack they chose.
	resp, _ = b.visit(t, pathOf(t, b.lastEmail(t, "newbuyer@example.com", mail.KindVerify).Data.Link))
	requireRedirect(t, resp, "/buy-tokens?currency=USD&pack=pack-60")
	// Signed in, the visitors' page hands over to the real shop with the pack kept.
	resp = b.do(t, http.MethodGet, "/buy-tokens-na?pack=pack-60&currency=USD", nil, nil)
	resp.Body.Close()
	requireRedirect(t, resp, "/buy-tokens?pack=pack-60&currency=USD")
	resp = b.post(t, "/auth/logout", map[string]any{}, "/dashboard/general")
	resp.Body.Close()

	// Sign-in path: signing in returns to the chosen pack.
	resp = b.do(t, http.MethodGet, "/buy-tokens-na/continue?pack=pack-150&currency=USD&to=login", nil, nil)
	resp.Body.Close()
	requireRedirect(t, resp, "/auth/login")
	resp = b.post(t, "/auth/login", map[string]any{"email": "newbuyer@example.com", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/buy-tokens?currency=USD&pack=pack-150")
}

func TestShopFollowsThePersonsCurrency(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "dollar@example.com")
	_, p := b.visit(t, "/buy-tokens")
	require.Equal(t, "EUR", p.Props["currency"], "euros by default")
	_, err := b.db.Pool.Exec(t.Context(), `UPDATE users SET currency = 'USD' WHERE email = 'dollar@example.com'`)
	require.NoError(t, err)
	_, p = b.visit(t, "/buy-tokens")
	require.Equal(t, "USD", p.Props["currency"], "the person's currency setting")
	_, p = b.visit(t, "/buy-tokens?currency=EUR")
	require.Equal(t, "EUR", p.Props["currency"], "an explicit choice wins")
}

// The currency follows the browser's region until the person chooses one: an en-US visitor sees
// the landing and the shop in dollars, an en-US person who never chose buys in dollars (and their
// account says so); once they chose euros on the account page, euros stay, whatever the browser.
func TestCurrencyFollowsTheLocaleUntilChosen(t *testing.T) {
	t.Parallel()
	b := setup(t)
	us := map[string]string{"Accept-Language": "en-US,en;q=0.9"}
	packCurrency := func(p pageObject) string {
		t.Helper()
		packs := p.Props["packs"].([]any)
		require.NotEmpty(t, packs)
		return packs[0].(map[string]any)["currency"].(string)
	}
	_, p := b.inertiaVisit(t, http.MethodGet, "/?lng=en", nil, us)
	require.Equal(t, "USD", packCurrency(p), "the landing of an en-US visitor")
	_, p = b.inertiaVisit(t, http.MethodGet, "/?lng=en", nil, map[string]string{"Accept-Language": "en-GB,en;q=0.9"})
	require.Equal(t, "EUR", packCurrency(p), "en-GB pays in euros")
	_, p = b.inertiaVisit(t, http.MethodGet, "/buy-tokens-na?lng=en", nil, us)
	require.Equal(t, "USD", p.Props["currency"])

	b.registerAndVerify(t, "yankee@example.com")
	_, p = b.inertiaVisit(t, http.MethodGet, "/buy-tokens", nil, us)
	require.Equal(t, "USD", p.Props["currency"], "the shop of an en-US person who never chose")
	resp, _ := b.inertiaVisit(t, http.MethodPost, "/checkout", map[string]any{"packId": "pack-60", "amountCents": 1199, "tokens": 60},
		map[string]string{"Referer": b.ts.URL + "/buy-tokens", "Accept-Language": "en-US"})
	require.Equal(t, http.StatusConflict, resp.StatusCode, "off to the payment page")
	var currency string
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT payload->>'currency' FROM events WHERE event_type = 'CheckoutStarted.v1'`).Scan(&currency))
	require.Equal(t, "USD", currency, "the checkout in dollars")
	_, p = b.inertiaVisit(t, http.MethodGet, "/buy-tokens", nil, map[string]string{"Accept-Language": "en"})
	require.Equal(t, "USD", p.Props["currency"], "a browser naming no region changes nothing")

	form := map[string]any{"name": "Sam", "surname": "Smith", "language": "en", "units": "lb", "currency": "EUR", "diet": "omnivore", "aiSuggestions": false}
	resp, _ = b.inertiaVisit(t, http.MethodPost, "/account", form, map[string]string{"Referer": b.ts.URL + "/dashboard/account", "Accept-Language": "en-US"})
	requireRedirect(t, resp, "/dashboard/account")
	_, p = b.inertiaVisit(t, http.MethodGet, "/buy-tokens", nil, us)
	require.Equal(t, "EUR", p.Props["currency"], "the person's choice wins over the browser")
}
