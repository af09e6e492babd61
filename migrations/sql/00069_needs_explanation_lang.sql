-- +goose Up
-- The language the AI explanation of a needs calculation was written in, so the page marks it
-- (lang attribute) when the person has changed language since; '' when there is none.
ALTER TABLE needs_requests ADD COLUMN explanation_lang TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE needs_requests DROP COLUMN explanation_lang;
