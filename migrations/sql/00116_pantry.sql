-- +goose Up
-- The pantry staples a person keeps in the cupboard (docs/nutrition.md, "Pantry staples"): ids of
-- nutrition.Staples, ticked once in the account's settings; none ticked is the empty list.
ALTER TABLE users ADD COLUMN pantry TEXT[] NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE users DROP COLUMN pantry;
