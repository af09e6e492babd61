package handlers

import (
	"net/http"
	"regexp"

	inertia "github.com/romsar/gonertia/v3"
)

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
func (s *Server) devMailbox(w http.ResponseWriter, r *http.Request) {
	if s.mailbox == nil {
		s.notFound(w, r)
		return
	}
	got, err := s.mailbox.Recent(r.Context(), r.URL.Query().Get("to"), 50)
	if err != nil {
		s.serverError(w, r, err)
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
	s.render(w, r, "dev/mailbox", inertia.Props{"emails": out, "to": r.URL.Query().Get("to")})
}
