-- +goose Up
-- The admin audit pages token_history newest first by global position (keyset pagination).
CREATE INDEX token_history_position_idx ON token_history (position DESC);
CREATE INDEX token_history_reason_idx ON token_history (reason, position DESC);

-- Every admin action (who, what, when, on whom, and the written reason). State, not events:
-- the reason is free text an admin typed, so it may name a person and must be erasable with
-- the account it concerns (target_id is then cleared, the action itself stays counted).
CREATE TABLE admin_actions (
    id         UUID PRIMARY KEY,
    actor_id   UUID,
    actor      TEXT NOT NULL,            -- the actor's email at the time, or "cli:<os user>"
    action     TEXT NOT NULL CHECK (action IN ('grant_tokens', 'deduct_tokens', 'change_role', 'rebuild_projection')),
    target_id  UUID,
    amount     BIGINT,
    detail     TEXT NOT NULL DEFAULT '', -- the reason, the new role or the projection's name
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX admin_actions_created_idx ON admin_actions (created_at DESC, id DESC);
CREATE INDEX admin_actions_target_idx ON admin_actions (target_id) WHERE target_id IS NOT NULL;

-- +goose Down
DROP TABLE admin_actions;
DROP INDEX token_history_reason_idx;
DROP INDEX token_history_position_idx;
