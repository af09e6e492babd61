-- +goose Up
-- The event log. It is also watermill-sql's messages table for the topic "events" (see
-- eventstore.SchemaAdapter): events are stored once, and consumers read them in
-- (transaction_id, position) order below the oldest running transaction, so a transaction that
-- commits after a later-numbered one is never skipped. docs/eventstore.md explains the guarantee.
CREATE TABLE events (
    position       BIGSERIAL NOT NULL,
    transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
    event_id       UUID NOT NULL,
    stream_id      TEXT NOT NULL,
    stream_version BIGINT NOT NULL CHECK (stream_version > 0),
    event_type     TEXT NOT NULL,
    payload        JSONB NOT NULL,
    metadata       JSONB NOT NULL DEFAULT '{}'::jsonb,
    recorded_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- transaction_id first: the consumers' WHERE clause filters on it alone.
    PRIMARY KEY (transaction_id, position),
    CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version),
    CONSTRAINT events_event_id_key UNIQUE (event_id)
);
CREATE UNIQUE INDEX events_position_idx ON events (position);

-- One row per idempotency key: the first append made under the key. A repeated command finds it
-- and returns the first result instead of appending again; request_hash catches a key reused for
-- a different request.
CREATE TABLE event_idempotency (
    key           TEXT PRIMARY KEY,
    request_hash  TEXT NOT NULL,
    stream_id     TEXT NOT NULL,
    first_version BIGINT NOT NULL,
    last_version  BIGINT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- watermill-sql's PostgreSQL offsets table (DefaultPostgreSQLOffsetsAdapter layout), one row per
-- consumer group (= projection). Created here because nothing creates tables at runtime.
CREATE TABLE event_offsets (
    consumer_group                VARCHAR(255) NOT NULL PRIMARY KEY,
    offset_acked                  BIGINT,
    last_processed_transaction_id xid8 NOT NULL
);

-- +goose Down
DROP TABLE event_offsets;
DROP TABLE event_idempotency;
DROP TABLE events;
