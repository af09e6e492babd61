-- +goose Up
-- Preferences chosen during an onboarding with an address that already had an account
-- (app/identity/preference_link.go). The owner's onboarding_exists email carries a single-use
-- link whose secret only the email holds (we keep its SHA-256); opened in a browser signed in
-- to this account and confirmed, it applies them as onboarding does for a new account. Nothing
-- changes otherwise. The rows go with the account (cascade).
CREATE TABLE preference_links (
    token_hash   BYTEA PRIMARY KEY,
    user_id      UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    diet         TEXT NOT NULL,
    objective    TEXT NOT NULL,
    macro_preset TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    used_at      TIMESTAMPTZ
);
CREATE INDEX preference_links_user_idx ON preference_links (user_id);

-- +goose Down
DROP TABLE preference_links;
