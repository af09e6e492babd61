package handlers

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
)

// The installed app's icons, made by scripts/app-icons.mjs from the favicon's mark.
//
//go:embed static/icons/*.png
var appIcons embed.FS

// appIconSizes are the square "any" icons the manifest lists (Android's launcher, splash
// screens, desktop installs); 192 and 512 are the ones Chromium requires.
var appIconSizes = []int{72, 96, 128, 144, 152, 192, 384, 512}

// themeColor is the browser bar's and the splash screen's colour: the favicon's green.
const themeColor = "#15803d"

// webManifest is a web app manifest's fields (the W3C Web Application Manifest).
type webManifest struct {
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Description     string         `json:"description"`
	Lang            string         `json:"lang"`
	Dir             string         `json:"dir"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	Orientation     string         `json:"orientation"`
	ThemeColor      string         `json:"theme_color"`
	BackgroundColor string         `json:"background_color"`
	Categories      []string       `json:"categories"`
	Icons           []manifestIcon `json:"icons"`
}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
}

// manifestFor is the manifest in one language: the same app (one id), named and described in it.
func (s *Core) manifestFor(lang string) webManifest {
	m := webManifest{
		ID: "/", Name: "Gamelle", ShortName: "Gamelle",
		Description: s.tr.T(lang, "meta.description"),
		Lang:        lang, Dir: "ltr",
		// The person's meal preps; a visitor is sent to sign in first.
		StartURL: "/dashboard/general?source=app", Scope: "/",
		Display: "standalone", Orientation: "portrait-primary",
		ThemeColor: themeColor, BackgroundColor: "#fafaf9",
		Categories: []string{"food", "health", "lifestyle"},
	}
	for _, n := range appIconSizes {
		sz := strconv.Itoa(n)
		m.Icons = append(m.Icons, manifestIcon{Src: "/icons/icon-" + sz + ".png", Sizes: sz + "x" + sz, Type: "image/png", Purpose: "any"})
	}
	m.Icons = append(m.Icons, manifestIcon{Src: "/icons/maskable-512.png", Sizes: "512x512", Type: "image/png", Purpose: "maskable"})
	return m
}

// pwaRoutes registers the manifest, the icons and the service worker; like the other static
// files they skip the session.
func (s *Core) pwaRoutes(r chi.Router) {
	r.Get("/manifest.{lang}.webmanifest", s.webManifest)
	r.Get("/icons/{file}", s.appIcon)
	r.Get("/apple-touch-icon.png", s.appleTouchIcon)
	r.Get("/sw.js", s.serviceWorker)
}

// webManifest serves /manifest.fr.webmanifest and /manifest.en.webmanifest.
func (s *Core) webManifest(w http.ResponseWriter, r *http.Request) {
	lang := chi.URLParam(r, "lang")
	if lang != "fr" && lang != "en" {
		s.notFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/manifest+json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_ = json.NewEncoder(w).Encode(s.manifestFor(lang))
}

func (s *Core) appIcon(w http.ResponseWriter, r *http.Request) {
	s.pngFile(w, r, "static/icons/"+chi.URLParam(r, "file"))
}

// appleTouchIcon is at the address iOS also tries without a link tag.
func (s *Core) appleTouchIcon(w http.ResponseWriter, r *http.Request) {
	s.pngFile(w, r, "static/icons/apple-touch-icon.png")
}

func (s *Core) pngFile(w http.ResponseWriter, r *http.Request, name string) {
	b, err := fs.ReadFile(appIcons, name)
	if err != nil {
		s.notFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write(b)
}

// serviceWorker serves the build's dist/sw.js at the root, so its scope is the whole site.
// It is never cached by HTTP: a deploy's new worker must be seen at the next visit.
func (s *Core) serviceWorker(w http.ResponseWriter, r *http.Request) {
	b, err := fs.ReadFile(s.assets, "sw.js")
	if err != nil {
		s.notFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(b)
}
