-- +goose Up
-- Requests to change a person's address (app/identity/email_change.go). The new address gets a
-- single-use link whose secret is only in the email; we keep its SHA-256 hash. A row is used
-- when its link was opened, replaced by a newer request, or cancelled (the session generation
-- moved on: sign-out everywhere, a new password); completed_at says the change happened. The
-- rows stay with the account as its address history (export) and go with it (cascade).
CREATE TABLE email_changes (
    token_hash         BYTEA PRIMARY KEY,
    user_id            UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    old_email          TEXT NOT NULL,
    new_email          TEXT NOT NULL CHECK (new_email = lower(btrim(new_email)) AND new_email <> ''),
    session_generation BIGINT NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL,
    expires_at         TIMESTAMPTZ NOT NULL,
    used_at            TIMESTAMPTZ,
    completed_at       TIMESTAMPTZ
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id, created_at);

-- +goose Down
DROP TABLE email_changes;
