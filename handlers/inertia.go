package handlers

import (
	"context"
	"encoding/gob"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"time"

	"github.com/alexedwards/scs/v2"
	inertia "github.com/romsar/gonertia/v3"

	"github.com/gamelle/gamelle/handlers/page"
	"github.com/gamelle/gamelle/internal/i18n"
)

// rootTemplate is the HTML shell of every first visit. The Vite helpers come from gonertia:
// in development (hot file present) they point at the Vite dev server, otherwise at the
// hashed files of the manifest.
const rootTemplate = `<!DOCTYPE html>
<html lang="{{ .locale }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<link rel="icon" href="/favicon.ico" type="image/svg+xml">
<link rel="manifest" href="/manifest.{{ .locale }}.webmanifest">
<meta name="theme-color" content="#15803d">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
<meta name="apple-mobile-web-app-capable" content="yes">
<meta name="mobile-web-app-capable" content="yes">
<meta name="apple-mobile-web-app-title" content="Gamelle">
<meta name="apple-mobile-web-app-status-bar-style" content="default">
{{/* A prerendered page's head holds its title and the stylesheet inline (prerender.go). */}}
{{ if .inertiaHead }}{{ .inertiaHead }}{{ else }}<title>Gamelle</title>
<link rel="stylesheet" href="{{ vite "src/app.css" }}">{{ end }}
<meta name="description" content="{{ .metaDescription }}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Gamelle">
<meta property="og:title" content="Gamelle">
<meta property="og:description" content="{{ .metaDescription }}">
<meta property="og:url" content="{{ .pageURL }}">
<meta property="og:locale" content="{{ .ogLocale }}">
<meta property="og:image" content="{{ .ogImage }}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="{{ .ogImageWidth }}">
<meta property="og:image:height" content="{{ .ogImageHeight }}">
<meta property="og:image:alt" content="{{ .ogImageAlt }}">
<meta name="twitter:card" content="summary_large_image">
<link rel="alternate" hreflang="fr" href="{{ .pageURL }}?lng=fr">
<link rel="alternate" hreflang="en" href="{{ .pageURL }}?lng=en">
<link rel="alternate" hreflang="x-default" href="{{ .pageURL }}">
{{ if .hmr }}{{ viteReactRefresh }}{{ end }}
<script type="module" src="{{ vite "src/app.tsx" }}"></script>
</head>
<body class="antialiased">
{{ .inertia }}
</body>
</html>
`

func newInertia(d CoreDeps, sessions *scs.SessionManager, tr *i18n.Translator) (*inertia.Inertia, error) {
	opts := []inertia.Option{inertia.WithFlashProvider(&sessionFlash{sm: sessions, tr: tr})}
	if _, err := fs.Stat(d.Assets, ".vite/manifest.json"); err == nil {
		// The manifest changes with every build, so its hash is a correct asset version.
		opts = append(opts, inertia.WithVersionFromFileFS(d.Assets, ".vite/manifest.json"))
	} else {
		opts = append(opts, inertia.WithVersion("dev"))
	}
	hot := d.HotFile
	if hot == "" {
		hot = "/nonexistent/gamelle-vite-hot"
	}
	// The public pages' HTML rendered at build time (prerender.go); not with the Vite dev server,
	// whose modules are newer than the last build.
	if _, err := os.Stat(hot); err != nil && !d.NoPrerender {
		pre, err := loadPrerendered(d.Assets)
		if err != nil {
			return nil, err
		}
		if pre != nil {
			opts = append(opts, inertia.WithSSR("http://prerendered.invalid"), inertia.WithSSRHTTPClient(&http.Client{Transport: pre}))
		}
	}
	i, err := inertia.New(rootTemplate, opts...)
	if err != nil {
		return nil, fmt.Errorf("inertia: %w", err)
	}
	if _, err := inertia.NewViteFromFS(i, d.Assets,
		inertia.WithHotFile(hot),
		inertia.WithBuildManifest(".vite/manifest.json"),
		inertia.WithFallbackManifest("manifest.json"),
		inertia.WithBuildDir("/build/"),
	); err != nil {
		return nil, fmt.Errorf("inertia vite: %w", err)
	}
	return i, nil
}

