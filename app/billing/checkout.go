package billing

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/stripe"
	"github.com/gamelle/gamelle/projections/checkouts"
)

// StartCommand asks to buy a pack.
type StartCommand struct {
	UserID uuid.UUID
	Email  string
	// Locale of the buyer ("fr", "en"): the Stripe page's language.
	Locale string
	PackID string
	// Currency asked for; empty uses DefaultCurrency (the buyer's preference).
	Currency        string
	DefaultCurrency billing.Currency
	PromoCode       string
	// AmountCents and Tokens, when given, are what the buyer was shown: a different figure
	// (a tampered form, or a price edited meanwhile) refuses the purchase.
	AmountCents *int64
	Tokens      *int64
	// ProductName is the line item's name on the Stripe page ("60 jetons").
	ProductName   func(tokens int64) string
	CorrelationID string
}

// StartResult says where to send the browser.
type StartResult struct {
	CheckoutID  uuid.UUID
	RedirectURL string
}

// FieldError is a purchase refused before anything was written or sent to Stripe: Field is the
// form field, Err one of the domain errors (billing.ErrUnknownPack, ErrPromoUsed, …).
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return fmt.Sprintf("billing: %s: %v", e.Field, e.Err) }

// Unwrap exposes the domain error.
func (e *FieldError) Unwrap() error { return e.Err }

// ProviderError is a Stripe failure while opening the session: the checkout was recorded as
// failed, no tokens; the person may retry.
type ProviderError struct {
	CheckoutID uuid.UUID
	Err        error
}

func (e *ProviderError) Error() string {
	return fmt.Sprintf("billing: checkout %s: %v", e.CheckoutID, e.Err)
}

// Unwrap exposes the provider error (stripe.ErrProvider).
func (e *ProviderError) Unwrap() error { return e.Err }

// PromoSessionLifetime is how long Stripe keeps a session with a promo code open (instead of 24
// hours): the code is held while it is open, and released by its expiry.
const PromoSessionLifetime = time.Hour

// BuyerHistory reads what the promo rules need from the buyer's wallet stream.
func (s *Service) BuyerHistory(ctx context.Context, db eventstore.DBTX, userID uuid.UUID) (billing.BuyerHistory, error) {
	h, _, err := s.walletHistory(ctx, db, userID)
	return h, err
}

// walletHistory is BuyerHistory plus, for each code an open checkout holds, that checkout's id.
func (s *Service) walletHistory(ctx context.Context, db eventstore.DBTX, userID uuid.UUID) (billing.BuyerHistory, map[string]string, error) {
	recorded, err := s.store.Load(ctx, db, ledger.StreamID(userID), 1)
	if err != nil {
		return billing.BuyerHistory{}, nil, fmt.Errorf("billing: wallet of %s: %w", userID, err)
	}
	var h billing.BuyerHistory
	held := map[string]string{} // code → the open checkout holding it
	for _, r := range recorded {
		e, err := ledger.Decode(r.Type, r.Payload)
		if err != nil {
			return billing.BuyerHistory{}, nil, fmt.Errorf("billing: wallet of %s version %d: %w", userID, r.Version, err)
		}
		switch e := e.(type) {
		case ledger.TokensGranted:
			if e.Reason == ledger.ReasonPurchase {
				h.CompletedPurchases++
			}
		case ledger.PromoCodeRedeemed:
			h.RedeemedCodes = append(h.RedeemedCodes, e.Code)
			delete(held, e.Code)
		case ledger.PromoCodeReserved:
			held[e.Code] = e.CheckoutID
		case ledger.PromoCodeReleased:
			if held[e.Code] == e.CheckoutID {
				delete(held, e.Code)
			}
		}
	}
	for code := range held {
		h.PendingCodes = append(h.PendingCodes, code)
	}
	slices.Sort(h.PendingCodes)
	return h, held, nil
}

