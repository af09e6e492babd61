package billing_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	billingapp "github.com/gamelle/gamelle/app/billing"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/integrations/stripe"
)

// discountedStarts counts the checkouts started with the welcome code.
func (b *bundle) discountedStarts(t *testing.T) int {
	t.Helper()
	var n int
	require.NoError(t, b.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE event_type = $1 AND payload->>'promoCode' = $2`,
		billing.TypeCheckoutStarted, billing.WelcomePromoCode).Scan(&n))
	return n
}

func (b *bundle) startWithCode(ctx context.Context, user uuid.UUID) (billingapp.StartResult, error) {
	return b.svc.Start(ctx, billingapp.StartCommand{UserID: user, Email: "ada@example.com", Locale: "fr", PackID: "pack-60", PromoCode: "bienvenue30", DefaultCurrency: billing.EUR})
}

// Twenty checkouts with the welcome code by one person at once (on two connections): a start
// either takes the code (expiring at Stripe the open one it replaces) or is refused on it with
// nothing written; at the end exactly one discounted checkout is open, and the code is paid once.
func TestWelcomeCodeRaceOpensOneDiscountedCheckout(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{maxConns: smallPool})
	user := b.person(t, "fr")
	var (
		wg      sync.WaitGroup
		started = make(chan uuid.UUID, 20)
		refused atomic.Int32
	)
	for i := range 20 {
		wg.Go(func() {
			within(t, "start", func(ctx context.Context) error {
				res, err := b.startWithCode(ctx, user)
				var fe *billingapp.FieldError
				if errors.As(err, &fe) && fe.Field == "promoCode" {
					refused.Add(1)
					if !errors.Is(err, billing.ErrPromoPending) {
						t.Errorf("start %d refused for another reason: %v", i, err)
					}
					return nil
				}
				if err == nil {
					started <- res.CheckoutID
				}
				return err
			})
		})
	}
	wg.Wait()
	close(started)
	var open []uuid.UUID
	n := 0
	for id := range started {
		n++
		v, err := b.svc.Checkout(context.Background(), user, id)
		require.NoError(t, err)
		require.Equal(t, billing.WelcomePromoCode, v.PromoCode)
		switch v.Status {
		case billing.StatusStarted:
			open = append(open, id)
		case billing.StatusExpired:
			require.Positive(t, b.wire.count(http.MethodPost, "/v1/checkout/sessions/"+sessionOf(t, b, id)+"/expire"), "replaced only once expired at Stripe")
		default:
			t.Fatalf("checkout %s is %s", id, v.Status)
		}
	}
	require.Equal(t, 20, n+int(refused.Load()))
	require.Equal(t, n, b.discountedStarts(t), "refused starts wrote nothing")
	created := b.wire.count(http.MethodPost, "/v1/checkout/sessions") - b.wire.count(http.MethodPost, "/v1/checkout/sessions/")
	require.Equal(t, n, created, "one Stripe session per start")
	require.Len(t, open, 1, "one discounted checkout open")
	h, err := b.svc.BuyerHistory(context.Background(), b.db.Pool, user)
	require.NoError(t, err)
	require.Equal(t, []string{billing.WelcomePromoCode}, h.PendingCodes)

	// Paying it grants once and uses the code up.
	b.deliverOne(t, must(sessionEvent(t, "evt_welcome", stripe.EventSessionCompleted, open[0], "paid", 839)))
	require.Equal(t, int64(60), b.balance(t, user))
	_, err = b.startWithCode(context.Background(), user)
	require.ErrorIs(t, err, billing.ErrPromoUsed)
}

// The code is held while its checkout is open, and free again once that checkout expired or its
// payment failed; a checkout Stripe already closed is not expired again by the next start.
func TestWelcomeCodeIsReleasedWhenItsCheckoutEnds(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	user := uuid.New()
	pending := func() []string {
		h, err := b.svc.BuyerHistory(ctx, b.db.Pool, user)
		require.NoError(t, err)
		return h.PendingCodes
	}
	first, err := b.startWithCode(ctx, user)
	require.NoError(t, err)
	require.Equal(t, []string{billing.WelcomePromoCode}, pending())

	b.deliverOne(t, must(sessionEvent(t, "evt_gone", stripe.EventSessionExpired, first.CheckoutID, "unpaid", 839)))
	require.Empty(t, pending(), "free again after the expiry")
	second, err := b.startWithCode(ctx, user)
	require.NoError(t, err)
	b.deliverOne(t, must(sessionEvent(t, "evt_declined", stripe.EventAsyncPaymentFailed, second.CheckoutID, "unpaid", 839)))
	require.Empty(t, pending(), "free again after the failed payment")
	third, err := b.startWithCode(ctx, user)
	require.NoError(t, err)
	require.Zero(t, b.wire.count(http.MethodPost, "/v1/checkout/sessions/"), "closed checkouts are not expired again")
	// Replays of the closing events change nothing: the third checkout keeps the code.
	b.deliverOne(t, must(sessionEvent(t, "evt_gone_again", stripe.EventSessionExpired, first.CheckoutID, "unpaid", 839)))
	require.Equal(t, []string{billing.WelcomePromoCode}, pending())

	b.deliverOne(t, must(sessionEvent(t, "evt_third", stripe.EventSessionCompleted, third.CheckoutID, "paid", 839)))
	require.Equal(t, int64(60), b.balance(t, user))
	require.Equal(t, 1, b.purchaseGrants(t, user))
	h, err := b.svc.BuyerHistory(ctx, b.db.Pool, user)
	require.NoError(t, err)
	require.Equal(t, billing.BuyerHistory{CompletedPurchases: 1, RedeemedCodes: []string{billing.WelcomePromoCode}}, h)
	require.Equal(t, 3, b.discountedStarts(t))
}

func TestWelcomeCodeIsReleasedWhenStripeFails(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{apiURL: "http://127.0.0.1:1"})
	user := uuid.New()
	for range 2 {
		_, err := b.startWithCode(context.Background(), user)
		var pe *billingapp.ProviderError
		require.ErrorAs(t, err, &pe, "the code is not held by the failed checkout")
	}
	h, err := b.svc.BuyerHistory(context.Background(), b.db.Pool, user)
	require.NoError(t, err)
	require.Empty(t, h.PendingCodes)
}

// A person who left the payment page and starts again pays the welcome price: the new checkout
// expires the abandoned session at Stripe, records it expired and takes the code; the abandoned
// session's own expiry webhook, arriving later, grants nothing and leaves the code where it is.
func TestNewCheckoutCancelsTheAbandonedOneAndTakesTheCode(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	user := uuid.New()
	first, err := b.startWithCode(ctx, user)
	require.NoError(t, err)
	expire := "/v1/checkout/sessions/" + sessionOf(t, b, first.CheckoutID) + "/expire"

	second, err := b.startWithCode(ctx, user)
	require.NoError(t, err, "the abandoned checkout does not lock the code")
	require.Equal(t, 1, b.wire.count(http.MethodPost, expire), "the abandoned session is expired at Stripe")
	v, err := b.svc.Checkout(ctx, user, first.CheckoutID)
	require.NoError(t, err)
	require.Equal(t, billing.StatusExpired, v.Status)
	v, err = b.svc.Checkout(ctx, user, second.CheckoutID)
	require.NoError(t, err)
	require.Equal(t, int64(839), v.AmountCents, "the welcome price")
	require.Equal(t, billing.WelcomePromoCode, v.PromoCode)

	b.deliverOne(t, must(sessionEvent(t, "evt_abandoned", stripe.EventSessionExpired, first.CheckoutID, "unpaid", 839)))
	require.Zero(t, b.balance(t, user), "the late expiry grants nothing")
	h, err := b.svc.BuyerHistory(ctx, b.db.Pool, user)
	require.NoError(t, err)
	require.Equal(t, []string{billing.WelcomePromoCode}, h.PendingCodes, "the new checkout still holds the code")

	// A checkout without the code also replaces the open one, which gives the code back.
	third := b.start(t, user, "pack-20", "")
	v, err = b.svc.Checkout(ctx, user, second.CheckoutID)
	require.NoError(t, err)
	require.Equal(t, billing.StatusExpired, v.Status)
	h, err = b.svc.BuyerHistory(ctx, b.db.Pool, user)
	require.NoError(t, err)
	require.Empty(t, h.PendingCodes)

	b.deliverOne(t, must(sessionEvent(t, "evt_third", stripe.EventSessionCompleted, third, "paid", 499)))
	require.Equal(t, 1, b.purchaseGrants(t, user))
	require.Equal(t, int64(20), b.balance(t, user))
}

// Stripe's cancel link closes the session at Stripe and records the expiry, so the retry the
// error page offers gets the code again; someone else's or a paid checkout is left alone.
func TestCancelLinkExpiresTheSessionAndFreesTheCode(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	user := uuid.New()
	first, err := b.startWithCode(ctx, user)
	require.NoError(t, err)
	session := "/v1/checkout/sessions/" + sessionOf(t, b, first.CheckoutID) + "/expire"

	_, err = b.svc.CancelFromErrorPage(ctx, uuid.New(), first.CheckoutID)
	require.ErrorIs(t, err, billingapp.ErrNotFound)
	require.Zero(t, b.wire.count(http.MethodPost, session), "not someone else's")

	v, err := b.svc.CancelFromErrorPage(ctx, user, first.CheckoutID)
	require.NoError(t, err)
	require.Equal(t, billing.StatusExpired, v.Status)
	require.Equal(t, 1, b.wire.count(http.MethodPost, session))
	retry, err := b.startWithCode(ctx, user)
	require.NoError(t, err, "the retry gets the code")

	// The expiry webhook arriving later changes nothing.
	b.deliverOne(t, must(sessionEvent(t, "evt_left", stripe.EventSessionExpired, first.CheckoutID, "unpaid", 839)))
	h, err := b.svc.BuyerHistory(ctx, b.db.Pool, user)
	require.NoError(t, err)
	require.Equal(t, []string{billing.WelcomePromoCode}, h.PendingCodes, "the retry still holds it")

	b.deliverOne(t, must(sessionEvent(t, "evt_retry", stripe.EventSessionCompleted, retry.CheckoutID, "paid", 839)))
	v, err = b.svc.CancelFromErrorPage(ctx, user, retry.CheckoutID)
	require.NoError(t, err)
	require.Equal(t, billing.StatusCompleted, v.Status, "a paid checkout stays paid")
	require.Equal(t, 1, b.wire.count(http.MethodPost, "/v1/checkout/sessions/"), "no other expiry asked")
	require.Equal(t, int64(60), b.balance(t, user))
}

// sessionOf is the Stripe session recorded for a checkout.
func sessionOf(t *testing.T, b *bundle, id uuid.UUID) string {
	t.Helper()
	for _, e := range b.checkout(t, id) {
		if e.Type == billing.TypeCheckoutSessionOpened {
			d, err := billing.Decode(e.Type, e.Payload)
			require.NoError(t, err)
			return d.(billing.CheckoutSessionOpened).StripeSessionID
		}
	}
	t.Fatalf("checkout %s has no session", id)
	return ""
}
