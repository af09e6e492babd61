package handlers

import (
	"bytes"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFirstVisitIsHTMLWithPageObject(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp := b.do(t, "GET", "/", nil, map[string]string{"Accept-Language": "en-US"})
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, resp.Header.Get("Content-Type"), "text/html")
	body, _ := io.ReadAll(resp.Body)
	html := string(body)
	require.Contains(t, html, `<html lang="en">`)
	require.Contains(t, html, `/build/assets/app-abc123.js`)
	require.Contains(t, html, `/build/assets/app-def456.css`)
	require.Contains(t, html, `<div id="app"></div>`)
	p := pageFromHTML(t, html)
	require.Equal(t, "public/landing", p.Component)
	require.Equal(t, "/", p.URL)
	require.NotEmpty(t, p.Version)
	app := p.Props["app"].(map[string]any)
	require.Equal(t, "Gamelle", app["brandName"])
	require.Len(t, app["faqList"], 9)
	require.Len(t, app["featuresList"], 6)
	// No invented testimonials (names, handles) on the landing page: measured facts instead.
	require.NotContains(t, app, "testimonials")
	// Settings (sessions, data export) are one click away in the sidebar.
	var dashboard []string
	for _, r := range app["dashboardRouteList"].([]any) {
		dashboard = append(dashboard, r.(map[string]any)["route"].(string))
	}
	require.Equal(t, []string{"dashboard.general", "household", "dashboard.account", "dashboard.settings", "dashboard.products", "dashboard.admin"}, dashboard)
	require.Equal(t, []any{}, app["availableProviders"], "no social provider configured")
	require.Len(t, p.Props["packs"], 3)
	require.Equal(t, "en", p.Props["locale"])
	require.Nil(t, p.Props["auth"].(map[string]any)["user"])
}

func TestFrenchIsTheDefaultLanguage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp := b.do(t, "GET", "/", nil, map[string]string{"Accept-Language": "de-DE"})
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	require.Contains(t, string(body), `<html lang="fr">`)
	require.Equal(t, "fr", pageFromHTML(t, string(body)).Props["locale"])
}

func TestInertiaVisitReturnsJSONPage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp, p := b.inertiaVisit(t, "GET", "/home", nil, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "true", resp.Header.Get("X-Inertia"))
	require.Contains(t, resp.Header.Get("Vary"), "X-Inertia")
	require.Equal(t, "public/landing", p.Component)
	require.Equal(t, "/home", p.URL)
	require.NotEmpty(t, p.Version)
	require.Contains(t, p.Props, "packs")
}

func TestStaleAssetVersionForcesFullReload(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp, _ := b.inertiaVisit(t, "GET", "/terms?x=1", nil, map[string]string{"X-Inertia-Version": "stale"})
	require.Equal(t, http.StatusConflict, resp.StatusCode)
	require.Equal(t, "/terms?x=1", resp.Header.Get("X-Inertia-Location"))
}

func TestPartialReloadKeepsOnlyRequestedProps(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, p := b.inertiaVisit(t, "GET", "/", nil, map[string]string{
		"X-Inertia-Partial-Component": "public/landing",
		"X-Inertia-Partial-Data":      "packs",
	})
	require.Contains(t, p.Props, "packs")
	require.NotContains(t, p.Props, "app", "shared props not asked for are left out")
	require.Contains(t, p.Props, "errors", "errors always travel")

	_, p = b.inertiaVisit(t, "GET", "/", nil, map[string]string{
		"X-Inertia-Partial-Component": "public/landing",
		"X-Inertia-Partial-Except":    "packs",
	})
	require.NotContains(t, p.Props, "packs")
	require.Contains(t, p.Props, "app")

	// A partial header naming another component is ignored: the full page comes back.
	_, p = b.inertiaVisit(t, "GET", "/", nil, map[string]string{
		"X-Inertia-Partial-Component": "public/terms",
		"X-Inertia-Partial-Data":      "packs",
	})
	require.Contains(t, p.Props, "app")
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp := b.do(t, "GET", "/", nil, nil)
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	require.Contains(t, csp, "script-src 'self'")
	require.NotContains(t, csp, "unsafe-eval")
	require.Contains(t, csp, "frame-ancestors 'none'")
	require.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	require.Equal(t, "strict-origin-when-cross-origin", resp.Header.Get("Referrer-Policy"))
	require.NotEmpty(t, resp.Header.Get("X-Request-Id"))
}

