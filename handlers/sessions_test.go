package handlers

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Browsers as two devices send them.
const (
	firefoxLinux  = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
	safariIPhone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	sessionsEmail = "devices@example.test"
)

// device is one browser of a person: its own cookie jar and User-Agent.
type device struct {
	*bundle
	ua string
}

func (d device) headers(extra map[string]string) map[string]string {
	h := map[string]string{"User-Agent": d.ua}
	for k, v := range extra {
		h[k] = v
	}
	return h
}

func (d device) visit(t *testing.T, path string) (*http.Response, pageObject) {
	t.Helper()
	return d.inertiaVisit(t, http.MethodGet, path, nil, d.headers(nil))
}

func (d device) send(t *testing.T, method, path string, body any, referer string) (*http.Response, pageObject) {
	t.Helper()
	return d.inertiaVisit(t, method, path, body, d.headers(map[string]string{"Referer": d.ts.URL + referer}))
}

// signIn signs a person in on a new device with their password.
func signIn(t *testing.T, b *bundle, email, ua string) device {
	t.Helper()
	d := device{bundle: b.other(t, ""), ua: ua}
	resp, _ := d.send(t, http.MethodPost, "/auth/email/login", map[string]any{"email": email, "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")
	return d
}

// sessionsOf reads the settings page's sessions list.
func sessionsOf(t *testing.T, d device) []map[string]any {
	t.Helper()
	resp, p := d.visit(t, "/dashboard/settings")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "dashboard/settings", p.Component)
	var out []map[string]any
	for _, s := range p.Props["sessions"].([]any) {
		out = append(out, s.(map[string]any))
	}
	return out
}

func TestSessionsListedAndOneSignedOutFromAnotherDevice(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, sessionsEmail)
	laptop := signIn(t, b, sessionsEmail, firefoxLinux)
	phone := signIn(t, b, sessionsEmail, safariIPhone)

	// The laptop lists three sessions (the sign-up browser, itself, the phone), itself first.
	list := sessionsOf(t, laptop)
	require.Len(t, list, 3)
	require.Equal(t, true, list[0]["current"])
	require.Equal(t, "Firefox 128", list[0]["browser"])
	require.Equal(t, "Linux", list[0]["os"])
	require.Equal(t, "desktop", list[0]["device"])
	require.NotEmpty(t, list[0]["signedInAt"])
	require.NotEmpty(t, list[0]["lastSeenAt"])
	var phoneID string
	for _, s := range list[1:] {
		require.Equal(t, false, s["current"])
		if s["device"] == "mobile" {
			phoneID = s["id"].(string)
			require.Equal(t, "Safari 17", s["browser"])
			require.Equal(t, "iOS 17", s["os"])
		}
	}
	require.NotEmpty(t, phoneID, "the phone is listed")
	// The phone sees the same sessions, with itself as this device.
	onPhone := sessionsOf(t, phone)
	require.Len(t, onPhone, 3)
	require.Equal(t, phoneID, onPhone[0]["id"])
	require.Equal(t, true, onPhone[0]["current"])

	// Without the anti-forgery token nothing is revoked.
	resp := laptop.do(t, http.MethodDelete, "/dashboard/settings/sessions/"+phoneID, nil, laptop.headers(map[string]string{"X-Inertia": "true"}))
	resp.Body.Close()
	require.Equal(t, 419, resp.StatusCode)
	_, p := phone.visit(t, "/dashboard/general")
	require.Equal(t, "dashboard/general", p.Component)

	// The laptop signs the phone out: the phone's next request is a visitor's, the laptop stays.
	resp, _ = laptop.send(t, http.MethodDelete, "/dashboard/settings/sessions/"+phoneID, map[string]any{}, "/dashboard/settings")
	requireRedirect(t, resp, "/dashboard/settings")
	_, p = laptop.visit(t, "/dashboard/settings")
	require.Equal(t, "Cette session est fermée.", p.Flash["success"])
	require.Len(t, p.Props["sessions"], 2)
	resp, _ = phone.visit(t, "/dashboard/general")
	requireRedirect(t, resp, "/auth/login")
	_, p = phone.visit(t, "/")
	require.Nil(t, p.Props["auth"].(map[string]any)["user"], "the phone is a visitor")
	_, p = laptop.visit(t, "/dashboard/general")
	require.Equal(t, "dashboard/general", p.Component)

	// Gone is gone: revoking it again finds nothing.
	resp, _ = laptop.send(t, http.MethodDelete, "/dashboard/settings/sessions/"+phoneID, map[string]any{}, "/dashboard/settings")
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	resp, _ = laptop.send(t, http.MethodDelete, "/dashboard/settings/sessions/not-an-id", map[string]any{}, "/dashboard/settings")
	require.Equal(t, http.StatusNotFound, resp.StatusCode)

	// Signing in again on the phone is a new session, listed again.
	phone = signIn(t, b, sessionsEmail, safariIPhone)
	require.Len(t, sessionsOf(t, laptop), 3)

	// Signing out on a device removes it from the list.
	resp, _ = phone.send(t, http.MethodPost, "/auth/logout", map[string]any{}, "/dashboard/general")
	require.Contains(t, []int{http.StatusFound, http.StatusSeeOther}, resp.StatusCode)
	require.Len(t, sessionsOf(t, laptop), 2)
}

