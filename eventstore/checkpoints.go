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
// Rebuilds use it; the live runner uses QueueAdvanceCheckpoints.
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
// zero if missing) and returns it. The live runner takes the same row locks (LockCheckpoints)
// for every batch, so holding one pauses it: that is how a rebuild and a running server share
// a group.
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

// LockCheckpoints locks the checkpoint rows of groups for the rest of tx, in name order (so
// that two lockers cannot deadlock), creating missing ones at zero, and returns the checkpoints
// by group together with up to limit events after the earliest of them, read as ReadCommitted
// does. Lock and read share one round trip.
func (s *Store) LockCheckpoints(ctx context.Context, tx pgx.Tx, groups []string, limit int) (map[string]Checkpoint, []RecordedEvent, error) {
	for range 2 {
		b := &pgx.Batch{}
		read := QueueLockCheckpoints(b, groups, limit)
		br := tx.SendBatch(ctx, b)
		cps, events, err := read(br)
		if cerr := br.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("eventstore: lock checkpoints: %w", cerr)
		}
		if err != nil {
			return nil, nil, err
		}
		if len(cps) == len(groups) {
			return cps, events, nil
		}
		if err := s.CreateCheckpoints(ctx, tx, groups); err != nil {
			return nil, nil, err
		}
	}
	return nil, nil, fmt.Errorf("eventstore: lock checkpoints: rows of %v missing after creation", groups)
}

// CreateCheckpoints creates the missing checkpoint rows of groups at zero, inside tx.
func (s *Store) CreateCheckpoints(ctx context.Context, tx pgx.Tx, groups []string) error {
	if _, err := tx.Exec(ctx, `INSERT INTO event_offsets (consumer_group, offset_acked, last_processed_transaction_id)
		SELECT g, 0, '0' FROM unnest($1::text[]) AS g ORDER BY g ON CONFLICT DO NOTHING`, groups); err != nil {
		return fmt.Errorf("eventstore: create checkpoints: %w", err)
	}
	return nil
}

// QueueLockCheckpoints queues LockCheckpoints' two statements on b, so that a caller can send
// them in the round trip that begins its transaction (pgx.Batch.BeginTx), and returns the
// function that reads their results from the sent batch, in order. Groups without a row are
// absent from the returned map: create them (CreateCheckpoints) and lock again.
func QueueLockCheckpoints(b *pgx.Batch, groups []string, limit int) func(pgx.BatchResults) (map[string]Checkpoint, []RecordedEvent, error) {
	b.Queue(`SELECT consumer_group, last_processed_transaction_id, coalesce(offset_acked, 0)
		FROM event_offsets WHERE consumer_group = ANY($1) ORDER BY consumer_group FOR UPDATE`, groups)
	// Runs after the lock in the same transaction, with a newer snapshot: it sees the rows as
	// locked. The row comparison walks the primary key, as in ReadCommitted.
	b.Queue(`SELECT `+eventColumns+` FROM events
		WHERE (transaction_id, position) > (SELECT last_processed_transaction_id, coalesce(offset_acked, 0)
		                                     FROM event_offsets WHERE consumer_group = ANY($1) ORDER BY 1, 2 LIMIT 1)
		  AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
		ORDER BY events.transaction_id, events.position LIMIT $2`, groups, limit)
	return func(br pgx.BatchResults) (map[string]Checkpoint, []RecordedEvent, error) {
		rows, err := br.Query()
		if err != nil {
			return nil, nil, fmt.Errorf("eventstore: lock checkpoints: %w", err)
		}
		cps, err := scanCheckpoints(rows, len(groups))
		if err != nil {
			return nil, nil, err
		}
		rows, err = br.Query()
		if err != nil {
			return nil, nil, fmt.Errorf("eventstore: read after checkpoints: %w", err)
		}
		events, err := collect(rows, "read after checkpoints")
		if err != nil {
			return nil, nil, err
		}
		return cps, events, nil
	}
}

// Checkpoints reads the checkpoints of groups without locking them; a group with no row is at
// zero (absent from the map).
func (s *Store) Checkpoints(ctx context.Context, db DBTX, groups []string) (map[string]Checkpoint, error) {
	return s.checkpoints(ctx, db, groups, ``)
}

func (s *Store) checkpoints(ctx context.Context, db DBTX, groups []string, suffix string) (map[string]Checkpoint, error) {
	rows, err := db.Query(ctx, `SELECT consumer_group, last_processed_transaction_id, coalesce(offset_acked, 0)
		FROM event_offsets WHERE consumer_group = ANY($1)`+suffix, groups)
	if err != nil {
		return nil, fmt.Errorf("eventstore: checkpoints: %w", err)
	}
	return scanCheckpoints(rows, len(groups))
}

func scanCheckpoints(rows pgx.Rows, n int) (map[string]Checkpoint, error) {
	out := make(map[string]Checkpoint, n)
	var (
		group string
		cp    Checkpoint
	)
	_, err := pgx.ForEachRow(rows, []any{&group, &cp.TransactionID, &cp.Position}, func() error {
		out[group] = cp
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("eventstore: checkpoints: %w", err)
	}
	return out, nil
}

// QueueAdvanceCheckpoints queues on b the statement that moves the checkpoints of groups to cp,
// leaving any that is already at or after cp where it is; the live runner sends it in one round
// trip with the read-model writes it commits with.
func QueueAdvanceCheckpoints(b *pgx.Batch, groups []string, cp Checkpoint) {
	b.Queue(`UPDATE event_offsets SET offset_acked = $2, last_processed_transaction_id = $3::xid8
		WHERE consumer_group = ANY($1) AND (last_processed_transaction_id, coalesce(offset_acked, 0)) < ($3::xid8, $2)`,
		groups, cp.Position, cp.TransactionID)
}
