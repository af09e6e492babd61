package stripe_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/stripe"
	"github.com/gamelle/gamelle/integrations/stripe/stripetest"
)

func TestMain(m *testing.M) { stripetest.Main(m) }

// recorder keeps every request the SDK sends to stripe-mock, to assert what reached the wire.
type recorder struct {
	mu   sync.Mutex
	reqs []recorded
}

type recorded struct {
	method, path string
	form         url.Values
	header       http.Header
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := recorded{method: req.Method, path: req.URL.Path, header: req.Header.Clone()}
	if req.Body != nil && req.GetBody != nil {
		body, err := req.GetBody()
		if err == nil {
			var b strings.Builder
			buf := make([]byte, 4096)
			for {
				n, err := body.Read(buf)
				b.Write(buf[:n])
				if err != nil {
					break
				}
			}
			rec.form, _ = url.ParseQuery(b.String())
		}
	}
	r.mu.Lock()
	r.reqs = append(r.reqs, rec)
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func (r *recorder) find(method, path string) []recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []recorded
	for _, q := range r.reqs {
		if q.method == method && q.path == path {
			out = append(out, q)
		}
	}
	return out
}

func newClient(t *testing.T) (*stripe.Client, *recorder) {
	t.Helper()
	rec := &recorder{}
	return stripe.New(stripe.Config{SecretKey: "sk_test_123", APIURL: stripetest.URL(t), HTTPClient: &http.Client{Transport: rec, Timeout: 10 * time.Second}}), rec
}

func TestCreateSessionSendsOurParameters(t *testing.T) {
	t.Parallel()
	c, rec := newClient(t)
	id := uuid.NewString()
	s, err := c.CreateSession(context.Background(), stripe.SessionParams{
		CheckoutID: id, IdempotencyKey: "checkout-session:" + id, Currency: "EUR", UnitAmountCents: 1199,
		ProductName: "60 tokens", CustomerEmail: "ada@example.com", Locale: "fr",
		SuccessURL: "https://gamelle.test/stripe/success?checkout=" + id, CancelURL: "https://gamelle.test/stripe/error?checkout=" + id,
	})
	require.NoError(t, err, "stripe-mock validates the parameters against Stripe's API description")
	require.NotEmpty(t, s.ID)
	require.True(t, strings.HasPrefix(s.URL, "https://"), s.URL)

	sent := rec.find(http.MethodPost, "/v1/checkout/sessions")
	require.Len(t, sent, 1)
	f := sent[0].form
	for k, want := range map[string]string{
		"mode":                  "payment",
		"client_reference_id":   id,
		"metadata[checkout_id]": id,
		"payment_intent_data[metadata][checkout_id]": id,
		"customer_email":                                "ada@example.com",
		"billing_address_collection":                    "auto",
		"locale":                                        "fr",
		"success_url":                                   "https://gamelle.test/stripe/success?checkout=" + id,
		"cancel_url":                                    "https://gamelle.test/stripe/error?checkout=" + id,
		"line_items[0][quantity]":                       "1",
		"line_items[0][price_data][currency]":           "eur",
		"line_items[0][price_data][unit_amount]":        "1199",
		"line_items[0][price_data][product_data][name]": "60 tokens",
	} {
		require.Equal(t, want, f.Get(k), k)
	}
	require.Empty(t, f.Get("discounts[0][coupon]"))
	require.Empty(t, f.Get("expires_at"), "Stripe's default lifetime")
	require.Equal(t, "checkout-session:"+id, sent[0].header.Get("Idempotency-Key"))
	require.Equal(t, stripe.APIVersion, sent[0].header.Get("Stripe-Version"))
}

func TestCreateSessionAppliesThePromoAsACoupon(t *testing.T) {
	t.Parallel()
	c, rec := newClient(t)
	id := uuid.NewString()
	expires := time.Now().Add(time.Hour)
	for range 2 {
		_, err := c.CreateSession(context.Background(), stripe.SessionParams{
			CheckoutID: id, IdempotencyKey: "checkout-session:" + id, Currency: "USD", UnitAmountCents: 1199,
			ProductName: "60 tokens", CustomerEmail: "ada@example.com", SuccessURL: "https://gamelle.test/s", CancelURL: "https://gamelle.test/c",
			Coupon: &stripe.Coupon{ID: "BIENVENUE30", PercentOff: 30}, ExpiresAt: expires,
		})
		require.NoError(t, err)
	}
	sent := rec.find(http.MethodPost, "/v1/checkout/sessions")
	require.Len(t, sent, 2)
	for _, s := range sent {
		require.Equal(t, "BIENVENUE30", s.form.Get("discounts[0][coupon]"))
		require.Equal(t, strconv.FormatInt(expires.Unix(), 10), s.form.Get("expires_at"))
		require.Equal(t, "1199", s.form.Get("line_items[0][price_data][unit_amount]"), "the discount is Stripe's, on the full price")
		require.Equal(t, "checkout-session:"+id, s.header.Get("Idempotency-Key"), "a retry reuses the key, so Stripe returns the same session")
	}
	// The coupon is looked up once per process (stripe-mock always has it, so none is created).
	require.Len(t, rec.find(http.MethodGet, "/v1/coupons/BIENVENUE30"), 1)
}

