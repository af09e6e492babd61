package admin

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections/checkouts"
	"github.com/gamelle/gamelle/projections/mealpreps"
)

// PeopleSearchLimit bounds the people search's answer.
const PeopleSearchLimit = 50

// SearchPeople finds accounts by email, name or id (empty q: the newest).
func (s *Service) SearchPeople(ctx context.Context, q string) ([]identityapp.Person, error) {
	return s.identity.SearchPeople(ctx, q, PeopleSearchLimit)
}

// Purchase is one checkout of a person as the admin sees it.
type Purchase struct {
	CheckoutID uuid.UUID `json:"checkoutId"`
	PackID     string    `json:"packId"`
	Tokens     int64     `json:"tokens"`
	Currency   string    `json:"currency"`
	// AmountDueCents is the price asked (after a promo code): what a pending checkout awaits.
	AmountDueCents  int64     `json:"amountDueCents"`
	AmountPaidCents int64     `json:"amountPaidCents"`
	RefundedCents   int64     `json:"refundedCents"`
	TokensRevoked   int64     `json:"tokensRevoked"`
	Status          string    `json:"status"`
	PromoCode       string    `json:"promoCode"`
	StartedAt       time.Time `json:"startedAt"`
}

// PersonDetail is everything the admin's page about one person shows.
type PersonDetail struct {
	Person    identityapp.Person `json:"person"`
	Balance   int64              `json:"balance"`
	MealPreps int64              `json:"mealPreps"`
	Purchases []Purchase         `json:"purchases"`
	History   []AuditEntry       `json:"history"`
	Actions   []Action           `json:"actions"`
}

// Person loads one account's admin page; identityapp.ErrNotFound when there is none.
func (s *Service) Person(ctx context.Context, id uuid.UUID) (PersonDetail, error) {
	people, err := s.identity.PeopleByID(ctx, []uuid.UUID{id})
	if err != nil {
		return PersonDetail{}, err
	}
	p, ok := people[id]
	if !ok {
		return PersonDetail{}, identityapp.ErrNotFound
	}
	d := PersonDetail{Person: p}
	// The stream head, not the read model: an admin who just granted tokens sees them at once.
	if d.Balance, err = s.ledger.Balance(ctx, id); err != nil {
		return PersonDetail{}, err
	}
	if d.MealPreps, err = mealpreps.CountOfOwner(ctx, s.pool, id); err != nil {
		return PersonDetail{}, err
	}
	rows, err := checkouts.OfUser(ctx, s.pool, id, 50)
	if err != nil {
		return PersonDetail{}, err
	}
	d.Purchases = make([]Purchase, 0, len(rows))
	for _, r := range rows {
		d.Purchases = append(d.Purchases, Purchase{
			CheckoutID: r.CheckoutID, PackID: r.PackID, Tokens: r.Tokens, Currency: r.Currency, AmountDueCents: r.AmountCents, AmountPaidCents: r.AmountPaidCents,
			RefundedCents: r.RefundedCents, TokensRevoked: r.TokensRevoked, Status: r.Status, PromoCode: r.PromoCode, StartedAt: r.StartedAt,
		})
	}
	page, err := s.Audit(ctx, AuditQuery{User: id.String()})
	if err != nil {
		return PersonDetail{}, err
	}
	d.History = page.Entries
	if d.Actions, err = s.RecentActions(ctx, &id, 50); err != nil {
		return PersonDetail{}, err
	}
	return d, nil
}

// StreamEvents is one stream's raw events, for the event inspector.
type StreamEvents struct {
	StreamID string     `json:"streamId"`
	Kind     string     `json:"kind"` // wallet, mealprep or household
	Events   []RawEvent `json:"events"`
}

// RawEvent is an event as stored, metadata included.
type RawEvent struct {
	Position int64  `json:"position"`
	Version  int64  `json:"version"`
	Type     string `json:"type"`
	Payload  string `json:"payload"`
	Actor    string `json:"actor"`
	// ActorName names the actor for a reader (see ActorName).
	ActorName     string    `json:"actorName"`
	CausationID   string    `json:"causationId"`
	CorrelationID string    `json:"correlationId"`
	Idempotency   string    `json:"idempotencyKey"`
	RecordedAt    time.Time `json:"recordedAt"`
}

// maxInspectedEvents bounds one stream's listing in the inspector.
const maxInspectedEvents = 500

// Events returns the raw events of a person's wallet and meal-prep streams. It works for a
// deleted account too: the streams are pseudonymous and stay.
func (s *Service) Events(ctx context.Context, id uuid.UUID) ([]StreamEvents, error) {
	streams := []StreamEvents{{StreamID: ledger.StreamID(id), Kind: "wallet"}}
	preps, err := mealpreps.IDsOfOwner(ctx, s.pool, id)
	if err != nil {
		return nil, err
	}
	for _, p := range preps {
		streams = append(streams, StreamEvents{StreamID: mealprep.StreamID(p), Kind: "mealprep"})
	}
	streams = append(streams, StreamEvents{StreamID: household.StreamID(id), Kind: "household"})
	actors := map[uuid.UUID]bool{}
	for i := range streams {
		evs, err := s.store.Load(ctx, s.pool, streams[i].StreamID, 1)
		if err != nil {
			return nil, fmt.Errorf("admin: events of %s: %w", streams[i].StreamID, err)
		}
		if len(evs) > maxInspectedEvents {
			evs = evs[len(evs)-maxInspectedEvents:]
		}
		streams[i].Events = make([]RawEvent, 0, len(evs))
		for _, e := range evs {
			streams[i].Events = append(streams[i].Events, rawOf(e))
			if id, ok := actorID(e.Metadata.Actor); ok {
				actors[id] = true
			}
		}
	}
	// A person who never added anyone has no household stream to show.
	streams = slices.DeleteFunc(streams, func(s StreamEvents) bool { return s.Kind == "household" && len(s.Events) == 0 })
	ids := make([]uuid.UUID, 0, len(actors))
	for id := range actors {
		ids = append(ids, id)
	}
	people, err := s.identity.PeopleByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range streams {
		for j := range streams[i].Events {
			streams[i].Events[j].ActorName = ActorName(streams[i].Events[j].Actor, people)
		}
	}
	return streams, nil
}

func rawOf(e eventstore.RecordedEvent) RawEvent {
	return RawEvent{
		Position: e.Position, Version: e.Version, Type: e.Type, Payload: string(e.Payload), Actor: e.Metadata.Actor,
		CausationID: e.Metadata.CausationID, CorrelationID: e.Metadata.CorrelationID, Idempotency: e.Metadata.IdempotencyKey,
		RecordedAt: e.RecordedAt,
	}
}
