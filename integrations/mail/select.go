package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/internal/config"
)

// FromConfig picks the sender: SMTP when SMTP_URL is set; otherwise the development mailbox
// outside production, and in production a sender that only logs that an email was dropped
// (bodies carry sign-in secrets, so they are not logged there).
func FromConfig(cfg config.Config, pool *pgxpool.Pool, log *slog.Logger) (Sender, error) {
	if cfg.SMTPURL != "" {
		sc, err := ParseSMTPURL(cfg.SMTPURL, DefaultFrom(cfg.AppURL))
		if err != nil {
			return nil, err
		}
		return NewSMTP(sc), nil
	}
	if cfg.Production() {
		return dropSender{log: log}, nil
	}
	return NewMailbox(pool, log), nil
}

// DefaultFrom is no-reply at the application's host.
func DefaultFrom(appURL string) string {
	host := "localhost"
	if u, err := url.Parse(appURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	return fmt.Sprintf("Gamelle <no-reply@%s>", host)
}

type dropSender struct{ log *slog.Logger }

// Send logs that an email was lost, without its subject or body (they hold codes and links) and
// with the recipient as LogRecipient names it.
func (d dropSender) Send(_ context.Context, m Message) error {
	d.log.Error("email dropped: SMTP_URL is not set in production", LogRecipient(m.To))
	return nil
}
