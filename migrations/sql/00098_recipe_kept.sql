-- +goose Up
-- Issue 23: a recipe the person keeps is left out of "regenerate the rest".
ALTER TABLE recipes ADD COLUMN kept BOOLEAN NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE recipes DROP COLUMN kept;
