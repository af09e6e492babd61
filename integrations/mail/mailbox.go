package mail

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Mailbox is the development sender: it logs each email and keeps it in dev_mailbox, where
// /dev/mailbox (non-production only) lists it. It is never used in production.
type Mailbox struct {
	pool *pgxpool.Pool
	log  *slog.Logger
}

// NewMailbox returns the development mailbox.
func NewMailbox(pool *pgxpool.Pool, log *slog.Logger) *Mailbox {
	if log == nil {
		log = slog.Default()
	}
	return &Mailbox{pool: pool, log: log}
}

// Stored is an email kept by the mailbox.
type Stored struct {
	ID        int64     `json:"id"`
	To        string    `json:"to"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`
	HTML      string    `json:"html"`
	CreatedAt time.Time `json:"createdAt"`
}

// Send stores m and logs that it arrived. Subjects and bodies carry codes and links, which no
// log line may hold: the log points at /dev/mailbox instead.
func (b *Mailbox) Send(ctx context.Context, m Message) error {
	b.log.Info("email (dev mailbox): open /dev/mailbox to read it", LogRecipient(m.To))
	if _, err := b.pool.Exec(ctx,
		`INSERT INTO dev_mailbox (recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4)`,
		m.To, m.Subject, m.Text, m.HTML); err != nil {
		return fmt.Errorf("dev mailbox: store: %w", err)
	}
	return nil
}

// Recent lists the newest emails, newest first; to filters by recipient when not empty.
func (b *Mailbox) Recent(ctx context.Context, to string, limit int) ([]Stored, error) {
	rows, err := b.pool.Query(ctx, `
		SELECT id, recipient, subject, text_body, html_body, created_at FROM dev_mailbox
		WHERE $1 = '' OR recipient = $1 ORDER BY id DESC LIMIT $2`, to, limit)
	if err != nil {
		return nil, fmt.Errorf("dev mailbox: list: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Stored, error) {
		var s Stored
		err := r.Scan(&s.ID, &s.To, &s.Subject, &s.Text, &s.HTML, &s.CreatedAt)
		return s, err
	})
	if err != nil {
		return nil, fmt.Errorf("dev mailbox: list: %w", err)
	}
	return out, nil
}
