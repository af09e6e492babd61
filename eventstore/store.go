package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ExpectAny appends whatever the stream's version (still failing on a concurrent writer).
const ExpectAny int64 = -1

// DBTX is what read methods need: a *pgxpool.Pool, a *pgx.Conn or a pgx.Tx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Store reads and appends events. It is safe for concurrent use.
type Store struct {
	pool   *pgxpool.Pool
	notify *notifier
}

// StoreOption tunes New.
type StoreOption func(*Store)

// WithoutNotify stops the store from notifying consumers after its appends commit (they then
// see the events at their fallback poll). The benchmark uses it to measure what notifying costs.
func WithoutNotify() StoreOption { return func(s *Store) { s.notify = nil } }

// New returns a store over pool. Appends take the caller's transaction (see InTx); reads may
// use the pool or a transaction. After an append commits, the store sends NotifyChannel in the
// background (see Commit) so that consumers wake up without polling.
func New(pool *pgxpool.Pool, opts ...StoreOption) *Store {
	s := &Store{pool: pool}
	if pool != nil {
		s.notify = &notifier{pool: pool}
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// AppendRequest is one atomic append to one stream.
type AppendRequest struct {
	StreamID string
	// ExpectedVersion is the version the caller's decision was based on: 0 for a new stream,
	// ExpectAny to skip the check.
	ExpectedVersion int64
	Events          []EventData
	Metadata        Metadata
	// IdempotencyKey, when set, makes the append happen at most once: a later append with the
	// same key returns the first result with Duplicate set.
	IdempotencyKey string
	// RequestHash identifies the request made under IdempotencyKey (e.g. a hash of the command):
	// the same key with another hash fails with *IdempotencyKeyReusedError.
	RequestHash string
}

// appendSQL does the version check, the idempotency record and the insert in one round trip.
//
// The "behind" check refuses to append after a head written by a transaction with a larger id
// than ours: consumers read in transaction-id order, so such an append would reach them before
// the event it follows. A fresh transaction always has a larger id, so retrying resolves it.
const appendSQL = `
WITH head AS (
    SELECT stream_version, transaction_id FROM events
    WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1
), chk AS (
    SELECT coalesce((SELECT stream_version FROM head), 0) AS current_version,
           coalesce((SELECT transaction_id FROM head) > pg_current_xact_id(), false) AS behind
), accepted AS (
    SELECT current_version FROM chk WHERE ($2 = -1 OR current_version = $2) AND NOT behind
), idem AS (
    INSERT INTO event_idempotency (key, request_hash, stream_id, first_version, last_version)
    SELECT $6, $7, $1, a.current_version + 1, a.current_version + $8
    FROM accepted a WHERE $6 <> ''
    ON CONFLICT (key) DO NOTHING
    RETURNING 1
), ins AS (
    INSERT INTO events (event_id, stream_id, stream_version, event_type, payload, metadata)
    SELECT e.id, $1, a.current_version + e.n, e.typ, e.payload::jsonb, $5::jsonb
    FROM unnest($3::uuid[], $4::text[], $9::text[]) WITH ORDINALITY AS e(id, typ, payload, n), accepted a
    WHERE $6 = '' OR EXISTS (SELECT 1 FROM idem)
    RETURNING position, transaction_id, stream_version, recorded_at
)
SELECT c.current_version, c.behind, i.position, i.transaction_id, i.stream_version, i.recorded_at
FROM chk c LEFT JOIN ins i ON true
ORDER BY i.stream_version`

// Append appends req.Events to req.StreamID inside tx. It fails with *VersionConflictError when
// the stream is not at req.ExpectedVersion (roll back tx and retry the command), and returns the
// first result with Duplicate set when req.IdempotencyKey was already used for the same request.
// On any error the caller must roll tx back.
func (s *Store) Append(ctx context.Context, tx pgx.Tx, req AppendRequest) (AppendResult, error) {
	p, err := prepareAppend(req)
	if err != nil {
		return AppendResult{}, err
	}
	rows, err := tx.Query(ctx, appendSQL, p.args...)
	if err != nil {
		return AppendResult{}, s.mapAppendError(req, err)
	}
	res, status, err := s.readAppend(rows, req, p)
	if err != nil {
		return res, err
	}
	if status.inserted {
		s.markAppended(tx)
		return res, nil
	}
	return s.notInserted(ctx, tx, req, status)
}

// preparedAppend is an append request encoded for appendSQL.
type preparedAppend struct {
	args []any
	ids  []uuid.UUID
	meta Metadata
}

func prepareAppend(req AppendRequest) (preparedAppend, error) {
	if err := req.validate(); err != nil {
		return preparedAppend{}, err
	}
	meta := req.Metadata
	meta.IdempotencyKey = req.IdempotencyKey
	metaJSON, err := json.Marshal(meta)
	if err != nil {
		return preparedAppend{}, fmt.Errorf("eventstore: marshal metadata: %w", err)
	}
	ids := make([]uuid.UUID, len(req.Events))
	types := make([]string, len(req.Events))
	payloads := make([]string, len(req.Events))
	for i, e := range req.Events {
		id, err := uuid.NewV7()
		if err != nil {
			return preparedAppend{}, fmt.Errorf("eventstore: event id: %w", err)
		}
		ids[i], types[i], payloads[i] = id, e.Type, string(e.Payload)
	}
	return preparedAppend{
		args: []any{req.StreamID, req.ExpectedVersion, ids, types, string(metaJSON), req.IdempotencyKey, req.RequestHash, int64(len(req.Events)), payloads},
		ids:  ids, meta: meta,
	}, nil
}

type appendStatus struct {
	inserted bool
	current  int64
	behind   bool
}

// readAppend consumes appendSQL's rows.
func (s *Store) readAppend(rows pgx.Rows, req AppendRequest, p preparedAppend) (AppendResult, appendStatus, error) {
	defer rows.Close()
	res := AppendResult{StreamID: req.StreamID}
	var st appendStatus
	n := 0
	for rows.Next() {
		var (
			pos, ver *int64
			xid      *uint64
			at       *time.Time
		)
		if err := rows.Scan(&st.current, &st.behind, &pos, &xid, &ver, &at); err != nil {
			return AppendResult{}, st, fmt.Errorf("eventstore: append to %s: scan: %w", req.StreamID, err)
		}
		if pos == nil {
			continue
		}
		e := req.Events[n]
		res.Events = append(res.Events, RecordedEvent{
			Position: *pos, TransactionID: *xid, EventID: p.ids[n], StreamID: req.StreamID,
			Version: *ver, Type: e.Type, Payload: e.Payload, Metadata: p.meta, RecordedAt: *at,
		})
		n++
	}
	if err := rows.Err(); err != nil {
		return AppendResult{}, st, s.mapAppendError(req, err)
	}
	if n == len(req.Events) {
		st.inserted = true
		res.FirstVersion = res.Events[0].Version
		res.LastVersion = res.Events[n-1].Version
		return res, st, nil
	}
	return AppendResult{}, st, nil
}

// notInserted explains an append that inserted nothing: the key was used before, or the stream moved.
func (s *Store) notInserted(ctx context.Context, db DBTX, req AppendRequest, st appendStatus) (AppendResult, error) {
	if req.IdempotencyKey != "" {
		if dup, ok, err := s.lookupKey(ctx, db, req.IdempotencyKey, req.RequestHash); err != nil || ok {
			return dup, err
		}
	}
	return AppendResult{}, &VersionConflictError{StreamID: req.StreamID, Expected: req.ExpectedVersion, Actual: st.current, Reordered: st.behind}
}

func (r AppendRequest) validate() error {
	if r.StreamID == "" {
		return fmt.Errorf("%w: empty stream id", ErrInvalidAppend)
	}
	if len(r.Events) == 0 {
		return fmt.Errorf("%w: no events for stream %s", ErrInvalidAppend, r.StreamID)
	}
	if r.ExpectedVersion < ExpectAny {
		return fmt.Errorf("%w: expected version %d", ErrInvalidAppend, r.ExpectedVersion)
	}
	for i, e := range r.Events {
		if e.Type == "" || !json.Valid(e.Payload) {
			return fmt.Errorf("%w: event %d of stream %s has no type or an invalid JSON payload", ErrInvalidAppend, i, r.StreamID)
		}
	}
	return nil
}

// mapAppendError turns a unique violation on (stream_id, stream_version) — a concurrent writer
// committed the same version while we waited on the index — into a version conflict.
func (s *Store) mapAppendError(req AppendRequest, err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("%w", &VersionConflictError{StreamID: req.StreamID, Expected: req.ExpectedVersion, Actual: -1})
	}
	if errors.As(err, &pgErr) && (pgErr.Code == "40001" || pgErr.Code == "40P01") {
		// Serialization failures and deadlocks are resolved the same way: retry.
		return fmt.Errorf("%w (%s)", &VersionConflictError{StreamID: req.StreamID, Expected: req.ExpectedVersion, Actual: -1}, pgErr.Code)
	}
	return fmt.Errorf("eventstore: append to %s: %w", req.StreamID, err)
}

const keySQL = `SELECT request_hash, stream_id, first_version, last_version FROM event_idempotency WHERE key = $1`

// lookupKey returns the first result recorded under key, if any.
func (s *Store) lookupKey(ctx context.Context, db DBTX, key, hash string) (AppendResult, bool, error) {
	var (
		gotHash, stream string
		first, last     int64
	)
	err := db.QueryRow(ctx, keySQL, key).Scan(&gotHash, &stream, &first, &last)
	if errors.Is(err, pgx.ErrNoRows) {
		return AppendResult{}, false, nil
	}
	if err != nil {
		return AppendResult{}, false, fmt.Errorf("eventstore: look up idempotency key: %w", err)
	}
	return s.duplicate(ctx, db, key, hash, gotHash, stream, first, last)
}

func (s *Store) duplicate(ctx context.Context, db DBTX, key, hash, gotHash, stream string, first, last int64) (AppendResult, bool, error) {
	if gotHash != hash {
		return AppendResult{}, false, &IdempotencyKeyReusedError{Key: key}
	}
	events, err := s.loadRange(ctx, db, stream, first, last)
	if err != nil {
		return AppendResult{}, false, err
	}
	return AppendResult{StreamID: stream, FirstVersion: first, LastVersion: last, Events: events, Duplicate: true}, true, nil
}

// eventColumns reads transaction_id (xid8) straight into a uint64 through pgx's xid8 codec.
// Queries still order by the qualified events.transaction_id: when this list selected
// transaction_id::text, an unqualified ORDER BY sorted by that text and put "10" before "9".
const eventColumns = `position, transaction_id, event_id, stream_id, stream_version, event_type, payload, metadata, recorded_at`

// scanEvent reads one row of eventColumns. The event id arrives as 16 bytes and the payload as
// raw bytes: converting each UUID through text and letting encoding/json re-validate each
// payload were most of the Go time of a rebuild.
func scanEvent(row pgx.Row) (RecordedEvent, error) {
	var (
		e       RecordedEvent
		id      pgtype.UUID
		payload []byte
		meta    []byte
	)
	if err := row.Scan(&e.Position, &e.TransactionID, &id, &e.StreamID, &e.Version, &e.Type, &payload, &meta, &e.RecordedAt); err != nil {
		return RecordedEvent{}, err
	}
	e.EventID = uuid.UUID(id.Bytes)
	e.Payload = json.RawMessage(payload) // Scan gives each row its own slice
	if len(meta) > 0 {
		if err := json.Unmarshal(meta, &e.Metadata); err != nil {
			return RecordedEvent{}, fmt.Errorf("metadata of position %d: %w", e.Position, err)
		}
	}
	return e, nil
}

func collect(rows pgx.Rows, what string) ([]RecordedEvent, error) {
	defer rows.Close()
	var out []RecordedEvent
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, fmt.Errorf("eventstore: %s: %w", what, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("eventstore: %s: %w", what, err)
	}
	return out, nil
}

func (s *Store) loadRange(ctx context.Context, db DBTX, stream string, first, last int64) ([]RecordedEvent, error) {
	rows, err := db.Query(ctx, `SELECT `+eventColumns+` FROM events WHERE stream_id = $1 AND stream_version BETWEEN $2 AND $3 ORDER BY stream_version`, stream, first, last)
	if err != nil {
		return nil, fmt.Errorf("eventstore: load %s [%d,%d]: %w", stream, first, last, err)
	}
	return collect(rows, "load "+stream)
}

// Load returns the events of a stream from version fromVersion (1 for all), in version order.
// An unknown stream has no events.
func (s *Store) Load(ctx context.Context, db DBTX, streamID string, fromVersion int64) ([]RecordedEvent, error) {
	return s.loadRange(ctx, db, streamID, fromVersion, 1<<62)
}

const headSQL = `SELECT ` + eventColumns + ` FROM events WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1`

// Head reads a stream's version and last event with one index lookup.
func (s *Store) Head(ctx context.Context, db DBTX, streamID string) (Head, error) {
	return scanHead(streamID, db.QueryRow(ctx, headSQL, streamID))
}

func scanHead(streamID string, row pgx.Row) (Head, error) {
	e, err := scanEvent(row)
	if errors.Is(err, pgx.ErrNoRows) {
		return Head{StreamID: streamID}, nil
	}
	if err != nil {
		return Head{}, fmt.Errorf("eventstore: head of %s: %w", streamID, err)
	}
	return Head{StreamID: streamID, Version: e.Version, Last: &e}, nil
}

// WriteOptions tune ReadForWrite.
type WriteOptions struct {
	// Lock serialises writers of the stream with a transaction-scoped advisory lock taken before
	// reading the head. Optimistic concurrency stays the guarantee; the lock only stops hot
	// streams (one wallet spent from many tabs or workers) from burning retries.
	Lock bool
	// IdempotencyKey and RequestHash: when the key was used before, WriteState.Duplicate holds
	// the first result and the command must not run again.
	IdempotencyKey string
	RequestHash    string
	// History reads the stream's whole history in place of its head, in the same round trip,
	// for commands that decide on a replayed aggregate: WriteState.History holds it and Head is
	// its last event.
	History bool
}

// WriteState is what a command handler reads before deciding.
type WriteState struct {
	Head Head
	// History is the stream's events in version order, when WriteOptions.History asked for them.
	History []RecordedEvent
	// Duplicate is the first result when the idempotency key was used before for this request.
	Duplicate *AppendResult
}

// ReadForWrite takes the optional stream lock and reads the idempotency record and the stream
// head in one round trip (a pgx batch), inside tx.
func (s *Store) ReadForWrite(ctx context.Context, tx pgx.Tx, streamID string, opts WriteOptions) (WriteState, error) {
	b := &pgx.Batch{}
	queueReadForWrite(b, streamID, opts)
	ws, err := s.readForWrite(ctx, tx, tx.SendBatch(ctx, b), streamID, opts)
	if err != nil {
		return WriteState{}, err
	}
	return ws, nil
}

func queueReadForWrite(b *pgx.Batch, streamID string, opts WriteOptions) {
	if opts.Lock {
		b.Queue(`SELECT pg_advisory_xact_lock(hashtextextended($1, 727274))`, streamID)
	}
	if opts.IdempotencyKey != "" {
		b.Queue(keySQL, opts.IdempotencyKey)
	}
	if opts.History {
		b.Queue(historySQL, streamID)
		return
	}
	b.Queue(headSQL, streamID)
}

const historySQL = `SELECT ` + eventColumns + ` FROM events WHERE stream_id = $1 ORDER BY stream_version`

// readForWrite reads the results queued by queueReadForWrite and closes br.
func (s *Store) readForWrite(ctx context.Context, db DBTX, br pgx.BatchResults, streamID string, opts WriteOptions) (WriteState, error) {
	defer br.Close()
	if opts.Lock {
		if _, err := br.Exec(); err != nil {
			return WriteState{}, fmt.Errorf("eventstore: lock %s: %w", streamID, err)
		}
	}
	var ws WriteState
	var keyFound bool
	var gotHash, keyStream string
	var first, last int64
	if opts.IdempotencyKey != "" {
		err := br.QueryRow().Scan(&gotHash, &keyStream, &first, &last)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
		case err != nil:
			return WriteState{}, fmt.Errorf("eventstore: look up idempotency key: %w", err)
		default:
			keyFound = true
		}
	}
	if opts.History {
		rows, err := br.Query()
		if err != nil {
			return WriteState{}, fmt.Errorf("eventstore: load %s: %w", streamID, err)
		}
		if ws.History, err = collect(rows, "load "+streamID); err != nil {
			return WriteState{}, err
		}
		ws.Head = Head{StreamID: streamID}
		if n := len(ws.History); n > 0 {
			last := ws.History[n-1]
			ws.Head.Version, ws.Head.Last = last.Version, &last
		}
	} else {
		head, err := scanHead(streamID, br.QueryRow())
		if err != nil {
			return WriteState{}, err
		}
		ws.Head = head
	}
	if err := br.Close(); err != nil {
		return WriteState{}, fmt.Errorf("eventstore: read for write %s: %w", streamID, err)
	}
	if keyFound {
		dup, _, err := s.duplicate(ctx, db, opts.IdempotencyKey, opts.RequestHash, gotHash, keyStream, first, last)
		if err != nil {
			return WriteState{}, err
		}
		ws.Duplicate = &dup
	}
	return ws, nil
}

