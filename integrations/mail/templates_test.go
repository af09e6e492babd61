package mail_test

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/i18n"
)

func TestComposeEveryKindInBothLanguages(t *testing.T) {
	t.Parallel()
	tr := i18n.MustNew()
	kinds := []mail.Kind{mail.KindVerify, mail.KindOTP, mail.KindReset, mail.KindResetUnknown, mail.KindAccountExists, mail.KindOnboardingExists, mail.KindPurchaseReceipt,
		mail.KindEmailChange, mail.KindEmailChangeTaken, mail.KindEmailChangeRequested, mail.KindEmailChanged}
	for _, k := range kinds {
		fr, err := mail.Compose(tr, "fr", k, "a@b.fr", mail.Data{Name: "Zoé <script>", Link: "https://x.test/l?a=1&b=2", Code: "042137"})
		require.NoError(t, err)
		en, err := mail.Compose(tr, "en", k, "a@b.fr", mail.Data{Name: "Zoé <script>", Link: "https://x.test/l?a=1&b=2", Code: "042137"})
		require.NoError(t, err)
		require.NotEqual(t, fr.Subject, en.Subject, k)
		require.NotContains(t, fr.Subject, "email.", "translated: %s", k)
		for _, m := range []mail.Message{fr, en} {
			require.Contains(t, m.Text, "https://x.test/l?a=1&b=2")
			require.Contains(t, m.HTML, "https://x.test/l?a=1&amp;b=2", "escaped in HTML")
			require.NotContains(t, m.HTML, "<script>", "names are escaped")
			require.Contains(t, m.Text, "Zoé <script>")
		}
	}
	otp, err := mail.Compose(tr, "fr", mail.KindOTP, "a@b.fr", mail.Data{Code: "042137", Link: "https://x.test/m"})
	require.NoError(t, err)
	require.Contains(t, otp.Subject, "042137")
	require.Contains(t, otp.Text, "Bonjour,")
	_, err = mail.Compose(tr, "fr", mail.Kind("nope"), "a@b.fr", mail.Data{})
	require.ErrorIs(t, err, mail.ErrPermanent)
}

// The notices of an address change name the new address, in the recipient's language; the
// email to an address another account owns carries no link.
func TestComposeEmailChangeNotices(t *testing.T) {
	t.Parallel()
	tr := i18n.MustNew()
	for _, lang := range []string{"fr", "en"} {
		for _, k := range []mail.Kind{mail.KindEmailChangeRequested, mail.KindEmailChanged} {
			m, err := mail.Compose(tr, lang, k, "old@b.fr", mail.Data{Name: "Zoé", Email: "new@b.fr", Link: "https://x.test/dashboard/settings"})
			require.NoError(t, err)
			require.Contains(t, m.Text, "new@b.fr", "%s %s", lang, k)
			require.Contains(t, m.HTML, "new@b.fr", "%s %s", lang, k)
		}
		taken, err := mail.Compose(tr, lang, mail.KindEmailChangeTaken, "owner@b.fr", mail.Data{Name: "Zoé"})
		require.NoError(t, err)
		require.NotContains(t, taken.Text, "http", lang)
		require.NotContains(t, taken.HTML, "href", lang)
	}
}

// French emails put a narrow no-break space before « : » (and ; ! ?), in the texts and in the
// text version's "action : link" line; English puts none.
func TestFrenchEmailsPutANarrowNoBreakSpaceBeforeColons(t *testing.T) {
	t.Parallel()
	tr := i18n.MustNew()
	kinds := []mail.Kind{mail.KindVerify, mail.KindOTP, mail.KindReset, mail.KindResetUnknown, mail.KindAccountExists, mail.KindOnboardingExists, mail.KindPurchaseReceipt,
		mail.KindEmailChange, mail.KindEmailChangeTaken, mail.KindEmailChangeRequested, mail.KindEmailChanged}
	wrong := regexp.MustCompile(`[^\x{202f}][:;!?]\s`)
	for _, k := range kinds {
		fr, err := mail.Compose(tr, "fr", k, "a@b.fr", mail.Data{Name: "Zoé", Link: "https://x.test/l", Code: "042137", Amount: "8,39\u00a0€", Tokens: 60})
		require.NoError(t, err)
		for _, s := range []string{fr.Subject, fr.Text} {
			require.Empty(t, wrong.FindAllString(s, -1), "%s: %q", k, s)
		}
		if k == mail.KindVerify {
			require.Contains(t, fr.Text, "\u202f: https://x.test/l")
		}
		en, err := mail.Compose(tr, "en", k, "a@b.fr", mail.Data{Name: "Zoé", Link: "https://x.test/l", Code: "042137"})
		require.NoError(t, err)
		require.NotContains(t, en.Text, "\u202f")
	}
}
