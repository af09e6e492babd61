package identity

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNormalizeEmail(t *testing.T) {
	t.Parallel()
	ok := map[string]string{
		" Alice@Example.COM ":    "alice@example.com",
		"a.b+tag@sub.example.fr": "a.b+tag@sub.example.fr",
		"élodie@exemple.fr":      "élodie@exemple.fr",
	}
	for in, want := range ok {
		got, err := NormalizeEmail(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got)
	}
	_, err := NormalizeEmail("   ")
	require.ErrorIs(t, err, ErrEmailRequired)
	for _, bad := range []string{"plain", "a@b", "@example.com", "a@.example.com", "a@example..com", "Bob <bob@example.com>", "a b@example.com", "a@example.com.", string(make([]byte, 300)) + "@x.com",
		// Invisible characters would show one address as another.
		"\u202ex@example.test", "ad\u200bmin@example.com", "a\u2066b@example.com", "a@exam\u00adple.com"} {
		_, err := NormalizeEmail(bad)
		require.ErrorIs(t, err, ErrEmailInvalid, bad)
	}
}

func FuzzNormalizeEmail(f *testing.F) {
	for _, s := range []string{"a@b.c", "x", "<a@b.c>", "é@ü.de", "a@b..c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := NormalizeEmail(s)
		if err != nil {
			return
		}
		again, err := NormalizeEmail(got)
		if err != nil || again != got {
			t.Fatalf("normalising %q is not idempotent: %q then %q (%v)", s, got, again, err)
		}
	})
}

func TestNewEmailFor(t *testing.T) {
	t.Parallel()
	got, err := NewEmailFor("anna@example.com", "  Anna.New@Example.COM ")
	require.NoError(t, err)
	require.Equal(t, "anna.new@example.com", got)
	_, err = NewEmailFor("anna@example.com", "ANNA@example.com")
	require.ErrorIs(t, err, ErrEmailUnchanged, "a change of case only is the same address")
	_, err = NewEmailFor("anna@example.com", "not an address")
	require.ErrorIs(t, err, ErrEmailInvalid)
	_, err = NewEmailFor("anna@example.com", " ")
	require.ErrorIs(t, err, ErrEmailRequired)
}