func TestCreateSessionPrefillsTheBillingAddress(t *testing.T) {
	t.Parallel()
	c, rec := newClient(t)
	id := uuid.NewString()
	_, err := c.CreateSession(context.Background(), stripe.SessionParams{
		CheckoutID: id, IdempotencyKey: "checkout-session:" + id, Currency: "EUR", UnitAmountCents: 499, ProductName: "20 tokens",
		CustomerEmail: "ada@example.com", CustomerName: "Ada Lovelace", SuccessURL: "https://gamelle.test/s", CancelURL: "https://gamelle.test/c",
		BillingAddress: &stripe.Address{Line1: "12 rue des Lilas", City: "Lyon", PostalCode: "69001", Country: "FR"},
	})
	require.NoError(t, err)
	cus := rec.find(http.MethodPost, "/v1/customers")
	require.Len(t, cus, 1)
	for k, want := range map[string]string{
		"email": "ada@example.com", "name": "Ada Lovelace", "address[line1]": "12 rue des Lilas", "address[city]": "Lyon",
		"address[postal_code]": "69001", "address[country]": "FR", "metadata[checkout_id]": id,
	} {
		require.Equal(t, want, cus[0].form.Get(k), k)
	}
	require.Equal(t, "customer:"+id, cus[0].header.Get("Idempotency-Key"))
	sent := rec.find(http.MethodPost, "/v1/checkout/sessions")
	require.Len(t, sent, 1)
	require.NotEmpty(t, sent[0].form.Get("customer"))
	require.Empty(t, sent[0].form.Get("customer_email"), "the customer carries the email")
	require.Equal(t, "auto", sent[0].form.Get("customer_update[address]"))
}

func TestRetrieveSession(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t)
	s, err := c.RetrieveSession(context.Background(), "cs_test_123")
	require.NoError(t, err)
	require.Equal(t, "cs_test_123", s.ID)
	require.NotEmpty(t, s.PaymentIntentID)
	require.False(t, s.Paid(), "stripe-mock's fixture is an unpaid open session")
}

func TestExpireSession(t *testing.T) {
	t.Parallel()
	c, rec := newClient(t)
	s, err := c.ExpireSession(context.Background(), "cs_test_123")
	require.NoError(t, err)
	require.NotEmpty(t, s.ID, "stripe-mock answers its fixture session")
	require.Len(t, rec.find(http.MethodPost, "/v1/checkout/sessions/cs_test_123/expire"), 1)
}

func TestProviderFailuresAreErrProvider(t *testing.T) {
	t.Parallel()
	// Nothing listens there: a network failure, reported without retrying.
	c := stripe.New(stripe.Config{SecretKey: "sk_test_123", APIURL: "http://127.0.0.1:1", MaxNetworkRetries: -1})
	_, err := c.CreateSession(context.Background(), stripe.SessionParams{CheckoutID: "x", IdempotencyKey: "x", Currency: "EUR", UnitAmountCents: 1, ProductName: "x", SuccessURL: "https://a/s", CancelURL: "https://a/c"})
	require.ErrorIs(t, err, stripe.ErrProvider)

	// stripe-mock answers an API error for a session without an id.
	mock, _ := newClient(t)
	_, err = mock.RetrieveSession(context.Background(), "")
	require.ErrorIs(t, err, stripe.ErrProvider)
}

func sessionEvent(t *testing.T, id, eventType, apiVersion string) []byte {
	t.Helper()
	b, err := stripe.EventJSON(id, eventType, apiVersion, time.Now(), map[string]any{
		"id": "cs_test_1", "object": "checkout.session", "client_reference_id": "ours-1", "metadata": map[string]string{"checkout_id": "ours-1"},
		"status": "complete", "payment_status": "paid", "payment_intent": "pi_1", "amount_total": 1199, "currency": "eur",
		// A field v76 does not know, in a shape it could not decode into its structs.
		"adaptive_pricing": "surprise",
	})
	require.NoError(t, err)
	return b
}

