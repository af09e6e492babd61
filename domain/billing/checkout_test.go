package billing_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/internal/gwt"
)

// givenCheckout starts a Given/When/Then scenario (internal/gwt) on a checkout.
func givenCheckout(t *testing.T, events ...billing.Event) gwt.Scenario[*billing.Checkout, billing.Event] {
	t.Helper()
	return gwt.Given(t, func(h []billing.Event) *billing.Checkout { return billing.CheckoutFromHistory(uuid.New(), h) }, events...)
}

var (
	buyer   = uuid.MustParse("0190a0a0-0000-7000-8000-000000000001")
	pack60  = billing.DefaultPacks()[1]
	started = billing.CheckoutStarted{UserID: buyer, PackID: "pack-60", Tokens: 60, AmountCents: 1199, Currency: billing.EUR}
	opened  = billing.CheckoutSessionOpened{StripeSessionID: "cs_1"}
	paid    = billing.CheckoutCompleted{StripeEventID: "evt_1", StripeSessionID: "cs_1", AmountPaidCents: 1199, StripePaymentIntentID: "pi_1"}
)

func TestStartRecordsThePriceLessThePromo(t *testing.T) {
	t.Parallel()
	givenCheckout(t).When(func(c *billing.Checkout) error {
		_, err := c.Start(billing.StartInput{UserID: buyer, Pack: pack60, Currency: billing.EUR, PriceCents: 1199})
		return err
	}).Then(started)

	givenCheckout(t).When(func(c *billing.Checkout) error {
		_, err := c.Start(billing.StartInput{UserID: buyer, Pack: pack60, Currency: billing.USD, PriceCents: 1199,
			Promo: billing.Promo{Code: "BIENVENUE30", Percent: 30}})
		return err
	}).Then(billing.CheckoutStarted{UserID: buyer, PackID: "pack-60", Tokens: 60, AmountCents: 839, Currency: billing.USD, PromoCode: "BIENVENUE30"})

	givenCheckout(t, started).When(func(c *billing.Checkout) error {
		_, err := c.Start(billing.StartInput{UserID: buyer, Pack: pack60, Currency: billing.EUR, PriceCents: 1199})
		return err
	}).ThenError(billing.ErrCheckoutClosed)
}

func TestCompleteGrantsOnceWhateverArrivesFirst(t *testing.T) {
	t.Parallel()
	pay := billing.Payment{StripeEventID: "evt_1", SessionID: "cs_1", AmountPaidCents: 1199, PaymentIntentID: "pi_1"}
	var grant bool
	c := givenCheckout(t, started, opened).When(func(c *billing.Checkout) (err error) {
		grant, err = c.Complete(pay)
		return err
	}).Then(paid)
	require.True(t, grant)
	require.Equal(t, billing.StatusCompleted, c.Status())

	// The same report again, or the success page after the webhook: nothing more.
	givenCheckout(t, started, opened, paid).When(func(c *billing.Checkout) (err error) {
		grant, err = c.Complete(billing.Payment{SessionID: "cs_1", AmountPaidCents: 1199})
		return err
	}).Then()
	require.False(t, grant)

	givenCheckout(t).When(func(c *billing.Checkout) error {
		_, err := c.Complete(pay)
		return err
	}).ThenError(billing.ErrNotStarted)
}

func TestFailedOrExpiredCheckoutsNeverComplete(t *testing.T) {
	t.Parallel()
	givenCheckout(t, started, opened).When(func(c *billing.Checkout) error {
		return c.Expire("evt_2")
	}).Then(billing.CheckoutExpired{StripeEventID: "evt_2"})
	givenCheckout(t, started).When(func(c *billing.Checkout) error {
		return c.Fail(billing.FailureProvider, "")
	}).Then(billing.CheckoutFailed{Reason: billing.FailureProvider})
	// A late expiry or failure does not undo a completed purchase.
	givenCheckout(t, started, opened, paid).When(func(c *billing.Checkout) error {
		return c.Expire("evt_3")
	}).Then()
	givenCheckout(t, started, opened, paid).When(func(c *billing.Checkout) error {
		return c.Fail(billing.FailurePaymentFailed, "evt_4")
	}).Then()
	// Replayed expiry: recorded once.
	givenCheckout(t, started, billing.CheckoutExpired{StripeEventID: "evt_2"}).When(func(c *billing.Checkout) error {
		return c.Expire("evt_2")
	}).Then()
}

