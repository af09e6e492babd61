-- +goose Up
-- Billing (issue 13). The pack catalogue and checkouts are event streams ("packs",
-- "checkout-<id>"); these tables are the webhook inbox and the checkouts read model.

-- Every Stripe webhook event we acted on, inserted in the transaction that applies it: a
-- replayed or concurrent delivery of the same event finds its row and changes nothing.
CREATE TABLE stripe_webhook_events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Read model of checkout streams (projection "checkouts"): admin lists, refunds by payment.
CREATE TABLE checkouts (
    checkout_id              UUID PRIMARY KEY,
    user_id                  UUID NOT NULL,
    pack_id                  TEXT NOT NULL,
    tokens                   BIGINT NOT NULL,
    amount_cents             BIGINT NOT NULL,
    currency                 TEXT NOT NULL,
    promo_code               TEXT NOT NULL DEFAULT '',
    status                   TEXT NOT NULL,
    stripe_session_id        TEXT NOT NULL DEFAULT '',
    stripe_payment_intent_id TEXT NOT NULL DEFAULT '',
    amount_paid_cents        BIGINT NOT NULL DEFAULT 0,
    refunded_cents           BIGINT NOT NULL DEFAULT 0,
    tokens_revoked           BIGINT NOT NULL DEFAULT 0,
    version                  BIGINT NOT NULL,
    started_at               TIMESTAMPTZ NOT NULL,
    updated_at               TIMESTAMPTZ NOT NULL
);
CREATE INDEX checkouts_user_idx ON checkouts (user_id, started_at DESC);
CREATE INDEX checkouts_payment_intent_idx ON checkouts (stripe_payment_intent_id) WHERE stripe_payment_intent_id <> '';

-- +goose Down
DROP TABLE checkouts;
DROP TABLE stripe_webhook_events;