func TestNotFoundAndMethodNotAllowed(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, path := range []string{"/nope", "/notFound", "/dashboard/nothing/here"} {
		resp := b.do(t, "GET", path, nil, nil)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusNotFound, resp.StatusCode, path)
		require.Equal(t, "errors/not-found", pageFromHTML(t, string(body)).Component, path)
	}
	resp, p := b.inertiaVisit(t, "GET", "/nope", nil, nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	require.Equal(t, "errors/not-found", p.Component)

	resp = b.do(t, "DELETE", "/terms", nil, map[string]string{"X-XSRF-TOKEN": b.xsrf(t), "Accept-Language": "en"})
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	require.Equal(t, "errors/method-not-allowed", pageFromHTML(t, string(body)).Component)
}

func TestOversizedBodyIsRefusedUnread(t *testing.T) {
	t.Parallel()
	b := setup(t)
	big := strings.Repeat("a", MaxBodyBytes+1)
	resp := b.do(t, "POST", "/waitlist", strings.NewReader(`{"email":"`+big+`"}`), map[string]string{
		"Content-Type": "application/json", "X-XSRF-TOKEN": b.xsrf(t), "Accept-Language": "fr",
	})
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	require.Contains(t, string(body), "trop volumineuse")

	// Without a Content-Length the body is cut while reading: still 413, never 500.
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write([]byte(`{"email":"` + big + `"}`))
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", b.ts.URL+"/waitlist", pr)
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-XSRF-TOKEN", b.xsrf(t))
	resp, err := b.client.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	n, _ := b.srv.waitlist.Count(t.Context())
	require.Zero(t, n)
}

func TestProbesAndStatic(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for path, want := range map[string]string{"/healthz": "ok", "/readyz": "ready", "/robots.txt": "Disallow: /dashboard/", "/favicon.ico": "<svg", "/build/assets/app-abc123.js": "console.log"} {
		resp := b.do(t, "GET", path, nil, nil)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, path)
		require.Contains(t, string(body), want, path)
	}
	resp := b.do(t, "GET", "/build/assets/app-abc123.js", nil, nil)
	resp.Body.Close()
	require.Contains(t, resp.Header.Get("Cache-Control"), "immutable")
	resp = b.do(t, "GET", "/build/.vite/manifest.json", nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode, "the manifest is not published")
}

func TestReadyzFailsOnUnmigratedDatabase(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.db.Pool.Exec(t.Context(), "DELETE FROM goose_db_version WHERE version_id = (SELECT max(version_id) FROM goose_db_version)")
	require.NoError(t, err)
	resp := b.do(t, "GET", "/readyz", nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
}

func TestMetrics(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, p := range []string{"/", "/privacy", "/nope"} {
		resp := b.do(t, "GET", p, nil, nil)
		resp.Body.Close()
	}
	resp := b.do(t, "GET", "/metrics", nil, nil)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := string(body)
	has := func(s string) { t.Helper(); require.True(t, strings.Contains(m, s), "metrics lack %s", s) }
	has(`http_requests_total{method="GET",route="/",status="200"} 1`)
	has(`http_requests_total{method="GET",route="/privacy",status="200"} 1`)
	has(`http_requests_total{method="GET",route="unmatched",status="404"} 1`)
	has(`http_request_duration_seconds_bucket{method="GET",route="/",le="0.005"}`)
	has(`http_request_duration_seconds_bucket{method="GET",route="/",le="10"}`)
	has("go_goroutines")
	has("process_cpu_seconds_total")
}

// Public pages carry a description, Open Graph and language alternates in the HTML shell, and
// the sitemap lists them in both languages.
func TestPublicPagesHaveMetaAndSitemap(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp := b.do(t, "GET", "/terms", nil, map[string]string{"Accept-Language": "en"})
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	html := string(body)
	require.Contains(t, html, `<meta name="description" content="Gamelle plans your meal preps`)
	require.Contains(t, html, `<meta property="og:url" content="http://localhost:8080/terms">`)
	require.Contains(t, html, `<meta property="og:locale" content="en_GB">`)
	require.Contains(t, html, `<link rel="alternate" hreflang="fr" href="http://localhost:8080/terms?lng=fr">`)

	resp = b.do(t, "GET", "/sitemap.xml", nil, nil)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, string(body), `<loc>http://localhost:8080/privacy</loc><xhtml:link rel="alternate" hreflang="fr" href="http://localhost:8080/privacy?lng=fr"/>`)
	resp = b.do(t, "GET", "/robots.txt", nil, nil)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Contains(t, string(body), "Sitemap: http://localhost:8080/sitemap.xml")
}