func TestRefundAsksBackTheRefundedShareOnce(t *testing.T) {
	t.Parallel()
	c := billing.CheckoutFromHistory(uuid.New(), []billing.Event{started, opened, paid})
	// Half refunded: 30 of 60 tokens due.
	due, err := c.TokensDueForRefund(600)
	require.NoError(t, err)
	require.Equal(t, int64(30), due)

	half := billing.CheckoutRefunded{StripeEventID: "evt_r1", StripeChargeID: "ch_1", AmountRefundedCents: 600, TokensDue: 30, TokensRevoked: 12}
	givenCheckout(t, started, opened, paid).When(func(c *billing.Checkout) error {
		return c.Refund("evt_r1", "ch_1", 600, 30, 12)
	}).Then(half)

	// The rest refunded later: the remaining 30 are due, whatever the first revoked.
	c = billing.CheckoutFromHistory(uuid.New(), []billing.Event{started, opened, paid, half})
	due, err = c.TokensDueForRefund(1199)
	require.NoError(t, err)
	require.Equal(t, int64(30), due)

	// A replay of the first refund asks nothing and records nothing.
	due, err = c.TokensDueForRefund(600)
	require.NoError(t, err)
	require.Zero(t, due)
	givenCheckout(t, started, opened, paid, half).When(func(c *billing.Checkout) error {
		return c.Refund("evt_r1", "ch_1", 600, 0, 0)
	}).Then()

	givenCheckout(t, started, opened, paid).When(func(c *billing.Checkout) error {
		return c.Refund("evt_r1", "ch_1", 1199, 60, 61)
	}).ThenError(billing.ErrInvalidRefund)
	givenCheckout(t, started).When(func(c *billing.Checkout) error {
		return c.Refund("evt_r1", "ch_1", 1199, 60, 60)
	}).ThenError(billing.ErrNotCompleted)
}

// A refund total above the payment (1199 cents) is recorded as the payment: the pack's tokens
// are due once, and a larger total again records nothing.
func TestRefundIsNeverMoreThanThePayment(t *testing.T) {
	t.Parallel()
	c := billing.CheckoutFromHistory(uuid.New(), []billing.Event{started, opened, paid})
	total, clamped := c.RefundedWithin(500_000)
	require.Equal(t, int64(1199), total)
	require.True(t, clamped)
	total, clamped = c.RefundedWithin(1199)
	require.Equal(t, int64(1199), total)
	require.False(t, clamped)
	due, err := c.TokensDueForRefund(500_000)
	require.NoError(t, err)
	require.Equal(t, int64(60), due)

	all := billing.CheckoutRefunded{StripeEventID: "evt_r1", StripeChargeID: "ch_1", AmountRefundedCents: 1199, TokensDue: 60, TokensRevoked: 60}
	givenCheckout(t, started, opened, paid).When(func(c *billing.Checkout) error {
		return c.Refund("evt_r1", "ch_1", 500_000, 60, 60)
	}).Then(all)
	givenCheckout(t, started, opened, paid, all).When(func(c *billing.Checkout) error {
		return c.Refund("evt_r2", "ch_1", 900_000, 0, 0)
	}).Then()
}

func TestEventsRoundTrip(t *testing.T) {
	t.Parallel()
	for _, e := range []billing.Event{started, opened, paid, billing.CheckoutFailed{Reason: "x"}, billing.CheckoutExpired{StripeEventID: "e"},
		billing.CheckoutRefunded{AmountRefundedCents: 1}, billing.PackSaved{PackID: "p", Tokens: 1, Prices: map[billing.Currency]int64{billing.EUR: 1}},
		billing.PackRetired{PackID: "p"}} {
		b, err := jsonMarshal(e)
		require.NoError(t, err)
		got, err := billing.Decode(e.EventType(), b)
		require.NoError(t, err)
		require.Equal(t, e, got)
	}
	_, err := billing.Decode("Nope.v1", []byte(`{}`))
	require.ErrorIs(t, err, billing.ErrUnknownEventType)
}
