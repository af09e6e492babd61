-- +goose Up
-- The nutrition profile (issue 12). Everything here is personal data: each table references
-- users ON DELETE CASCADE, so erasing a person's users row erases it too (docs/architecture.md,
-- "Erasing a person").

-- The person's meal split (percent of the day's calories per meal), NULL until chosen.
ALTER TABLE users ADD COLUMN meal_split JSONB;

-- The last survey answers, in metric units whatever the person typed them in.
CREATE TABLE nutrition_surveys (
    user_id              UUID PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    weight_kg            NUMERIC(5, 1) NOT NULL,
    height_cm            NUMERIC(4, 1) NOT NULL,
    age                  INTEGER NOT NULL,
    sex                  TEXT NOT NULL CHECK (sex IN ('male', 'female')),
    activity_level       TEXT NOT NULL,
    activity_description TEXT NOT NULL,
    other_activities     TEXT NOT NULL,
    objective            TEXT NOT NULL,
    macro_preset         TEXT NOT NULL,
    meal_split           JSONB NOT NULL,
    updated_at           TIMESTAMPTZ NOT NULL
);

-- One paid needs calculation: pending until its River job computes it (done) or gives up
-- (failed, tokens refunded once under the charge's ref "needs:<id>").
CREATE TABLE needs_requests (
    id           UUID PRIMARY KEY,
    user_id      UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status       TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
    input        JSONB NOT NULL,
    needs        JSONB,
    explanation  TEXT NOT NULL DEFAULT '',
    accepted_at  TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL,
    finished_at  TIMESTAMPTZ
);
CREATE INDEX needs_requests_user_idx ON needs_requests (user_id, created_at DESC);

-- Billing details used to prefill checkout.
CREATE TABLE billing_info (
    user_id     UUID PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    address     TEXT NOT NULL,
    city        TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    country     TEXT NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
    updated_at  TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE billing_info;
DROP TABLE needs_requests;
DROP TABLE nutrition_surveys;
ALTER TABLE users DROP COLUMN meal_split;
