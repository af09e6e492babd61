-- +goose Up
-- Development mailbox: when no SMTP_URL is set (development, test), emails are kept here and
-- listed on /dev/mailbox. A table rather than memory because the worker that sends and the web
-- process that shows may be different processes. Never written in production.
CREATE TABLE dev_mailbox (
    id         BIGSERIAL PRIMARY KEY,
    recipient  TEXT NOT NULL,
    subject    TEXT NOT NULL,
    text_body  TEXT NOT NULL,
    html_body  TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX dev_mailbox_recipient_idx ON dev_mailbox (recipient, id DESC);

-- +goose Down
DROP TABLE dev_mailbox;
