// Command jsbudget fails when the landing page loads more JavaScript than its budget
// (frontend.LandingJSBudget, gzipped) or a chart library; make test runs it after the build:
//
//	go run ./cmd/jsbudget [-dist frontend/dist]
package main

import (
	"flag"
	"fmt"
	"os"

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
	fmt.Printf("landing page JavaScript: %.1f KB gzipped in %d chunks (budget %.0f KB)\n",
		float64(s.Gzipped)/1024, len(s.Chunks), float64(frontend.LandingJSBudget)/1024)
}
