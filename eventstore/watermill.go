package eventstore

import (
	stdsql "database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Topic is the watermill topic of the event log. There is one: consumers filter by event type.
const Topic = "events"

// OffsetsTable holds one checkpoint row per consumer group (migration 00010).
const OffsetsTable = "event_offsets"

// Message metadata keys set on every delivered event.
const (
	MetaStreamID      = "stream_id"
	MetaStreamVersion = "stream_version"
	MetaEventType     = "event_type"
	MetaPosition      = "position"
	MetaTransactionID = "transaction_id"
	MetaRecordedAt    = "recorded_at"
	MetaActor         = "actor"
	MetaCausationID   = "causation_id"
	MetaCorrelationID = "correlation_id"
	MetaIdempotency   = "idempotency_key"
)

// ErrPublishThroughStore is returned if something tries to publish with a watermill Publisher:
// the log is written by Store.Append only, which checks stream versions.
var ErrPublishThroughStore = errors.New("eventstore: publish events with Store.Append, not a watermill publisher")

// SchemaAdapter is a watermill-sql SchemaAdapter that reads the events table (with its stream
// columns) instead of a watermill_<topic> table, so the log is stored once and is the outbox.
//
// Its select query follows watermill-sql's DefaultPostgreSQLSchema: rows are read in
// (transaction_id, position) order and only below pg_snapshot_xmin(pg_current_snapshot()), the
// oldest transaction still running. A slow transaction holding a low position therefore holds
// consumers back until it commits or aborts instead of being skipped.
type SchemaAdapter struct {
	// BatchSize is how many events one consumer transaction handles (default 100).
	BatchSize int
}

var _ wsql.SchemaAdapter = SchemaAdapter{}

// InsertQuery is not supported: see ErrPublishThroughStore.
func (SchemaAdapter) InsertQuery(wsql.InsertQueryParams) (wsql.Query, error) {
	return wsql.Query{}, ErrPublishThroughStore
}

// SchemaInitializingQueries returns nothing: the tables come from migrations, never at runtime.
func (SchemaAdapter) SchemaInitializingQueries(wsql.SchemaInitializingQueriesParams) ([]wsql.Query, error) {
	return nil, nil
}

// SelectQuery returns the next batch for a consumer group after its checkpoint.
func (a SchemaAdapter) SelectQuery(params wsql.SelectQueryParams) (wsql.Query, error) {
	next, err := params.OffsetsAdapter.NextOffsetQuery(wsql.NextOffsetQueryParams{Topic: params.Topic, ConsumerGroup: params.ConsumerGroup})
	if err != nil {
		return wsql.Query{}, err
	}
	batch := a.BatchSize
	if batch <= 0 {
		batch = 100
	}
	// The sub-select mirrors watermill-sql's planner-friendly shape (an OR of two index ranges).
	q := `
	SELECT * FROM (
		WITH last_processed AS (` + next.Query + `)
		SELECT position, transaction_id, event_id, stream_id, stream_version, event_type, payload, metadata, recorded_at
		FROM events
		WHERE (
			(transaction_id = (SELECT last_processed_transaction_id FROM last_processed)
			 AND position > (SELECT offset_acked FROM last_processed))
			OR transaction_id > (SELECT last_processed_transaction_id FROM last_processed)
		)
		AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
	) AS pending
	ORDER BY transaction_id ASC, position ASC
	LIMIT ` + strconv.Itoa(batch)
	return wsql.Query{Query: q, Args: next.Args}, nil
}

// UnmarshalMessage turns an events row into a watermill message whose UUID is the event id,
// payload the event payload, and metadata the stream coordinates (Meta* keys).
func (SchemaAdapter) UnmarshalMessage(params wsql.UnmarshalMessageParams) (wsql.Row, error) {
	var (
		e    RecordedEvent
		xid  wsql.XID8
		meta []byte
	)
	if err := params.Row.Scan(&e.Position, &xid, &e.EventID, &e.StreamID, &e.Version, &e.Type, &e.Payload, &meta, &e.RecordedAt); err != nil {
		return wsql.Row{}, fmt.Errorf("eventstore: scan event row: %w", err)
	}
	e.TransactionID = uint64(xid)
	if len(meta) > 0 {
		if err := json.Unmarshal(meta, &e.Metadata); err != nil {
			return wsql.Row{}, fmt.Errorf("eventstore: metadata of position %d: %w", e.Position, err)
		}
	}
	msg := message.NewMessage(e.EventID.String(), []byte(e.Payload))
	msg.Metadata = message.Metadata{
		MetaStreamID:      e.StreamID,
		MetaStreamVersion: strconv.FormatInt(e.Version, 10),
		MetaEventType:     e.Type,
		MetaPosition:      strconv.FormatInt(e.Position, 10),
		MetaTransactionID: strconv.FormatUint(e.TransactionID, 10),
		MetaRecordedAt:    e.RecordedAt.UTC().Format(time.RFC3339Nano),
		MetaActor:         e.Metadata.Actor,
		MetaCausationID:   e.Metadata.CausationID,
		MetaCorrelationID: e.Metadata.CorrelationID,
		MetaIdempotency:   e.Metadata.IdempotencyKey,
	}
	return wsql.Row{
		Offset:    e.Position,
		UUID:      []byte(msg.UUID),
		Payload:   msg.Payload,
		Metadata:  meta,
		Msg:       msg,
		ExtraData: map[string]any{"transaction_id": xid},
	}, nil
}

// SubscribeIsolationLevel is repeatable read, as watermill-sql uses for PostgreSQL: the xmin
// horizon and the rows must come from one snapshot.
func (SchemaAdapter) SubscribeIsolationLevel() stdsql.IsolationLevel {
	return stdsql.LevelRepeatableRead
}

// OffsetsAdapter is watermill-sql's PostgreSQL offsets adapter on the event_offsets table.
func OffsetsAdapter() wsql.DefaultPostgreSQLOffsetsAdapter {
	return wsql.DefaultPostgreSQLOffsetsAdapter{GenerateMessagesOffsetsTableName: func(string) string { return OffsetsTable }}
}

// SubscriberConfig tunes NewSubscriber.
type SubscriberConfig struct {
	// PollInterval is how long an idle consumer waits before looking again (default 10ms; the
	// watermill default of 1s would put projection lag around half a second).
	PollInterval time.Duration
	// BatchSize is how many events one consumer transaction handles (default 100).
	BatchSize int
	// RetryInterval is the wait after a query error and before resending a nacked message (default 1s).
	RetryInterval time.Duration
}

// NewSubscriber returns a watermill subscriber reading the log for one consumer group. Schema
// initialisation is off: migrations create the tables.
func NewSubscriber(pool *pgxpool.Pool, consumerGroup string, cfg SubscriberConfig, logger watermill.LoggerAdapter) (*wsql.Subscriber, error) {
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 10 * time.Millisecond
	}
	if cfg.RetryInterval <= 0 {
		cfg.RetryInterval = time.Second
	}
	sub, err := wsql.NewSubscriber(wsql.BeginnerFromPgx(pool), wsql.SubscriberConfig{
		ConsumerGroup:    consumerGroup,
		PollInterval:     cfg.PollInterval,
		ResendInterval:   cfg.RetryInterval,
		RetryInterval:    cfg.RetryInterval,
		SchemaAdapter:    SchemaAdapter{BatchSize: cfg.BatchSize},
		OffsetsAdapter:   OffsetsAdapter(),
		InitializeSchema: false,
	}, logger)
	if err != nil {
		return nil, fmt.Errorf("eventstore: subscriber %s: %w", consumerGroup, err)
	}
	return sub, nil
}

