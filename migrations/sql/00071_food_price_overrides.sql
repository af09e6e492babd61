-- +goose Up
-- Admins' corrections of the shipped food price estimates (data/prices/prices.csv), by CIQUAL
-- group and subgroup (empty strings for a whole group or the default). Every process applies
-- them to its price table at start-up and every minute (app/admin PriceLoader).
CREATE TABLE food_price_overrides (
    group_en    TEXT NOT NULL,
    subgroup_en TEXT NOT NULL,
    eur_per_kg  NUMERIC NOT NULL CHECK (eur_per_kg > 0 AND eur_per_kg <= 1000),
    updated_by  UUID,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (group_en, subgroup_en)
);

ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check
    CHECK (action IN ('grant_tokens', 'deduct_tokens', 'change_role', 'rebuild_projection', 'edit_price'));

-- +goose Down
DELETE FROM admin_actions WHERE action = 'edit_price';
ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check
    CHECK (action IN ('grant_tokens', 'deduct_tokens', 'change_role', 'rebuild_projection'));
DROP TABLE food_price_overrides;
