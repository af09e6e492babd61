-- +goose Up
-- A refused generation request keeps the engine's diagnosis (what to change), in both languages.
-- Numbered after every migration of the other areas so an existing database applies it in order.
ALTER TABLE generation_requests ADD COLUMN diagnosis_fr TEXT NOT NULL DEFAULT '',
    ADD COLUMN diagnosis_en TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE generation_requests DROP COLUMN diagnosis_en, DROP COLUMN diagnosis_fr;