func TestVerifyWebhook(t *testing.T) {
	t.Parallel()
	const secret, old = "whsec_new", "whsec_old"
	body := sessionEvent(t, "evt_1", stripe.EventSessionCompleted, stripe.APIVersion)

	ev, err := stripe.VerifyWebhook(body, stripe.SignPayload(body, secret, time.Now()), []string{secret})
	require.NoError(t, err)
	require.Equal(t, "evt_1", ev.ID)
	require.Equal(t, stripe.EventSessionCompleted, ev.Type)
	require.Equal(t, &stripe.SessionState{ID: "cs_test_1", ClientReferenceID: "ours-1", CheckoutID: "ours-1", Status: "complete",
		PaymentStatus: "paid", PaymentIntentID: "pi_1", AmountTotal: 1199, Currency: "EUR"}, ev.Session)

	t.Run("newer api version", func(t *testing.T) {
		newer := sessionEvent(t, "evt_2", stripe.EventSessionCompleted, "2025-03-31.basil")
		ev, err := stripe.VerifyWebhook(newer, stripe.SignPayload(newer, secret, time.Now()), []string{secret})
		require.NoError(t, err)
		require.Equal(t, "2025-03-31.basil", ev.APIVersion)
		require.True(t, ev.Session.Paid())
	})
	t.Run("rotation: old secret still accepted while listed", func(t *testing.T) {
		_, err := stripe.VerifyWebhook(body, stripe.SignPayload(body, old, time.Now()), []string{secret, old})
		require.NoError(t, err)
		_, err = stripe.VerifyWebhook(body, stripe.SignPayload(body, old, time.Now()), []string{secret})
		require.ErrorIs(t, err, stripe.ErrBadSignature)
	})
	t.Run("several signatures in one header", func(t *testing.T) {
		now := time.Now()
		a, b := stripe.SignPayload(body, "whsec_other", now), stripe.SignPayload(body, secret, now)
		header := a + "," + b[strings.Index(b, "v1="):]
		_, err := stripe.VerifyWebhook(body, header, []string{secret})
		require.NoError(t, err)
	})
	t.Run("refused", func(t *testing.T) {
		for name, tc := range map[string]struct {
			body   []byte
			header string
		}{
			"wrong secret":   {body, stripe.SignPayload(body, "whsec_wrong", time.Now())},
			"stale":          {body, stripe.SignPayload(body, secret, time.Now().Add(-stripe.WebhookTolerance-time.Minute))},
			"tampered body":  {[]byte(strings.Replace(string(body), "1199", "1", 1)), stripe.SignPayload(body, secret, time.Now())},
			"no header":      {body, ""},
			"garbage header": {body, "t=abc,v1=zzz"},
		} {
			_, err := stripe.VerifyWebhook(tc.body, tc.header, []string{secret})
			require.ErrorIs(t, err, stripe.ErrBadSignature, name)
		}
		_, err := stripe.VerifyWebhook(body, stripe.SignPayload(body, secret, time.Now()), nil)
		require.ErrorIs(t, err, stripe.ErrBadSignature, "no secret configured")
	})
}

// A correctly signed event dated more than WebhookTolerance ahead is refused like a stale one:
// a signature made for the future would otherwise stay replayable until long after.
func TestVerifyWebhookRefusesFutureTimestamps(t *testing.T) {
	t.Parallel()
	const secret = "whsec_new"
	body := sessionEvent(t, "evt_future", stripe.EventSessionCompleted, stripe.APIVersion)
	for name, ahead := range map[string]time.Duration{
		"an hour ahead": time.Hour, "just past the tolerance": stripe.WebhookTolerance + 10*time.Second,
	} {
		_, err := stripe.VerifyWebhook(body, stripe.SignPayload(body, secret, time.Now().Add(ahead)), []string{secret})
		require.ErrorIs(t, err, stripe.ErrBadSignature, name)
	}
	// A sender's clock a little ahead of ours is fine.
	_, err := stripe.VerifyWebhook(body, stripe.SignPayload(body, secret, time.Now().Add(time.Minute)), []string{secret})
	require.NoError(t, err)
}

func TestVerifyWebhookReadsRefunds(t *testing.T) {
	t.Parallel()
	for i, pi := range []any{"pi_9", map[string]any{"id": "pi_9", "object": "payment_intent"}} {
		body, err := stripe.EventJSON(fmt.Sprintf("evt_r%d", i), stripe.EventChargeRefunded, stripe.APIVersion, time.Now(), map[string]any{
			"id": "ch_1", "object": "charge", "payment_intent": pi, "amount": 1199, "amount_refunded": 600, "currency": "eur",
			"metadata": map[string]string{"checkout_id": "ours-2"},
		})
		require.NoError(t, err)
		ev, err := stripe.VerifyWebhook(body, stripe.SignPayload(body, "whsec", time.Now()), []string{"whsec"})
		require.NoError(t, err)
		require.Equal(t, &stripe.Charge{ID: "ch_1", PaymentIntentID: "pi_9", Amount: 1199, AmountRefunded: 600, Currency: "EUR", CheckoutID: "ours-2"}, ev.Charge)
	}
}
