-- +goose Up
-- Cooking oil and butter join the pantry (docs/nutrition.md, "Pantry staples"): the engine may
-- take them from the cupboard for a meal whose foods hold no fat. A person starts with them
-- ticked; a person whose pantry is still the first default (never edited) gets them too, a
-- person who edited it keeps their choice.
ALTER TABLE users ALTER COLUMN pantry
    SET DEFAULT '{oil,butter,garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}';
UPDATE users SET pantry = '{oil,butter,garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}'
    WHERE pantry = '{garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}';

-- +goose Down
UPDATE users SET pantry = '{garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}'
    WHERE pantry = '{oil,butter,garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}';
ALTER TABLE users ALTER COLUMN pantry
    SET DEFAULT '{garlic,herbes_de_provence,thyme,lemon,vinegar,mustard}';
