// Package text holds the rules every piece of text a person sends must follow, whatever the
// field: characters no one types on purpose are refused, because PostgreSQL cannot store them
// (NUL), because they make a text read differently from what it is (bidirectional overrides,
// the "Trojan source" trick: "Menu\u202egpj.exe" shows as "Menuexe.jpg"), or because they make a
// name that looks empty (zero-width characters only).
package text

import (
	"errors"
	"strings"
	"unicode"
)

// Reasons a text is refused.
var (
	// ErrControl: a control character other than tab, line feed and carriage return (NUL
	// included), or the replacement character a broken encoding leaves.
	ErrControl = errors.New("text: control character")
	// ErrBidiOverride: an explicit bidirectional embedding, override or isolate (U+202A–U+202E,
	// U+2066–U+2069).
	ErrBidiOverride = errors.New("text: bidirectional override")
	// ErrInvisible: the text is not empty but shows nothing (zero-width characters and spaces).
	ErrInvisible = errors.New("text: invisible characters only")
)

// Check tells whether s may be stored as a person's text; nil when it may. Secret fields
// (passwords) use CheckSecret.
func Check(s string) error {
	if err := CheckSecret(s); err != nil {
		return err
	}
	visible := false
	for _, r := range s {
		switch {
		case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
			return ErrBidiOverride
		case !visible && !unicode.IsSpace(r) && !isZeroWidth(r):
			visible = true
		}
	}
	if s != "" && !visible && strings.TrimFunc(s, unicode.IsSpace) != "" {
		return ErrInvisible
	}
	return nil
}

// CheckSecret is Check for a text no one reads (a password): only the control characters
// PostgreSQL or a broken encoding would mangle are refused.
func CheckSecret(s string) error {
	for _, r := range s {
		if (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7F || r == unicode.ReplacementChar {
			return ErrControl
		}
	}
	return nil
}

// isZeroWidth tells whether r takes no room: zero-width space, non-joiner, joiner, word joiner,
// byte order mark, Mongolian vowel separator and the invisible operators.
func isZeroWidth(r rune) bool {
	switch r {
	case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E, 0x2061, 0x2062, 0x2063, 0x2064, 0x00AD:
		return true
	}
	return false
}
