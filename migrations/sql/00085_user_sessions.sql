-- +goose Up
-- The signed-in sessions of each person, so the settings page can list them and sign one out
-- (docs/profile.md, "Sessions"). The session itself stays in the scs `sessions` table, stored by
-- a hash of its cookie token; this row is found by the random id kept inside that session's
-- data, and the per-request user load reads it in the same query as the users row: no row, a
-- past expiry or a stale generation (sign out everywhere, password change, verification) signs
-- the session out at its next request. last_seen_at moves at most once a minute.
CREATE TABLE user_sessions (
    id           UUID PRIMARY KEY,
    user_id      UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    generation   BIGINT NOT NULL,
    user_agent   TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX user_sessions_user_id ON user_sessions (user_id);
-- Every sign-in sweeps the expired rows.
CREATE INDEX user_sessions_expires_at ON user_sessions (expires_at);

-- +goose Down
DROP TABLE user_sessions;
