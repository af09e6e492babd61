package billing_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/integrations/stripe"
)

// These tests run the payment path over a pool of two connections. A transaction that waits for
// a second connection (to read the receipt's recipient, say) while others wait for its lock or
// for its connection stalls everyone: on such code each call below runs into its deadline
// instead of finishing. The deadline is generous; a healthy run takes a fraction of a second.
const (
	smallPool        = 2
	fulfilDeadline   = 10 * time.Second
	concurrentBuyers = 8
)

// within runs f with a deadline and reports a call that did not finish in time or failed.
func within(t *testing.T, what string, f func(ctx context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), fulfilDeadline)
	defer cancel()
	if err := f(ctx); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

// Eight buyers pay at the same moment (the webhook for some, the success page for the others)
// on two connections: each purchase is fulfilled, granted once, with one receipt in the buyer's
// language; then their refunds and the expiry of their other checkouts, all at once, too.
func TestConcurrentBuyersAreFulfilledOnTwoConnections(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{maxConns: smallPool})
	b.wire.paid, b.wire.amount = true, 1199
	buyers := make([]uuid.UUID, concurrentBuyers)
	paid := make([]uuid.UUID, concurrentBuyers)
	abandoned := make([]uuid.UUID, concurrentBuyers)
	for i := range buyers {
		buyers[i] = b.person(t, []string{"fr", "en"}[i%2])
		paid[i] = b.start(t, buyers[i], "pack-60", "")
		abandoned[i] = b.start(t, buyers[i], "pack-20", "")
	}

	var wg sync.WaitGroup
	for i, buyer := range buyers {
		wg.Go(func() {
			within(t, fmt.Sprintf("completion %d", i), func(ctx context.Context) error {
				if i%2 == 1 {
					v, err := b.svc.ConfirmFromSuccessPage(ctx, buyer, paid[i])
					if err == nil && v.Status != billing.StatusCompleted {
						err = fmt.Errorf("success page shows %s", v.Status)
					}
					return err
				}
				body, sig := sessionEvent(t, fmt.Sprintf("evt_buy_%d", i), stripe.EventSessionCompleted, paid[i], "paid", 1199)
				_, err := b.svc.HandleWebhook(ctx, body, sig)
				return err
			})
		})
	}
	wg.Wait()
	receipts := map[string]string{}
	for _, r := range b.receipts(t) {
		receipts[r.To] = r.Locale
	}
	for i, buyer := range buyers {
		require.Equal(t, int64(60), b.balance(t, buyer), "buyer %d", i)
		require.Equal(t, 1, b.purchaseGrants(t, buyer), "buyer %d", i)
		require.Equal(t, []string{"fr", "en"}[i%2], receipts["buyer-"+buyer.String()[:8]+"@example.com"], "receipt of buyer %d", i)
	}
	require.Len(t, receipts, concurrentBuyers)

	for i := range buyers {
		wg.Go(func() {
			body, sig := signed(t, fmt.Sprintf("evt_refund_%d", i), stripe.EventChargeRefunded, stripe.APIVersion, map[string]any{
				"id": fmt.Sprintf("ch_%d", i), "object": "charge", "payment_intent": "pi_" + paid[i].String()[:8], "amount": 1199,
				"amount_refunded": 1199, "currency": "eur", "metadata": map[string]string{"checkout_id": paid[i].String()},
			})
			within(t, fmt.Sprintf("refund %d", i), func(ctx context.Context) error {
				_, err := b.svc.HandleWebhook(ctx, body, sig)
				return err
			})
		})
		wg.Go(func() {
			body, sig := sessionEvent(t, fmt.Sprintf("evt_expire_%d", i), stripe.EventSessionExpired, abandoned[i], "unpaid", 499)
			within(t, fmt.Sprintf("expiry %d", i), func(ctx context.Context) error {
				_, err := b.svc.HandleWebhook(ctx, body, sig)
				return err
			})
		})
	}
	wg.Wait()
	for i, buyer := range buyers {
		require.Zero(t, b.balance(t, buyer), "buyer %d refunded", i)
		v, err := b.svc.Checkout(context.Background(), buyer, abandoned[i])
		require.NoError(t, err)
		require.Equal(t, billing.StatusExpired, v.Status)
	}
}

// Thirty deliveries for one checkout at once on two connections (copies of one event, the
// asynchronous-payment event, the success page): one grant, one receipt, every call answered.
func TestManyDeliveriesForOneCheckoutOnTwoConnections(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{maxConns: smallPool})
	b.wire.paid, b.wire.amount = true, 2499
	buyer := b.person(t, "en")
	id := b.start(t, buyer, "pack-150", "")
	completed := must(sessionEvent(t, "evt_many", stripe.EventSessionCompleted, id, "paid", 2499))
	async := must(sessionEvent(t, "evt_many_async", stripe.EventAsyncPaymentSucceded, id, "paid", 2499))

	var wg sync.WaitGroup
	for i := range 30 {
		wg.Go(func() {
			within(t, fmt.Sprintf("delivery %d", i), func(ctx context.Context) error {
				var err error
				switch i % 3 {
				case 0:
					_, err = b.svc.HandleWebhook(ctx, completed.body, completed.sig)
				case 1:
					_, err = b.svc.HandleWebhook(ctx, async.body, async.sig)
				default:
					_, err = b.svc.ConfirmFromSuccessPage(ctx, buyer, id)
				}
				return err
			})
		})
	}
	wg.Wait()
	require.Equal(t, int64(150), b.balance(t, buyer))
	require.Equal(t, 1, b.purchaseGrants(t, buyer))
	receipts := b.receipts(t)
	require.Len(t, receipts, 1)
	require.Equal(t, "en", receipts[0].Locale)
	require.Equal(t, "€24.99", receipts[0].Data.Amount)
}
