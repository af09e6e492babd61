package frontend

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
)

// LandingJSBudget is the most gzipped JavaScript the landing page may load: what it loads today
// (137.9 KB) and 1 KB, so no change adds to it unnoticed (docs/performance.md, "Landing page
// JavaScript": React, react-dom and Inertia alone weigh more than JSGoal).
const LandingJSBudget = 139 * 1024

// JSGoal is the gzipped JavaScript a first page should load on a phone (docs/performance.md):
// the landing page's and the signed-in home page's are reported against it (make bench,
// jsbudget); the landing page is held to LandingJSBudget, the floor React and Inertia leave.
const JSGoal = 100 * 1024

// Entry is the Vite entry of every page; LandingPage is the page component "/" renders;
// DashboardPage the signed-in home page's (/dashboard/general), wrapped in DashboardLayout.
const (
	Entry           = "src/app.tsx"
	LandingPage     = "src/pages/public/landing.tsx"
	DashboardPage   = "src/pages/dashboard/general.tsx"
	DashboardLayout = "src/layouts/dashboard-layout.tsx"
)

// LandingMessages are the messages app.tsx loads with a public page, by language: the core
// messages and those of PUBLIC_PAGE_AREAS (src/i18n/index.ts). A visitor loads one language's.
var LandingMessages = map[string][]string{
	"fr": {"src/locales/core/fr.ts", "src/locales/billing/fr.ts"},
	"en": {"src/locales/core/en.ts", "src/locales/billing/en.ts"},
}

// manifestChunk is one entry of Vite's .vite/manifest.json.
type manifestChunk struct {
	File           string   `json:"file"`
	Imports        []string `json:"imports"`
	DynamicImports []string `json:"dynamicImports"`
}

// Chunk is one built JavaScript file and its gzipped size.
type Chunk struct {
	File    string
	Raw     int
	Gzipped int
	body    []byte
}

// JSSize is a set of chunks and their gzipped total.
type JSSize struct {
	Chunks  []Chunk
	Gzipped int
	Raw     int
}

// Containing returns the chunks whose code contains marker.
func (s JSSize) Containing(marker string) []string {
	var out []string
	for _, c := range s.Chunks {
		if bytes.Contains(c.body, []byte(marker)) {
			out = append(out, c.File)
		}
	}
	return out
}

// HeavyMarkers are strings found only in the code of libraries that must not load on the
// landing page, by library: recharts' class names survive minification.
var HeavyMarkers = map[string]string{"recharts": "recharts-wrapper"}

// Manifest is a parsed Vite manifest over the build directory it describes.
type Manifest struct {
	dist   fs.FS
	chunks map[string]manifestChunk
}

// ReadManifest reads dist/.vite/manifest.json (dist is the build output directory).
func ReadManifest(dist fs.FS) (*Manifest, error) {
	b, err := fs.ReadFile(dist, ".vite/manifest.json")
	if err != nil {
		return nil, fmt.Errorf("read the Vite manifest (build the frontend first): %w", err)
	}
	m := &Manifest{dist: dist}
	if err := json.Unmarshal(b, &m.chunks); err != nil {
		return nil, fmt.Errorf("parse the Vite manifest: %w", err)
	}
	return m, nil
}

// Static returns the JavaScript loaded with the given manifest keys: each key's own chunk and,
// transitively, its static imports (what the browser fetches before running it). Dynamic
// imports (React.lazy, import()) are left out: they load only when a page asks for them.
func (m *Manifest) Static(keys ...string) (JSSize, error) {
	seen := map[string]bool{}
	var files []string
	var walk func(key string) error
	walk = func(key string) error {
		if seen[key] {
			return nil
		}
		seen[key] = true
		c, ok := m.chunks[key]
		if !ok {
			return fmt.Errorf("vite manifest has no %q", key)
		}
		if strings.HasSuffix(c.File, ".js") {
			files = append(files, c.File)
		}
		for _, imp := range c.Imports {
			if err := walk(imp); err != nil {
				return err
			}
		}
		return nil
	}
	for _, k := range keys {
		if err := walk(k); err != nil {
			return JSSize{}, err
		}
	}
	return m.size(files)
}

