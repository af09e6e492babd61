package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWaitlistValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	cases := []struct{ email, lang, want string }{
		{"", "fr", "Une adresse e-mail est requise."},
		{"not-an-email", "fr", "Saisissez une adresse e-mail valide."},
		{"a@b", "en", "Enter a valid email address."},
	}
	for _, c := range cases {
		resp, _ := b.inertiaVisit(t, "POST", "/waitlist", map[string]string{"email": c.email}, map[string]string{"Referer": b.ts.URL + "/waitlist", "Cookie": "i18next=" + c.lang})
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
		require.Equal(t, "/waitlist", mustPath(t, resp.Header.Get("Location")))
		_, p := b.inertiaVisit(t, "GET", "/waitlist", nil, map[string]string{"Cookie": "i18next=" + c.lang})
		require.Equal(t, "public/waitlist", p.Component)
		require.Equal(t, c.want, p.Props["errors"].(map[string]any)["email"], c.email)
	}
	n, err := b.srv.waitlist.Count(t.Context())
	require.NoError(t, err)
	require.Zero(t, n, "invalid input writes nothing")
}

func TestWaitlistJoinIsIdempotent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, email := range []string{"Marie@Example.fr", "marie@example.fr "} {
		resp, _ := b.inertiaVisit(t, "POST", "/waitlist", map[string]string{"email": email}, map[string]string{"Accept-Language": "fr"})
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
		_, p := b.inertiaVisit(t, "GET", "/waitlist", nil, nil)
		require.Equal(t, "Merci\u00a0! Nous vous écrirons dès que l’application mobile sera prête.", p.Props["flash"].(map[string]any)["success"])
		require.Empty(t, p.Props["errors"])
	}
	n, err := b.srv.waitlist.Count(t.Context())
	require.NoError(t, err)
	require.Equal(t, 1, n, "a second sign-up with the same address changes nothing")
}

func TestWaitlistAcceptsClassicFormPost(t *testing.T) {
	t.Parallel()
	b := setup(t)
	form := url.Values{"email": {"form@example.com"}}.Encode()
	resp := b.do(t, "POST", "/waitlist", strings.NewReader(form), map[string]string{
		"Content-Type": "application/x-www-form-urlencoded", "X-XSRF-TOKEN": b.xsrf(t),
	})
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	n, _ := b.srv.waitlist.Count(t.Context())
	require.Equal(t, 1, n)
}

func TestMalformedBodyIsAFormErrorNotA500(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, c := range []struct{ ct, body string }{
		{"application/json", `{"email":`},
		{"application/json", `["not","an","object"]`},
		{"text/plain", `email=x`},
		{"multipart/form-data", `email=x`}, // no boundary: unreadable
	} {
		resp := b.do(t, "POST", "/waitlist", strings.NewReader(c.body), map[string]string{
			"Content-Type": c.ct, "X-XSRF-TOKEN": b.xsrf(t), "Referer": b.ts.URL + "/waitlist", "Accept-Language": "en",
		})
		resp.Body.Close()
		require.Equal(t, http.StatusSeeOther, resp.StatusCode, c.body)
		_, p := b.inertiaVisit(t, "GET", "/waitlist", nil, map[string]string{"Accept-Language": "en"})
		require.Equal(t, "The form could not be read. Reload the page and try again.", p.Props["errors"].(map[string]any)["form"], c.body)
	}
}

func mustPath(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	require.NoError(t, err)
	return u.Path
}