// Decide turns what a command read into the append to make. db is the command's transaction,
// for extra reads (e.g. loading the whole stream). Returning an error rolls back.
type Decide func(ctx context.Context, db DBTX, ws WriteState) (AppendRequest, error)

// Execute runs read → decide → append as one transaction in two round trips on one pooled
// connection: [BEGIN, lock, idempotency lookup, head] then [append, COMMIT]. It is the fast path
// for commands that own their transaction; use ReadForWrite and Append inside InTx when the
// transaction must hold other writes too. When the idempotency key was used before, decide is
// not called and the first result is returned with Duplicate set. Errors are as for Append.
func (s *Store) Execute(ctx context.Context, streamID string, opts WriteOptions, decide Decide) (res AppendResult, err error) {
	pc, err := s.pool.Acquire(ctx)
	if err != nil {
		return AppendResult{}, fmt.Errorf("eventstore: acquire connection: %w", err)
	}
	conn := pc.Conn()
	defer func() {
		// Leave the connection idle for the next user, or drop it.
		if conn.PgConn().TxStatus() != 'I' {
			if _, rbErr := conn.Exec(context.WithoutCancel(ctx), "ROLLBACK"); rbErr != nil {
				_ = conn.Close(context.WithoutCancel(ctx))
			}
		}
		pc.Release()
	}()

	b := &pgx.Batch{}
	b.Queue("BEGIN")
	queueReadForWrite(b, streamID, opts)
	br := conn.SendBatch(ctx, b)
	if _, err := br.Exec(); err != nil {
		br.Close()
		return AppendResult{}, fmt.Errorf("eventstore: begin: %w", err)
	}
	ws, err := s.readForWrite(ctx, conn, br, streamID, opts)
	if err != nil {
		return AppendResult{}, err
	}
	if ws.Duplicate != nil {
		return *ws.Duplicate, nil
	}
	req, err := decide(ctx, conn, ws)
	if err != nil {
		return AppendResult{}, err
	}
	p, err := prepareAppend(req)
	if err != nil {
		return AppendResult{}, err
	}
	b = &pgx.Batch{}
	b.Queue(appendSQL, p.args...)
	b.Queue("COMMIT")
	br = conn.SendBatch(ctx, b)
	rows, err := br.Query()
	if err != nil {
		br.Close()
		return AppendResult{}, s.mapAppendError(req, err)
	}
	res, st, err := s.readAppend(rows, req, p)
	if err != nil {
		br.Close()
		return AppendResult{}, err
	}
	if _, err := br.Exec(); err != nil {
		br.Close()
		return AppendResult{}, fmt.Errorf("eventstore: commit append to %s: %w", req.StreamID, s.mapAppendError(req, err))
	}
	if err := br.Close(); err != nil {
		return AppendResult{}, fmt.Errorf("eventstore: append to %s: %w", req.StreamID, err)
	}
	if st.inserted {
		s.notify.nudge()
		return res, nil
	}
	// Nothing was written, so the COMMIT above committed nothing.
	return s.notInserted(ctx, conn, req, st)
}