func TestAnotherPersonCannotSignASessionOut(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, sessionsEmail)
	owner := device{bundle: b, ua: firefoxLinux}
	mine := sessionsOf(t, owner)
	require.Len(t, mine, 1)
	id := mine[0]["id"].(string)

	intruder := device{bundle: b.other(t, "intruder@example.test"), ua: safariIPhone}
	resp, _ := intruder.send(t, http.MethodDelete, "/dashboard/settings/sessions/"+id, map[string]any{}, "/dashboard/settings")
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	// The intruder's list never shows the owner's session either.
	for _, s := range sessionsOf(t, intruder) {
		require.NotEqual(t, id, s["id"])
	}
	_, p := owner.visit(t, "/dashboard/general")
	require.Equal(t, "dashboard/general", p.Component, "the owner is still signed in")
	require.Len(t, sessionsOf(t, owner), 1)

	// Signing out this browser's own session by its id is signing out here.
	resp, _ = owner.send(t, http.MethodDelete, "/dashboard/settings/sessions/"+id, map[string]any{}, "/dashboard/settings")
	requireRedirect(t, resp, "/auth/login")
	resp, _ = owner.visit(t, "/dashboard/general")
	requireRedirect(t, resp, "/auth/login")
	var rows int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM user_sessions WHERE id = $1`, id).Scan(&rows))
	require.Zero(t, rows)
}

func TestSignOutEverywhere(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "everywhere@example.test")
	here := device{bundle: b, ua: firefoxLinux}
	second := signIn(t, b, "everywhere@example.test", safariIPhone)
	_, p := second.visit(t, "/dashboard/settings")
	require.Equal(t, "dashboard/settings", p.Component)
	before := sessionsOf(t, here)
	require.Len(t, before, 2)

	resp, _ := here.send(t, http.MethodPost, "/dashboard/settings/sessions", map[string]any{}, "/dashboard/settings")
	requireRedirect(t, resp, "/dashboard/settings")
	// This browser stays signed in, as the same session (same id, same sign-in time); the other
	// one is signed out and no longer listed.
	after := sessionsOf(t, here)
	require.Len(t, after, 1)
	require.Equal(t, before[0]["id"], after[0]["id"])
	require.Equal(t, before[0]["signedInAt"], after[0]["signedInAt"])
	resp, _ = second.visit(t, "/dashboard/settings")
	requireRedirect(t, resp, "/auth/login")
	var rows int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM user_sessions`).Scan(&rows))
	require.Equal(t, 1, rows, "the other session's row is gone")
}

// Every session row goes with the account, and the export lists them.
func TestDeleteAccountRemovesItsSessions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, sessionsEmail)
	other := signIn(t, b, sessionsEmail, safariIPhone)

	resp := b.do(t, http.MethodGet, "/dashboard/settings/export", nil, nil)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, string(body), `"sessions"`)
	require.Contains(t, string(body), "iPhone", "the export lists the other device")

	resp, _ = b.send(t, http.MethodDelete, "/account", map[string]any{"email": sessionsEmail}, "/dashboard/settings")
	requireRedirect(t, resp, "/")
	var rows int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM user_sessions`).Scan(&rows))
	require.Zero(t, rows)
	resp, _ = other.visit(t, "/dashboard/general")
	requireRedirect(t, resp, "/auth/login")
}

// htmlPage loads a page as a first visit (HTML), returning its <html lang> and page object.
func htmlPage(t *testing.T, d device, path string) (*http.Response, string, pageObject) {
	t.Helper()
	resp := d.do(t, http.MethodGet, path, nil, d.headers(nil))
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	raw, _ := io.ReadAll(resp.Body)
	html := string(raw)
	start := strings.Index(html, `<html lang="`) + len(`<html lang="`)
	lang := html[start : start+strings.Index(html[start:], `"`)]
	return resp, lang, pageFromHTML(t, html)
}

