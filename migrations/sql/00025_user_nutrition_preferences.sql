-- +goose Up
-- The nutritional preferences chosen during onboarding (docs/product.md §4) that the users table from
-- 00020 does not hold yet: the objective (NULL until chosen) and the macro preset.
ALTER TABLE users
    ADD COLUMN objective    TEXT CHECK (objective IN ('weight_loss', 'muscle_gain', 'recomposition', 'maintenance')),
    ADD COLUMN macro_preset TEXT NOT NULL DEFAULT 'default'
        CHECK (macro_preset IN ('default', 'high_protein', 'high_carbs', 'low_carbs', 'balanced'));

-- +goose Down
ALTER TABLE users DROP COLUMN macro_preset, DROP COLUMN objective;
