// Command e2efakes runs the outside services the browser tests talk to, on loopback and free
// ports, in one process started by frontend/e2e/support/server.ts (startStack):
//
//   - an SMTP server (github.com/emersion/go-smtp) that requires AUTH with the given user
//     and password, keeps every message it receives and parses it with the standard library
//     (net/mail, mime, mime/multipart, quoted-printable and base64 decoding); Gamelle
//     authenticates with CRAM-MD5, the mechanism go-mail allows without TLS;
//   - an OpenID Connect provider (github.com/oauth2-proxy/mockoidc) standing in for Google;
//   - a small HTTP control API for the tests: GET /mail?to=ADDR lists the parsed messages sent
//     to ADDR, POST /oidc/users queues the person the next authorization will sign in.
//
// Why Go rather than the npm smtp-server + mailparser pair: mockoidc is Go anyway, go-smtp is
// already in go.mod, one small program serves both fakes and its HTTP API hands the mail to any
// test process, and mailparser's exact-pinned dependencies are not all available from the
// project's npm registry. The parser here is independent of
// go-mail (the encoder under test): it sees only the bytes that crossed the SMTP connection.
//
// It prints one JSON line (addresses, issuer, client id and secret) on stdout once listening,
// and exits when stdin closes (the test process went away), on SIGTERM/SIGINT, or after
// -max-lifetime.
package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/md5"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/mail"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"
)

