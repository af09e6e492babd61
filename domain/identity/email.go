// Package identity holds the rules about people: their email addresses, roles and preferences.
package identity

import (
	"net/mail"
	"strings"
	"unicode"

	"github.com/gamelle/gamelle/domain/fault"
)

// ErrEmailRequired and ErrEmailInvalid are the reasons an email address is refused.
var (
	ErrEmailRequired = fault.New(fault.Invalid, "email", "error.email.required", "email required")
	ErrEmailInvalid  = fault.New(fault.Invalid, "email", "error.email.invalid", "email invalid")
)

// maxEmailLen is the longest address SMTP can carry (RFC 5321 path limit).
const maxEmailLen = 254

// NormalizeEmail trims and lower-cases an address and checks that it is a plain addr-spec with a
// dotted domain: "Name <a@b.c>" forms and local hostnames are refused because we must be able to
// send to it from the public internet.
func NormalizeEmail(raw string) (string, error) {
	s := strings.ToLower(strings.TrimSpace(raw))
	if s == "" {
		return "", ErrEmailRequired
	}
	if len(s) > maxEmailLen || strings.ContainsAny(s, " <>\"'\r\n\t") {
		return "", ErrEmailInvalid
	}
	// Invisible characters (bidi overrides, zero-width spaces, controls) would let one address
	// display as another; letters of other scripts stay allowed.
	if strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }) {
		return "", ErrEmailInvalid
	}
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Address != s || addr.Name != "" {
		return "", ErrEmailInvalid
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	if at < 1 || !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return "", ErrEmailInvalid
	}
	return s, nil
}