func languageCookie(resp *http.Response) string {
	for _, c := range resp.Cookies() {
		if c.Name == "i18next" {
			return c.Value
		}
	}
	return ""
}

func TestLanguageFollowsThePersonOnEveryDevice(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, sessionsEmail)
	a := device{bundle: b, ua: firefoxLinux}
	other := signIn(t, b, sessionsEmail, safariIPhone)
	// The second device's own cache says French, and so does its browser.
	u, _ := url.Parse(b.ts.URL)
	other.client.Jar.SetCookies(u, []*http.Cookie{{Name: "i18next", Value: "fr", Path: "/"}})
	_, lang, p := htmlPage(t, other, "/dashboard/general")
	require.Equal(t, "fr", lang)
	require.Equal(t, "fr", p.Props["locale"])

	// A changes the language to English.
	resp, _ := a.send(t, http.MethodPost, "/dashboard/language", map[string]any{"language": "en"}, "/dashboard/language")
	requireRedirect(t, resp, "/dashboard/language")
	_, p = a.visit(t, "/dashboard/language")
	require.Equal(t, "Language saved.", p.Flash["success"], "the flash is in the new language")
	require.Equal(t, "en", p.Props["locale"])

	// The other device's next page is in English, its cookie is set to match, whatever it held.
	resp, lang, p = htmlPage(t, other, "/dashboard/general")
	require.Equal(t, "en", lang, "<html lang>")
	require.Equal(t, "en", p.Props["locale"])
	require.Equal(t, "en", languageCookie(resp), "the device's language cookie follows")
	// An explicit ?lng= in the address asks for one page in a language, and leaves the rest.
	resp, lang, _ = htmlPage(t, other, "/dashboard/general?lng=fr")
	require.Equal(t, "fr", lang)
	require.Empty(t, languageCookie(resp))
	// Its next Inertia visit too, and its server-translated messages.
	_, p = other.visit(t, "/dashboard/account")
	require.Equal(t, "en", p.Props["locale"])
	resp, _ = other.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": 2000, "proteinG": 120, "fatG": 70, "carbsG": 220}, "/dashboard/account")
	requireRedirect(t, resp, "/dashboard/general")
	_, p = other.visit(t, "/dashboard/general")
	require.Equal(t, "Your daily goals are saved.", p.Flash["success"])
	// The cookie is only written when it differs.
	resp, _ = other.visit(t, "/dashboard/general")
	require.Empty(t, languageCookie(resp))

	// The account page's language field moves every device too.
	form := map[string]any{"name": "Alice", "surname": "Martin", "language": "fr", "units": "g", "currency": "EUR", "diet": "omnivore", "aiSuggestions": true}
	resp, _ = other.send(t, http.MethodPost, "/account", form, "/dashboard/account")
	requireRedirect(t, resp, "/dashboard/account")
	_, lang, p = htmlPage(t, a, "/dashboard/account")
	require.Equal(t, "fr", lang)
	require.Equal(t, "fr", p.Props["locale"])

	// A visitor keeps the device's own language: the cookie, else Accept-Language.
	visitor := device{bundle: b.other(t, ""), ua: firefoxLinux}
	visitor.client.Jar.SetCookies(u, []*http.Cookie{{Name: "i18next", Value: "en", Path: "/"}})
	_, lang, _ = htmlPage(t, visitor, "/")
	require.Equal(t, "en", lang)
	stranger := device{bundle: b.other(t, ""), ua: firefoxLinux}
	resp = stranger.do(t, http.MethodGet, "/", nil, map[string]string{"Accept-Language": "en-GB,en;q=0.9"})
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Contains(t, string(raw), `<html lang="en">`)
}
