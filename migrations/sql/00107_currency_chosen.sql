-- +goose Up
-- Whether the person chose their currency on the account page; until then it follows the
-- locale of their browser (en-US: dollars; docs/profile.md, "Currency and units"). Accounts
-- already in dollars chose them.
ALTER TABLE users ADD COLUMN currency_chosen BOOLEAN NOT NULL DEFAULT false;
UPDATE users SET currency_chosen = true WHERE currency <> 'EUR';

-- +goose Down
ALTER TABLE users DROP COLUMN currency_chosen;
