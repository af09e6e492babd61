package i18n

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// French texts follow French typography: curly apostrophes, a non-breaking space before : ; ! ?
// and inside « », and plurals through the plural rules ({"one": …, "other": …} with Count),
// never "essai(s)".
func TestFrenchTypography(t *testing.T) {
	t.Parallel()
	names, err := fs.Glob(files, "locales/*.fr.json")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	spaceBefore := regexp.MustCompile(` [:;!?»]`)
	guillemets := regexp.MustCompile("«[^\u202f]|[^\u202f]»")
	code := regexp.MustCompile(`\{\{[^}]*\}\}|https?://\S+`)
	bad := []string{}
	for _, name := range names {
		raw, err := fs.ReadFile(files, name)
		require.NoError(t, err)
		var msgs map[string]any
		require.NoError(t, json.Unmarshal(raw, &msgs))
		check := func(key, v string) {
			// Template actions ({{.X}}) and URLs are code, not prose.
			prose := code.ReplaceAllString(v, "X")
			switch {
			case strings.Contains(prose, "'"):
				bad = append(bad, name+" "+key+": straight apostrophe")
			case spaceBefore.MatchString(prose):
				bad = append(bad, name+" "+key+": ordinary space before : ; ! ? »")
			case strings.Contains(prose, "« "):
				bad = append(bad, name+" "+key+": ordinary space after «")
			case guillemets.MatchString(prose):
				// U+202F, not U+00A0 and not nothing: « Garder «Bol… » » read as a typing slip.
				bad = append(bad, name+" "+key+": « » without their narrow no-break spaces")
			case strings.Contains(prose, "(s)"):
				bad = append(bad, name+" "+key+": (s) instead of a plural rule")
			}
		}
		for k, v := range msgs {
			switch v := v.(type) {
			case string:
				check(k, v)
			case map[string]any:
				for form, s := range v {
					if str, ok := s.(string); ok {
						check(k+"."+form, str)
					}
				}
			}
		}
	}
	require.Empty(t, bad)
}

func TestPluralsFollowTheLanguage(t *testing.T) {
	t.Parallel()
	tr := MustNew()
	require.Equal(t, "Ce code est incorrect. Il vous reste 1 essai.", tr.T(French, "error.code.wrong", map[string]any{"Count": 1}))
	require.Equal(t, "Ce code est incorrect. Il vous reste 4 essais.", tr.T(French, "error.code.wrong", map[string]any{"Count": 4}))
	require.Equal(t, "This code is wrong. You have 1 attempt left.", tr.T(English, "error.code.wrong", map[string]any{"Count": 1}))
	require.Equal(t, "This code is wrong. You have 0 attempts left.", tr.T(English, "error.code.wrong", map[string]any{"Count": 0}))
}
