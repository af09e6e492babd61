package handlers

import (
	"net/http"
	"regexp"

	"github.com/go-chi/chi/v5"

	"github.com/gamelle/gamelle/integrations/mail"
)

// DevMailbox shows the emails the development mailbox kept. cmd/gamelle only registers it
// outside production.
type DevMailbox struct {
	*Core
	mailbox *mail.Mailbox
}

// NewDevMailbox returns the mailbox page over mb.
func NewDevMailbox(c *Core, mb *mail.Mailbox) *DevMailbox { return &DevMailbox{Core: c, mailbox: mb} }

// Routes registers /dev/mailbox.
func (h *DevMailbox) Routes(r chi.Router) { r.Get("/dev/mailbox", h.devMailbox) }

var mailLinkRe = regexp.MustCompile(`https?://[^\s<>"]+`)

type mailboxEntry struct {
	ID        int64    `json:"id"`
	To        string   `json:"to"`
	Subject   string   `json:"subject"`
	Text      string   `json:"text"`
	Links     []string `json:"links"`
	CreatedAt string   `json:"createdAt"`
}

// devMailbox lists the emails the development mailbox kept (not routed in production).
// ?to= filters by recipient. Links are listed separately so they can be clicked.
func (h *DevMailbox) devMailbox(w http.ResponseWriter, r *http.Request) {
	if h.mailbox == nil {
		h.notFound(w, r)
		return
	}
	got, err := h.mailbox.Recent(r.Context(), r.URL.Query().Get("to"), 50)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	out := make([]mailboxEntry, 0, len(got))
	for _, m := range got {
		links := mailLinkRe.FindAllString(m.Text, -1)
		if links == nil {
			links = []string{}
		}
		out = append(out, mailboxEntry{ID: m.ID, To: m.To, Subject: m.Subject, Text: m.Text, Links: links, CreatedAt: m.CreatedAt.Format("2006-01-02 15:04:05")})
	}
	h.render(w, r, mailboxPage.With(mailboxProps{Emails: out, To: r.URL.Query().Get("to")}))
}
