// Command jsbudget fails when the landing page loads more JavaScript than its budget
// (frontend.LandingJSBudget, gzipped) or a chart library, and reports the signed-in home page's
// beside it; make test runs it after the build:
//
//	go run ./cmd/jsbudget [-dist frontend/dist]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/gamelle/gamelle/frontend"
)

func main() {
	dist := flag.String("dist", "frontend/dist", "Vite build directory")
	flag.Parse()
	m, err := frontend.ReadManifest(os.DirFS(*dist))
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsbudget:", err)
		os.Exit(1)
	}
	s, err := frontend.CheckLandingBudget(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsbudget:", err)
		os.Exit(1)
	}
	fmt.Printf("landing page JavaScript: %.1f KB gzipped in %d chunks (budget %.0f KB, goal %.0f KB)\n",
		float64(s.Gzipped)/1024, len(s.Chunks), float64(frontend.LandingJSBudget)/1024, float64(frontend.JSGoal)/1024)
	// Reported, not held: the signed-in home page loads every area's messages (docs/performance.md).
	if d, err := m.DashboardJS(); err != nil {
		fmt.Fprintln(os.Stderr, "jsbudget: signed-in home page:", err)
	} else {
		fmt.Printf("signed-in home page JavaScript (not in the budget): %.1f KB gzipped in %d chunks (goal %.0f KB)\n",
			float64(d.Gzipped)/1024, len(d.Chunks), float64(frontend.JSGoal)/1024)
	}
	reportServiceWorker(*dist)
}

// reportServiceWorker prints the service worker and its precache list: loaded after
// the first page, so outside the landing budget, but reported beside it.
func reportServiceWorker(dist string) {
	sw, err := os.ReadFile(filepath.Join(dist, "sw.js"))
	if err != nil {
		fmt.Println("service worker: none in the build")
		return
	}
	gz, err := frontend.GzipSize(sw)
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsbudget: service worker:", err)
		return
	}
	var files, bytes int
	for _, m := range regexp.MustCompile(`"url":"/build/([^"]+)"`).FindAllSubmatch(sw, -1) {
		if st, err := os.Stat(filepath.Join(dist, string(m[1]))); err == nil {
			files++
			bytes += int(st.Size())
		}
	}
	fmt.Printf("service worker (not in the budget): %.1f KB gzipped; precache list: %d files, %.0f KB\n",
		float64(gz)/1024, files, float64(bytes)/1024)
}
