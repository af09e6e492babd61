package identity

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gamelle/gamelle/domain/fault"
)

// Role is what a person may do. USER is everyone; ADMIN also runs the admin dashboard.
type Role string

// Roles (docs/product.md §6).
const (
	RoleUser  Role = "USER"
	RoleAdmin Role = "ADMIN"
)

// Valid reports whether r is a known role.
func (r Role) Valid() bool { return r == RoleUser || r == RoleAdmin }

// RoleFor is the role given at sign-up: ADMIN for an address listed in ADMIN_EMAILS (already
// lower-cased by config), USER otherwise. email must be normalised.
func RoleFor(email string, adminEmails []string) Role {
	if slices.Contains(adminEmails, email) {
		return RoleAdmin
	}
	return RoleUser
}

// NameMaxLen bounds first and last names, in characters.
const NameMaxLen = 100

// Reasons a name is refused.
var (
	ErrNameRequired = fault.New(fault.Invalid, "name", "error.name.required", "name required")
	ErrNameTooLong  = fault.New(fault.Invalid, "name", "error.name.too_long", "name too long")
)

// NormalizeName trims a first or last name and checks it is present and not absurdly long.
// Control characters are refused as too long would be: they have no place in a name.
func NormalizeName(raw string) (string, error) {
	s := strings.Join(strings.Fields(raw), " ")
	if s == "" {
		return "", ErrNameRequired
	}
	if utf8.RuneCountInString(s) > NameMaxLen || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return "", ErrNameTooLong
	}
	return s, nil
}

// Language is a person's preferred language for pages and emails.
type Language string

// Languages offered (docs/product.md §9).
const (
	French  Language = "fr"
	English Language = "en"
)

// ParseLanguage returns the language for a locale code, French by default.
func ParseLanguage(s string) Language {
	if strings.HasPrefix(strings.ToLower(s), "en") {
		return English
	}
	return French
}

// FieldErrors maps a form field to the reason it was refused. The web layer translates each.
type FieldErrors map[string]error

func (f FieldErrors) Error() string {
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString("invalid fields:")
	for _, k := range keys {
		b.WriteString(" " + k + ": " + f[k].Error() + ";")
	}
	return b.String()
}
