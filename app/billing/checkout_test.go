package billing_test

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	billingapp "github.com/gamelle/gamelle/app/billing"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/stripe"
)

func TestStartOpensAStripeSession(t *testing.T) {
	t.Parallel()
	b := setup(t)
	user := uuid.New()
	id := b.start(t, user, "pack-60", "bienvenue30")

	evs := b.checkout(t, id)
	require.Len(t, evs, 2)
	started, err := billing.Decode(evs[0].Type, evs[0].Payload)
	require.NoError(t, err)
	require.Equal(t, billing.CheckoutStarted{UserID: user, PackID: "pack-60", Tokens: 60, AmountCents: 839, Currency: billing.EUR, PromoCode: "BIENVENUE30"}, started)
	require.Equal(t, billing.TypeCheckoutSessionOpened, evs[1].Type)

	b.wire.mu.Lock()
	var create *http.Request
	for _, r := range b.wire.requests {
		if r.Method == http.MethodPost && r.URL.Path == "/v1/checkout/sessions" {
			create = r
		}
	}
	b.wire.mu.Unlock()
	require.NotNil(t, create)
	require.Equal(t, "checkout-session:"+id.String(), create.Header.Get("Idempotency-Key"))

	v, err := b.svc.Checkout(context.Background(), user, id)
	require.NoError(t, err)
	require.Equal(t, billing.StatusStarted, v.Status)
	_, err = b.svc.Checkout(context.Background(), uuid.New(), id)
	require.ErrorIs(t, err, billingapp.ErrNotFound, "someone else's checkout is not found")
}

func TestSavedBillingAddressPrefillsStripe(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.svc.WithBillingAddresses(func(context.Context, uuid.UUID) (string, *stripe.Address, error) {
		return "Ada Lovelace", &stripe.Address{Line1: "12 rue des Lilas", City: "Lyon", PostalCode: "69001", Country: "FR"}, nil
	})
	b.start(t, uuid.New(), "pack-20", "")
	require.Equal(t, 1, b.wire.count(http.MethodPost, "/v1/customers"))
	require.Equal(t, 1, b.wire.count(http.MethodPost, "/v1/checkout/sessions"))
}

