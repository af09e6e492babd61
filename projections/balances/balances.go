// Package balances is the "balances" read model: one row per wallet with its balance.
package balances

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// Name is the projection's name and consumer group.
const Name = "balances"

// Projection writes the balances table.
type Projection struct{}

// New returns the projection.
func New() Projection { return Projection{} }

// Name implements projections.Projection.
func (Projection) Name() string { return Name }

// Tables implements projections.Projection.
func (Projection) Tables() []string { return []string{"balances"} }

// Handles implements projections.Projection.
func (Projection) Handles(eventType string) bool { return ledger.IsLedgerEvent(eventType) }

// Apply upserts each wallet's latest balance. The version guard makes a repeated or older event a
// no-op, so redelivery and replays cannot move a balance backwards. A batch is reduced to one row
// per wallet first, which is what makes rebuilds fast.
func (p Projection) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	b := &pgx.Batch{}
	if err := p.QueueApply(b, events); err != nil {
		return err
	}
	if b.Len() == 0 {
		return nil
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("balances: upsert: %w", err)
	}
	return nil
}

// QueueApply queues Apply's statement on b (projections.Queuer): the live runner sends it in one
// round trip with the other projections' statements and the checkpoint update.
func (Projection) QueueApply(b *pgx.Batch, events []eventstore.RecordedEvent) error {
	type row struct {
		balance, version int64
		at               time.Time
	}
	latest := map[uuid.UUID]row{}
	for _, e := range events {
		if !ledger.IsLedgerEvent(e.Type) {
			continue
		}
		user, err := ledger.UserIDFromStream(e.StreamID)
		if err != nil {
			return fmt.Errorf("balances: %w", err)
		}
		ev, err := ledger.Decode(e.Type, e.Payload)
		if err != nil {
			return fmt.Errorf("balances: position %d: %w", e.Position, err)
		}
		if r, ok := latest[user]; !ok || e.Version > r.version {
			latest[user] = row{balance: ev.BalanceAfterEvent(), version: e.Version, at: e.RecordedAt}
		}
	}
	if len(latest) == 0 {
		return nil
	}
	// pgtype.UUID: uuid.UUID would go through driver.Valuer (a string per element, parsed again).
	users := make([]pgtype.UUID, 0, len(latest))
	bals := make([]int64, 0, len(latest))
	vers := make([]int64, 0, len(latest))
	ats := make([]time.Time, 0, len(latest))
	for u, r := range latest {
		users, bals, vers, ats = append(users, pgtype.UUID{Bytes: u, Valid: true}), append(bals, r.balance), append(vers, r.version), append(ats, r.at)
	}
	b.Queue(`
		INSERT INTO balances (user_id, balance, version, updated_at)
		SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::timestamptz[])
		ON CONFLICT (user_id) DO UPDATE
		SET balance = excluded.balance, version = excluded.version, updated_at = excluded.updated_at
		WHERE balances.version < excluded.version`, users, bals, vers, ats)
	return nil
}

// Get reads one wallet's projected balance (0, false when the projection has not seen it).
// Pages that must show a person's own fresh balance read the stream head instead (wallets.Balance).
func Get(ctx context.Context, db eventstore.DBTX, userID uuid.UUID) (int64, bool, error) {
	var b int64
	err := db.QueryRow(ctx, `SELECT balance FROM balances WHERE user_id = $1`, userID).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("balances: get %s: %w", userID, err)
	}
	return b, true, nil
}
