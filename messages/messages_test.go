package messages

import (
	"net/http/httptest"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCatalogueParity(t *testing.T) {
	t.Parallel()
	tr := MustNew()
	fr, en := tr.Keys(French), tr.Keys(English)
	sort.Strings(fr)
	sort.Strings(en)
	require.NotEmpty(t, fr)
	require.Equal(t, fr, en, "every message must exist in both languages")
}

func TestTranslate(t *testing.T) {
	t.Parallel()
	tr := MustNew()
	require.Equal(t, "Saisissez une adresse e-mail valide.", tr.T(French, "error.email.invalid"))
	require.Equal(t, "Enter a valid email address.", tr.T(English, "error.email.invalid"))
	require.Equal(t, "Too many attempts. Try again in 30 seconds.", tr.T(English, "error.rate_limited", map[string]any{"Seconds": 30}))
	require.Equal(t, tr.T(French, "error.csrf"), tr.T("de", "error.csrf"), "unknown locale falls back to French")
	require.Equal(t, "no.such.key", tr.T(French, "no.such.key"))
}

func TestDetect(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, url, cookie, accept, want string
	}{
		{"nothing", "/", "", "", French},
		{"german browser", "/", "", "de-DE,de;q=0.9", French},
		{"accept english", "/", "", "de-DE,en-US;q=0.8", English},
		{"cookie beats header", "/", "fr", "en-US", French},
		{"query beats cookie", "/?lng=en", "fr", "fr", English},
		{"unsupported query ignored", "/?lng=es", "en", "", English},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", c.url, nil)
		if c.cookie != "" {
			r.Header.Set("Cookie", CookieName+"="+c.cookie)
		}
		if c.accept != "" {
			r.Header.Set("Accept-Language", c.accept)
		}
		require.Equal(t, c.want, Detect(r), c.name)
	}
}