func TestBadInputIsRefusedBeforeStripe(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	require.NoError(t, b.svc.RetirePack(ctx, "admin", "pack-20"))

	// A buyer who already bought once (and used the promo).
	veteran := uuid.New()
	first := b.start(t, veteran, "pack-60", "BIENVENUE30")
	b.deliverOne(t, must(sessionEvent(t, "evt_first", stripe.EventSessionCompleted, first, "paid", 839)))
	second := uuid.New()
	_, err := b.ledger.Grant(ctx, ledgerapp.GrantCommand{UserID: second, Amount: 20, Reason: ledger.ReasonPurchase, Ref: "older-checkout", CommandMeta: eventstore.CommandMeta{Actor: "system"}})
	require.NoError(t, err)
	creates := b.wire.count(http.MethodPost, "/v1/checkout/sessions")

	tokens, amount := int64(60), int64(1)
	for name, tc := range map[string]struct {
		cmd   billingapp.StartCommand
		field string
		err   error
	}{
		"unknown pack":     {billingapp.StartCommand{PackID: "pack-999"}, "packId", billing.ErrUnknownPack},
		"retired pack":     {billingapp.StartCommand{PackID: "pack-20"}, "packId", billing.ErrPackRetired},
		"wrong currency":   {billingapp.StartCommand{PackID: "pack-60", Currency: "GBP"}, "currency", billing.ErrUnknownCurrency},
		"unknown promo":    {billingapp.StartCommand{PackID: "pack-60", PromoCode: "FREE100"}, "promoCode", billing.ErrUnknownPromo},
		"promo reused":     {billingapp.StartCommand{UserID: veteran, PackID: "pack-60", PromoCode: "BIENVENUE30"}, "promoCode", billing.ErrPromoUsed},
		"promo 2nd order":  {billingapp.StartCommand{UserID: second, PackID: "pack-60", PromoCode: "BIENVENUE30"}, "promoCode", billing.ErrPromoFirstOrderOnly},
		"tampered amount":  {billingapp.StartCommand{PackID: "pack-60", AmountCents: &amount}, "amountCents", billing.ErrPriceChanged},
		"tampered tokens":  {billingapp.StartCommand{PackID: "pack-20", Tokens: &tokens}, "packId", billing.ErrPackRetired},
		"tokens vs amount": {billingapp.StartCommand{PackID: "pack-150", Tokens: &tokens}, "amountCents", billing.ErrPriceChanged},
	} {
		cmd := tc.cmd
		if cmd.UserID == uuid.Nil {
			cmd.UserID = uuid.New()
		}
		cmd.DefaultCurrency = billing.EUR
		_, err := b.svc.Start(ctx, cmd)
		var fe *billingapp.FieldError
		require.ErrorAs(t, err, &fe, name)
		require.Equal(t, tc.field, fe.Field, name)
		require.ErrorIs(t, err, tc.err, name)
	}
	require.Equal(t, creates, b.wire.count(http.MethodPost, "/v1/checkout/sessions"), "no Stripe call")
	var streams int
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT count(DISTINCT stream_id) FROM events WHERE stream_id LIKE 'checkout-%'`).Scan(&streams))
	require.Equal(t, 1, streams, "only the veteran's first checkout was written")
}

func TestStripeFailureMarksTheCheckoutFailed(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{apiURL: "http://127.0.0.1:1"})
	user := uuid.New()
	_, err := b.svc.Start(context.Background(), billingapp.StartCommand{UserID: user, PackID: "pack-60", DefaultCurrency: billing.USD})
	var pe *billingapp.ProviderError
	require.ErrorAs(t, err, &pe)
	require.ErrorIs(t, err, stripe.ErrProvider)
	v, err := b.svc.Checkout(context.Background(), user, pe.CheckoutID)
	require.NoError(t, err)
	require.Equal(t, billing.StatusFailed, v.Status)
	require.Equal(t, billing.USD, v.Currency)
	require.Zero(t, b.balance(t, user))
}

func TestTheSameWebhookGrantsOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	user := uuid.New()
	id := b.start(t, user, "pack-60", "")
	body, sig := sessionEvent(t, "evt_once", stripe.EventSessionCompleted, id, "paid", 1199)

	require.Equal(t, billingapp.WebhookApplied, b.deliver(t, body, sig))
	for range 99 {
		require.Equal(t, billingapp.WebhookDuplicate, b.deliver(t, body, sig))
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			out, err := b.svc.HandleWebhook(context.Background(), body, sig)
			if err != nil || out != billingapp.WebhookDuplicate {
				t.Errorf("concurrent replay: %v %v", out, err)
			}
		})
	}
	wg.Wait()
	require.Equal(t, int64(60), b.balance(t, user))
	require.Equal(t, 1, b.purchaseGrants(t, user))
	require.Len(t, b.receipts(t), 1, "one receipt")
	r := b.receipts(t)[0]
	require.Equal(t, int64(60), r.Data.Tokens)
	require.Equal(t, "11,99\u00a0€", r.Data.Amount)
	require.Equal(t, "Ada", r.Data.Name)
	stored := b.storedReceipts(t)[0]
	require.Empty(t, stored.To, "the address waits sealed")
	require.Empty(t, stored.Data.Name, "the name waits sealed")
	require.NotEmpty(t, stored.Sealed)
}

func TestConcurrentFirstDeliveriesGrantOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	user := uuid.New()
	id := b.start(t, user, "pack-150", "")
	body, sig := sessionEvent(t, "evt_conc", stripe.EventSessionCompleted, id, "paid", 2499)
	var wg sync.WaitGroup
	var mu sync.Mutex
	outcomes := map[billingapp.WebhookOutcome]int{}
	for range 20 {
		wg.Go(func() {
			out, err := b.svc.HandleWebhook(context.Background(), body, sig)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			outcomes[out]++
			mu.Unlock()
		})
	}
	wg.Wait()
	require.Equal(t, map[billingapp.WebhookOutcome]int{billingapp.WebhookApplied: 1, billingapp.WebhookDuplicate: 19}, outcomes)
	require.Equal(t, int64(150), b.balance(t, user))
	require.Equal(t, 1, b.purchaseGrants(t, user))
}

func TestWebhooksAndSuccessPageRacingGrantOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.wire.paid, b.wire.amount = true, 1199
	user := uuid.New()
	id := b.start(t, user, "pack-60", "")

	completed := must(sessionEvent(t, "evt_race_completed", stripe.EventSessionCompleted, id, "paid", 1199))
	async := must(sessionEvent(t, "evt_race_async", stripe.EventAsyncPaymentSucceded, id, "paid", 1199))
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Go(func() {
			var err error
			switch i % 3 {
			case 0:
				_, err = b.svc.HandleWebhook(context.Background(), completed.body, completed.sig)
			case 1:
				_, err = b.svc.HandleWebhook(context.Background(), async.body, async.sig)
			default:
				var v billingapp.CheckoutView
				v, err = b.svc.ConfirmFromSuccessPage(context.Background(), user, id)
				if err == nil && v.Status != billing.StatusCompleted {
					t.Errorf("success page saw %s after Stripe said paid", v.Status)
				}
			}
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	require.Equal(t, int64(60), b.balance(t, user))
	require.Equal(t, 1, b.purchaseGrants(t, user))
	require.Len(t, b.receipts(t), 1)
	evs := b.checkout(t, id)
	require.Equal(t, billing.TypeCheckoutCompleted, evs[len(evs)-1].Type)
	require.Len(t, evs, 3, "started, session opened, completed once")
}

type delivery struct {
	body []byte
	sig  string
}

func must(body []byte, sig string) delivery { return delivery{body, sig} }

func TestSuccessPageAloneFulfils(t *testing.T) {
	t.Parallel()
	b := setup(t)
	user := uuid.New()
	id := b.start(t, user, "pack-20", "")
	v, err := b.svc.ConfirmFromSuccessPage(context.Background(), user, id)
	require.NoError(t, err)
	require.Equal(t, billing.StatusStarted, v.Status, "stripe-mock says unpaid: nothing granted")
	require.Zero(t, b.balance(t, user))

	b.wire.paid, b.wire.amount = true, 499
	for range 3 {
		v, err = b.svc.ConfirmFromSuccessPage(context.Background(), user, id)
		require.NoError(t, err)
		require.Equal(t, billing.StatusCompleted, v.Status)
	}
	require.Equal(t, int64(20), b.balance(t, user))
	require.Equal(t, 1, b.purchaseGrants(t, user))
	// The webhook arriving afterwards changes nothing.
	b.deliverOne(t, must(sessionEvent(t, "evt_late", stripe.EventSessionCompleted, id, "paid", 499)))
	require.Equal(t, int64(20), b.balance(t, user))
}

func TestExpiredOrFailedCheckoutsGrantNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	user := uuid.New()
	expired := b.start(t, user, "pack-60", "")
	failed := b.start(t, user, "pack-20", "")
	pending := b.start(t, user, "pack-150", "")

	b.deliverOne(t, must(sessionEvent(t, "evt_exp", stripe.EventSessionExpired, expired, "unpaid", 1199)))
	b.deliverOne(t, must(sessionEvent(t, "evt_pending", stripe.EventSessionCompleted, failed, "unpaid", 499)))
	b.deliverOne(t, must(sessionEvent(t, "evt_failed", stripe.EventAsyncPaymentFailed, failed, "unpaid", 499)))
	b.deliverOne(t, must(sessionEvent(t, "evt_pending2", stripe.EventSessionCompleted, pending, "unpaid", 2499)))

	for id, want := range map[uuid.UUID]billing.Status{expired: billing.StatusExpired, failed: billing.StatusFailed, pending: billing.StatusStarted} {
		v, err := b.svc.Checkout(context.Background(), user, id)
		require.NoError(t, err)
		require.Equal(t, want, v.Status)
	}
	require.Zero(t, b.balance(t, user))
	require.Zero(t, b.purchaseGrants(t, user))
	require.Empty(t, b.receipts(t))
}

func TestUnknownCheckoutsAreAcknowledgedNotGranted(t *testing.T) {
	t.Parallel()
	b := setup(t)
	stranger := uuid.New()
	require.Equal(t, billingapp.WebhookIgnored, b.deliverOne(t, must(sessionEvent(t, "evt_x", stripe.EventSessionCompleted, stranger, "paid", 1199))))
	body, sig := signed(t, "evt_y", stripe.EventSessionCompleted, stripe.APIVersion, map[string]any{"id": "cs_other", "client_reference_id": "not-ours", "payment_status": "paid"})
	require.Equal(t, billingapp.WebhookIgnored, b.deliver(t, body, sig))
	body, sig = signed(t, "evt_z", "customer.created", stripe.APIVersion, map[string]any{"id": "cus_1"})
	require.Equal(t, billingapp.WebhookApplied, b.deliver(t, body, sig), "other event types are acknowledged")
	var n int
	require.NoError(t, b.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events`).Scan(&n))
	require.Equal(t, 3, n, "only the seeded catalogue")
}

func TestBadSignaturesWriteNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := b.start(t, uuid.New(), "pack-60", "")
	body, _ := sessionEvent(t, "evt_bad", stripe.EventSessionCompleted, id, "paid", 1199)
	for _, sig := range []string{"", "t=1,v1=00", stripe.SignPayload(body, "whsec_other", timeNow()), stripe.SignPayload(body, webhookSecret, timeNow().Add(-stripe.WebhookTolerance-60e9)),
		stripe.SignPayload(body, webhookSecret, timeNow().Add(time.Hour))} {
		_, err := b.svc.HandleWebhook(context.Background(), body, sig)
		require.ErrorIs(t, err, stripe.ErrBadSignature)
	}
	var n int
	require.NoError(t, b.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM stripe_webhook_events`).Scan(&n))
	require.Zero(t, n)
	require.Len(t, b.checkout(t, id), 2)
}

func TestEventsInANewerAPIVersionAreAccepted(t *testing.T) {
	t.Parallel()
	b := setup(t)
	user := uuid.New()
	id := b.start(t, user, "pack-60", "")
	body, sig := signed(t, "evt_basil", stripe.EventSessionCompleted, "2025-03-31.basil", map[string]any{
		"id": "cs_new", "object": "checkout.session", "client_reference_id": id.String(), "status": "complete",
		"payment_status": "paid", "amount_total": 1199, "currency": "eur",
		"payment_intent": map[string]any{"id": "pi_new", "object": "payment_intent"},
		// Reshaped in newer versions; v76 would choke decoding these into its structs.
		"discounts": "reshaped", "total_details": []int{1},
	})
	require.Equal(t, billingapp.WebhookApplied, b.deliver(t, body, sig))
	require.Equal(t, int64(60), b.balance(t, user))
}

func TestRefundRevokesUnspentPurchasedTokens(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	user := uuid.New()
	_, err := b.ledger.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 2, Reason: ledger.ReasonSignupBonus, CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "signup-bonus:" + user.String()}})
	require.NoError(t, err)
	id := b.start(t, user, "pack-60", "")
	b.deliverOne(t, must(sessionEvent(t, "evt_paid", stripe.EventSessionCompleted, id, "paid", 1200)))
	require.Equal(t, int64(62), b.balance(t, user))

	refund := func(eventID string, refunded int64) {
		t.Helper()
		body, sig := signed(t, eventID, stripe.EventChargeRefunded, stripe.APIVersion, map[string]any{
			"id": "ch_1", "object": "charge", "payment_intent": "pi_" + id.String()[:8], "amount": 1200, "amount_refunded": refunded,
			"currency": "eur", "metadata": map[string]string{"checkout_id": id.String()},
		})
		b.deliver(t, body, sig)
	}
	// A quarter refunded: 15 of the 60 tokens taken back.
	refund("evt_r1", 300)
	require.Equal(t, int64(47), b.balance(t, user))
	refund("evt_r1", 300) // replay
	require.Equal(t, int64(47), b.balance(t, user))

	// The buyer spends 40, then the rest is refunded: 45 due, only 7 left to take.
	_, err = b.ledger.Charge(ctx, ledgerapp.ChargeCommand{UserID: user, Amount: 40, Reason: ledger.ReasonRecipeGeneration, Ref: "gen-1", CommandMeta: eventstore.CommandMeta{Actor: eventstore.UserActor(user)}})
	require.NoError(t, err)
	refund("evt_r2", 1200)
	require.Zero(t, b.balance(t, user), "never below zero")
	refund("evt_r3", 1200) // same total in another event: nothing more
	require.Zero(t, b.balance(t, user))

	evs := b.checkout(t, id)
	var refunds []billing.CheckoutRefunded
	for _, e := range evs {
		if e.Type == billing.TypeCheckoutRefunded {
			d, err := billing.Decode(e.Type, e.Payload)
			require.NoError(t, err)
			refunds = append(refunds, d.(billing.CheckoutRefunded))
		}
	}
	require.Equal(t, []billing.CheckoutRefunded{
		{StripeEventID: "evt_r1", StripeChargeID: "ch_1", AmountRefundedCents: 300, TokensDue: 15, TokensRevoked: 15},
		{StripeEventID: "evt_r2", StripeChargeID: "ch_1", AmountRefundedCents: 1200, TokensDue: 45, TokensRevoked: 7},
	}, refunds)
}

func TestPromoIsRedeemedOnCompletionOnly(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	user := uuid.New()
	abandoned := b.start(t, user, "pack-60", "BIENVENUE30")
	b.deliverOne(t, must(sessionEvent(t, "evt_a", stripe.EventSessionExpired, abandoned, "unpaid", 839)))
	h, err := b.svc.BuyerHistory(ctx, b.db.Pool, user)
	require.NoError(t, err)
	require.Empty(t, h.RedeemedCodes, "an expired checkout does not use the code up")

	id := b.start(t, user, "pack-60", "BIENVENUE30")
	b.deliverOne(t, must(sessionEvent(t, "evt_b", stripe.EventSessionCompleted, id, "paid", 839)))
	h, err = b.svc.BuyerHistory(ctx, b.db.Pool, user)
	require.NoError(t, err)
	require.Equal(t, billing.BuyerHistory{CompletedPurchases: 1, RedeemedCodes: []string{"BIENVENUE30"}}, h)
	require.Equal(t, int64(60), b.balance(t, user))

	_, err = b.svc.Start(ctx, billingapp.StartCommand{UserID: user, PackID: "pack-20", PromoCode: "BIENVENUE30", DefaultCurrency: billing.EUR})
	require.ErrorIs(t, err, billing.ErrPromoUsed)
}

func TestTestModeCompletesThroughTheWebhook(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{testMode: true})
	require.True(t, b.svc.TestMode())
	ctx := context.Background()
	user := uuid.New()
	res, err := b.svc.Start(ctx, billingapp.StartCommand{UserID: user, PackID: "pack-60", DefaultCurrency: billing.EUR})
	require.NoError(t, err)
	require.Equal(t, "https://gamelle.test/stripe/test-checkout?checkout="+res.CheckoutID.String(), res.RedirectURL)

	_, _, err = b.svc.TestModeEvent(ctx, uuid.New(), res.CheckoutID, billingapp.TestModePay)
	require.ErrorIs(t, err, billingapp.ErrNotFound, "only the buyer can pay their test checkout")
	for range 2 {
		body, sig, err := b.svc.TestModeEvent(ctx, user, res.CheckoutID, billingapp.TestModePay)
		require.NoError(t, err)
		_, err = b.svc.HandleWebhook(ctx, body, sig)
		require.NoError(t, err)
	}
	require.Equal(t, int64(60), b.balance(t, user))
	require.Equal(t, 1, b.purchaseGrants(t, user))

	// A cancelled test checkout cannot be paid afterwards.
	other, err := b.svc.Start(ctx, billingapp.StartCommand{UserID: user, PackID: "pack-20", DefaultCurrency: billing.EUR})
	require.NoError(t, err)
	body, sig, err := b.svc.TestModeEvent(ctx, user, other.CheckoutID, billingapp.TestModeCancel)
	require.NoError(t, err)
	_, err = b.svc.HandleWebhook(ctx, body, sig)
	require.NoError(t, err)
	_, _, err = b.svc.TestModeEvent(ctx, user, other.CheckoutID, billingapp.TestModePay)
	require.ErrorIs(t, err, billing.ErrCheckoutClosed)
	require.Equal(t, int64(60), b.balance(t, user))
}

func TestCatalogueEditsAreLogged(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			if err := b.svc.EnsureCatalog(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	packs, err := b.svc.Packs(ctx)
	require.NoError(t, err)
	require.Len(t, packs, 3, "seeded once")

	require.NoError(t, b.svc.SavePack(ctx, "admin-1", billing.PackInput{ID: "pack-60", Tokens: 70, Prices: map[billing.Currency]int64{billing.EUR: 1299, billing.USD: 1399}, Badge: billing.BadgeMostPopular}))
	require.NoError(t, b.svc.RetirePack(ctx, "admin-1", "pack-150"))
	err = b.svc.SavePack(ctx, "admin-1", billing.PackInput{ID: "pack-1", Tokens: 0})
	require.ErrorIs(t, err, billing.ErrInvalidPack)

	offers, err := b.svc.Offers(ctx, billing.USD)
	require.NoError(t, err)
	require.Len(t, offers, 2)
	require.Equal(t, int64(70), offers[1].Tokens)
	require.Equal(t, int64(1399), offers[1].PriceCents)

	evs, err := b.store.Load(ctx, b.db.Pool, billing.CatalogStream, 1)
	require.NoError(t, err)
	require.Len(t, evs, 5)
	require.Equal(t, "admin-1", evs[4].Metadata.Actor)
	require.Equal(t, billing.TypePackRetired, evs[4].Type)
}

// A charge.refunded reporting more refunded than the payment (a provider fault, a forged or
// mixed-up event) is recorded as the payment's amount, and logged: the checkout never shows more
// refunded than paid, and no more tokens are taken back than the purchase granted.
func TestRefundLargerThanItsPaymentIsClampedAndLogged(t *testing.T) {
	t.Parallel()
	var logs strings.Builder
	var mu sync.Mutex
	b := setup(t, setupOpts{logger: slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return logs.Write(p)
	}), nil))})
	ctx := context.Background()
	user := uuid.New()
	_, err := b.ledger.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 2, Reason: ledger.ReasonSignupBonus, CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "signup-bonus:" + user.String()}})
	require.NoError(t, err)
	id := b.start(t, user, "pack-60", "")
	b.deliverOne(t, must(sessionEvent(t, "evt_paid", stripe.EventSessionCompleted, id, "paid", 1200)))
	require.Equal(t, int64(62), b.balance(t, user))

	refund := func(eventID string, refunded int64) {
		t.Helper()
		body, sig := signed(t, eventID, stripe.EventChargeRefunded, stripe.APIVersion, map[string]any{
			"id": "ch_big", "object": "charge", "payment_intent": "pi_" + id.String()[:8], "amount": 1200, "amount_refunded": refunded,
			"currency": "eur", "metadata": map[string]string{"checkout_id": id.String()},
		})
		b.deliver(t, body, sig)
	}
	refund("evt_big", 500_000)
	require.Equal(t, int64(2), b.balance(t, user), "the pack's 60 tokens taken back, not the sign-up bonus")
	refund("evt_bigger", 900_000) // a larger total again: nothing more
	require.Equal(t, int64(2), b.balance(t, user))

	var refunds []billing.CheckoutRefunded
	for _, e := range b.checkout(t, id) {
		if e.Type == billing.TypeCheckoutRefunded {
			d, err := billing.Decode(e.Type, e.Payload)
			require.NoError(t, err)
			refunds = append(refunds, d.(billing.CheckoutRefunded))
		}
	}
	require.Equal(t, []billing.CheckoutRefunded{
		{StripeEventID: "evt_big", StripeChargeID: "ch_big", AmountRefundedCents: 1200, TokensDue: 60, TokensRevoked: 60},
	}, refunds)
	mu.Lock()
	defer mu.Unlock()
	require.Contains(t, logs.String(), "refund larger than its payment")
	require.Contains(t, logs.String(), "reported=500000")
	require.Contains(t, logs.String(), "paid=1200")
}

// writerFunc is an io.Writer from a function.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
