-- +goose Up
-- The CIQUAL food table (reference data, replaced wholesale by `gamelle foods import`).
-- Nutrients are per 100 g of edible portion. NULL means the value is missing from CIQUAL, which
-- ANSES says must not be read as zero; "traces" and "< x" arrive as numbers.
CREATE TABLE foods (
    code           INTEGER PRIMARY KEY,
    name_fr        TEXT NOT NULL,
    name_en        TEXT NOT NULL,
    group_fr       TEXT NOT NULL,
    group_en       TEXT NOT NULL,
    subgroup_fr    TEXT NOT NULL,
    subgroup_en    TEXT NOT NULL,
    kcal           NUMERIC(8,2),
    protein_g      NUMERIC(8,3),
    carbs_g        NUMERIC(8,3),
    fat_g          NUMERIC(8,3),
    sat_fat_g      NUMERIC(8,3),
    mono_fat_g     NUMERIC(8,3),
    poly_fat_g     NUMERIC(8,3),
    fibre_g        NUMERIC(8,3),
    sugars_g       NUMERIC(8,3),
    cholesterol_mg NUMERIC(9,3),
    sodium_mg      NUMERIC(9,3),
    salt_g         NUMERIC(8,4),
    water_g        NUMERIC(8,3),
    -- Search by name in either language ignores case and accents.
    search         TEXT GENERATED ALWAYS AS (lower(name_fr || ' ' || name_en)) STORED
);
CREATE INDEX foods_group_idx ON foods (group_en, subgroup_en);

-- +goose Down
DROP TABLE foods;
