// Package mail sends Gamelle's emails: an SMTP adapter (go-mail) configured by SMTP_URL, and a
// development mailbox that logs each email and keeps it in a table listed on /dev/mailbox when
// no SMTP server is configured. Templates (HTML and text, French and English) live here too.
package mail

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"strings"
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

// LogRecipient is how a log line names an email's recipient: the address's domain and a short
// hash of the whole address (enough to match two lines about the same person, not to read who
// it is), never the address itself, which logs must not keep.
func LogRecipient(to string) slog.Attr {
	addr := strings.ToLower(strings.TrimSpace(to))
	domain := ""
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		domain = addr[i+1:]
	}
	sum := sha256.Sum256([]byte(addr))
	return slog.Group("to", slog.String("domain", domain), slog.String("hash", hex.EncodeToString(sum[:4])))
}
