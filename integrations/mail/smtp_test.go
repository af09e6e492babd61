package mail_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/mail"
)

// received is one message the test SMTP server accepted.
type received struct {
	From, To string
	Data     string
	TLS      bool
	User     string
}

// smtpServer is a real SMTP server (emersion/go-smtp) on a loopback port that keeps what it
// receives.
type smtpServer struct {
	mu       sync.Mutex
	got      []received
	addr     string
	port     int
	user     string
	password string
}

func (s *smtpServer) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

type session struct {
	srv  *smtpServer
	conn *smtp.Conn
	cur  received
}

func (s *session) AuthMechanisms() []string {
	if s.srv.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != s.srv.user || pass != s.srv.password {
			return errors.New("invalid credentials")
		}
		s.cur.User = user
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.srv.user != "" && s.cur.User == "" {
		return smtp.ErrAuthRequired
	}
	s.cur.From = from
	return nil
}
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error { s.cur.To = to; return nil }
func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.Data = string(b)
	_, s.cur.TLS = s.conn.TLSConnectionState()
	s.srv.mu.Lock()
	s.srv.got = append(s.srv.got, s.cur)
	s.srv.mu.Unlock()
	return nil
}
func (s *session) Reset()        { user := s.cur.User; s.cur = received{User: user} }
func (s *session) Logout() error { return nil }

// startSMTP runs a server. tlsCfg enables STARTTLS (or implicit TLS when implicit is set);
// user enables PLAIN authentication and requires it.
func startSMTP(t *testing.T, tlsCfg *tls.Config, implicit bool, user, password string) *smtpServer {
	t.Helper()
	st := &smtpServer{user: user, password: password}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{srv: st, conn: c}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.TLSConfig = tlsCfg
	// A server without TLS offers AUTH anyway, as some relays do (go-smtp hides it otherwise).
	srv.AllowInsecureAuth = tlsCfg == nil
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	if implicit {
		l = tls.NewListener(l, tlsCfg)
	}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	st.addr = l.Addr().String()
	st.port = l.Addr().(*net.TCPAddr).Port
	return st
}

// selfSigned returns a server TLS config for 127.0.0.1 and a client config trusting it.
func selfSigned(t *testing.T) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	cert, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}, MinVersion: tls.VersionTLS12},
		&tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
}

func sender(t *testing.T, rawURL string, clientTLS *tls.Config) *mail.SMTP {
	t.Helper()
	cfg, err := mail.ParseSMTPURL(rawURL, "Gamelle <no-reply@gamelle.test>")
	require.NoError(t, err)
	s := mail.NewSMTP(cfg)
	s.TLSConfig = clientTLS
	s.Timeout = 5 * time.Second
	return s
}

var testMsg = mail.Message{To: "alice@example.com", Subject: "Bonjour é", Text: "Votre code : 123456", HTML: "<p>Votre code : <b>123456</b></p>"}

func TestSMTPPlain(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t, nil, false, "", "")
	require.NoError(t, sender(t, "smtp://"+srv.addr, nil).Send(context.Background(), testMsg))
	got := srv.messages()
	require.Len(t, got, 1)
	require.False(t, got[0].TLS, "no STARTTLS offered: stays plain")
	require.Equal(t, "no-reply@gamelle.test", got[0].From)
	require.Equal(t, "alice@example.com", got[0].To)
	require.Contains(t, got[0].Data, "Content-Type: multipart/alternative")
	require.Contains(t, got[0].Data, "text/html")
	require.Contains(t, got[0].Data, "123456")
}

func TestSMTPStartTLSWithAuth(t *testing.T) {
	t.Parallel()
	serverTLS, clientTLS := selfSigned(t)
	srv := startSMTP(t, serverTLS, false, "mailer", "s3cret")
	require.NoError(t, sender(t, "smtp://mailer:s3cret@"+srv.addr, clientTLS).Send(context.Background(), testMsg))
	got := srv.messages()
	require.Len(t, got, 1)
	require.True(t, got[0].TLS, "upgraded with STARTTLS")
	require.Equal(t, "mailer", got[0].User)

	err := sender(t, "smtp://mailer:wrong@"+srv.addr, clientTLS).Send(context.Background(), testMsg)
	require.Error(t, err)
	require.Len(t, srv.messages(), 1)
}

func TestSMTPImplicitTLSWithAuth(t *testing.T) {
	t.Parallel()
	serverTLS, clientTLS := selfSigned(t)
	srv := startSMTP(t, serverTLS, true, "mailer", "p@ss word")
	raw := fmt.Sprintf("smtps://mailer:%s@127.0.0.1:%d?from=%s", "p%40ss%20word", srv.port, "hello%40gamelle.test")
	require.NoError(t, sender(t, raw, clientTLS).Send(context.Background(), testMsg))
	got := srv.messages()
	require.Len(t, got, 1)
	require.True(t, got[0].TLS)
	require.Equal(t, "hello@gamelle.test", got[0].From)

	// An untrusted certificate is refused.
	_, untrusted := selfSigned(t)
	require.Error(t, sender(t, raw, untrusted).Send(context.Background(), testMsg))
}

// A password over a connection without TLS, to a server offering only PLAIN, cannot be sent:
// that is a configuration to fix, so the job must be cancelled rather than retried for hours.
func TestSMTPAuthWithoutTLSIsPermanent(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t, nil, false, "mailer", "s3cret")
	err := sender(t, "smtp://mailer:s3cret@"+srv.addr, nil).Send(context.Background(), testMsg)
	require.ErrorIs(t, err, mail.ErrPermanent)
	require.ErrorContains(t, err, "PLAIN and LOGIN need TLS")
	require.Empty(t, srv.messages())
}

func TestParseSMTPURL(t *testing.T) {
	t.Parallel()
	c, err := mail.ParseSMTPURL("smtp://mail.example.com", "x@y.z")
	require.NoError(t, err)
	require.Equal(t, mail.SMTPConfig{Host: "mail.example.com", Port: 25, From: "x@y.z"}, c)
	c, err = mail.ParseSMTPURL("smtps://u:p@mail.example.com", "x@y.z")
	require.NoError(t, err)
	require.Equal(t, 465, c.Port)
	require.True(t, c.ImplicitTLS)
	require.Equal(t, "u", c.Username)
	require.Equal(t, "p", c.Password)
	for _, bad := range []string{"http://x", "smtp://", "smtp://h:0", "smtp://h:99999"} {
		_, err := mail.ParseSMTPURL(bad, "x@y.z")
		require.Error(t, err, bad)
	}
	require.True(t, strings.HasSuffix(mail.DefaultFrom("https://gamelle.fr/x"), "<no-reply@gamelle.fr>"))
}
