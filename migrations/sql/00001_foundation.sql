-- +goose Up
-- Sessions for alexedwards/scs pgxstore (the schema it documents).
CREATE TABLE sessions (
    token  TEXT PRIMARY KEY,
    data   BYTEA NOT NULL,
    expiry TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_expiry_idx ON sessions (expiry);

-- People who asked to hear about the mobile app. Email is stored lower-cased; a second
-- sign-up with the same address is accepted and changes nothing.
CREATE TABLE waitlist (
    email      TEXT PRIMARY KEY,
    locale     TEXT NOT NULL DEFAULT 'fr',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE waitlist;
DROP TABLE sessions;
