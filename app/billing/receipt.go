package billing

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/integrations/stripe"
)

// Recipient is who receives a purchase receipt.
type Recipient struct {
	Email  string
	Name   string
	Locale string
}

// RecipientFunc finds the buyer's address and language (identity owns them) through q, the
// fulfilment's transaction: it must not take another connection from the pool, since a
// transaction waiting for a second connection while others wait for its locks (or for its
// connection) stalls every payment and then the whole process.
type RecipientFunc func(ctx context.Context, q eventstore.DBTX, userID uuid.UUID) (Recipient, error)

// WithRecipients makes completed purchases send a receipt through the email job.
func (s *Service) WithRecipients(f RecipientFunc) *Service {
	s.recipients = f
	return s
}

// BillingAddressFunc returns the buyer's name and saved billing address (nil when none), to
// prefill Stripe's page.
type BillingAddressFunc func(ctx context.Context, userID uuid.UUID) (name string, addr *stripe.Address, err error)

// WithBillingAddresses prefills Stripe's page with the buyer's saved billing address.
func (s *Service) WithBillingAddresses(f BillingAddressFunc) *Service {
	s.addresses = f
	return s
}

// queueReceipt reads the recipient and inserts the receipt email job in the fulfilment
// transaction, on its connection: the email exists exactly when the purchase was committed, and
// once.
func (s *Service) queueReceipt(ctx context.Context, tx pgx.Tx, c *billing.Checkout) error {
	if s.recipients == nil || s.jobs == nil {
		return nil
	}
	st := c.Started()
	r, err := s.recipients(ctx, tx, st.UserID)
	if err != nil {
		return fmt.Errorf("billing: receipt recipient of %s: %w", c.ID(), err)
	}
	args := identityapp.SendEmailArgs{
		Template: mail.KindPurchaseReceipt, To: r.Email, Locale: r.Locale,
		Data: mail.Data{Name: r.Name, Tokens: st.Tokens, Amount: FormatMoney(c.AmountPaidOr(st.AmountCents), st.Currency, r.Locale), Link: s.opts.AppURL + "/dashboard/general"},
	}
	// The address and the name wait sealed, as in every email job (identity's sealed.go).
	if args, err = identityapp.SealEmailArgs(s.opts.AppKey, args); err != nil {
		return fmt.Errorf("billing: seal receipt of %s: %w", c.ID(), err)
	}
	if _, err := s.jobs.InsertTx(ctx, tx, args, nil); err != nil {
		return fmt.Errorf("billing: queue receipt of %s: %w", c.ID(), err)
	}
	return nil
}

// FormatMoney writes cents the way each language writes prices, the same way as the frontend's
// formatMoney: "1 234,50 €" / "€1,234.50", "8,39 $US" / "$8.39" (a narrow no-break space between
// French thousands, the minus sign U+2212 before a negative amount).
func FormatMoney(cents int64, currency billing.Currency, locale string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "\u2212", -cents
	}
	units, frac := cents/100, cents%100
	if strings.HasPrefix(locale, "fr") {
		sym := map[billing.Currency]string{billing.EUR: "€", billing.USD: "$US"}[currency]
		return fmt.Sprintf("%s%s,%02d\u00a0%s", sign, group(units, "\u202f"), frac, sym)
	}
	sym := map[billing.Currency]string{billing.EUR: "€", billing.USD: "$"}[currency]
	return fmt.Sprintf("%s%s%s.%02d", sign, sym, group(units, ","), frac)
}

// group writes n with sep between each group of three digits.
func group(n int64, sep string) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + sep + s[i:]
	}
	return s
}
