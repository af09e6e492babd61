package billing

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/billing"

	"github.com/gamelle/gamelle/integrations/stripe"
)

// localGateway is the test-mode "provider" used when no Stripe key is set outside production:
// the session is a local page, which completes the checkout by posting a signed webhook event
// to our own endpoint, so the offline app goes through the same fulfilment as Stripe.
type localGateway struct{ appURL string }

const localSessionPrefix = "cs_test_local_"

func (g localGateway) CreateSession(_ context.Context, p stripe.SessionParams) (stripe.Session, error) {
	return stripe.Session{
		ID:  localSessionPrefix + p.CheckoutID,
		URL: g.appURL + "/stripe/test-checkout?checkout=" + url.QueryEscape(p.CheckoutID),
	}, nil
}

// RetrieveSession reports the local session as still open: only its webhook completes it.
func (localGateway) RetrieveSession(_ context.Context, id string) (stripe.SessionState, error) {
	return stripe.SessionState{ID: id, Status: "open", PaymentStatus: "unpaid", CheckoutID: strings.TrimPrefix(id, localSessionPrefix)}, nil
}

// ExpireSession closes the local session: nothing else holds it.
func (localGateway) ExpireSession(_ context.Context, id string) (stripe.SessionState, error) {
	return stripe.SessionState{ID: id, Status: "expired", PaymentStatus: "unpaid", CheckoutID: strings.TrimPrefix(id, localSessionPrefix)}, nil
}

// ErrNotTestMode: the test-mode page was used while real Stripe checkouts are configured.
var ErrNotTestMode = errors.New("billing: not in test mode")

// TestModeOutcome is what the person chose on the test-mode page.
type TestModeOutcome string

// Test-mode outcomes: pay, or let the session expire.
const (
	TestModePay    TestModeOutcome = "pay"
	TestModeCancel TestModeOutcome = "cancel"
)

// TestModeEvent builds the webhook delivery Stripe would send for the person's open test-mode
// checkout (checkout.session.completed, or .expired when cancelled) and signs it with the
// test-mode secret. The caller posts it to /stripe/webhook.
func (s *Service) TestModeEvent(ctx context.Context, userID, id uuid.UUID, outcome TestModeOutcome) (payload []byte, signature string, err error) {
	if !s.local {
		return nil, "", ErrNotTestMode
	}
	c, err := s.loadCheckout(ctx, s.pool, id)
	if err != nil {
		return nil, "", err
	}
	if c.Version() == 0 || c.Started().UserID != userID || !c.TestMode() {
		return nil, "", ErrNotFound
	}
	if st := c.Status(); st == billing.StatusFailed || st == billing.StatusExpired {
		// Like Stripe's page, a closed session cannot be paid any more.
		return nil, "", fmt.Errorf("%w: %s is %s", billing.ErrCheckoutClosed, id, st)
	}
	st := c.Started()
	session := map[string]any{
		"id": c.SessionID(), "object": "checkout.session", "client_reference_id": id.String(),
		"metadata": map[string]string{"checkout_id": id.String()}, "mode": "payment",
		"amount_total": st.AmountCents, "currency": strings.ToLower(string(st.Currency)),
		"payment_intent": "pi_test_local_" + id.String(),
	}
	eventType := stripe.EventSessionCompleted
	switch outcome {
	case TestModePay:
		session["status"], session["payment_status"] = "complete", "paid"
	case TestModeCancel:
		eventType = stripe.EventSessionExpired
		session["status"], session["payment_status"] = "expired", "unpaid"
	default:
		return nil, "", fmt.Errorf("billing: test-mode outcome %q", outcome)
	}
	// One event id per checkout and outcome: pressing the button twice replays the same event.
	eventID := fmt.Sprintf("evt_test_local_%s_%s", outcome, id)
	payload, err = stripe.EventJSON(eventID, eventType, stripe.APIVersion, s.opts.Now(), session)
	if err != nil {
		return nil, "", err
	}
	return payload, stripe.SignPayload(payload, s.opts.WebhookSecrets[0], s.opts.Now()), nil
}

// TestModeCheckout is the checkout the test-mode page shows (open, the person's own).
func (s *Service) TestModeCheckout(ctx context.Context, userID, id uuid.UUID) (CheckoutView, error) {
	if !s.local {
		return CheckoutView{}, ErrNotTestMode
	}
	v, err := s.Checkout(ctx, userID, id)
	if err != nil {
		return CheckoutView{}, err
	}
	if !v.TestMode {
		return CheckoutView{}, ErrNotFound
	}
	return v, nil
}

// ErrUnavailable: no payment provider is configured (production without a Stripe key).
var ErrUnavailable = errors.New("billing: payments are not configured")

type unavailableGateway struct{}

// UnavailableGateway refuses every checkout: production without a Stripe key must fail
// visibly, never fall back to the test mode.
func UnavailableGateway() Gateway { return unavailableGateway{} }

func (unavailableGateway) CreateSession(context.Context, stripe.SessionParams) (stripe.Session, error) {
	return stripe.Session{}, ErrUnavailable
}

func (unavailableGateway) RetrieveSession(context.Context, string) (stripe.SessionState, error) {
	return stripe.SessionState{}, ErrUnavailable
}

func (unavailableGateway) ExpireSession(context.Context, string) (stripe.SessionState, error) {
	return stripe.SessionState{}, ErrUnavailable
}
