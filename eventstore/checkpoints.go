package eventstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// ErrUnknownPosition: no committed event has this position (yet).
var ErrUnknownPosition = errors.New("eventstore: no event at this position")

// Reached reports whether every consumer group in groups has handled the event at position.
// Consumers go in (transaction id, position) order, so this compares the event's pair with each
// group's checkpoint rather than positions alone.
func (s *Store) Reached(ctx context.Context, db DBTX, groups []string, position int64) (bool, error) {
	var found bool
	var reached, total int
	err := db.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM events WHERE position = $1),
		       count(*) FILTER (WHERE (e.transaction_id, e.position) <= (o.last_processed_transaction_id, o.offset_acked)),
		       count(*)
		FROM events e JOIN event_offsets o ON o.consumer_group = ANY($2)
		WHERE e.position = $1`, position, groups).Scan(&found, &reached, &total)
	if err != nil {
		return false, fmt.Errorf("eventstore: reached %d: %w", position, err)
	}
	if !found {
		return false, fmt.Errorf("%w: %d", ErrUnknownPosition, position)
	}
	return reached == len(groups), nil
}

// ConsumerStatus is a consumer group's checkpoint and how many committed events it has yet to see.
type ConsumerStatus struct {
	Group      string
	Checkpoint Checkpoint
	Pending    int64
}

// Consumers lists every consumer group's checkpoint and backlog.
func (s *Store) Consumers(ctx context.Context, db DBTX) ([]ConsumerStatus, error) {
	rows, err := db.Query(ctx, `
		SELECT o.consumer_group, o.last_processed_transaction_id, coalesce(o.offset_acked, 0),
		       (SELECT count(*) FROM events e
		         WHERE (e.transaction_id, e.position) > (o.last_processed_transaction_id, coalesce(o.offset_acked, 0)))
		FROM event_offsets o ORDER BY o.consumer_group`)
	if err != nil {
		return nil, fmt.Errorf("eventstore: consumers: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ConsumerStatus, error) {
		var c ConsumerStatus
		err := r.Scan(&c.Group, &c.Checkpoint.TransactionID, &c.Checkpoint.Position, &c.Pending)
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("eventstore: consumers: %w", err)
	}
	return out, nil
}

// SetCheckpoint moves a consumer group's checkpoint inside tx, creating the row if needed.
// Rebuilds use it; live consumers move theirs through watermill's ack.
func (s *Store) SetCheckpoint(ctx context.Context, tx pgx.Tx, group string, cp Checkpoint) error {
	_, err := tx.Exec(ctx, `
		INSERT INTO event_offsets (consumer_group, offset_acked, last_processed_transaction_id)
		VALUES ($1, $2, $3::xid8)
		ON CONFLICT (consumer_group) DO UPDATE
		SET offset_acked = excluded.offset_acked, last_processed_transaction_id = excluded.last_processed_transaction_id`,
		group, cp.Position, cp.TransactionID)
	if err != nil {
		return fmt.Errorf("eventstore: set checkpoint of %s: %w", group, err)
	}
	return nil
}

// LockCheckpoint locks a consumer group's checkpoint row for the rest of tx (creating it at
// zero if missing) and returns it. Live consumers take the same row lock (FOR UPDATE) for every
// batch, so holding it pauses them: that is how a rebuild and a running server share a group.
func (s *Store) LockCheckpoint(ctx context.Context, tx pgx.Tx, group string) (Checkpoint, error) {
	if _, err := tx.Exec(ctx, `INSERT INTO event_offsets (consumer_group, offset_acked, last_processed_transaction_id)
		VALUES ($1, 0, '0') ON CONFLICT DO NOTHING`, group); err != nil {
		return Checkpoint{}, fmt.Errorf("eventstore: create checkpoint of %s: %w", group, err)
	}
	var cp Checkpoint
	err := tx.QueryRow(ctx, `SELECT last_processed_transaction_id, coalesce(offset_acked, 0)
		FROM event_offsets WHERE consumer_group = $1 FOR UPDATE`, group).Scan(&cp.TransactionID, &cp.Position)
	if err != nil {
		return Checkpoint{}, fmt.Errorf("eventstore: lock checkpoint of %s: %w", group, err)
	}
	return cp, nil
}