// Link previews get a card in the page's language: absolute og:image with its size and a
// translated alt text, a large Twitter card, and the image itself served as a 1200×630 PNG under
// 100 KB, cached for a year under an address that changes with the image.
func TestPublicPagesHaveALinkPreviewImage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	meta := func(html, attr, name string) string {
		t.Helper()
		m := regexp.MustCompile(`<meta ` + attr + `="` + regexp.QuoteMeta(name) + `" content="([^"]*)">`).FindStringSubmatch(html)
		require.NotNil(t, m, "no %s meta tag", name)
		return m[1]
	}
	images := map[string]string{}
	for lang, alt := range map[string]string{
		"fr": "Gamelle\u00a0: «\u202fVos aliments, vos macros, vos recettes de la semaine.\u202f»",
		"en": "Gamelle: “Your foods, your macros, your recipes for the week.”",
	} {
		resp := b.do(t, "GET", "/", nil, map[string]string{"Accept-Language": lang})
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		html := string(body)
		img := meta(html, "property", "og:image")
		require.Regexp(t, `^http://localhost:8080/og/gamelle-`+lang+`-[0-9a-f]{12}\.png$`, img)
		images[lang] = img
		require.Equal(t, "image/png", meta(html, "property", "og:image:type"))
		require.Equal(t, "1200", meta(html, "property", "og:image:width"))
		require.Equal(t, "630", meta(html, "property", "og:image:height"))
		require.True(t, strings.HasPrefix(meta(html, "property", "og:image:alt"), alt), "og:image:alt in %s", lang)
		require.Equal(t, "summary_large_image", meta(html, "name", "twitter:card"))

		resp = b.do(t, "GET", strings.TrimPrefix(img, "http://localhost:8080"), nil, nil)
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Equal(t, "image/png", resp.Header.Get("Content-Type"))
		require.Equal(t, "public, max-age=31536000, immutable", resp.Header.Get("Cache-Control"))
		cfg, err := png.DecodeConfig(bytes.NewReader(raw))
		require.NoError(t, err)
		require.Equal(t, [2]int{1200, 630}, [2]int{cfg.Width, cfg.Height})
		require.Less(t, len(raw), 100_000, "the %s card is %d bytes", lang, len(raw))
	}
	require.NotEqual(t, images["fr"], images["en"])

	resp := b.do(t, "GET", "/og/gamelle-fr-000000000000.png", nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// The legal notice shows the publisher and contact address from configuration.
func TestLegalNoticeFromConfiguration(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp, p := b.visit(t, "/legal")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "public/legal", p.Component)
	legal := p.Props["app"].(map[string]any)["legal"].(map[string]any)
	require.Equal(t, "Gamelle", legal["publisher"])
	require.Equal(t, "contact@localhost", legal["contactEmail"], "CONTACT_EMAIL defaults to contact@<APP_URL host>")
}
