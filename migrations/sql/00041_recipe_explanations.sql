-- +goose Up
-- The engine explains an unmet target in both languages.
ALTER TABLE recipes RENAME COLUMN explanation TO explanation_fr;
ALTER TABLE recipes ADD COLUMN explanation_en TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE recipes DROP COLUMN explanation_en;
ALTER TABLE recipes RENAME COLUMN explanation_fr TO explanation;
