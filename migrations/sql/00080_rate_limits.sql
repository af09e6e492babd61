-- +goose Up
-- Rate limits shared by every web process (GCRA): one row per key (an IP, an account), holding
-- the theoretical arrival time of the next request. A request is allowed when that time, pushed
-- by one emission interval, stays within the burst's tolerance of now. Rows whose time is past
-- are equivalent to no row, and are deleted now and then (handlers/rate_limits.go).
CREATE UNLOGGED TABLE rate_limits (
    key TEXT PRIMARY KEY,
    tat TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE rate_limits;