func init() {
	// Flash data and validation errors travel through the session between a redirect and the
	// next page; scs encodes with gob, so the concrete types must be known.
	gob.Register(inertia.ValidationErrors{})
	gob.Register(inertia.Flash{})
	gob.Register(map[string]any{})
	gob.Register(serverTexts{})
}

// sessionFlash stores gonertia's flash data and validation errors in the scs session, so they
// survive exactly one redirect. Each text also travels in every locale (server_texts.go).
type sessionFlash struct {
	sm *scs.SessionManager
	tr *i18n.Translator
}

const (
	sessionKeyErrors       = "inertia.errors"
	sessionKeyFlash        = "inertia.flash"
	sessionKeyClearHistory = "inertia.clear_history"
	// The flashed texts in every locale, popped by the next request (localizeFlashed).
	sessionKeyTexts = "inertia.texts"
)

func (f *sessionFlash) FlashErrors(ctx context.Context, errs inertia.ValidationErrors) error {
	f.sm.Put(ctx, sessionKeyErrors, errs)
	f.keepTexts(ctx, errs)
	return nil
}

// keepTexts adds the every-locale renderings of the strings in v to the session's.
func (f *sessionFlash) keepTexts(ctx context.Context, v any) {
	if f.tr == nil {
		return
	}
	texts := localize(ctx, f.tr, v)
	if len(texts) == 0 {
		return
	}
	// Errors and flash are flashed separately: keep what the other one stored.
	prev, _ := f.sm.Get(ctx, sessionKeyTexts).(serverTexts)
	for k, all := range prev {
		if _, ok := texts[k]; !ok {
			texts[k] = all
		}
	}
	f.sm.Put(ctx, sessionKeyTexts, texts)
}

func (f *sessionFlash) GetErrors(ctx context.Context) (inertia.ValidationErrors, error) {
	v, _ := f.sm.Pop(ctx, sessionKeyErrors).(inertia.ValidationErrors)
	return v, nil
}

func (f *sessionFlash) Flash(ctx context.Context, flash inertia.Flash) error {
	f.sm.Put(ctx, sessionKeyFlash, flash)
	f.keepTexts(ctx, flash)
	return nil
}

func (f *sessionFlash) GetFlash(ctx context.Context) (inertia.Flash, error) {
	v, _ := f.sm.Pop(ctx, sessionKeyFlash).(inertia.Flash)
	return v, nil
}

func (f *sessionFlash) ShouldClearHistory(ctx context.Context) (bool, error) {
	return f.sm.PopBool(ctx, sessionKeyClearHistory), nil
}

func (f *sessionFlash) FlashClearHistory(ctx context.Context) error {
	f.sm.Put(ctx, sessionKeyClearHistory, true)
	return nil
}

// sharedProps puts the props every page receives into the request context: the site
// configuration, the locale, the signed-in person and the flash messages.
func (s *Core) sharedProps(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, s.withShared(r))
	})
}

type sharedPropsKey struct{}

// withShared returns r with the shared props set, once. Every render goes through it, so a page
// rendered before the sharedProps middleware runs (a CSRF refusal, a /dashboard guard, a
// database failure in the session layer) still gets the site configuration its layout needs.
func (s *Core) withShared(r *http.Request) *http.Request {
	ctx := r.Context()
	if ctx.Value(sharedPropsKey{}) != nil {
		return r
	}
	loc := localeFrom(ctx)
	shared, err := page.ToProps(sharedPageProps{
		App: s.siteConfig(), Locale: Locale(loc), Auth: s.authProp(r), Flash: flashProp(ctx),
		ServerTexts: flashedTexts(ctx),
	})
	if err != nil {
		panic(fmt.Sprintf("shared props: %v", err)) // DefineShared checked the type at start-up
	}
	ctx = inertia.SetProps(ctx, shared)
	ctx = inertia.SetTemplateDatum(ctx, "locale", loc)
	// Search engines and link previews read these from the HTML shell, without running the app.
	ctx = inertia.SetTemplateDatum(ctx, "metaDescription", s.tr.T(loc, "meta.description"))
	ctx = inertia.SetTemplateDatum(ctx, "pageURL", s.cfg.AppURL+r.URL.EscapedPath())
	ctx = inertia.SetTemplateDatum(ctx, "ogLocale", map[string]string{"fr": "fr_FR", "en": "en_GB"}[loc])
	img, ok := ogImages[loc]
	if !ok {
		img = ogImages[i18n.Default]
	}
	ctx = inertia.SetTemplateDatum(ctx, "ogImage", s.cfg.AppURL+img.path)
	ctx = inertia.SetTemplateDatum(ctx, "ogImageWidth", ogImageWidth)
	ctx = inertia.SetTemplateDatum(ctx, "ogImageHeight", ogImageHeight)
	ctx = inertia.SetTemplateDatum(ctx, "ogImageAlt", s.tr.T(loc, "meta.og_image_alt"))
	return r.WithContext(context.WithValue(ctx, sharedPropsKey{}, true))
}

