-- +goose Up
-- People (state-based, not event-sourced: docs/architecture.md). Personal data lives only here, so erasing
-- a person is deleting this row; the ledger keeps only the pseudonymous user id.
--
-- email is stored normalised (trimmed, lower-case), which makes the unique index
-- case-insensitive. name/surname are empty for a first-time one-time-code visitor until they
-- complete /auth/otp/steps. password_hash is NULL for accounts created by a code, a magic link
-- or a social provider. session_generation is bumped to revoke every session of the person
-- (password reset): the session middleware compares it with the value stored at login.
CREATE TABLE users (
    id                 UUID PRIMARY KEY,
    email              TEXT NOT NULL UNIQUE CHECK (email = lower(btrim(email)) AND email <> ''),
    name               TEXT NOT NULL DEFAULT '',
    surname            TEXT NOT NULL DEFAULT '',
    password_hash      TEXT,
    role               TEXT NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'ADMIN')),
    verified_at        TIMESTAMPTZ,
    session_generation BIGINT NOT NULL DEFAULT 0,
    -- Preferences used by later screens (docs/product.md §3).
    language           TEXT NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en')),
    units              TEXT NOT NULL DEFAULT 'g' CHECK (units IN ('g', 'lb')),
    currency           TEXT NOT NULL DEFAULT 'EUR' CHECK (currency IN ('EUR', 'USD')),
    diet               TEXT NOT NULL DEFAULT 'omnivore' CHECK (diet IN ('omnivore', 'vegetarian', 'vegan')),
    calorie_goal       INTEGER CHECK (calorie_goal > 0),
    protein_goal       INTEGER CHECK (protein_goal >= 0),
    fat_goal           INTEGER CHECK (fat_goal >= 0),
    carb_goal          INTEGER CHECK (carb_goal >= 0),
    ai_suggestions     BOOLEAN NOT NULL DEFAULT TRUE,
    price_limit_cents  INTEGER CHECK (price_limit_cents > 0),
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE users;