// All returns every JavaScript file of the build, lazy chunks included.
func (m *Manifest) All() (JSSize, error) {
	var files []string
	for _, c := range m.chunks {
		if strings.HasSuffix(c.File, ".js") && !slices.Contains(files, c.File) {
			files = append(files, c.File)
		}
	}
	return m.size(files)
}

func (m *Manifest) size(files []string) (JSSize, error) {
	slices.Sort(files)
	var s JSSize
	for _, f := range files {
		b, err := fs.ReadFile(m.dist, path.Clean(f))
		if err != nil {
			return JSSize{}, fmt.Errorf("built chunk %s: %w", f, err)
		}
		gz, err := GzipSize(b)
		if err != nil {
			return JSSize{}, err
		}
		s.Chunks = append(s.Chunks, Chunk{File: f, Raw: len(b), Gzipped: gz, body: b})
		s.Gzipped += gz
		s.Raw += len(b)
	}
	return s, nil
}

// GzipSize is len(gzip(b)) at gzip's default level, what a web server typically sends.
func GzipSize(b []byte) (int, error) {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	if _, err := w.Write(b); err != nil {
		return 0, err
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	return buf.Len(), nil
}

// LandingJS is the JavaScript "/" loads: the entry with its static imports, and what the entry
// fetches at once to render the first page: the landing page component and one language's
// messages, with their static imports; the language that weighs most.
func (m *Manifest) LandingJS() (JSSize, error) {
	var most JSSize
	for _, lng := range slices.Sorted(maps.Keys(LandingMessages)) {
		s, err := m.Static(append([]string{Entry, LandingPage}, LandingMessages[lng]...)...)
		if err != nil {
			return JSSize{}, err
		}
		if s.Gzipped > most.Gzipped {
			most = s
		}
	}
	return most, nil
}

// DashboardJS is the JavaScript the signed-in home page loads on a first visit: the entry, the
// page and its layout with their static imports, and every area's messages in one language
// (i18n/index.ts loads them all for a signed-in page); the language that weighs most.
func (m *Manifest) DashboardJS() (JSSize, error) {
	var most JSSize
	for _, lng := range slices.Sorted(maps.Keys(LandingMessages)) {
		keys := []string{Entry, DashboardPage, DashboardLayout}
		for k := range m.chunks {
			if strings.HasPrefix(k, "src/locales/") && strings.HasSuffix(k, "/"+lng+".ts") {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys[3:])
		s, err := m.Static(keys...)
		if err != nil {
			return JSSize{}, err
		}
		if s.Gzipped > most.Gzipped {
			most = s
		}
	}
	return most, nil
}

// CheckLandingBudget returns an error naming the chunks when the landing page loads more than
// LandingJSBudget of gzipped JavaScript or code of a library in HeavyMarkers (charts belong to
// the pages that draw them).
func CheckLandingBudget(m *Manifest) (JSSize, error) {
	s, err := m.LandingJS()
	if err != nil {
		return s, err
	}
	var problems []string
	if s.Gzipped > LandingJSBudget {
		problems = append(problems, fmt.Sprintf("%.1f KB gzipped, budget %.0f KB", kb(s.Gzipped), kb(LandingJSBudget)))
	}
	libs := slices.Sorted(maps.Keys(HeavyMarkers))
	for _, lib := range libs {
		if in := s.Containing(HeavyMarkers[lib]); len(in) > 0 {
			problems = append(problems, fmt.Sprintf("%s is in %s (import it with React.lazy or import() from the page that uses it)", lib, strings.Join(in, ", ")))
		}
	}
	if len(problems) > 0 {
		var b strings.Builder
		for _, c := range s.Chunks {
			fmt.Fprintf(&b, "\n  %-50s %8.1f KB gzipped", c.File, kb(c.Gzipped))
		}
		return s, fmt.Errorf("landing page JavaScript: %s; chunks:%s", strings.Join(problems, "; "), b.String())
	}
	return s, nil
}

func kb(n int) float64 { return float64(n) / 1024 }