func flashProp(ctx context.Context) flash {
	f := inertia.FlashFromContext(ctx)
	str := func(k string) string { v, _ := f[k].(string); return v }
	return flash{Success: str("success"), Error: str("error")}
}

// render renders an Inertia page and turns a rendering failure into the server-error page.
// The view comes from a page declared with page.Define, so the component and the type of its
// props are the ones the frontend's generated types describe (docs/client-contract.md).
func (s *Core) render(w http.ResponseWriter, r *http.Request, v page.View) {
	r = s.withShared(r)
	if err := s.inertia.Render(w, r, v.Component, v.Props); err != nil {
		s.serverError(w, r, fmt.Errorf("render %s: %w", v.Component, err))
	}
}

// renderStatus renders a page with a non-200 status (error pages), with the request id; its
// props embed statusProps.
func (s *Core) renderStatus(w http.ResponseWriter, r *http.Request, status int, v page.View) {
	v.Props = withRequestID(r, v.Props)
	s.render(&statusWriter{ResponseWriter: w, status: status}, r, v)
}

// statusWriter replaces the 200 that gonertia writes with the given status.
type statusWriter struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
}

func (w *statusWriter) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	w.wroteHeader = true
	if code == http.StatusOK {
		code = w.status
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// t translates a message key in the request's locale, and remembers how it did so the text
// can follow a language switch if it is flashed (server_texts.go).
func (s *Core) t(r *http.Request, key string, data ...map[string]any) string {
	out := s.tr.T(localeFrom(r.Context()), key, data...)
	noteText(r.Context(), out, key, data)
	return out
}

type ctxKey int

const localeKey ctxKey = iota

// withLocale detects the visitor's language once per request.
func withLocale(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), localeKey, i18n.Detect(r))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// followUserLanguage makes the signed-in person's stored language the request's locale, so
// every device follows it (server messages, <html lang>, the locale prop), and sets this
// device's language cookie to match when it differs, so the frontend's detector agrees on the
// first page it loads. Only an explicit ?lng= in the address (a link to one language's page, an
// API call asking for names in a language) overrides it, for that request. Visitors keep
// withLocale's detection.
func (s *Core) followUserLanguage(ctx context.Context, w http.ResponseWriter, r *http.Request, lang string) context.Context {
	lang = i18n.Normalize(lang)
	if lang == "" || i18n.Normalize(r.URL.Query().Get("lng")) != "" {
		return ctx
	}
	if c, err := r.Cookie(i18n.CookieName); err != nil || c.Value != lang {
		setLanguageCookie(w, lang)
	}
	return context.WithValue(ctx, localeKey, lang)
}

// setLanguageCookie writes the device's language cache, which the frontend's detector and
// i18n.Detect read (frontend/src/i18n/index.ts writes the same cookie).
func setLanguageCookie(w http.ResponseWriter, lang string) {
	http.SetCookie(w, &http.Cookie{Name: i18n.CookieName, Value: lang, Path: "/", MaxAge: int((365 * 24 * time.Hour).Seconds()), SameSite: http.SameSiteLaxMode})
}

func localeFrom(ctx context.Context) string {
	if l, ok := ctx.Value(localeKey).(string); ok {
		return l
	}
	return i18n.Default
}
