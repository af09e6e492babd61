package frontend

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// A manifest shaped like Vite's: the entry statically imports a vendor chunk, the landing page
// is a dynamic import of the entry with a static import of its own, and the charts page pulls a
// recharts chunk that only it imports.
const testManifest = `{
  "src/app.tsx": {"file": "assets/app.js", "isEntry": true, "imports": ["_vendor.js"],
    "dynamicImports": ["src/pages/public/landing.tsx", "src/pages/profile/charts.tsx"], "css": ["assets/app.css"]},
  "_vendor.js": {"file": "assets/vendor.js"},
  "src/pages/public/landing.tsx": {"file": "assets/landing.js", "isDynamicEntry": true, "imports": ["_vendor.js", "_button.js"]},
  "_button.js": {"file": "assets/button.js"},
  "src/locales/core/fr.ts": {"file": "assets/core-fr.js", "isDynamicEntry": true},
  "src/locales/core/en.ts": {"file": "assets/core-en.js", "isDynamicEntry": true},
  "src/locales/billing/fr.ts": {"file": "assets/fr.js", "isDynamicEntry": true},
  "src/locales/billing/en.ts": {"file": "assets/en.js", "isDynamicEntry": true},
  "src/locales/auth/fr.ts": {"file": "assets/auth-fr.js", "isDynamicEntry": true},
  "src/pages/profile/charts.tsx": {"file": "assets/charts.js", "isDynamicEntry": true, "imports": ["_recharts.js"]},
  "_recharts.js": {"file": "assets/recharts.js"},
  "src/pages/dashboard/general.tsx": {"file": "assets/general.js", "isDynamicEntry": true, "imports": ["_vendor.js", "_button.js"]},
  "src/layouts/dashboard-layout.tsx": {"file": "assets/dashboard-layout.js", "isDynamicEntry": true, "imports": ["_vendor.js"]},
  "src/app.css": {"file": "assets/app.css", "src": "src/app.css", "isEntry": true}
}`

func testDist(vendor string) fstest.MapFS {
	return fstest.MapFS{
		".vite/manifest.json":        {Data: []byte(testManifest)},
		"assets/app.js":              {Data: []byte("console.log('app')")},
		"assets/vendor.js":           {Data: []byte(vendor)},
		"assets/landing.js":          {Data: []byte("console.log('landing')")},
		"assets/button.js":           {Data: []byte("console.log('button')")},
		"assets/core-fr.js":          {Data: []byte("export const frCore={common:{skipToContent:'Aller au contenu principal'}}")},
		"assets/core-en.js":          {Data: []byte("export const enCore={}")},
		"assets/fr.js":               {Data: []byte("export const billingFr={}")},
		"assets/en.js":               {Data: []byte("export const billingEn={}")},
		"assets/auth-fr.js":          {Data: []byte("export const authFr={}")},
		"assets/charts.js":           {Data: []byte("console.log('charts')")},
		"assets/recharts.js":         {Data: []byte(`class X{render(){return "recharts-wrapper"}}`)},
		"assets/general.js":          {Data: []byte("console.log('general')")},
		"assets/dashboard-layout.js": {Data: []byte("console.log('dashboard layout')")},
		"assets/app.css":             {Data: []byte("body{}")},
	}
}

func files(s JSSize) string {
	var out []string
	for _, c := range s.Chunks {
		out = append(out, c.File)
	}
	return strings.Join(out, " ")
}

func TestLandingJSFollowsStaticImportsOnly(t *testing.T) {
	t.Parallel()
	m, err := ReadManifest(testDist("console.log('vendor')"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := m.LandingJS()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := files(s), "assets/app.js assets/button.js assets/core-fr.js assets/fr.js assets/landing.js assets/vendor.js"; got != want {
		t.Fatalf("landing chunks = %q, want %q (vendor once, the heavier language's core and billing messages, no lazy charts, other areas' or the other language's messages, no CSS)", got, want)
	}
	sum := 0
	for _, c := range s.Chunks {
		if c.Gzipped <= 0 {
			t.Fatalf("%s: gzipped size %d", c.File, c.Gzipped)
		}
		sum += c.Gzipped
	}
	if s.Gzipped != sum {
		t.Fatalf("total %d, chunks add up to %d", s.Gzipped, sum)
	}
	all, err := m.All()
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Chunks) != 13 || all.Gzipped <= s.Gzipped {
		t.Fatalf("whole build: %d chunks, %d bytes; landing %d bytes", len(all.Chunks), all.Gzipped, s.Gzipped)
	}
	if _, err := CheckLandingBudget(m); err != nil {
		t.Fatalf("a small landing page with lazy charts fails the budget: %v", err)
	}
}

func TestDashboardJSCountsItsLayoutAndEveryAreaOfOneLanguage(t *testing.T) {
	t.Parallel()
	m, err := ReadManifest(testDist("console.log('vendor')"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := m.DashboardJS()
	if err != nil {
		t.Fatal(err)
	}
	want := "assets/app.js assets/auth-fr.js assets/button.js assets/core-fr.js assets/dashboard-layout.js assets/fr.js assets/general.js assets/vendor.js"
	if got := files(s); got != want {
		t.Fatalf("signed-in home chunks = %q, want %q (its page and layout, every area's messages in the heavier language, not the landing page or the lazy charts)", got, want)
	}
}

func TestLandingBudgetRefusesEagerChartsAndOversizedJS(t *testing.T) {
	t.Parallel()
	// recharts bundled into the vendor chunk the entry imports statically.
	m, err := ReadManifest(testDist(`var a=1;class Y{r(){return "recharts-wrapper"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CheckLandingBudget(m); err == nil || !strings.Contains(err.Error(), "recharts is in assets/vendor.js") {
		t.Fatalf("eager recharts: err = %v", err)
	}
	// 400 KB of incompressible-ish JavaScript in the vendor chunk.
	var b strings.Builder
	x := uint32(1)
	for b.Len() < 400*1024 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b.WriteByte(byte('!' + x%90))
	}
	m, err = ReadManifest(testDist(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	s, err := CheckLandingBudget(m)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("budget %.0f KB", kb(LandingJSBudget))) || !strings.Contains(err.Error(), "assets/vendor.js") {
		t.Fatalf("oversized landing JS (%d bytes gzipped): err = %v", s.Gzipped, err)
	}
}

func TestReadManifestNamesAMissingBuild(t *testing.T) {
	t.Parallel()
	if _, err := ReadManifest(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), "build the frontend first") {
		t.Fatalf("err = %v", err)
	}
}
