package text

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]error{
		"":                          nil,
		"Poulet rôti d’été":         nil,
		"ligne 1\nligne 2\tfin\r\n": nil,
		"Famille 👨\u200d👩\u200d👧":   nil,
		"a\u200bb":                  nil,
		"   ":                       nil, // blank: the field's own rule decides
		"a\x00b":                    ErrControl,
		"a\x07b":                    ErrControl,
		"a\x7fb":                    ErrControl,
		"a\ufffdb":                  ErrControl, // what a lone surrogate decodes to
		"Menu\u202egpj.exe":         ErrBidiOverride,
		"x\u202a":                   ErrBidiOverride,
		"x\u2066y":                  ErrBidiOverride,
		"x\u2069":                   ErrBidiOverride,
		"\u200b":                    ErrInvisible,
		" \u200b\u200d\ufeff ":      ErrInvisible,
		"\u2060\u00ad":              ErrInvisible,
	} {
		require.ErrorIs(t, Check(in), want, "%q", in)
		if want == nil {
			require.NoError(t, Check(in), "%q", in)
		}
	}
	require.NoError(t, CheckSecret("pass\u202eword\u200b"), "a password may hold anything printable")
	require.ErrorIs(t, CheckSecret("pass\x00word"), ErrControl)
}
