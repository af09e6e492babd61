-- +goose Up
-- Food search (issue 10): accent-, case- and typo-tolerant, in the person's language, prefix
-- matches first. unaccent() is only STABLE (it reads a dictionary), so an IMMUTABLE wrapper
-- naming the dictionary is what generated columns and indexes can use.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- +goose StatementBegin
CREATE FUNCTION food_norm(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1));
-- +goose StatementEnd

ALTER TABLE foods
    ADD COLUMN norm_fr TEXT GENERATED ALWAYS AS (food_norm(name_fr)) STORED,
    ADD COLUMN norm_en TEXT GENERATED ALWAYS AS (food_norm(name_en)) STORED;

-- Trigram indexes answer "contains" and typo (word similarity) matches; the pattern-ops
-- indexes answer prefix matches.
CREATE INDEX foods_norm_fr_trgm ON foods USING gin (norm_fr gin_trgm_ops);
CREATE INDEX foods_norm_en_trgm ON foods USING gin (norm_en gin_trgm_ops);
CREATE INDEX foods_norm_fr_prefix ON foods (norm_fr text_pattern_ops);
CREATE INDEX foods_norm_en_prefix ON foods (norm_en text_pattern_ops);

-- +goose Down
DROP INDEX foods_norm_en_prefix, foods_norm_fr_prefix, foods_norm_en_trgm, foods_norm_fr_trgm;
ALTER TABLE foods DROP COLUMN norm_en, DROP COLUMN norm_fr;
DROP FUNCTION food_norm(text);
