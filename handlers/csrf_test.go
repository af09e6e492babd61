package handlers

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCSRF(t *testing.T) {
	t.Parallel()
	b := setup(t)
	token := b.xsrf(t)
	post := func(headers map[string]string) int {
		h := map[string]string{"Content-Type": "application/json", "X-Inertia": "true", "X-Inertia-Version": b.version(t)}
		for k, v := range headers {
			h[k] = v
		}
		resp := b.do(t, "POST", "/waitlist", strings.NewReader(`{"email":"csrf@example.com"}`), h)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	count := func() int {
		n, err := b.srv.waitlist.Count(t.Context())
		require.NoError(t, err)
		return n
	}

	require.Equal(t, 419, post(nil), "no header")
	require.Equal(t, 419, post(map[string]string{"X-XSRF-TOKEN": "forged.value"}), "wrong header")
	forged := b.srv.csrf.newToken()
	require.Equal(t, 419, post(map[string]string{"X-XSRF-TOKEN": forged}), "a valid token that is not this browser's cookie")
	require.Equal(t, 419, post(map[string]string{"X-XSRF-TOKEN": token, "Sec-Fetch-Site": "cross-site"}), "cross-site browser request")
	require.Equal(t, 419, post(map[string]string{"X-XSRF-TOKEN": token, "Origin": "https://evil.example"}), "foreign origin")
	require.Zero(t, count(), "nothing changed by a refused request")

	require.Equal(t, http.StatusSeeOther, post(map[string]string{"X-XSRF-TOKEN": token}))
	require.Equal(t, 1, count())
}

func TestCSRFRefusalShowsPageExpired(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.xsrf(t)
	resp, p := b.inertiaVisit(t, "POST", "/waitlist", nil, map[string]string{"Content-Type": "application/json", "Accept-Language": "en"})
	require.Equal(t, 419, resp.StatusCode)
	require.Equal(t, "errors/page-expired", p.Component)
	require.Equal(t, "Your session has expired. Reload the page and try again.", p.Props["message"])
}

func TestForgedCookieIsReplaced(t *testing.T) {
	t.Parallel()
	b := setup(t)
	req, _ := http.NewRequest("GET", b.ts.URL+"/", nil)
	req.Header.Set("Cookie", xsrfCookie+"=attacker.chosen")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	var got string
	for _, c := range resp.Cookies() {
		if c.Name == xsrfCookie {
			got = c.Value
		}
	}
	require.NotEmpty(t, got, "a fresh token replaces a forged cookie")
	require.True(t, b.srv.csrf.valid(got))
}
