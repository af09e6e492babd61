-- +goose Up
-- Read model: token_history summed per UTC day and reason, written by the token_history
-- projection in the same transaction as its rows (so it always equals a sum over them) and
-- rebuilt with it. The admin audit's totals and statistics read a few rows per day here instead
-- of scanning the whole ledger (docs/performance.md, "Pages on the real server").
CREATE TABLE token_history_daily (
    day              DATE NOT NULL,
    reason           TEXT NOT NULL,
    entries          BIGINT NOT NULL, -- rows
    positive_entries BIGINT NOT NULL, -- rows with delta > 0
    negative_entries BIGINT NOT NULL, -- rows with delta < 0
    credits          BIGINT NOT NULL, -- sum of the positive deltas
    debits           BIGINT NOT NULL, -- minus the sum of the negative deltas
    PRIMARY KEY (day, reason)
);

INSERT INTO token_history_daily (day, reason, entries, positive_entries, negative_entries, credits, debits)
SELECT (occurred_at AT TIME ZONE 'UTC')::date, reason, count(*), count(*) FILTER (WHERE delta > 0),
       count(*) FILTER (WHERE delta < 0), coalesce(sum(delta) FILTER (WHERE delta > 0), 0),
       coalesce(-sum(delta) FILTER (WHERE delta < 0), 0)
FROM token_history GROUP BY 1, 2;

-- +goose Down
DROP TABLE token_history_daily;
