package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/gamelle/gamelle/frontend"
)

// landingRun reports the gzipped JavaScript the landing page loads (what make test holds to
// frontend.LandingJSBudget) beside the baseline of the same build: every JavaScript file of it
// (what the landing page would load without lazy pages and messages). The vendor chunk (React,
// react-dom, Inertia, i18next) is listed on its own line.
func landingRun() error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	m, err := frontend.ReadManifest(os.DirFS(filepath.Join(root, "frontend", "dist")))
	if err != nil {
		return err
	}
	landing, err := m.LandingJS()
	if err != nil {
		return err
	}
	all, err := m.All()
	if err != nil {
		return err
	}
	kb := func(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }
	ok := landing.Gzipped <= frontend.LandingJSBudget && len(landing.Containing(frontend.HeavyMarkers["recharts"])) == 0
	fmt.Println("Landing page JavaScript (gzip default level; entry + landing page + public messages, static imports)")
	for _, c := range landing.Chunks {
		fmt.Printf("  %-50s %9s\n", c.File, kb(c.Gzipped))
	}
	fmt.Printf("  total %s in %d chunks (budget %s) %s | baseline: the whole build %s in %d chunks (%.2f×)\n\n",
		kb(landing.Gzipped), len(landing.Chunks), kb(frontend.LandingJSBudget), passFail(ok),
		kb(all.Gzipped), len(all.Chunks), float64(landing.Gzipped)/float64(all.Gzipped))
	summary.add("landing page JavaScript, gzipped", kb(landing.Gzipped), "whole build "+kb(all.Gzipped), fmt.Sprintf("%.2f×", float64(landing.Gzipped)/float64(all.Gzipped)), "≤ 150 KB, no recharts", ok)
	return nil
}
