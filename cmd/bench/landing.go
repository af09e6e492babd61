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
// react-dom, Inertia, i18next) is listed on its own line. The signed-in home page's follows;
// both are judged against frontend.JSGoal.
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
	fmt.Println("Landing page JavaScript (gzip default level; entry + landing page + its messages, static imports)")
	for _, c := range landing.Chunks {
		fmt.Printf("  %-50s %9s\n", c.File, kb(c.Gzipped))
	}
	fmt.Printf("  total %s in %d chunks (budget %s, goal %s) %s | baseline: the whole build %s in %d chunks (%.2f×)\n\n",
		kb(landing.Gzipped), len(landing.Chunks), kb(frontend.LandingJSBudget), kb(frontend.JSGoal), passFail(ok && landing.Gzipped <= frontend.JSGoal),
		kb(all.Gzipped), len(all.Chunks), float64(landing.Gzipped)/float64(all.Gzipped))
	summary.add("landing page JavaScript, gzipped", kb(landing.Gzipped), "whole build "+kb(all.Gzipped), fmt.Sprintf("%.2f×", float64(landing.Gzipped)/float64(all.Gzipped)),
		fmt.Sprintf("≤ %s (budget %s), no recharts", kb(frontend.JSGoal), kb(frontend.LandingJSBudget)), ok && landing.Gzipped <= frontend.JSGoal)

	home, err := m.DashboardJS()
	if err != nil {
		return err
	}
	fmt.Println("Signed-in home page JavaScript (/dashboard/general: entry + page + layout + every area's messages, static imports)")
	for _, c := range home.Chunks {
		fmt.Printf("  %-50s %9s\n", c.File, kb(c.Gzipped))
	}
	homeOK := home.Gzipped <= frontend.JSGoal && len(home.Containing(frontend.HeavyMarkers["recharts"])) == 0
	fmt.Printf("  total %s in %d chunks (goal %s) %s\n\n", kb(home.Gzipped), len(home.Chunks), kb(frontend.JSGoal), passFail(homeOK))
	summary.add("signed-in home page JavaScript, gzipped", kb(home.Gzipped), "whole build "+kb(all.Gzipped), fmt.Sprintf("%.2f×", float64(home.Gzipped)/float64(all.Gzipped)),
		fmt.Sprintf("≤ %s, no recharts", kb(frontend.JSGoal)), homeOK)
	return nil
}