// cancelAbandoned closes the buyer's checkouts still open at Stripe before a new one starts (a
// person who starts again left the previous payment page; docs/events.md, "Abandoned
// checkouts"): each session is expired at Stripe first, so it can no longer be paid, then the
// checkout is recorded expired, which releases the promo code it held. The checkouts holding a
// code are read from the wallet (exact); the others from the checkouts read model. A checkout
// without a session yet (another start in flight) is left alone, and so is one Stripe will not
// expire (paid meanwhile: its webhook fulfils it and the code stays used); both are logged.
func (s *Service) cancelAbandoned(ctx context.Context, userID uuid.UUID, correlationID string) error {
	_, held, err := s.walletHistory(ctx, s.pool, userID)
	if err != nil {
		return err
	}
	open := map[uuid.UUID]bool{}
	for _, id := range held {
		if cid, err := uuid.Parse(id); err == nil {
			open[cid] = true
		}
	}
	rows, err := checkouts.OpenOfUser(ctx, s.pool, userID)
	if err != nil {
		return err
	}
	for _, id := range rows {
		open[id] = true
	}
	for id := range open {
		if _, err := s.expireAtStripe(ctx, userID, id, eventstore.CommandMeta{Actor: eventstore.UserActor(userID), CorrelationID: correlationID}); err != nil {
			return err
		}
	}
	return nil
}

// expireAtStripe expires the person's open checkout at Stripe and records it expired (releasing
// its promo code). It returns the checkout as it then stands; a checkout already closed, without
// a session, or that Stripe would not expire is returned as it stands (the last two logged).
func (s *Service) expireAtStripe(ctx context.Context, userID, id uuid.UUID, meta eventstore.CommandMeta) (CheckoutView, error) {
	v, session, err := s.openSession(ctx, userID, id)
	if err != nil || v.Status != billing.StatusStarted {
		return v, err
	}
	if session == "" {
		s.log.Info("open checkout without a session left open", "checkout", id)
		return v, nil
	}
	pctx, cancel := context.WithTimeout(ctx, s.opts.ProviderTimeout)
	_, err = s.gateway.ExpireSession(pctx, session)
	cancel()
	if err != nil {
		s.log.Warn("stripe expire session", "checkout", id, "err", err)
		return v, nil
	}
	expire := expireCheckout{checkoutCommand: checkoutCommand{CommandMeta: meta, CheckoutID: id}}
	if err := eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		return s.closeTx(ctx, tx, id, expire)
	}); err != nil {
		return CheckoutView{}, err
	}
	return s.Checkout(ctx, userID, id)
}

