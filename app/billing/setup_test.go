package billing_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	billingapp "github.com/gamelle/gamelle/app/billing"
	identityapp "github.com/gamelle/gamelle/app/identity"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/stripe"
	"github.com/gamelle/gamelle/integrations/stripe/stripetest"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/jobs"
)

func TestMain(m *testing.M) { stripetest.Main(m) }

const webhookSecret = "whsec_test_billing"

type bundle struct {
	db     *pgtest.DB
	store  *eventstore.Store
	ledger *ledgerapp.Service
	jobs   *jobs.Client
	svc    *billingapp.Service
	wire   *wire
}

// wire sits between stripe-go and stripe-mock: it records what was sent and, when paid is set,
// makes retrieved sessions paid (stripe-mock is stateless and always answers "unpaid").
type wire struct {
	mu       sync.Mutex
	requests []*http.Request
	paid     bool
	amount   int64
}

func (w *wire) RoundTrip(req *http.Request) (*http.Response, error) {
	w.mu.Lock()
	w.requests = append(w.requests, req.Clone(context.Background()))
	paid, amount := w.paid, w.amount
	w.mu.Unlock()
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil || !paid || req.Method != http.MethodGet || !strings.HasPrefix(req.URL.Path, "/v1/checkout/sessions/") {
		return res, err
	}
	body, err := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	m["payment_status"], m["status"], m["amount_total"] = "paid", "complete", amount
	body, _ = json.Marshal(m)
	res.Body = io.NopCloser(bytes.NewReader(body))
	res.ContentLength = int64(len(body))
	return res, nil
}

func (w *wire) count(method, prefix string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, r := range w.requests {
		if r.Method == method && strings.HasPrefix(r.URL.Path, prefix) {
			n++
		}
	}
	return n
}

type setupOpts struct {
	testMode bool
	apiURL   string
	// maxConns, when set, runs everything over a pool of that many connections, and receipts
	// read their recipient from the users table as in production (identity), so that anything
	// that waits for a second connection while holding a transaction stalls the test.
	maxConns int32
	// logger receives the service's log (slog.Default when nil).
	logger *slog.Logger
}

func setup(t *testing.T, o ...setupOpts) *bundle {
	t.Helper()
	var opt setupOpts
	if len(o) > 0 {
		opt = o[0]
	}
	db := pgtest.New(t)
	if opt.maxConns > 0 {
		cfg, err := pgxpool.ParseConfig(db.URL)
		require.NoError(t, err)
		cfg.MaxConns = opt.maxConns
		small, err := pgxpool.NewWithConfig(context.Background(), cfg)
		require.NoError(t, err)
		t.Cleanup(small.Close)
		db = &pgtest.DB{Pool: small, URL: db.URL, Name: db.Name}
	}
	store := eventstore.New(db.Pool)
	led := ledgerapp.New(db.Pool, store)
	jc, err := jobs.New(db.Pool, jobs.Config{})
	require.NoError(t, err)
	w := &wire{}
	opts := billingapp.Options{AppURL: "https://gamelle.test", AppKey: testAppKey, ProviderTimeout: 5 * time.Second, Logger: opt.logger}
	if !opt.testMode {
		url := opt.apiURL
		if url == "" {
			url = stripetest.URL(t)
		}
		opts.Gateway = stripe.New(stripe.Config{SecretKey: "sk_test_123", APIURL: url, MaxNetworkRetries: -1, HTTPClient: &http.Client{Transport: w, Timeout: 5 * time.Second}})
		opts.WebhookSecrets = []string{webhookSecret}
	}
	svc := billingapp.New(db.Pool, store, led, jc, opts).WithRecipients(func(_ context.Context, _ eventstore.DBTX, id uuid.UUID) (billingapp.Recipient, error) {
		return billingapp.Recipient{Email: "buyer-" + id.String()[:8] + "@example.com", Name: "Ada", Locale: "fr"}, nil
	})
	if opt.maxConns > 0 {
		people := identityapp.New(db.Pool, led, jc, identityapp.Options{Key: opts.AppKey})
		svc.WithRecipients(func(ctx context.Context, q eventstore.DBTX, id uuid.UUID) (billingapp.Recipient, error) {
			u, err := people.ByIDTx(ctx, q, id)
			return billingapp.Recipient{Email: u.Email, Name: u.Name, Locale: string(u.Language)}, err
		})
	}
	require.NoError(t, svc.EnsureCatalog(context.Background()))
	return &bundle{db: db, store: store, ledger: led, jobs: jc, svc: svc, wire: w}
}

