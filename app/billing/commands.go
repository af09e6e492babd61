package billing

import (
	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/eventstore"
)

// The billing aggregates as the event store's command runner builds them.
var (
	checkoutType = eventstore.AggregateType[*billing.Checkout, billing.Event]{
		Name:   "checkout",
		Decode: func(e eventstore.RecordedEvent) (billing.Event, error) { return billing.Decode(e.Type, e.Payload) },
		FromHistory: func(stream string, events []billing.Event) (*billing.Checkout, error) {
			id, err := billing.CheckoutIDFromStream(stream)
			if err != nil {
				return nil, err
			}
			return billing.CheckoutFromHistory(id, events), nil
		},
	}
	catalogType = eventstore.AggregateType[*billing.Catalog, billing.Event]{
		Name:   "pack catalogue",
		Decode: func(e eventstore.RecordedEvent) (billing.Event, error) { return billing.Decode(e.Type, e.Payload) },
		FromHistory: func(_ string, events []billing.Event) (*billing.Catalog, error) {
			return billing.CatalogFromHistory(events), nil
		},
	}
)

// Catalogue commands (stream "packs").

type seedCatalog struct{ eventstore.CommandMeta }

func (seedCatalog) CommandName() string             { return "billing.seed_catalog" }
func (seedCatalog) StreamID() string                { return billing.CatalogStream }
func (seedCatalog) Decide(c *billing.Catalog) error { return c.SeedDefaults() }

type savePack struct {
	eventstore.CommandMeta
	Input billing.PackInput `json:"input"`
}

func (savePack) CommandName() string { return "billing.save_pack" }
func (savePack) StreamID() string    { return billing.CatalogStream }
func (c savePack) Decide(cat *billing.Catalog) error {
	_, err := cat.Save(c.Input)
	return err
}

type retirePack struct {
	eventstore.CommandMeta
	PackID string `json:"packId"`
}

func (retirePack) CommandName() string { return "billing.retire_pack" }
func (retirePack) StreamID() string    { return billing.CatalogStream }
func (c retirePack) Decide(cat *billing.Catalog) error {
	_, err := cat.Retire(c.PackID)
	return err
}

// Checkout commands (stream "checkout-<id>").

type checkoutCommand struct {
	eventstore.CommandMeta
	CheckoutID uuid.UUID `json:"checkoutId"`
}

func (c checkoutCommand) StreamID() string { return billing.CheckoutStreamID(c.CheckoutID) }

type startCheckout struct {
	checkoutCommand
	Input billing.StartInput `json:"input"`
}

func (startCheckout) CommandName() string { return "billing.start_checkout" }
func (c startCheckout) Decide(co *billing.Checkout) error {
	_, err := co.Start(c.Input)
	return err
}

type openSession struct {
	checkoutCommand
	SessionID string `json:"sessionId"`
	TestMode  bool   `json:"testMode"`
}

func (openSession) CommandName() string { return "billing.open_session" }
func (c openSession) Decide(co *billing.Checkout) error {
	return co.OpenSession(c.SessionID, c.TestMode)
}

type completeCheckout struct {
	checkoutCommand
	Payment billing.Payment `json:"payment"`
}

func (completeCheckout) CommandName() string { return "billing.complete_checkout" }
func (c completeCheckout) Decide(co *billing.Checkout) error {
	_, err := co.Complete(c.Payment)
	return err
}

type failCheckout struct {
	checkoutCommand
	Reason        string `json:"reason"`
	StripeEventID string `json:"stripeEventId"`
}

func (failCheckout) CommandName() string { return "billing.fail_checkout" }
func (c failCheckout) Decide(co *billing.Checkout) error {
	return co.Fail(c.Reason, c.StripeEventID)
}

type expireCheckout struct {
	checkoutCommand
	StripeEventID string `json:"stripeEventId"`
}

func (expireCheckout) CommandName() string { return "billing.expire_checkout" }
func (c expireCheckout) Decide(co *billing.Checkout) error {
	return co.Expire(c.StripeEventID)
}

type refundCheckout struct {
	checkoutCommand
	StripeEventID string `json:"stripeEventId"`
	ChargeID      string `json:"chargeId"`
	RefundedCents int64  `json:"refundedCents"`
	Due           int64  `json:"due"`
	Revoked       int64  `json:"revoked"`
}

func (refundCheckout) CommandName() string { return "billing.refund_checkout" }
func (c refundCheckout) Decide(co *billing.Checkout) error {
	return co.Refund(c.StripeEventID, c.ChargeID, c.RefundedCents, c.Due, c.Revoked)
}
