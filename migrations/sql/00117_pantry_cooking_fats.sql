-- +goose Up
-- The pantry a person starts with grows to what most French kitchens hold (docs/nutrition.md,
-- "Pantry staples"): cooking oil and butter, which the engine may take from the cupboard for a
-- meal whose foods hold no fat, onion, stock cubes and the common spices (curry, cumin, paprika)
-- that the curries, dahls, tajines and soups season with. A person whose pantry is still the
-- first default (never edited) gets the new one; a person who edited it keeps their choice.
ALTER TABLE users ALTER COLUMN pantry
    SET DEFAULT '{oil,butter,onion,garlic,stock,curry_spices,cumin,paprika,herbes_de_provence,thyme,lemon,vinegar,mustard}';
UPDATE users SET pantry = '{oil,butter,onion,garlic,stock,curry_spices,cumin,paprika,herbes_de_provence,thyme,lemon,vinegar,mustard}'
    WHERE pantry = '{garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}';

-- +goose Down
UPDATE users SET pantry = '{garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}'
    WHERE pantry = '{oil,butter,onion,garlic,stock,curry_spices,cumin,paprika,herbes_de_provence,thyme,lemon,vinegar,mustard}';
ALTER TABLE users ALTER COLUMN pantry
    SET DEFAULT '{garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}';