// Start validates the purchase, records CheckoutStarted, opens the Stripe session and records
// it. Refusals are *FieldError (nothing written, no Stripe call); a Stripe failure is a
// *ProviderError (the checkout is marked failed).
func (s *Service) Start(ctx context.Context, cmd StartCommand) (StartResult, error) {
	currency := cmd.DefaultCurrency
	if cmd.Currency != "" {
		c, err := billing.ParseCurrency(cmd.Currency)
		if err != nil {
			return StartResult{}, &FieldError{Field: "currency", Err: err}
		}
		currency = c
	}
	if currency == "" {
		currency = billing.EUR
	}
	catalog, err := s.loadCatalog(ctx, s.pool)
	if err != nil {
		return StartResult{}, err
	}
	pack, price, err := catalog.ForSale(cmd.PackID, currency)
	switch {
	case errors.Is(err, billing.ErrUnknownCurrency):
		return StartResult{}, &FieldError{Field: "currency", Err: err}
	case err != nil:
		return StartResult{}, &FieldError{Field: "packId", Err: err}
	}
	if err := s.cancelAbandoned(ctx, cmd.UserID, cmd.CorrelationID); err != nil {
		return StartResult{}, err
	}
	history, err := s.BuyerHistory(ctx, s.pool, cmd.UserID)
	if err != nil {
		return StartResult{}, err
	}
	promo, err := billing.CheckPromo(cmd.PromoCode, history)
	if err != nil {
		return StartResult{}, &FieldError{Field: "promoCode", Err: err}
	}
	input := billing.StartInput{UserID: cmd.UserID, Pack: pack, Currency: currency, PriceCents: price, Promo: promo}
	amount := promo.Apply(price)
	if (cmd.Tokens != nil && *cmd.Tokens != pack.Tokens) || (cmd.AmountCents != nil && *cmd.AmountCents != amount) {
		return StartResult{}, &FieldError{Field: "amountCents", Err: fmt.Errorf("%w: pack %s is %d tokens for %d %s", billing.ErrPriceChanged, pack.ID, pack.Tokens, amount, currency)}
	}
	id, err := uuid.NewV7()
	if err != nil {
		return StartResult{}, fmt.Errorf("billing: checkout id: %w", err)
	}
	meta := eventstore.CommandMeta{Actor: eventstore.UserActor(cmd.UserID), CorrelationID: cmd.CorrelationID}
	base := checkoutCommand{CommandMeta: meta, CheckoutID: id}
	if err := s.startTx(ctx, startCheckout{checkoutCommand: base, Input: input}); err != nil {
		return StartResult{}, err
	}

	params := stripe.SessionParams{
		CheckoutID: id.String(), IdempotencyKey: "checkout-session:" + id.String(),
		Currency: string(currency), UnitAmountCents: price, CustomerEmail: cmd.Email, Locale: cmd.Locale,
		SuccessURL: s.opts.AppURL + "/stripe/success?checkout=" + url.QueryEscape(id.String()),
		CancelURL:  s.opts.AppURL + "/stripe/error?checkout=" + url.QueryEscape(id.String()) + "&reason=cancelled",
	}
	if cmd.ProductName != nil {
		params.ProductName = cmd.ProductName(pack.Tokens)
	} else {
		params.ProductName = fmt.Sprintf("%d tokens", pack.Tokens)
	}
	if promo.Code != "" {
		params.Coupon = &stripe.Coupon{ID: promo.Code, PercentOff: promo.Percent}
		params.ExpiresAt = s.opts.Now().Add(PromoSessionLifetime)
	}
	if s.addresses != nil {
		// A prefill is a convenience: failing to read it never blocks the purchase.
		name, addr, err := s.addresses(ctx, cmd.UserID)
		if err != nil {
			s.log.Warn("billing address for checkout prefill", "checkout", id, "err", err)
		} else {
			params.CustomerName, params.BillingAddress = name, addr
		}
	}
	pctx, cancel := context.WithTimeout(ctx, s.opts.ProviderTimeout)
	session, perr := s.gateway.CreateSession(pctx, params)
	cancel()
	if perr != nil {
		s.log.Error("stripe checkout session", "checkout", id, "err", perr)
		fail := failCheckout{checkoutCommand: base, Reason: billing.FailureProvider}
		if err := eventstore.RetryInTx(context.WithoutCancel(ctx), s.pool, func(tx pgx.Tx) error {
			return s.closeTx(context.WithoutCancel(ctx), tx, id, fail)
		}); err != nil {
			return StartResult{}, errors.Join(perr, err)
		}
		return StartResult{}, &ProviderError{CheckoutID: id, Err: perr}
	}
	if _, err := s.checkouts.Run(ctx, openSession{checkoutCommand: base, SessionID: session.ID, TestMode: s.local}); err != nil {
		return StartResult{}, fmt.Errorf("billing: record session of %s: %w", id, err)
	}
	return StartResult{CheckoutID: id, RedirectURL: session.URL}, nil
}

// startTx records CheckoutStarted and, when it carries a promo code, reserves the code on the
// buyer's wallet in the same transaction: of concurrent checkouts with the code, one holds it and
// the others are refused (*FieldError wrapping billing.ErrPromoPending, or ErrPromoUsed when a
// paid checkout used it meanwhile) with nothing written.
func (s *Service) startTx(ctx context.Context, start startCheckout) error {
	code := start.Input.Promo.Code
	if code == "" {
		if _, err := s.checkouts.Run(ctx, start); err != nil {
			return fmt.Errorf("billing: start checkout: %w", err)
		}
		return nil
	}
	err := eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.checkouts.RunTx(ctx, tx, start); err != nil {
			return fmt.Errorf("billing: start checkout: %w", err)
		}
		meta := start.CommandMeta
		meta.IdempotencyKey = "promo-reserve:" + start.CheckoutID.String()
		return s.ledger.ReservePromoTx(ctx, tx, ledgerapp.ReservePromoCommand{
			CommandMeta: meta, UserID: start.Input.UserID, Code: code, CheckoutID: start.CheckoutID.String(),
		})
	})
	switch {
	case errors.Is(err, ledger.ErrPromoReserved):
		return &FieldError{Field: "promoCode", Err: fmt.Errorf("%w: %w", billing.ErrPromoPending, err)}
	case errors.Is(err, ledger.ErrPromoAlreadyRedeemed):
		return &FieldError{Field: "promoCode", Err: fmt.Errorf("%w: %w", billing.ErrPromoUsed, err)}
	}
	return err
}

