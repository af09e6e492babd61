// Package stripe is Gamelle's only door to Stripe (stripe-go v76): Checkout Sessions, coupons,
// session retrieval and webhook verification. It returns the package's own small types, read
// from the few fields the billing flow needs, so no other package imports the SDK.
package stripe

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	stripego "github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/checkout/session"
	"github.com/stripe/stripe-go/v76/coupon"
	"github.com/stripe/stripe-go/v76/customer"
)

// APIVersion is the Stripe API version the SDK speaks (its requests pin it).
const APIVersion = stripego.APIVersion

// Config selects the Stripe account and endpoint.
type Config struct {
	// SecretKey is the account's secret API key (sk_live_… or sk_test_…).
	SecretKey string
	// APIURL overrides https://api.stripe.com (stripe-mock in tests).
	APIURL string
	// HTTPClient overrides the HTTP client (default: 15 s timeout).
	HTTPClient *http.Client
	// MaxNetworkRetries for retries of failed requests (0 means the default, 2; negative means
	// none). Every create carries an idempotency key, so a retry never makes a second session.
	MaxNetworkRetries int64
	Logger            *slog.Logger
}

// Client calls the Stripe API. It is safe for concurrent use.
type Client struct {
	key       string
	backend   stripego.Backend
	sessions  session.Client
	coupons   coupon.Client
	customers customer.Client

	mu           sync.Mutex
	knownCoupons map[string]bool
}

// New builds a client.
func New(cfg Config) *Client {
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 15 * time.Second}
	}
	retries := cfg.MaxNetworkRetries
	switch {
	case retries == 0:
		retries = 2
	case retries < 0:
		retries = 0
	}
	bc := &stripego.BackendConfig{
		HTTPClient:        hc,
		MaxNetworkRetries: stripego.Int64(retries),
		LeveledLogger:     &stripego.LeveledLogger{Level: stripego.LevelError},
	}
	if cfg.APIURL != "" {
		bc.URL = stripego.String(strings.TrimRight(cfg.APIURL, "/"))
	}
	b := stripego.GetBackendWithConfig(stripego.APIBackend, bc)
	return &Client{
		key: cfg.SecretKey, backend: b,
		sessions:     session.Client{B: b, Key: cfg.SecretKey},
		coupons:      coupon.Client{B: b, Key: cfg.SecretKey},
		customers:    customer.Client{B: b, Key: cfg.SecretKey},
		knownCoupons: map[string]bool{},
	}
}

// Coupon is a percentage discount, created in Stripe under ID the first time it is used.
type Coupon struct {
	ID         string
	PercentOff int64
}

// SessionParams describe one Checkout Session: one line item, paid once.
type SessionParams struct {
	// CheckoutID is ours; it becomes client_reference_id and metadata.checkout_id.
	CheckoutID string
	// IdempotencyKey makes a retried create return the same session.
	IdempotencyKey string
	Currency       string
	// UnitAmountCents is the pack's price before any coupon.
	UnitAmountCents int64
	ProductName     string
	CustomerEmail   string
	// Locale of the Stripe page ("fr", "en").
	Locale     string
	SuccessURL string
	CancelURL  string
	Coupon     *Coupon
	// CustomerName and BillingAddress, when the buyer saved them, prefill Stripe's page: a
	// Customer is created for the checkout and the session names it.
	CustomerName   string
	BillingAddress *Address
	// ExpiresAt, when set, closes the session earlier than Stripe's 24 hours (at least 30
	// minutes after creation): an abandoned session then releases what it holds sooner.
	ExpiresAt time.Time
}

// Address is a billing address (Country: ISO 3166-1 alpha-2).
type Address struct {
	Line1      string
	City       string
	PostalCode string
	Country    string
}

// Session is a created Checkout Session.
type Session struct {
	ID  string
	URL string
}

// SessionState is what the billing flow reads from a session.
type SessionState struct {
	ID                string
	ClientReferenceID string
	// CheckoutID is metadata.checkout_id.
	CheckoutID string
	// Status: open, complete or expired.
	Status string
	// PaymentStatus: paid, unpaid or no_payment_required.
	PaymentStatus   string
	PaymentIntentID string
	AmountTotal     int64
	Currency        string
}

// Paid reports whether the money is in: a completed session can still await an asynchronous
// payment (bank transfer, SEPA debit).
func (s SessionState) Paid() bool {
	return s.PaymentStatus == "paid" || s.PaymentStatus == "no_payment_required"
}

// OurCheckoutID is the checkout id the session was created for.
func (s SessionState) OurCheckoutID() string {
	if s.ClientReferenceID != "" {
		return s.ClientReferenceID
	}
	return s.CheckoutID
}

// ErrProvider wraps every failure of a Stripe call (API error, time-out, network).
var ErrProvider = errors.New("stripe: request failed")

func providerError(op string, err error) error {
	var se *stripego.Error
	if errors.As(err, &se) {
		return fmt.Errorf("%w: %s: %s %s (status %d, request %s)", ErrProvider, op, se.Type, se.Code, se.HTTPStatusCode, se.RequestID)
	}
	return fmt.Errorf("%w: %s: %w", ErrProvider, op, err)
}

