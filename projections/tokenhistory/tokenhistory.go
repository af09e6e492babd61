// Package tokenhistory is the "token_history" read model: one row per ledger event, for the
// admin audit and a person's own history, and token_history_daily, the same rows summed per UTC
// day and reason (the audit's totals and the statistics), written in the same transaction.
package tokenhistory

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// Name is the projection's name and consumer group.
const Name = "token_history"

// Projection writes the token_history table.
type Projection struct{}

// New returns the projection.
func New() Projection { return Projection{} }

// Name implements projections.Projection.
func (Projection) Name() string { return Name }

// Tables implements projections.Projection.
func (Projection) Tables() []string { return []string{"token_history", "token_history_daily"} }

// Handles implements projections.Projection.
func (Projection) Handles(eventType string) bool { return ledger.IsLedgerEvent(eventType) }

// Entry is one row of a wallet's history.
type Entry struct {
	EventID      uuid.UUID
	Position     int64
	UserID       uuid.UUID
	Version      int64
	EventType    string
	Delta        int64
	Reason       string
	Ref          string
	BalanceAfter int64
	Actor        string
	OccurredAt   time.Time
}

func entryOf(e eventstore.RecordedEvent) (Entry, error) {
	user, err := ledger.UserIDFromStream(e.StreamID)
	if err != nil {
		return Entry{}, err
	}
	ev, err := ledger.Decode(e.Type, e.Payload)
	if err != nil {
		return Entry{}, err
	}
	en := Entry{
		EventID: e.EventID, Position: e.Position, UserID: user, Version: e.Version, EventType: e.Type,
		Delta: ev.Delta(), BalanceAfter: ev.BalanceAfterEvent(), Actor: e.Metadata.Actor, OccurredAt: e.RecordedAt,
	}
	switch v := ev.(type) {
	case ledger.TokensGranted:
		en.Reason, en.Ref = string(v.Reason), v.Ref
	case ledger.TokensCharged:
		en.Reason, en.Ref = string(v.Reason), v.Ref
	case ledger.TokensRevoked:
		en.Reason, en.Ref = string(v.Reason), v.Ref
	case ledger.PromoCodeRedeemed:
		en.Reason, en.Ref = "promo_code:"+v.Code, v.CheckoutID
	}
	return en, nil
}

// Apply inserts one row per event, keyed by event id, so a redelivered event changes nothing.
func (p Projection) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	b := &pgx.Batch{}
	if err := p.QueueApply(b, events); err != nil {
		return err
	}
	if b.Len() == 0 {
		return nil
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("token_history: insert: %w", err)
	}
	return nil
}

// QueueApply queues Apply's statement on b (projections.Queuer): the live runner sends it in one
// round trip with the other projections' statements and the checkpoint update.
func (Projection) QueueApply(b *pgx.Batch, events []eventstore.RecordedEvent) error {
	var (
		ids, users                []pgtype.UUID
		positions, versions       []int64
		deltas, balances          []int64
		types, reasons, refs, who []string
		ats                       []time.Time
	)
	for _, e := range events {
		if !ledger.IsLedgerEvent(e.Type) {
			continue
		}
		en, err := entryOf(e)
		if err != nil {
			return fmt.Errorf("token_history: position %d: %w", e.Position, err)
		}
		// pgtype.UUID: uuid.UUID would go through driver.Valuer (a string, parsed again).
		ids, positions = append(ids, pgtype.UUID{Bytes: en.EventID, Valid: true}), append(positions, en.Position)
		users, versions = append(users, pgtype.UUID{Bytes: en.UserID, Valid: true}), append(versions, en.Version)
		types, deltas, reasons, refs = append(types, en.EventType), append(deltas, en.Delta), append(reasons, en.Reason), append(refs, en.Ref)
		balances, who, ats = append(balances, en.BalanceAfter), append(who, en.Actor), append(ats, en.OccurredAt)
	}
	if len(ids) == 0 {
		return nil
	}
	// The daily totals count only the rows this statement inserted (RETURNING), so a redelivered
	// event adds nothing there either.
	b.Queue(`
		WITH inserted AS (
			INSERT INTO token_history (event_id, position, user_id, version, event_type, delta, reason, ref, balance_after, actor, occurred_at)
			SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::uuid[], $4::bigint[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::bigint[], $10::text[], $11::timestamptz[])
			ON CONFLICT (event_id) DO NOTHING
			RETURNING occurred_at, reason, delta)
		`+addToDaily("inserted"), ids, positions, users, versions, types, deltas, reasons, refs, balances, who, ats)
	return nil
}

