package handlers

import (
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/mail"
)

// seconds stands for the number of seconds in a message, which the clock decides.
var seconds = regexp.MustCompile(`\d+ (seconds?|secondes?)`)

// Asking for a code again within the minute sends nothing and says so, with when a new one can
// be asked, the same way for a known and an unknown address (both have a cooldown).
func TestAskingForACodeTooSoonSaysWhenNotThatOneWasSent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "ivy@example.com")
	b.post(t, "/auth/logout", map[string]any{}, "/")
	// Signed in, this browser's language cookie followed the person's language (French); the
	// English part below is a browser that asks by Accept-Language alone.
	u, _ := url.Parse(b.ts.URL)
	b.client.Jar.SetCookies(u, []*http.Cookie{{Name: "i18next", Path: "/", MaxAge: -1}})

	flashes := map[string]string{}
	for _, email := range []string{"ivy@example.com", "nobody@example.com"} {
		resp := b.post(t, "/auth/otp/login", map[string]any{"email": email}, "/auth/login")
		requireRedirect(t, resp, "/auth/otp/"+email)
		_, p := b.visit(t, "/auth/otp/"+email)
		require.Equal(t, "Si cette adresse est valide, un code vient de lui être envoyé. Il est valable 10 minutes.", p.Flash["success"])

		// The sign-in form again, within the minute.
		resp = b.post(t, "/auth/otp/login", map[string]any{"email": email}, "/auth/login")
		requireRedirect(t, resp, "/auth/otp/"+email)
		_, p = b.visit(t, "/auth/otp/"+email)
		msg, _ := p.Flash["success"].(string)
		require.Regexp(t, `^Si cette adresse est valide, un code lui a été envoyé il y a moins d’une minute\x{a0}: utilisez celui-ci\. Vous pourrez en demander un nouveau dans (60|59) secondes\.$`, msg)
		require.NotContains(t, msg, "vient de lui être envoyé")
		flashes[email] = seconds.ReplaceAllString(msg, "N")
		require.Len(t, b.sentEmails(t, email, mail.KindOTP), 1, "nothing sent")

		// The resend button of the code page, in English.
		resp, _ = b.inertiaVisit(t, http.MethodPost, "/auth/otp/ask-otp/"+email, map[string]any{}, map[string]string{
			"Referer": b.ts.URL + "/auth/otp/" + email, "Accept-Language": "en",
		})
		requireRedirect(t, resp, "/auth/otp/"+email)
		_, p = b.inertiaVisit(t, http.MethodGet, "/auth/otp/"+email, nil, map[string]string{"Accept-Language": "en"})
		require.Regexp(t, `^No new code was sent: the last one is less than a minute old\. You can ask for a new one in (60|59) seconds\.$`, errorsOf(p)["resend"])
		require.Len(t, b.sentEmails(t, email, mail.KindOTP), 1, "still nothing sent")
	}
	require.Equal(t, flashes["ivy@example.com"], flashes["nobody@example.com"], "the same answer for a known and an unknown address")
}

// "Send the link again" on the dashboard of a confirmed account sends nothing and says the
// address is confirmed, instead of announcing a link.
func TestVerificationResendForAConfirmedAddressSaysSo(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "jo@example.com")
	before := len(b.sentEmails(t, "jo@example.com", mail.KindVerify))
	resp := b.post(t, "/auth/verify/resend", map[string]any{}, "/dashboard/general")
	requireRedirect(t, resp, "/dashboard/general")
	_, p := b.visit(t, "/dashboard/general")
	require.Equal(t, "Votre adresse est déjà confirmée et votre session est ouverte.", p.Flash["success"])
	require.Len(t, b.sentEmails(t, "jo@example.com", mail.KindVerify), before)
}
