-- +goose Up
-- The allergens a person declares (docs/profile.md, "Allergens"): ids of EU regulation
-- 1169/2011's 14, in Annex II's order. None declared is the empty list.
ALTER TABLE users ADD COLUMN allergens TEXT[] NOT NULL DEFAULT '{}';
-- A household member's, from their events (docs/events.md); members added before hold none.
ALTER TABLE household_members ADD COLUMN allergens TEXT[] NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE household_members DROP COLUMN allergens;
ALTER TABLE users DROP COLUMN allergens;
