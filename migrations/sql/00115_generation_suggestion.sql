-- +goose Up
-- A refused generation request keeps the engine's checked suggestion as data (action, foods,
-- price limit), so the page offers the change as an action beside the diagnosis.
ALTER TABLE generation_requests ADD COLUMN suggestion JSONB;

-- +goose Down
ALTER TABLE generation_requests DROP COLUMN suggestion;
