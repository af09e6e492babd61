package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/integrations/stripe"
)

// payments plays Stripe for the test-mode checkouts: it signs webhook events with the secret the
// web processes were given (STRIPE_WEBHOOK_SECRET) and delivers them as Stripe does: more than
// once, concurrently, to any web process, racing the buyer's return to the success page.
type payments struct {
	secret string
	t      *tally
	// runCtx outlives the load: late deliveries go on after it, until the run ends.
	runCtx context.Context
	late   sync.WaitGroup
}

// lateDelivery delivers body once more after up to 25 s, on its own, as Stripe's queue does; the
// ones that land while the database is away are answered 500 and delivered again.
func (pm *payments) lateDelivery(c *client, body []byte) {
	pm.t.lateDeliveries.Add(1)
	pm.late.Go(func() {
		pause(pm.runCtx, time.Duration(rand.Int64N(int64(25*time.Second))))
		if err := pm.deliver(pm.runCtx, c, -1, body); err != nil && pm.runCtx.Err() == nil {
			pm.t.abandon("late webhook delivery", err)
			pm.t.lateFailed.Add(1)
		}
	})
}

// checkoutView is the part of the test-mode page's props the events need.
type checkoutView struct {
	Checkout struct {
		ID          string `json:"id"`
		Tokens      int64  `json:"tokens"`
		AmountCents int64  `json:"amountCents"`
		Currency    string `json:"currency"`
		Status      string `json:"status"`
	} `json:"checkout"`
}

func (pm *payments) event(id, typ string, object map[string]any) ([]byte, error) {
	return stripe.EventJSON(id, typ, stripe.APIVersion, time.Now(), object)
}

// deliver posts a signed event to the webhook on web process web (-1: any) and, as Stripe does,
// delivers it again (signed anew) while the answer is not 2xx, for up to three minutes.
func (pm *payments) deliver(ctx context.Context, c *client, web int, body []byte) error {
	deadline := time.Now().Add(3 * time.Minute)
	for wait := time.Second; ; wait = min(2*wait, 15*time.Second) {
		pm.t.webhookDeliveries.Add(1)
		a, err := c.do(ctx, call{method: http.MethodPost, path: "/stripe/webhook", web: web, rawBody: body,
			header: map[string]string{"Stripe-Signature": stripe.SignPayload(body, pm.secret, time.Now())}})
		if err == nil && a.status == http.StatusOK {
			return nil
		}
		if err == nil {
			err = fmt.Errorf("status %d", a.status)
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("webhook: %w", err)
		}
		pm.t.webhookRetries.Add(1)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// complete pays checkout id: at the same time, the completed event is delivered to both web
// processes, a second event (async_payment_succeeded) for the same payment to one of them, the
// buyer presses "pay" on the test-mode page (its own signed event) and opens the success page
// twice; one checkout in five also gets a concurrent "expired" event, which must not undo the
// payment. One paid checkout in six is then refunded (in full or half), twice.
func (pm *payments) complete(ctx context.Context, p *person, id uuid.UUID) error {
	var v checkoutView
	if _, err := p.c.page(ctx, "/stripe/test-checkout?checkout="+id.String(), &v); err != nil {
		return err
	}
	session := map[string]any{
		"id": "cs_test_local_" + id.String(), "object": "checkout.session", "client_reference_id": id.String(),
		"metadata": map[string]string{"checkout_id": id.String()}, "mode": "payment",
		"amount_total": v.Checkout.AmountCents, "currency": strings.ToLower(v.Checkout.Currency),
		"payment_intent": "pi_test_local_" + id.String(), "status": "complete", "payment_status": "paid",
	}
	completed, err := pm.event("evt_soak_completed_"+id.String(), stripe.EventSessionCompleted, session)
	if err != nil {
		return err
	}
	async, err := pm.event("evt_soak_async_"+id.String(), stripe.EventAsyncPaymentSucceded, session)
	if err != nil {
		return err
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	run := func(fn func() error) {
		wg.Go(func() {
			if err := fn(); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		})
	}
	run(func() error { return pm.deliver(ctx, p.c, 0, completed) })
	run(func() error { return pm.deliver(ctx, p.c, 1, completed) })
	run(func() error { return pm.deliver(ctx, p.c, -1, async) })
	run(func() error {
		_, err := p.c.want(ctx, call{method: http.MethodPost, path: "/stripe/test-checkout", web: -1,
			body: map[string]any{"checkout": id.String(), "outcome": "pay"}}, "test-mode pay", http.StatusSeeOther, http.StatusFound)
		return err
	})
	for i := range 2 {
		run(func() error {
			_, err := p.c.want(ctx, call{method: http.MethodGet, path: "/stripe/success?checkout=" + id.String(), web: i, inertia: true},
				"success page", http.StatusOK)
			return err
		})
	}
	if rand.IntN(5) == 0 {
		pm.t.expiredRaces.Add(1)
		expired := maps(session, map[string]any{"status": "expired", "payment_status": "unpaid"})
		body, err := pm.event("evt_soak_expired_"+id.String(), stripe.EventSessionExpired, expired)
		if err != nil {
			return err
		}
		run(func() error { return pm.deliver(ctx, p.c, -1, body) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	pm.t.paidWebhooks.Add(1)
	if rand.IntN(3) == 0 {
		pm.lateDelivery(p.c, completed)
	}
	pm.t.mu.Lock()
	pm.t.paid[id] = v.Checkout.Tokens
	pm.t.mu.Unlock()

	if rand.IntN(6) == 0 {
		refunded := v.Checkout.AmountCents
		if rand.IntN(2) == 0 {
			refunded /= 2
		}
		charge := map[string]any{"id": "ch_soak_" + id.String(), "object": "charge", "payment_intent": "pi_test_local_" + id.String(),
			"amount": v.Checkout.AmountCents, "amount_refunded": refunded, "currency": strings.ToLower(v.Checkout.Currency),
			"refunded": refunded == v.Checkout.AmountCents, "metadata": map[string]string{"checkout_id": id.String()}}
		body, err := pm.event("evt_soak_refund_"+id.String(), stripe.EventChargeRefunded, charge)
		if err != nil {
			return err
		}
		for i := range 2 {
			run(func() error { return pm.deliver(ctx, p.c, i, body) })
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return err
		}
	}
	return nil
}

func maps(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
