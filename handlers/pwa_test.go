package handlers

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// postTicks sends a device's ticks as lib/ticks.ts does (JSON, with the CSRF header or not).
func (b *bundle) postTicks(t *testing.T, path string, body string, csrf bool) (*http.Response, map[string]any) {
	t.Helper()
	h := map[string]string{"Content-Type": "application/json", "Accept": "application/json"}
	if csrf {
		h["X-XSRF-TOKEN"] = b.xsrf(t)
	}
	resp := b.do(t, http.MethodPost, path, strings.NewReader(body), h)
	defer resp.Body.Close()
	var out map[string]any
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	}
	return resp, out
}

func TestShoppingListTicksSyncLastWriteWins(t *testing.T) {
	t.Parallel()
	b, id := shoppingSetup(t, "ticks@example.test")
	ticks := shoppingPath(id, "/ticks")
	now := time.Now().UnixMilli()
	early, late := now-60_000, now-1_000

	// Without the CSRF token: refused, nothing recorded.
	resp, _ := b.postTicks(t, ticks, `{"ticks":[{"foodCode":9104,"checked":true,"at":`+itoa(late)+`}]}`, false)
	require.Equal(t, 419, resp.StatusCode, "the page-expired answer")

	// The phone's queue: rice ticked late, chicken early.
	resp, out := b.postTicks(t, ticks, `{"ticks":[{"foodCode":9104,"checked":true,"at":`+itoa(late)+`},{"foodCode":36018,"checked":true,"at":`+itoa(early)+`}]}`, true)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, out["ticks"], 2)

	// An older untick of rice (another device's, synced later) loses; the same queue again is harmless.
	resp, _ = b.postTicks(t, ticks, `{"ticks":[{"foodCode":9104,"checked":false,"at":`+itoa(early)+`}]}`, true)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	resp, _ = b.postTicks(t, ticks, `{"ticks":[{"foodCode":9104,"checked":true,"at":`+itoa(late)+`}]}`, true)
	require.Equal(t, http.StatusOK, resp.StatusCode)

	// The page shows the ticks on its items.
	_, p := b.visit(t, shoppingPath(id, "?days=3"))
	seen := map[float64]map[string]any{}
	for _, a := range p.Props["list"].(map[string]any)["aisles"].([]any) {
		for _, it := range a.(map[string]any)["items"].([]any) {
			m := it.(map[string]any)
			seen[m["foodCode"].(float64)] = m
		}
	}
	require.Equal(t, true, seen[9104]["checked"])
	require.Equal(t, float64(late), seen[9104]["tickedAt"])
	require.Equal(t, true, seen[36018]["checked"])
	require.Equal(t, false, seen[17270]["checked"])

	// A tick without its time is refused in the person's language; another person's list is not found.
	resp, out = b.postTicks(t, ticks, `{"ticks":[{"foodCode":9104,"checked":true}]}`, true)
	require.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
	require.NotEmpty(t, out["error"])
	o := b.other(t, "autre-ticks@example.test")
	resp, _ = o.postTicks(t, ticks, `{"ticks":[{"foodCode":9104,"checked":false,"at":`+itoa(now)+`}]}`, true)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestInstallableAppFiles(t *testing.T) {
	t.Parallel()
	b := setup(t)

	for _, lang := range []string{"fr", "en"} {
		resp := b.do(t, http.MethodGet, "/manifest."+lang+".webmanifest", nil, nil)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Equal(t, "application/manifest+json", resp.Header.Get("Content-Type"))
		var m webManifest
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&m))
		resp.Body.Close()
		require.Equal(t, lang, m.Lang)
		require.Equal(t, "standalone", m.Display)
		require.NotEmpty(t, m.Description)
		// Every icon the manifest lists is served as a PNG of the size it claims.
		sizes := map[string]bool{}
		for _, ic := range m.Icons {
			r := b.do(t, http.MethodGet, ic.Src, nil, nil)
			raw, _ := io.ReadAll(r.Body)
			r.Body.Close()
			require.Equal(t, http.StatusOK, r.StatusCode, ic.Src)
			w, h := pngSize(t, raw)
			require.Equal(t, ic.Sizes, itoa(int64(w))+"x"+itoa(int64(h)), ic.Src)
			sizes[ic.Sizes+" "+ic.Purpose] = true
		}
		require.True(t, sizes["192x192 any"] && sizes["512x512 any"] && sizes["512x512 maskable"], "Chromium's install criteria")
	}
	resp := b.do(t, http.MethodGet, "/manifest.de.webmanifest", nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)

	resp = b.do(t, http.MethodGet, "/apple-touch-icon.png", nil, nil)
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	w, h := pngSize(t, raw)
	require.Equal(t, [2]int{180, 180}, [2]int{w, h})

	// The HTML shell links the manifest in the page's language and carries the iOS tags.
	resp = b.do(t, http.MethodGet, "/?lng=en", nil, nil)
	html, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, tag := range []string{`<link rel="manifest" href="/manifest.en.webmanifest">`, `<meta name="theme-color"`, `<link rel="apple-touch-icon" href="/apple-touch-icon.png">`, `<meta name="apple-mobile-web-app-capable" content="yes">`} {
		require.Contains(t, string(html), tag)
	}
}

// pngSize reads a PNG's width and height from its IHDR chunk.
func pngSize(t *testing.T, b []byte) (int, int) {
	t.Helper()
	require.True(t, len(b) > 24 && string(b[1:4]) == "PNG", "a PNG")
	be := func(p []byte) int { return int(p[0])<<24 | int(p[1])<<16 | int(p[2])<<8 | int(p[3]) }
	return be(b[16:20]), be(b[20:24])
}

// A tick names a food of the shopping list: one that no recipe of the meal prep uses (a forged
// or mistyped code) is refused with a translated message, and nothing of that sync is written.
func TestTickForAFoodNotOnTheListIsRefused(t *testing.T) {
	t.Parallel()
	b, id := shoppingSetup(t, "hors-liste@example.test")
	ticks := shoppingPath(id, "/ticks")
	now := time.Now().UnixMilli()
	var before int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM events WHERE event_type = 'ShoppingItemTicked.v1'`).Scan(&before))

	const notListed = 13000 // a valid food code, on no recipe of this meal prep
	for lang, want := range map[string]string{"fr": "Cet article n’est pas sur la liste de courses.", "en": "This item is not on the shopping list."} {
		resp, out := b.postTicks(t, ticks+"?lng="+lang, `{"ticks":[{"foodCode":9104,"checked":true,"at":`+itoa(now)+`},{"foodCode":`+itoa(notListed)+`,"checked":true,"at":`+itoa(now)+`}]}`, true)
		require.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, lang)
		require.Equal(t, want, out["error"], lang)
	}
	var after int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM events WHERE event_type = 'ShoppingItemTicked.v1'`).Scan(&after))
	require.Equal(t, before, after, "nothing of a refused sync is written")

	// A food on the list is still ticked.
	resp, out := b.postTicks(t, ticks, `{"ticks":[{"foodCode":9104,"checked":true,"at":`+itoa(now)+`}]}`, true)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Len(t, out["ticks"], 1)
}
