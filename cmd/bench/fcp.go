package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// fcpResult is one line of frontend/scripts/fcp.mjs: the first contentful paints of one address.
type fcpResult struct {
	URL   string `json:"url"`
	FCP   []int  `json:"fcp"`
	Bytes int    `json:"bytes"`
	// Trips are the round trips before first paint of each load: the requests answered by
	// then, chained (parallel requests share a trip); Before names those of the last load.
	Trips  []int    `json:"trips"`
	Before []string `json:"before"`
	// HTMLEnd is when the document's last byte arrived, in ms from navigation start.
	HTMLEnd []int `json:"htmlEnd"`
}

// fcpRun measures the landing page's first contentful paint in Debian's Chromium (the browser
// tests' one) with a 4× CPU slowdown and DevTools' Slow 4G network, set through the Chrome
// DevTools Protocol (Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions), each
// load in a fresh context, interleaved: the binary as built (public pages prerendered and
// hydrated) beside the same binary with GAMELLE_PRERENDER=off (the client-only render the page
// had before), both over the bench database.
func fcpRun(ctx context.Context, runs int, dbURL string) error {
	fmt.Printf("Landing first contentful paint (Chromium, 4× CPU slowdown, Slow 4G, %d cold loads each, interleaved)\n", runs)
	root, err := repoRoot()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(root, "frontend", "dist", "prerender", "pages.json")); err != nil {
		return fmt.Errorf("fcp run: build the frontend first (make frontend): %w", err)
	}
	dir, bin, err := buildServer(ctx, root, "gamelle-bench-fcp")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	start := func(name string, env ...string) (string, func(), error) {
		port, err := freePort()
		if err != nil {
			return "", nil, err
		}
		base := "http://127.0.0.1:" + strconv.Itoa(port)
		data := filepath.Join(dir, name)
		if err := os.MkdirAll(data, 0o755); err != nil {
			return "", nil, err
		}
		logFile, err := os.Create(filepath.Join(dir, name+".log"))
		if err != nil {
			return "", nil, err
		}
		srv := exec.Command(bin, "serve", "-worker=false")
		srv.Dir = data
		srv.Env = append(os.Environ(), append([]string{"DATABASE_URL=" + dbURL, "PORT=" + strconv.Itoa(port), "APP_URL=" + base,
			"APP_ENV=development", "DATA_DIR=" + data, "APP_KEY=bench-app-key-0123456789abcdefghijklmnop"}, env...)...)
		srv.Stdout, srv.Stderr = logFile, logFile
		if err := srv.Start(); err != nil {
			logFile.Close()
			return "", nil, err
		}
		stop := func() {
			_ = srv.Process.Signal(os.Interrupt)
			done := make(chan struct{})
			go func() { _ = srv.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				_ = srv.Process.Kill()
			}
			logFile.Close()
		}
		if err := waitReady(ctx, base+"/readyz", 90*time.Second); err != nil {
			stop()
			log, _ := os.ReadFile(logFile.Name())
			return "", nil, fmt.Errorf("%s: %w; server log:\n%s", name, err, tail(log, 2000))
		}
		return base, stop, nil
	}
	ours, stopOurs, err := start("prerendered")
	if err != nil {
		return err
	}
	defer stopOurs()
	base, stopBase, err := start("client-only", "GAMELLE_PRERENDER=off")
	if err != nil {
		return err
	}
	defer stopBase()

	cmd := exec.CommandContext(ctx, "node", "scripts/fcp.mjs", strconv.Itoa(runs), ours+"/", base+"/")
	cmd.Dir = filepath.Join(root, "frontend")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("fcp.mjs: %w\n%s", err, tail(stderr.Bytes(), 2000))
	}
	byURL := map[string]fcpResult{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r fcpResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("fcp.mjs output %q: %w", sc.Text(), err)
		}
		byURL[r.URL] = r
	}
	o, b := byURL[ours+"/"], byURL[base+"/"]
	if len(o.FCP) == 0 || len(b.FCP) == 0 {
		return fmt.Errorf("fcp.mjs gave no figures: %s", out)
	}
	om, bm := median(o.FCP), median(b.FCP)
	ok := om <= 1000
	for _, r := range []struct {
		name string
		res  fcpResult
	}{{"prerendered + hydrated", o}, {"client-only (baseline)", b}} {
		fmt.Printf("  %-22s  median %d ms  (%s)  %.0f KB received\n", r.name, median(r.res.FCP), joinInts(r.res.FCP), float64(r.res.Bytes)/1024)
		if len(r.res.Trips) > 0 {
			fmt.Printf("  %-22s  %d round trip(s) of %d ms before first paint (%s); HTML in at median %d ms\n", "", median(r.res.Trips),
				slow4GLatencyMS, strings.Join(r.res.Before, ", "), median(r.res.HTMLEnd))
		}
	}
	fmt.Printf("  goal ≤ 1,000 ms %s (%.2f× the baseline)\n\n", passFail(ok), float64(om)/float64(bm))
	trips := "?"
	if len(o.Trips) > 0 {
		trips = strconv.Itoa(median(o.Trips))
	}
	summary.add("landing first contentful paint, median (4× CPU, Slow 4G)", fmt.Sprintf("%d ms, %s round trip(s)", om, trips),
		fmt.Sprintf("client-only render %d ms", bm), fmt.Sprintf("%.2f×", float64(om)/float64(bm)), "≤ 1 s", ok)
	return nil
}

// slow4GLatencyMS is the round trip DevTools' Slow 4G adds to every request (scripts/fcp.mjs).
const slow4GLatencyMS = 562

func median(v []int) int {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

func joinInts(v []int) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ")
}
