package eventstore

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// EventData is an event about to be appended.
type EventData struct {
	// Type is the stable, versioned name, e.g. "TokensGranted.v1".
	Type string
	// Payload is the JSON document. It must not carry personal data (docs/events.md).
	Payload json.RawMessage
}

// NewEvent marshals v as the payload of an event of the given type.
func NewEvent(eventType string, v any) (EventData, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return EventData{}, fmt.Errorf("eventstore: marshal %s: %w", eventType, err)
	}
	return EventData{Type: eventType, Payload: b}, nil
}

// Metadata travels with every event of one append. Only ids and technical strings: no personal data.
type Metadata struct {
	// Actor is who caused the change: UserActor(id) for a person (an administrator included),
	// ActorSystem, "stripe", or "cli:<os user>" (docs/events.md).
	Actor string `json:"actor,omitempty"`
	// CausationID is the id of the command, message or job that caused the event.
	CausationID string `json:"causationId,omitempty"`
	// CorrelationID ties together everything caused by one original request.
	CorrelationID string `json:"correlationId,omitempty"`
	// IdempotencyKey is the key the append was made under, if any.
	IdempotencyKey string `json:"idempotencyKey,omitempty"`
}

// ActorSystem is the actor of a change the application makes on its own (a bonus, a refund).
const ActorSystem = "system"

// userActorPrefix starts the actor of a change a person asked for.
const userActorPrefix = "user:"

// UserActor is the actor of a change person id asked for: "user:<id>", the one form written.
func UserActor(id uuid.UUID) string { return userActorPrefix + id.String() }

// ActorUser returns the person an actor names. It reads "user:<id>" and also the bare id that
// administrators' grants and checkouts recorded before the form was one, so old events stay
// readable without rewriting them.
func ActorUser(actor string) (uuid.UUID, bool) {
	id, err := uuid.Parse(strings.TrimPrefix(actor, userActorPrefix))
	return id, err == nil
}

// RecordedEvent is an event as stored.
type RecordedEvent struct {
	// Position is the global position, unique and increasing in insertion order. Consumers see
	// events in (TransactionID, Position) order, which may differ across streams (see the docs).
	Position int64
	// TransactionID is the PostgreSQL transaction (xid8) that appended the event.
	TransactionID uint64
	EventID       uuid.UUID
	StreamID      string
	// Version is the event's 1-based number inside its stream.
	Version    int64
	Type       string
	Payload    json.RawMessage
	Metadata   Metadata
	RecordedAt time.Time
}

// Decode unmarshals the payload into v.
func (e RecordedEvent) Decode(v any) error {
	if err := json.Unmarshal(e.Payload, v); err != nil {
		return fmt.Errorf("eventstore: decode %s at position %d: %w", e.Type, e.Position, err)
	}
	return nil
}

// Head is the cheap summary of a stream: its version and last event.
type Head struct {
	StreamID string
	// Version is 0 for a stream with no events.
	Version int64
	// Last is nil for a stream with no events.
	Last *RecordedEvent
}

// AppendResult is the outcome of an append, or of the first append made under the same
// idempotency key when Duplicate is true.
type AppendResult struct {
	StreamID     string
	FirstVersion int64
	LastVersion  int64
	// Events are the appended events with their positions, in stream order.
	Events []RecordedEvent
	// Duplicate is true when nothing was appended because the idempotency key had been used
	// for the same request before; Events are then the events of that first append.
	Duplicate bool
}

// LastPosition is the highest global position among the appended events (what to WaitFor).
func (r AppendResult) LastPosition() int64 {
	var p int64
	for _, e := range r.Events {
		p = max(p, e.Position)
	}
	return p
}
