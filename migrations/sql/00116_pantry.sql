-- +goose Up
-- The pantry staples a person keeps in the cupboard (docs/nutrition.md, "Pantry staples"): ids of
-- nutrition.Staples, ticked once in the account's settings. A person starts with the cupboard
-- most French kitchens hold (garlic, dried herbs, thyme, lemon, vinegar, mustard) and unticks
-- what they lack; none ticked is the empty list.
ALTER TABLE users ADD COLUMN pantry TEXT[] NOT NULL
    DEFAULT '{garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}';

-- +goose Down
ALTER TABLE users DROP COLUMN pantry;
