-- +goose Up
-- The current one-time code of a person and its magic link (one row per person: asking again
-- replaces it). Only SHA-256 hashes are stored. attempts counts wrong codes and wrong links
-- together; at 5 the code is burned.
CREATE TABLE otp_codes (
    user_id         UUID PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    code_hash       BYTEA NOT NULL,
    link_hash       BYTEA NOT NULL,
    code_expires_at TIMESTAMPTZ NOT NULL,
    link_expires_at TIMESTAMPTZ NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    sent_at         TIMESTAMPTZ NOT NULL,
    used_at         TIMESTAMPTZ
);

-- Single-use emailed links: email verification and password reset. The token itself is only
-- in the email; we keep its hash.
CREATE TABLE link_tokens (
    token_hash BYTEA PRIMARY KEY,
    user_id    UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX link_tokens_user_idx ON link_tokens (user_id, purpose);
CREATE INDEX link_tokens_expiry_idx ON link_tokens (expires_at);

-- +goose Down
DROP TABLE link_tokens;
DROP TABLE otp_codes;
