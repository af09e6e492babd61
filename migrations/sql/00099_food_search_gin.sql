-- +goose Up
-- The foods table is written by the CIQUAL import only. Its trigram indexes take new entries
-- straight into the index (fastupdate off) instead of a pending list that every search scans
-- until a vacuum merges it: right after an import the food search's p95 was 38 ms, 3 ms once
-- merged (docs/performance.md, "Meal prep"). The list an earlier import left is merged here.
ALTER INDEX foods_norm_fr_trgm SET (fastupdate = off);
ALTER INDEX foods_norm_en_trgm SET (fastupdate = off);
SELECT gin_clean_pending_list('foods_norm_fr_trgm'::regclass);
SELECT gin_clean_pending_list('foods_norm_en_trgm'::regclass);

-- +goose Down
ALTER INDEX foods_norm_fr_trgm RESET (fastupdate);
ALTER INDEX foods_norm_en_trgm RESET (fastupdate);
