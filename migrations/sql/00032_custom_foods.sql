-- +goose Up
-- Foods a person adds (issue 10): visible only to their owner, deleted with them. Codes come
-- from a sequence far above CIQUAL's (all below 100,000), so a meal prep refers to either kind
-- by one integer code.
CREATE SEQUENCE custom_food_code_seq START 90000000;

CREATE TABLE custom_foods (
    code        INTEGER PRIMARY KEY DEFAULT nextval('custom_food_code_seq'),
    owner_id    UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (name <> '' AND length(name) <= 120),
    producer    TEXT NOT NULL DEFAULT '' CHECK (length(producer) <= 120),
    country     TEXT NOT NULL DEFAULT '' CHECK (length(country) <= 60),
    language    TEXT NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en')),
    unit        TEXT NOT NULL DEFAULT 'g' CHECK (unit IN ('g', 'ml')),
    group_code  TEXT NOT NULL DEFAULT 'other',
    kcal        NUMERIC(8,2) NOT NULL CHECK (kcal >= 0 AND kcal <= 900),
    protein_g   NUMERIC(8,3) NOT NULL CHECK (protein_g BETWEEN 0 AND 100),
    carbs_g     NUMERIC(8,3) NOT NULL CHECK (carbs_g BETWEEN 0 AND 100),
    fat_g       NUMERIC(8,3) NOT NULL CHECK (fat_g BETWEEN 0 AND 100),
    sat_fat_g   NUMERIC(8,3) CHECK (sat_fat_g BETWEEN 0 AND 100),
    fibre_g     NUMERIC(8,3) CHECK (fibre_g BETWEEN 0 AND 100),
    sugars_g    NUMERIC(8,3) CHECK (sugars_g BETWEEN 0 AND 100),
    salt_g      NUMERIC(8,4) CHECK (salt_g BETWEEN 0 AND 100),
    norm        TEXT GENERATED ALWAYS AS (food_norm(name)) STORED,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
ALTER SEQUENCE custom_food_code_seq OWNED BY custom_foods.code;
CREATE INDEX custom_foods_owner ON custom_foods (owner_id, norm);

-- +goose Down
DROP TABLE custom_foods;
