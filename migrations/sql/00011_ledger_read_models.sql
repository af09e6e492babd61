-- +goose Up
-- Read model: one row per wallet with its current balance (projection "balances").
-- version is the wallet stream version last applied, so an older or repeated event never
-- overwrites a newer balance.
CREATE TABLE balances (
    user_id    UUID PRIMARY KEY,
    balance    BIGINT NOT NULL,
    version    BIGINT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- Read model: one row per ledger event (projection "token_history"), for the admin audit and a
-- person's own history. delta is signed: grants positive, charges negative, promo use zero.
CREATE TABLE token_history (
    event_id      UUID PRIMARY KEY,
    position      BIGINT NOT NULL,
    user_id       UUID NOT NULL,
    version       BIGINT NOT NULL,
    event_type    TEXT NOT NULL,
    delta         BIGINT NOT NULL,
    reason        TEXT NOT NULL,
    ref           TEXT NOT NULL,
    balance_after BIGINT NOT NULL,
    actor         TEXT NOT NULL,
    occurred_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX token_history_user_idx ON token_history (user_id, occurred_at DESC, version DESC);
CREATE INDEX token_history_time_idx ON token_history (occurred_at);

-- +goose Down
DROP TABLE token_history;
DROP TABLE balances;
