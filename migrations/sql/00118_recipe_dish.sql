-- +goose Up
-- A recipe's dish form ("curry") in the read model: the schedule keeps two recipes of one form
-- apart (docs/mealprep.md, "The schedule"). Recipes made before dish forms have none ('').
ALTER TABLE recipes ADD COLUMN dish TEXT NOT NULL DEFAULT '';
UPDATE recipes r SET dish = e.payload->'recipe'->>'dish'
FROM events e
WHERE e.event_type = 'RecipeGenerated.v1' AND e.payload->'recipe'->>'id' = r.id::text
  AND coalesce(e.payload->'recipe'->>'dish', '') <> '';

-- +goose Down
ALTER TABLE recipes DROP COLUMN dish;