// ApplyRebuild implements projections.Rebuilder: during a rebuild the tables were emptied and
// each event is applied exactly once (the checkpoint row is locked per batch), so COPY is safe
// and several times faster than INSERT … ON CONFLICT.
func (Projection) ApplyRebuild(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	rows := make([][]any, 0, len(events))
	var (
		ats     []time.Time
		reasons []string
		deltas  []int64
	)
	for _, e := range events {
		if !ledger.IsLedgerEvent(e.Type) {
			continue
		}
		en, err := entryOf(e)
		if err != nil {
			return fmt.Errorf("token_history: position %d: %w", e.Position, err)
		}
		// pgtype.UUID: uuid.UUID would go through driver.Valuer (a string, parsed again).
		rows = append(rows, []any{pgtype.UUID{Bytes: en.EventID, Valid: true}, en.Position, pgtype.UUID{Bytes: en.UserID, Valid: true},
			en.Version, en.EventType, en.Delta, en.Reason, en.Ref, en.BalanceAfter, en.Actor, en.OccurredAt})
		ats, reasons, deltas = append(ats, en.OccurredAt), append(reasons, en.Reason), append(deltas, en.Delta)
	}
	if len(rows) == 0 {
		return nil
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"token_history"},
		[]string{"event_id", "position", "user_id", "version", "event_type", "delta", "reason", "ref", "balance_after", "actor", "occurred_at"},
		pgx.CopyFromRows(rows))
	if err != nil {
		return fmt.Errorf("token_history: copy %d rows: %w", len(rows), err)
	}
	_, err = tx.Exec(ctx, `WITH copied AS (SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::bigint[]) AS c(occurred_at, reason, delta)) `+
		addToDaily("copied"), ats, reasons, deltas)
	if err != nil {
		return fmt.Errorf("token_history: daily totals of %d rows: %w", len(rows), err)
	}
	return nil
}

// addToDaily is the statement that adds rows (a relation with occurred_at, reason and delta) to
// token_history_daily, the per UTC day and reason totals: the live and the rebuild paths share
// it, so both define a day the same way.
func addToDaily(rows string) string {
	return `
		INSERT INTO token_history_daily AS d (day, reason, entries, positive_entries, negative_entries, credits, debits)
		SELECT (occurred_at AT TIME ZONE 'UTC')::date, reason, count(*), count(*) FILTER (WHERE delta > 0),
		       count(*) FILTER (WHERE delta < 0), coalesce(sum(delta) FILTER (WHERE delta > 0), 0),
		       coalesce(-sum(delta) FILTER (WHERE delta < 0), 0)
		FROM ` + rows + ` GROUP BY 1, 2
		ON CONFLICT (day, reason) DO UPDATE SET
			entries = d.entries + excluded.entries, positive_entries = d.positive_entries + excluded.positive_entries,
			negative_entries = d.negative_entries + excluded.negative_entries,
			credits = d.credits + excluded.credits, debits = d.debits + excluded.debits`
}

// ForUser returns a wallet's history, newest first, at most limit rows.
func ForUser(ctx context.Context, db eventstore.DBTX, userID uuid.UUID, limit int) ([]Entry, error) {
	return query(ctx, db, `WHERE user_id = $1 ORDER BY occurred_at DESC, version DESC LIMIT $2`, userID, limit)
}

func query(ctx context.Context, db eventstore.DBTX, where string, args ...any) ([]Entry, error) {
	rows, err := db.Query(ctx, `SELECT event_id, position, user_id, version, event_type, delta, reason, ref, balance_after, actor, occurred_at FROM token_history `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("token_history: query: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Entry, error) {
		var e Entry
		err := r.Scan(&e.EventID, &e.Position, &e.UserID, &e.Version, &e.EventType, &e.Delta, &e.Reason, &e.Ref, &e.BalanceAfter, &e.Actor, &e.OccurredAt)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("token_history: query: %w", err)
	}
	return out, nil
}