func main() {
	user := flag.String("smtp-user", "e2e", "SMTP AUTH user")
	pass := flag.String("smtp-pass", "e2e-secret", "SMTP AUTH password")
	lifetime := flag.Duration("max-lifetime", 30*time.Minute, "exit after this long whatever happens")
	flag.Parse()
	log.SetFlags(log.Ltime | log.Lmicroseconds)
	log.SetPrefix("e2efakes: ")

	box := &mailbox{}
	smtpLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := smtp.NewServer(&backend{box: box, user: *user, pass: *pass})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true // loopback only; no STARTTLS offered, so the client stays plain
	srv.ReadTimeout = 30 * time.Second
	srv.WriteTimeout = 30 * time.Second
	srv.MaxMessageBytes = 5 << 20
	srv.MaxRecipients = 10
	go func() {
		if err := srv.Serve(smtpLn); err != nil && !errors.Is(err, smtp.ErrServerClosed) {
			log.Fatalf("smtp: %v", err)
		}
	}()

	oidc, err := mockoidc.NewServer(nil)
	if err != nil {
		log.Fatal(err)
	}
	oidcLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	if err := oidc.Start(oidcLn, nil); err != nil {
		log.Fatal(err)
	}

	ctlLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /mail", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, box.to(r.URL.Query().Get("to")))
	})
	mux.HandleFunc("POST /oidc/users", func(w http.ResponseWriter, r *http.Request) {
		var u oidcUser
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&u); err != nil || u.Subject == "" {
			http.Error(w, "want JSON with at least subject", http.StatusBadRequest)
			return
		}
		oidc.QueueUser(&u)
		w.WriteHeader(http.StatusNoContent)
	})
	ctl := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := ctl.Serve(ctlLn); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Fatalf("control: %v", err)
		}
	}()

	cfg := oidc.Config()
	ready, _ := json.Marshal(map[string]string{
		"smtp":         smtpLn.Addr().String(),
		"smtpUser":     *user,
		"smtpPassword": *pass,
		"issuer":       cfg.Issuer,
		"clientId":     cfg.ClientID,
		"clientSecret": cfg.ClientSecret,
		"control":      "http://" + ctlLn.Addr().String(),
	})
	fmt.Println(string(ready))

	done := make(chan string, 3)
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		done <- "stdin closed"
	}()
	go func() {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
		done <- (<-sig).String()
	}()
	go func() {
		time.Sleep(*lifetime)
		done <- "max lifetime reached"
	}()
	log.Printf("stopping: %s", <-done)
	_ = srv.Close()
	_ = oidc.Shutdown()
	_ = ctl.Close()
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// oidcUser is a Google-like person: mockoidc's MockUser has no given_name / family_name claims,
// which Google sends and Gamelle reads.
type oidcUser struct {
	Subject       string `json:"subject"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	GivenName     string `json:"givenName"`
	FamilyName    string `json:"familyName"`
}

type oidcProfile struct {
	Email         string `json:"email,omitempty"`
	EmailVerified bool   `json:"email_verified"`
	Name          string `json:"name,omitempty"`
	GivenName     string `json:"given_name,omitempty"`
	FamilyName    string `json:"family_name,omitempty"`
}

type oidcClaims struct {
	*mockoidc.IDTokenClaims
	oidcProfile
}

func (u *oidcUser) ID() string { return u.Subject }

func (u *oidcUser) profile(scopes []string) oidcProfile {
	var p oidcProfile
	for _, s := range scopes {
		switch s {
		case "email":
			p.Email, p.EmailVerified = u.Email, u.EmailVerified
		case "profile":
			p.GivenName, p.FamilyName = u.GivenName, u.FamilyName
			p.Name = strings.TrimSpace(u.GivenName + " " + u.FamilyName)
		}
	}
	return p
}

func (u *oidcUser) Userinfo(scopes []string) ([]byte, error) {
	return json.Marshal(struct {
		Sub string `json:"sub"`
		oidcProfile
	}{u.Subject, u.profile(scopes)})
}

func (u *oidcUser) Claims(scopes []string, base *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	return &oidcClaims{IDTokenClaims: base, oidcProfile: u.profile(scopes)}, nil
}

// Part describes one leaf of the MIME tree as it was sent.
type Part struct {
	ContentType      string `json:"contentType"`
	Charset          string `json:"charset"`
	TransferEncoding string `json:"transferEncoding"`
}

// Message is a received email, decoded.
type Message struct {
	ReceivedAt   time.Time `json:"receivedAt"`
	EnvelopeFrom string    `json:"envelopeFrom"`
	EnvelopeTo   []string  `json:"envelopeTo"`
	AuthUser     string    `json:"authUser"`
	From         string    `json:"from"`
	To           []string  `json:"to"`
	Subject      string    `json:"subject"`
	ContentType  string    `json:"contentType"`
	Text         string    `json:"text"`
	HTML         string    `json:"html"`
	Parts        []Part    `json:"parts"`
	Size         int       `json:"size"`
	// Error is set when the message could not be parsed; the test fails on it.
	Error string `json:"error,omitempty"`
}

type mailbox struct {
	mu   sync.Mutex
	msgs []Message
}

func (b *mailbox) add(m Message) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.msgs = append(b.msgs, m)
}

// to lists the messages whose envelope names addr (case-insensitive), oldest first.
func (b *mailbox) to(addr string) []Message {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := []Message{}
	for _, m := range b.msgs {
		for _, rcpt := range m.EnvelopeTo {
			if addr == "" || strings.EqualFold(rcpt, addr) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

type backend struct {
	box        *mailbox
	user, pass string
}

func (b *backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{b: b}, nil }

type session struct {
	b        *backend
	authUser string
	from     string
	to       []string
}

// AuthMechanisms offers PLAIN and CRAM-MD5. The connection has no TLS (loopback), where go-mail
// rightly refuses to send a password in clear with PLAIN, so Gamelle authenticates with
// CRAM-MD5 here, as it would with a plain relay; PLAIN stays for other clients.
func (s *session) AuthMechanisms() []string { return []string{sasl.Plain, "CRAM-MD5"} }

func (s *session) Auth(mech string) (sasl.Server, error) {
	switch mech {
	case sasl.Plain:
		return sasl.NewPlainServer(func(identity, username, password string) error {
			if username != s.b.user || password != s.b.pass {
				return smtp.ErrAuthFailed
			}
			s.authUser = username
			return nil
		}), nil
	case "CRAM-MD5":
		return &cramMD5{s: s}, nil
	}
	return nil, smtp.ErrAuthUnknownMechanism
}

// cramMD5 is the server side of RFC 2195: a challenge, then "user hex(hmac-md5(password, challenge))".
type cramMD5 struct {
	s         *session
	challenge string
}

func (c *cramMD5) Next(response []byte) ([]byte, bool, error) {
	if c.challenge == "" {
		c.challenge = fmt.Sprintf("<%d.%d@localhost>", os.Getpid(), time.Now().UnixNano())
		return []byte(c.challenge), false, nil
	}
	user, digest, ok := strings.Cut(string(response), " ")
	mac := hmac.New(md5.New, []byte(c.s.b.pass))
	mac.Write([]byte(c.challenge))
	want := hex.EncodeToString(mac.Sum(nil))
	if !ok || user != c.s.b.user || !hmac.Equal([]byte(digest), []byte(want)) {
		return nil, true, smtp.ErrAuthFailed
	}
	c.s.authUser = user
	return nil, true, nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.authUser == "" {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m := parse(raw)
	m.ReceivedAt, m.EnvelopeFrom, m.EnvelopeTo, m.AuthUser = time.Now().UTC(), s.from, append([]string(nil), s.to...), s.authUser
	s.b.box.add(m)
	log.Printf("received %q for %v (%d bytes) %s", m.Subject, m.EnvelopeTo, m.Size, m.Error)
	return nil
}

func (s *session) Reset()        { s.from, s.to = "", nil }
func (s *session) Logout() error { return nil }

var words = &mime.WordDecoder{}

func parse(raw []byte) Message {
	m := Message{Size: len(raw)}
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		m.Error = "headers: " + err.Error()
		return m
	}
	if m.Subject, err = words.DecodeHeader(msg.Header.Get("Subject")); err != nil {
		m.Error = "subject: " + err.Error()
		return m
	}
	if from, err := msg.Header.AddressList("From"); err == nil && len(from) == 1 {
		m.From = from[0].Address
	}
	if to, err := msg.Header.AddressList("To"); err == nil {
		for _, a := range to {
			m.To = append(m.To, a.Address)
		}
	}
	m.ContentType = msg.Header.Get("Content-Type")
	if err := m.walk(msg.Header, msg.Body, 0); err != nil {
		m.Error = err.Error()
	}
	return m
}

// header is mail.Header or a part's textproto.MIMEHeader.
type header interface{ Get(string) string }

// walk decodes a MIME entity: multipart containers are walked, text/plain and text/html leaves
// are decoded into Text and HTML (several of the same kind would be an error: we send one).
func (m *Message) walk(h header, body io.Reader, depth int) error {
	if depth > 5 {
		return errors.New("MIME tree too deep")
	}
	ct := h.Get("Content-Type")
	if ct == "" {
		ct = "text/plain; charset=us-ascii"
	}
	mediaType, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return fmt.Errorf("content-type %q: %w", ct, err)
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart() // raw: the transfer encoding is decoded below, explicitly
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("%s: %w", mediaType, err)
			}
			if err := m.walk(p.Header, p, depth+1); err != nil {
				return err
			}
		}
	}
	cte := strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding")))
	var decoded io.Reader
	switch cte {
	case "", "7bit", "8bit", "binary":
		decoded = body
	case "quoted-printable":
		decoded = quotedprintable.NewReader(body)
	case "base64":
		decoded = base64.NewDecoder(base64.StdEncoding, body) // ignores the line breaks
	default:
		return fmt.Errorf("%s: unknown transfer encoding %q", mediaType, cte)
	}
	content, err := io.ReadAll(decoded)
	if err != nil {
		return fmt.Errorf("%s (%s): %w", mediaType, cte, err)
	}
	charset := strings.ToLower(params["charset"])
	m.Parts = append(m.Parts, Part{ContentType: mediaType, Charset: charset, TransferEncoding: cte})
	switch charset {
	case "utf-8", "us-ascii", "":
	default:
		return fmt.Errorf("%s: charset %q (the tests expect UTF-8)", mediaType, charset)
	}
	// Text travels in canonical form (CRLF line ends); a mail client shows plain line ends.
	content = bytes.ReplaceAll(content, []byte("\r\n"), []byte("\n"))
	switch mediaType {
	case "text/plain":
		if m.Text != "" {
			return errors.New("two text/plain parts")
		}
		m.Text = string(content)
	case "text/html":
		if m.HTML != "" {
			return errors.New("two text/html parts")
		}
		m.HTML = string(content)
	}
	return nil
}
