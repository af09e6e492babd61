package handlers

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/gamelle/gamelle/migrations"
)

//go:embed static/favicon.svg
var faviconSVG []byte

// The link-preview cards, made by scripts/og-image.mjs (make og-image) from the landing texts.
var (
	//go:embed static/og-image.fr.png
	ogImageFR []byte
	//go:embed static/og-image.en.png
	ogImageEN []byte
)

// Size of the link-preview cards, as the og:image:width and og:image:height tags announce it.
const (
	ogImageWidth  = 1200
	ogImageHeight = 630
)

// ogImage is one language's link-preview card and its address, which carries a hash of the
// image: the file is cached for a year, and a re-made card gets a new address.
type ogImage struct {
	path string
	png  []byte
}

var ogImages = map[string]ogImage{"fr": newOGImage("fr", ogImageFR), "en": newOGImage("en", ogImageEN)}

func newOGImage(lang string, png []byte) ogImage {
	sum := sha256.Sum256(png)
	return ogImage{path: "/og/gamelle-" + lang + "-" + hex.EncodeToString(sum[:6]) + ".png", png: png}
}

// ogImageFile serves a link-preview card by its hashed name; any other name is not found.
func (s *Core) ogImageFile(w http.ResponseWriter, r *http.Request) {
	for _, img := range ogImages {
		if r.URL.Path == img.path {
			w.Header().Set("Content-Type", "image/png")
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			_, _ = w.Write(img.png)
			return
		}
	}
	s.notFound(w, r)
}

const robotsTxt = `User-agent: *
Allow: /
Disallow: /dashboard/
Disallow: /auth/
Disallow: /account
Disallow: /mealprep
Disallow: /checkout
Disallow: /stripe/
`

func (s *Core) robots(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write([]byte(robotsTxt + "Sitemap: " + s.cfg.AppURL + "/sitemap.xml\n"))
}

// sitemapPaths are the public pages search engines may list, each in French and English.
var sitemapPaths = []string{"/", "/terms", "/privacy", "/waitlist"}

// sitemap lists the public pages with their language alternates (?lng=fr|en).
func (s *Core) sitemap(w http.ResponseWriter, _ *http.Request) {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, p := range sitemapPaths {
		u := html.EscapeString(s.cfg.AppURL + p)
		fmt.Fprintf(&b, "<url><loc>%s</loc>", u)
		for _, l := range []string{"fr", "en"} {
			fmt.Fprintf(&b, `<xhtml:link rel="alternate" hreflang="%s" href="%s?lng=%s"/>`, l, u, l)
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write([]byte(b.String()))
}

// favicon serves the SVG logo; browsers accept an SVG body at /favicon.ico by its content type.
func (s *Core) favicon(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=604800")
	_, _ = w.Write(faviconSVG)
}

// assets serves the Vite build under /build/. Hashed files never change, so they are cached for
// a year; anything else is revalidated.
func (s *Core) assetFiles() http.Handler {
	files := http.StripPrefix("/build/", http.FileServerFS(s.assets))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(r.URL.Path, "/build/")
		if strings.HasPrefix(p, ".vite/") || p == "" || strings.HasSuffix(p, "/") {
			s.notFound(w, r)
			return
		}
		if _, err := fs.Stat(s.assets, p); err != nil {
			s.notFound(w, r)
			return
		}
		if strings.HasPrefix(p, "assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "public, max-age=3600")
		}
		files.ServeHTTP(w, r)
	})
}

func (s *Core) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

// readyz answers 200 only when the database answers and carries every embedded migration.
func (s *Core) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := s.pool.Ping(ctx); err != nil {
		http.Error(w, "database unreachable", http.StatusServiceUnavailable)
		return
	}
	cur, latest, err := migrations.Version(ctx, s.pool)
	if err != nil || cur < latest {
		http.Error(w, "database not migrated", http.StatusServiceUnavailable)
		return
	}
	_, _ = w.Write([]byte("ready\n"))
}

func sameOrigin(r *http.Request, raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	return u.Host == "" || u.Host == r.Host
}

// readHotURL reads the Vite dev server URL that make dev writes to the hot file.
func readHotURL(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return strings.TrimRight(strings.TrimSpace(string(b)), "/")
}