// CheckoutView is what the success and error pages show.
type CheckoutView struct {
	ID          uuid.UUID
	UserID      uuid.UUID
	Status      billing.Status
	PackID      string
	Tokens      int64
	AmountCents int64
	Currency    billing.Currency
	PromoCode   string
	TestMode    bool
}

// ErrNotFound: no such checkout for this person.
var ErrNotFound = errors.New("billing: checkout not found")

func viewOf(c *billing.Checkout) CheckoutView {
	st := c.Started()
	return CheckoutView{
		ID: c.ID(), UserID: st.UserID, Status: c.Status(), PackID: st.PackID, Tokens: st.Tokens,
		AmountCents: st.AmountCents, Currency: st.Currency, PromoCode: st.PromoCode, TestMode: c.TestMode(),
	}
}

// Checkout returns the person's checkout as it stands (ErrNotFound for anyone else's).
func (s *Service) Checkout(ctx context.Context, userID, id uuid.UUID) (CheckoutView, error) {
	c, err := s.loadCheckout(ctx, s.pool, id)
	if err != nil {
		return CheckoutView{}, err
	}
	if c.Version() == 0 || c.Started().UserID != userID {
		return CheckoutView{}, ErrNotFound
	}
	return viewOf(c), nil
}

// openSession returns the person's checkout and, while it is still open, its Stripe session id
// (empty once the checkout is closed or before Stripe gave a session).
func (s *Service) openSession(ctx context.Context, userID, id uuid.UUID) (CheckoutView, string, error) {
	v, err := s.Checkout(ctx, userID, id)
	if err != nil || v.Status != billing.StatusStarted {
		return v, "", err
	}
	c, err := s.loadCheckout(ctx, s.pool, id)
	if err != nil {
		return CheckoutView{}, "", err
	}
	return v, c.SessionID(), nil
}

// ConfirmFromSuccessPage fulfils the checkout when Stripe says it is paid, so a late webhook
// does not leave the buyer waiting; the webhook arriving later (or concurrently) changes
// nothing. A Stripe failure here is logged and the checkout shown as it stands.
func (s *Service) ConfirmFromSuccessPage(ctx context.Context, userID, id uuid.UUID) (CheckoutView, error) {
	v, session, err := s.openSession(ctx, userID, id)
	if err != nil || session == "" {
		return v, err
	}
	pctx, cancel := context.WithTimeout(ctx, s.opts.ProviderTimeout)
	st, err := s.gateway.RetrieveSession(pctx, session)
	cancel()
	if err != nil {
		s.log.Warn("stripe retrieve session on success page", "checkout", id, "err", err)
		return v, nil
	}
	if !st.Paid() {
		return v, nil
	}
	pay := billing.Payment{SessionID: st.ID, AmountPaidCents: st.AmountTotal, PaymentIntentID: st.PaymentIntentID}
	if err := eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		return s.completeTx(ctx, tx, id, pay, "success_page")
	}); err != nil {
		return CheckoutView{}, err
	}
	return s.Checkout(ctx, userID, id)
}

// CancelFromErrorPage is the cancel link's landing (the buyer left Stripe's page): the open
// session is expired at Stripe, so it can no longer be paid, and the checkout recorded expired,
// which frees a promo code it held for the retry the page offers. A session Stripe will not
// expire (paid meanwhile, already closed) or a Stripe failure leaves the checkout to its
// webhooks (logged). It returns the checkout as it then stands (ErrNotFound for anyone else's).
func (s *Service) CancelFromErrorPage(ctx context.Context, userID, id uuid.UUID) (CheckoutView, error) {
	return s.expireAtStripe(ctx, userID, id, eventstore.CommandMeta{Actor: eventstore.UserActor(userID)})
}