// ReadAll returns up to limit events with position > after, in position order. Use it for
// inspection and tests; consumers must use ReadCommitted, which never skips a late commit.
func (s *Store) ReadAll(ctx context.Context, db DBTX, after int64, limit int) ([]RecordedEvent, error) {
	rows, err := db.Query(ctx, `SELECT `+eventColumns+` FROM events WHERE position > $1 ORDER BY position LIMIT $2`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("eventstore: read all after %d: %w", after, err)
	}
	return collect(rows, "read all")
}

// Checkpoint is a consumer's place in the log: the last (transaction id, position) it handled.
// The zero value is before the first event.
type Checkpoint struct {
	TransactionID uint64
	Position      int64
}

// CheckpointOf is the checkpoint of a consumer that has just handled e.
func CheckpointOf(e RecordedEvent) Checkpoint {
	return Checkpoint{TransactionID: e.TransactionID, Position: e.Position}
}

// ReadCommitted returns up to limit events after cp in consumer order, (transaction id,
// position), stopping below the oldest transaction still running: an event whose transaction
// is in progress, and everything after it, waits until it finishes (the rule of watermill-sql's
// PostgreSQL subscriber; the runner's LockCheckpoints reads the same way), used by rebuilds. The row
// comparison walks the (transaction_id, position) primary key in order, so a batch costs the
// same at the start and at the end of a large log (an OR of two ranges would sort the remainder).
func (s *Store) ReadCommitted(ctx context.Context, db DBTX, cp Checkpoint, limit int) ([]RecordedEvent, error) {
	rows, err := db.Query(ctx, `SELECT `+eventColumns+` FROM events
		WHERE (transaction_id, position) > ($1::xid8, $2)
		  AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
		ORDER BY events.transaction_id, events.position LIMIT $3`,
		cp.TransactionID, cp.Position, limit)
	if err != nil {
		return nil, fmt.Errorf("eventstore: read committed after %+v: %w", cp, err)
	}
	return collect(rows, "read committed")
}
