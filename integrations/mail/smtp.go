package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTPConfig is an SMTP_URL, parsed.
type SMTPConfig struct {
	Host string
	Port int
	// ImplicitTLS is smtps://: TLS from the first byte. Otherwise smtp:// upgrades with STARTTLS
	// when the server offers it and stays plain when it does not.
	ImplicitTLS bool
	Username    string
	Password    string
	// From is the sender address; ?from= in the URL, else no-reply at the app's host.
	From string
}

// ParseSMTPURL reads smtp://[user:pass@]host[:port][?from=addr] or smtps://…. The default
// ports are 25 for smtp and 465 for smtps.
func ParseSMTPURL(raw, defaultFrom string) (SMTPConfig, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return SMTPConfig{}, fmt.Errorf("SMTP_URL: %w", err)
	}
	c := SMTPConfig{Host: u.Hostname(), From: defaultFrom}
	switch u.Scheme {
	case "smtp":
		c.Port = 25
	case "smtps":
		c.Port, c.ImplicitTLS = 465, true
	default:
		return SMTPConfig{}, fmt.Errorf("SMTP_URL: scheme %q, want smtp or smtps", u.Scheme)
	}
	if c.Host == "" {
		return SMTPConfig{}, fmt.Errorf("SMTP_URL: no host")
	}
	if p := u.Port(); p != "" {
		if c.Port, err = strconv.Atoi(p); err != nil || c.Port <= 0 || c.Port > 65535 {
			return SMTPConfig{}, fmt.Errorf("SMTP_URL: port %q", p)
		}
	}
	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
	}
	if f := u.Query().Get("from"); f != "" {
		c.From = f
	}
	if c.From == "" {
		return SMTPConfig{}, fmt.Errorf("SMTP_URL: no sender address")
	}
	return c, nil
}

// SMTP sends through an SMTP server, one connection per message (emails are rare and sent from
// jobs, so a pool is not worth its failure modes).
type SMTP struct {
	cfg SMTPConfig
	// TLSConfig overrides the TLS settings (tests trust a self-signed certificate with it).
	TLSConfig *tls.Config
	// Timeout bounds dialling and each SMTP command (default 15 s).
	Timeout time.Duration
}

// NewSMTP returns the adapter for cfg.
func NewSMTP(cfg SMTPConfig) *SMTP { return &SMTP{cfg: cfg, Timeout: 15 * time.Second} }

func (s *SMTP) client() (*gomail.Client, error) {
	tc := s.TLSConfig
	if tc == nil {
		tc = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	tc = tc.Clone()
	if tc.ServerName == "" {
		tc.ServerName = s.cfg.Host
	}
	opts := []gomail.Option{gomail.WithPort(s.cfg.Port), gomail.WithTimeout(s.Timeout), gomail.WithTLSConfig(tc)}
	if s.cfg.ImplicitTLS {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.cfg.Username != "" {
		// Let the server's advertised mechanisms choose (PLAIN, LOGIN, CRAM-MD5, SCRAM).
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.cfg.Username), gomail.WithPassword(s.cfg.Password))
	}
	c, err := gomail.NewClient(s.cfg.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp client: %w", err)
	}
	return c, nil
}

// Send delivers m.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.cfg.From); err != nil {
		return fmt.Errorf("%w: from %q: %v", ErrPermanent, s.cfg.From, err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("%w: to: %v", ErrPermanent, err)
	}
	msg.Subject(m.Subject)
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	c, err := s.client()
	if err != nil {
		return err
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		if errors.Is(err, gomail.ErrNoSupportedAuthDiscovered) {
			// A setting to fix, not a passing failure: retrying cannot help. Without TLS, go-mail
			// refuses PLAIN and LOGIN (they would send the password in clear), so the server
			// must offer STARTTLS or CRAM-MD5/SCRAM, or SMTP_URL must use smtps://.
			return fmt.Errorf("%w: smtp send to %s:%d: %v (no authentication mechanism usable on this connection: "+
				"PLAIN and LOGIN need TLS; use smtps://, a server offering STARTTLS, or CRAM-MD5/SCRAM)",
				ErrPermanent, s.cfg.Host, s.cfg.Port, err)
		}
		return fmt.Errorf("smtp send to %s:%d: %w", s.cfg.Host, s.cfg.Port, err)
	}
	return nil
}

// Addr is host:port, for logs.
func (s *SMTP) Addr() string { return net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port)) }
