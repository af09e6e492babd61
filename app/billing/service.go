// Package billing (the app layer of domain/billing, imported as billingapp) runs the purchase of
// tokens: the pack catalogue, checkouts through Stripe (or the local test-mode checkout),
// fulfilment exactly once from webhooks and the success page, refunds, and receipts.
//
// Fulfilment appends CheckoutCompleted, grants the tokens (ledger idempotency key
// "checkout:<id>"), records the promo and queues the receipt in one transaction, under the
// checkout stream's lock: whatever arrives first, however often, one grant per checkout.
package billing

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/stripe"
)

// Gateway is the payment provider as checkouts use it: *stripe.Client, or the local test mode.
type Gateway interface {
	CreateSession(ctx context.Context, p stripe.SessionParams) (stripe.Session, error)
	RetrieveSession(ctx context.Context, id string) (stripe.SessionState, error)
	ExpireSession(ctx context.Context, id string) (stripe.SessionState, error)
}

// Enqueuer inserts River jobs in a transaction; *jobs.Client satisfies it.
type Enqueuer interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Options configure the service.
type Options struct {
	// AppURL prefixes the success, cancel and test-mode URLs.
	AppURL string
	// Gateway is Stripe; nil selects the local test-mode checkout (never in production: the
	// caller decides, see cmd/gamelle).
	Gateway Gateway
	// WebhookSecrets verify Stripe's signatures (several during a rotation). With the test-mode
	// gateway and none given, one is derived from AppKey.
	WebhookSecrets []string
	// AppKey derives the test-mode webhook secret.
	AppKey []byte
	// ProviderTimeout bounds each call to Stripe (default 20 s).
	ProviderTimeout time.Duration
	Logger          *slog.Logger
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Service runs the billing commands. It is safe for concurrent use.
type Service struct {
	pool    *pgxpool.Pool
	store   *eventstore.Store
	ledger  *ledgerapp.Service
	jobs    Enqueuer
	gateway Gateway
	opts    Options
	log     *slog.Logger
	local   bool

	checkouts *eventstore.Runner[*billing.Checkout, billing.Event]
	catalog   *eventstore.Runner[*billing.Catalog, billing.Event]

	recipients RecipientFunc
	addresses  BillingAddressFunc
}

// New returns the service.
func New(pool *pgxpool.Pool, store *eventstore.Store, ledger *ledgerapp.Service, jobs Enqueuer, opts Options) *Service {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.ProviderTimeout <= 0 {
		opts.ProviderTimeout = 20 * time.Second
	}
	opts.AppURL = strings.TrimRight(opts.AppURL, "/")
	s := &Service{
		pool: pool, store: store, ledger: ledger, jobs: jobs, opts: opts, log: opts.Logger, gateway: opts.Gateway,
		checkouts: eventstore.NewRunner(store, checkoutType),
		catalog:   eventstore.NewRunner(store, catalogType),
	}
	if s.gateway == nil {
		s.local = true
		s.gateway = localGateway{appURL: opts.AppURL}
		if len(s.opts.WebhookSecrets) == 0 {
			s.opts.WebhookSecrets = []string{TestModeWebhookSecret(opts.AppKey)}
		}
	}
	return s
}

// TestMode reports whether checkouts go through the local test-mode page instead of Stripe.
func (s *Service) TestMode() bool { return s.local }

// TestModeWebhookSecret is the webhook secret of the local test mode, derived from the app key
// so the test-mode page and the webhook agree without any setting.
func TestModeWebhookSecret(appKey []byte) string {
	m := hmac.New(sha256.New, appKey)
	m.Write([]byte("gamelle stripe test-mode webhook"))
	return "whsec_local_" + hex.EncodeToString(m.Sum(nil))
}

// loadCheckout reads a checkout stream (a checkout that does not exist is at version 0).
func (s *Service) loadCheckout(ctx context.Context, db eventstore.DBTX, id uuid.UUID) (*billing.Checkout, error) {
	c, err := s.checkouts.Load(ctx, db, billing.CheckoutStreamID(id))
	if err != nil {
		return nil, fmt.Errorf("billing: load checkout %s: %w", id, err)
	}
	return c, nil
}

// lockCheckout takes the checkout stream's lock for the rest of tx, then loads it: what is
// decided from it (tokens to revoke) cannot be overtaken by a concurrent writer. The runner's
// own lock on the same stream later in tx is the same, re-entrant lock.
func (s *Service) lockCheckout(ctx context.Context, tx pgx.Tx, id uuid.UUID) (*billing.Checkout, error) {
	if _, err := s.store.ReadForWrite(ctx, tx, billing.CheckoutStreamID(id), eventstore.WriteOptions{Lock: true}); err != nil {
		return nil, fmt.Errorf("billing: lock checkout %s: %w", id, err)
	}
	return s.loadCheckout(ctx, tx, id)
}
