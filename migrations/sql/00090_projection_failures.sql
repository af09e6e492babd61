-- +goose Up
-- One row per projection that is failing in a running projections runner, written outside the
-- failing transaction and deleted when the projection applies a batch again. It is what
-- `gamelle projections status` shows as the projection's state; the other projections keep
-- advancing meanwhile (docs/eventstore.md, "Projections").
CREATE TABLE projection_failures (
    projection    TEXT PRIMARY KEY,
    failing_since TIMESTAMPTZ NOT NULL,
    attempts      INTEGER NOT NULL,
    last_error    TEXT NOT NULL,
    retry_at      TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE projection_failures;