// EventFromMessage rebuilds the RecordedEvent carried by a delivered message.
func EventFromMessage(msg *message.Message) (RecordedEvent, error) {
	var e RecordedEvent
	var err error
	md := msg.Metadata
	if e.EventID, err = uuid.Parse(msg.UUID); err != nil {
		return e, fmt.Errorf("eventstore: message %q: %w", msg.UUID, err)
	}
	if e.Position, err = strconv.ParseInt(md.Get(MetaPosition), 10, 64); err != nil {
		return e, fmt.Errorf("eventstore: message %s position: %w", msg.UUID, err)
	}
	if e.Version, err = strconv.ParseInt(md.Get(MetaStreamVersion), 10, 64); err != nil {
		return e, fmt.Errorf("eventstore: message %s version: %w", msg.UUID, err)
	}
	if e.TransactionID, err = strconv.ParseUint(md.Get(MetaTransactionID), 10, 64); err != nil {
		return e, fmt.Errorf("eventstore: message %s transaction id: %w", msg.UUID, err)
	}
	if e.RecordedAt, err = time.Parse(time.RFC3339Nano, md.Get(MetaRecordedAt)); err != nil {
		return e, fmt.Errorf("eventstore: message %s time: %w", msg.UUID, err)
	}
	e.StreamID = md.Get(MetaStreamID)
	e.Type = md.Get(MetaEventType)
	e.Payload = json.RawMessage(msg.Payload)
	e.Metadata = Metadata{
		Actor: md.Get(MetaActor), CausationID: md.Get(MetaCausationID),
		CorrelationID: md.Get(MetaCorrelationID), IdempotencyKey: md.Get(MetaIdempotency),
	}
	return e, nil
}

// TxFromMessage returns the consumer's transaction a message was delivered in. Writing read
// models through it commits them atomically with the consumer group's checkpoint. The subscriber
// ends that transaction as soon as it is closed or its context is cancelled, without waiting for
// the handler: stop the handlers that use it first (cmd/bench's handlerGate), or the connection
// ends up used by two goroutines at once.
func TxFromMessage(msg *message.Message) (pgx.Tx, error) {
	tx, ok := wsql.TxFromContext(msg.Context())
	if !ok {
		return nil, fmt.Errorf("eventstore: message %s carries no transaction", msg.UUID)
	}
	switch t := tx.(type) {
	case *wsql.PgxTx:
		return t.Tx, nil
	case wsql.PgxTx:
		return t.Tx, nil
	}
	return nil, fmt.Errorf("eventstore: message %s transaction is %T, not pgx", msg.UUID, tx)
}
