package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// tagCookie is the session tag the device holds (the cookie the worker reads), "" when none.
func tagCookie(t *testing.T, b *bundle) string {
	t.Helper()
	u, err := url.Parse(b.ts.URL)
	require.NoError(t, err)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == sessionTagCookie {
			return c.Value
		}
	}
	return ""
}

// askSession asks GET /auth/session as the page does when shown again.
func askSession(t *testing.T, d device) (signedIn bool, tag string) {
	t.Helper()
	resp := d.do(t, http.MethodGet, "/auth/session", nil, d.headers(map[string]string{"Accept": "application/json"}))
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	var body struct {
		SignedIn bool `json:"signedIn"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
	return body.SignedIn, resp.Header.Get(sessionTagHeader)
}

// Every page names the session it was made for by an opaque tag (docs/pwa.md, "Sessions"), and
// says "none" once that session is gone; the tag cookie follows, so the service worker never
// serves a saved page past the session.
func TestPagesNameTheirSessionForTheOfflineCache(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp, _ := b.inertiaVisit(t, http.MethodGet, "/", nil, nil)
	require.Equal(t, signedOutTag, resp.Header.Get(sessionTagHeader), "a visitor's page")
	require.Empty(t, tagCookie(t, b))

	b.registerAndVerify(t, "tagged@example.test")
	here := device{bundle: b, ua: firefoxLinux}
	resp, p := here.visit(t, "/dashboard/general")
	require.Equal(t, "dashboard/general", p.Component)
	tag := resp.Header.Get(sessionTagHeader)
	require.NotEmpty(t, tag)
	require.NotEqual(t, signedOutTag, tag)
	require.Equal(t, tag, tagCookie(t, b), "the device holds the tag of its session")
	signedIn, asked := askSession(t, here)
	require.True(t, signedIn)
	require.Equal(t, tag, asked)

	// Opaque: neither the session row's id nor the session cookie.
	var ids []string
	rows, err := b.db.Pool.Query(t.Context(), `SELECT id::text FROM user_sessions`)
	require.NoError(t, err)
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(t, rows.Err())
	require.NotEmpty(t, ids)
	for _, id := range ids {
		require.NotContains(t, tag, id)
		require.NotContains(t, tag, strings.ReplaceAll(id, "-", ""))
	}
	u, _ := url.Parse(b.ts.URL)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name != sessionTagCookie {
			require.NotEqual(t, tag, c.Value)
		}
	}

	// Another device of the same person is another session: another tag.
	phone := signIn(t, b, "tagged@example.test", safariIPhone)
	resp, _ = phone.visit(t, "/dashboard/general")
	phoneTag := resp.Header.Get(sessionTagHeader)
	require.NotEmpty(t, phoneTag)
	require.NotEqual(t, tag, phoneTag)

	// "Sign out everywhere" from here: here keeps its session and tag; the phone's next answer,
	// even the cheap question, says its session is gone and takes the tag cookie away.
	resp, _ = here.send(t, http.MethodPost, "/dashboard/settings/sessions", map[string]any{}, "/dashboard/settings")
	requireRedirect(t, resp, "/dashboard/settings")
	signedIn, asked = askSession(t, here)
	require.True(t, signedIn)
	require.Equal(t, tag, asked)
	signedIn, asked = askSession(t, phone)
	require.False(t, signedIn)
	require.Equal(t, signedOutTag, asked)
	require.Empty(t, tagCookie(t, phone.bundle))
	require.Equal(t, tag, tagCookie(t, b))

	// Signing out here: the answer says so and the cookie goes.
	resp, _ = here.send(t, http.MethodPost, "/auth/logout", map[string]any{}, "/dashboard/general")
	require.Equal(t, signedOutTag, resp.Header.Get(sessionTagHeader))
	require.Empty(t, tagCookie(t, b))

	// A request refused before the session was checked vouches for nothing.
	resp = b.do(t, http.MethodGet, "/sw.js", nil, nil)
	resp.Body.Close()
	require.Empty(t, resp.Header.Get(sessionTagHeader))
}

// The tag cookie lives exactly as long as the session cookie: a browser-session cookie unless the
// person asked to be remembered, then until the session's deadline.
func TestSessionTagCookieLivesAsTheSession(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "remembered@example.test")
	for _, remember := range []bool{false, true} {
		d := device{bundle: b.other(t, ""), ua: firefoxLinux}
		resp, _ := d.send(t, http.MethodPost, "/auth/email/login", map[string]any{"email": "remembered@example.test", "password": goodPassword, "remember": remember}, "/auth/login")
		requireRedirect(t, resp, "/dashboard/general")
		var session, tag *http.Cookie
		for _, c := range resp.Cookies() {
			switch c.Name {
			case sessionTagCookie:
				tag = c
			case b.srv.sessions.Cookie.Name:
				session = c
			}
		}
		require.NotNil(t, tag, "signing in hands out the tag")
		require.NotNil(t, session)
		require.False(t, tag.HttpOnly, "the page and the worker read it")
		require.Equal(t, "/", tag.Path)
		if !remember {
			require.Zero(t, tag.MaxAge)
			require.Zero(t, session.MaxAge)
			continue
		}
		require.Positive(t, tag.MaxAge)
		require.InDelta(t, session.MaxAge, tag.MaxAge, 2)
	}
}
