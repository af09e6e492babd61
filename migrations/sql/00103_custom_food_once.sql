-- +goose Up
-- A person's custom food is stored once per name and values (docs/mealprep.md, "What the person
-- has"): the same food sent again, even by two requests at once, is the food already stored.
-- The key is the normalised name (case and accents aside, as the search reads it), the unit and
-- every nutrient, an unknown one equal only to another unknown one. Copies stored before this
-- rule stay (meal preps refer to their codes) but are marked and left out of the key.
ALTER TABLE custom_foods ADD COLUMN duplicate BOOLEAN NOT NULL DEFAULT false;

UPDATE custom_foods c SET duplicate = true
WHERE EXISTS (
    SELECT 1 FROM custom_foods o
    WHERE o.owner_id = c.owner_id AND o.norm = c.norm AND o.unit = c.unit
      AND o.kcal = c.kcal AND o.protein_g = c.protein_g AND o.fat_g = c.fat_g AND o.carbs_g = c.carbs_g
      AND o.sat_fat_g IS NOT DISTINCT FROM c.sat_fat_g AND o.fibre_g IS NOT DISTINCT FROM c.fibre_g
      AND o.sugars_g IS NOT DISTINCT FROM c.sugars_g AND o.salt_g IS NOT DISTINCT FROM c.salt_g
      AND o.code < c.code);

CREATE UNIQUE INDEX custom_foods_once ON custom_foods
    (owner_id, norm, unit, kcal, protein_g, fat_g, carbs_g, sat_fat_g, fibre_g, sugars_g, salt_g)
    NULLS NOT DISTINCT WHERE NOT duplicate;

-- +goose Down
DROP INDEX custom_foods_once;
ALTER TABLE custom_foods DROP COLUMN duplicate;
