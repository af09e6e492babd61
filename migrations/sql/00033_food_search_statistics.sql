-- +goose Up
-- No statistics on the normalised names: with them, planning a trigram search evaluated the
-- word similarity against every sampled value (10-15 ms, more than the search itself) and, for
-- a common word, sometimes chose to score every row instead of using the index (80 ms). Without
-- them the planner takes the trigram index, which answers in about a millisecond.
ALTER TABLE foods ALTER COLUMN norm_fr SET STATISTICS 0, ALTER COLUMN norm_en SET STATISTICS 0;
ALTER TABLE custom_foods ALTER COLUMN norm SET STATISTICS 0;

-- +goose Down
ALTER TABLE custom_foods ALTER COLUMN norm SET STATISTICS -1;
ALTER TABLE foods ALTER COLUMN norm_fr SET STATISTICS -1, ALTER COLUMN norm_en SET STATISTICS -1;
