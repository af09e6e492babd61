package stripe

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v76/webhook"
)

// WebhookTolerance is how far a signed webhook's timestamp may be from now: older ones are
// refused as replays, and so are ones dated further ahead (the SDK checks age only, so a
// signature dated in the future would stay replayable until long after).
const WebhookTolerance = 300 * time.Second

// ErrBadSignature: the payload is not signed by any of our secrets, or dated too far from now.
var ErrBadSignature = errors.New("stripe: bad webhook signature")

// Event types the billing flow handles.
const (
	EventSessionCompleted     = "checkout.session.completed"
	EventAsyncPaymentSucceded = "checkout.session.async_payment_succeeded"
	EventAsyncPaymentFailed   = "checkout.session.async_payment_failed"
	EventSessionExpired       = "checkout.session.expired"
	EventChargeRefunded       = "charge.refunded"
)

// Event is a verified webhook event with the fields the billing flow reads.
type Event struct {
	ID         string
	Type       string
	APIVersion string
	// Session is set for checkout.session.* events.
	Session *SessionState
	// Charge is set for charge.* events.
	Charge *Charge
}

// Charge is what a refund event says.
type Charge struct {
	ID              string
	PaymentIntentID string
	Amount          int64
	AmountRefunded  int64
	Currency        string
	// CheckoutID is metadata.checkout_id when the charge carries it.
	CheckoutID string
}

// idOrObject reads a field Stripe sends either as an id or as an expanded object.
type idOrObject string

func (v *idOrObject) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*v = idOrObject(s)
		return nil
	}
	var o struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return err
	}
	*v = idOrObject(o.ID)
	return nil
}

// The few fields read from event objects, decoded by hand rather than into the SDK's v76
// structs: an event in a newer API version may reshape fields we do not use, and must not stop
// us from reading the ones we do.
type rawSession struct {
	ID                string            `json:"id"`
	ClientReferenceID string            `json:"client_reference_id"`
	Metadata          map[string]string `json:"metadata"`
	Status            string            `json:"status"`
	PaymentStatus     string            `json:"payment_status"`
	PaymentIntent     idOrObject        `json:"payment_intent"`
	AmountTotal       int64             `json:"amount_total"`
	Currency          string            `json:"currency"`
}

type rawCharge struct {
	ID             string            `json:"id"`
	PaymentIntent  idOrObject        `json:"payment_intent"`
	Amount         int64             `json:"amount"`
	AmountRefunded int64             `json:"amount_refunded"`
	Currency       string            `json:"currency"`
	Metadata       map[string]string `json:"metadata"`
}

// VerifyWebhook checks the Stripe-Signature header against the raw body with each secret in
// turn (several during a secret rotation; the header itself may hold several signatures),
// refuses events dated more than WebhookTolerance before or after now, accepts any API
// version, and reads the event.
func VerifyWebhook(payload []byte, header string, secrets []string) (Event, error) {
	if len(secrets) == 0 {
		return Event{}, fmt.Errorf("%w: no webhook secret configured", ErrBadSignature)
	}
	if at, ok := signedAt(header); ok && time.Until(at) > WebhookTolerance {
		return Event{}, fmt.Errorf("%w: dated %s, more than %s ahead", ErrBadSignature, at.UTC().Format(time.RFC3339), WebhookTolerance)
	}
	var lastErr error
	for _, secret := range secrets {
		ev, err := webhook.ConstructEventWithOptions(payload, header, secret, webhook.ConstructEventOptions{
			Tolerance:                WebhookTolerance,
			IgnoreAPIVersionMismatch: true,
		})
		if err != nil {
			lastErr = err
			continue
		}
		out := Event{ID: ev.ID, Type: string(ev.Type), APIVersion: ev.APIVersion}
		if ev.Data == nil {
			return out, nil
		}
		switch {
		case strings.HasPrefix(out.Type, "checkout.session."):
			var s rawSession
			if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
				return Event{}, fmt.Errorf("stripe: event %s: read session: %w", ev.ID, err)
			}
			out.Session = &SessionState{
				ID: s.ID, ClientReferenceID: s.ClientReferenceID, CheckoutID: s.Metadata["checkout_id"],
				Status: s.Status, PaymentStatus: s.PaymentStatus, PaymentIntentID: string(s.PaymentIntent),
				AmountTotal: s.AmountTotal, Currency: strings.ToUpper(s.Currency),
			}
		case strings.HasPrefix(out.Type, "charge."):
			var c rawCharge
			if err := json.Unmarshal(ev.Data.Raw, &c); err != nil {
				return Event{}, fmt.Errorf("stripe: event %s: read charge: %w", ev.ID, err)
			}
			out.Charge = &Charge{
				ID: c.ID, PaymentIntentID: string(c.PaymentIntent), Amount: c.Amount, AmountRefunded: c.AmountRefunded,
				Currency: strings.ToUpper(c.Currency), CheckoutID: c.Metadata["checkout_id"],
			}
		}
		return out, nil
	}
	return Event{}, fmt.Errorf("%w: %w", ErrBadSignature, lastErr)
}

// signedAt reads the header's timestamp the way the SDK does (the last "t=" wins; the signature
// covers it). ok is false when there is none or it is malformed: the SDK then refuses the header.
func signedAt(header string) (at time.Time, ok bool) {
	for pair := range strings.SplitSeq(header, ",") {
		if v, found := strings.CutPrefix(pair, "t="); found {
			sec, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return time.Time{}, false
			}
			at, ok = time.Unix(sec, 0), true
		}
	}
	return at, ok
}

// SignPayload signs payload with secret as Stripe does, at time at, and returns the
// Stripe-Signature header. The test-mode checkout uses it to post to our own webhook.
func SignPayload(payload []byte, secret string, at time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at}).Header
}

// EventJSON builds a webhook event body around object, as Stripe would send it.
func EventJSON(id, eventType, apiVersion string, created time.Time, object any) ([]byte, error) {
	obj, err := json.Marshal(object)
	if err != nil {
		return nil, fmt.Errorf("stripe: event %s object: %w", id, err)
	}
	return json.Marshal(map[string]any{
		"id": id, "object": "event", "type": eventType, "api_version": apiVersion,
		"created": created.Unix(), "livemode": false, "pending_webhooks": 1,
		"data": map[string]any{"object": json.RawMessage(obj)},
	})
}