func (b *bundle) start(t *testing.T, user uuid.UUID, pack, promo string) uuid.UUID {
	t.Helper()
	res, err := b.svc.Start(context.Background(), billingapp.StartCommand{UserID: user, Email: "ada@example.com", Locale: "fr", PackID: pack, PromoCode: promo, DefaultCurrency: billing.EUR})
	require.NoError(t, err)
	return res.CheckoutID
}

func (b *bundle) checkout(t *testing.T, id uuid.UUID) []eventstore.RecordedEvent {
	t.Helper()
	evs, err := b.store.Load(context.Background(), b.db.Pool, billing.CheckoutStreamID(id), 1)
	require.NoError(t, err)
	return evs
}

func (b *bundle) balance(t *testing.T, user uuid.UUID) int64 {
	t.Helper()
	bal, err := b.ledger.Balance(context.Background(), user)
	require.NoError(t, err)
	return bal
}

// purchaseGrants counts TokensGranted{purchase} events in the wallet.
func (b *bundle) purchaseGrants(t *testing.T, user uuid.UUID) int {
	t.Helper()
	evs, err := b.store.Load(context.Background(), b.db.Pool, ledger.StreamID(user), 1)
	require.NoError(t, err)
	n := 0
	for _, e := range evs {
		d, err := ledger.Decode(e.Type, e.Payload)
		require.NoError(t, err)
		if g, ok := d.(ledger.TokensGranted); ok && g.Reason == ledger.ReasonPurchase {
			n++
		}
	}
	return n
}

// testAppKey is APP_KEY in these tests (it seals the receipts' address and name).
var testAppKey = []byte(strings.Repeat("k", 32))

// receipts lists the receipt jobs opened, as the email worker reads them.
func (b *bundle) receipts(t *testing.T) []identityapp.SendEmailArgs {
	t.Helper()
	out := b.storedReceipts(t)
	for i, a := range out {
		opened, err := identityapp.OpenEmailArgs(testAppKey, a)
		require.NoError(t, err)
		out[i] = opened
	}
	return out
}

// storedReceipts lists the receipt jobs as river_job holds them (address and name sealed).
func (b *bundle) storedReceipts(t *testing.T) []identityapp.SendEmailArgs {
	t.Helper()
	res, err := b.jobs.JobList(context.Background(), river.NewJobListParams().Kinds(identityapp.SendEmailArgs{}.Kind()).First(1000))
	require.NoError(t, err)
	var out []identityapp.SendEmailArgs
	for _, j := range res.Jobs {
		var a identityapp.SendEmailArgs
		require.NoError(t, json.Unmarshal(j.EncodedArgs, &a))
		out = append(out, a)
	}
	return out
}

// event builds a signed webhook delivery for a checkout session.
func sessionEvent(t *testing.T, eventID, eventType string, checkout uuid.UUID, paymentStatus string, amount int64) ([]byte, string) {
	t.Helper()
	return signed(t, eventID, eventType, stripe.APIVersion, map[string]any{
		"id": "cs_test_" + checkout.String()[:8], "object": "checkout.session", "client_reference_id": checkout.String(),
		"metadata": map[string]string{"checkout_id": checkout.String()}, "status": "complete", "payment_status": paymentStatus,
		"payment_intent": "pi_" + checkout.String()[:8], "amount_total": amount, "currency": "eur",
	})
}

func signed(t *testing.T, eventID, eventType, apiVersion string, object any) ([]byte, string) {
	t.Helper()
	body, err := stripe.EventJSON(eventID, eventType, apiVersion, time.Now(), object)
	require.NoError(t, err)
	return body, stripe.SignPayload(body, webhookSecret, time.Now())
}

func (b *bundle) deliver(t *testing.T, body []byte, sig string) billingapp.WebhookOutcome {
	t.Helper()
	out, err := b.svc.HandleWebhook(context.Background(), body, sig)
	require.NoError(t, err)
	return out
}

func timeNow() time.Time { return time.Now() }

func (b *bundle) deliverOne(t *testing.T, d delivery) billingapp.WebhookOutcome {
	t.Helper()
	return b.deliver(t, d.body, d.sig)
}

// person creates an account to buy with (identity's sign-up is tested there): receipts need
// its address and language.
func (b *bundle) person(t *testing.T, lang string) uuid.UUID {
	t.Helper()
	id := uuid.New()
	_, err := b.db.Pool.Exec(context.Background(), `INSERT INTO users (id, email, name, language, verified_at) VALUES ($1, $2, 'Ada', $3, now())`,
		id, "buyer-"+id.String()[:8]+"@example.com", lang)
	require.NoError(t, err)
	return id
}
