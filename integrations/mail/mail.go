// Package mail sends Gamelle's emails: an SMTP adapter (go-mail) configured by SMTP_URL, and a
// development mailbox that logs each email and keeps it in a table listed on /dev/mailbox when
// no SMTP server is configured. Templates (HTML and text, French and English) live here too.
package mail

import (
	"context"
	"errors"
)

// Message is one rendered email.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Sender delivers a message. Implementations are safe for concurrent use.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrPermanent marks a delivery failure that retrying cannot fix (a refused recipient, a
// malformed message); the job gives up instead of retrying.
var ErrPermanent = errors.New("mail: permanent failure")