// CreateSession creates a Checkout Session in payment mode.
func (c *Client) CreateSession(ctx context.Context, p SessionParams) (Session, error) {
	params := &stripego.CheckoutSessionParams{
		Mode:                     stripego.String(string(stripego.CheckoutSessionModePayment)),
		ClientReferenceID:        stripego.String(p.CheckoutID),
		CustomerEmail:            stripego.String(p.CustomerEmail),
		BillingAddressCollection: stripego.String(string(stripego.CheckoutSessionBillingAddressCollectionAuto)),
		SuccessURL:               stripego.String(p.SuccessURL),
		CancelURL:                stripego.String(p.CancelURL),
		LineItems: []*stripego.CheckoutSessionLineItemParams{{
			Quantity: stripego.Int64(1),
			PriceData: &stripego.CheckoutSessionLineItemPriceDataParams{
				Currency:    stripego.String(strings.ToLower(p.Currency)),
				UnitAmount:  stripego.Int64(p.UnitAmountCents),
				ProductData: &stripego.CheckoutSessionLineItemPriceDataProductDataParams{Name: stripego.String(p.ProductName)},
			},
		}},
		// The charge carries our id too, so a refund can be traced without our read models.
		PaymentIntentData: &stripego.CheckoutSessionPaymentIntentDataParams{Metadata: map[string]string{"checkout_id": p.CheckoutID}},
	}
	if p.Locale != "" {
		params.Locale = stripego.String(p.Locale)
	}
	if !p.ExpiresAt.IsZero() {
		params.ExpiresAt = stripego.Int64(p.ExpiresAt.Unix())
	}
	params.Context = ctx
	params.AddMetadata("checkout_id", p.CheckoutID)
	params.SetIdempotencyKey(p.IdempotencyKey)
	if p.BillingAddress != nil {
		cp := &stripego.CustomerParams{
			Email: stripego.String(p.CustomerEmail),
			Address: &stripego.AddressParams{
				Line1: stripego.String(p.BillingAddress.Line1), City: stripego.String(p.BillingAddress.City),
				PostalCode: stripego.String(p.BillingAddress.PostalCode), Country: stripego.String(p.BillingAddress.Country),
			},
		}
		if p.CustomerName != "" {
			cp.Name = stripego.String(p.CustomerName)
		}
		cp.Context = ctx
		cp.AddMetadata("checkout_id", p.CheckoutID)
		cp.SetIdempotencyKey("customer:" + p.CheckoutID)
		cus, err := c.customers.New(cp)
		if err != nil {
			return Session{}, providerError("create customer", err)
		}
		// A session names either a customer or an email; the customer carries the email.
		params.CustomerEmail = nil
		params.Customer = stripego.String(cus.ID)
		params.CustomerUpdate = &stripego.CheckoutSessionCustomerUpdateParams{Address: stripego.String("auto")}
	}
	if p.Coupon != nil {
		if err := c.ensureCoupon(ctx, *p.Coupon); err != nil {
			return Session{}, err
		}
		params.Discounts = []*stripego.CheckoutSessionDiscountParams{{Coupon: stripego.String(p.Coupon.ID)}}
	}
	s, err := c.sessions.New(params)
	if err != nil {
		return Session{}, providerError("create checkout session", err)
	}
	return Session{ID: s.ID, URL: s.URL}, nil
}

// ensureCoupon creates the coupon once per process when the account does not have it.
func (c *Client) ensureCoupon(ctx context.Context, cp Coupon) error {
	c.mu.Lock()
	known := c.knownCoupons[cp.ID]
	c.mu.Unlock()
	if known {
		return nil
	}
	gp := &stripego.CouponParams{}
	gp.Context = ctx
	_, err := c.coupons.Get(cp.ID, gp)
	var se *stripego.Error
	if errors.As(err, &se) && se.HTTPStatusCode == http.StatusNotFound {
		np := &stripego.CouponParams{
			ID:         stripego.String(cp.ID),
			PercentOff: stripego.Float64(float64(cp.PercentOff)),
			Duration:   stripego.String(string(stripego.CouponDurationOnce)),
			Name:       stripego.String(cp.ID),
		}
		np.Context = ctx
		np.SetIdempotencyKey("coupon:" + cp.ID)
		_, err = c.coupons.New(np)
	}
	if err != nil {
		return providerError("coupon "+cp.ID, err)
	}
	c.mu.Lock()
	c.knownCoupons[cp.ID] = true
	c.mu.Unlock()
	return nil
}

// RetrieveSession reads a session's current state.
func (c *Client) RetrieveSession(ctx context.Context, id string) (SessionState, error) {
	params := &stripego.CheckoutSessionParams{}
	params.Context = ctx
	s, err := c.sessions.Get(id, params)
	if err != nil {
		return SessionState{}, providerError("retrieve checkout session "+id, err)
	}
	return stateOf(s), nil
}

// ExpireSession closes an open session at once, so it can no longer be paid (the buyer left it
// through the cancel link). Stripe refuses a session that is not open any more (paid, or already
// expired): an error matching ErrProvider.
func (c *Client) ExpireSession(ctx context.Context, id string) (SessionState, error) {
	params := &stripego.CheckoutSessionExpireParams{}
	params.Context = ctx
	s, err := c.sessions.Expire(id, params)
	if err != nil {
		return SessionState{}, providerError("expire checkout session "+id, err)
	}
	return stateOf(s), nil
}

func stateOf(s *stripego.CheckoutSession) SessionState {
	st := SessionState{
		ID: s.ID, ClientReferenceID: s.ClientReferenceID, CheckoutID: s.Metadata["checkout_id"],
		Status: string(s.Status), PaymentStatus: string(s.PaymentStatus),
		AmountTotal: s.AmountTotal, Currency: strings.ToUpper(string(s.Currency)),
	}
	if s.PaymentIntent != nil {
		st.PaymentIntentID = s.PaymentIntent.ID
	}
	return st
}
