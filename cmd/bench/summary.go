package main

import (
	"fmt"
	"strings"
	"sync"
)

// summaryRow is one figure of the final table: ours beside its baseline from the same run.
type summaryRow struct {
	figure, ours, baseline, ratio, goal string
	// verdict is "pass", "FAIL" or "info" (no goal on this machine).
	verdict string
}

// summaryTable collects each run's headline figures; run prints it once every run is done.
type summaryTable struct {
	mu   sync.Mutex
	rows []summaryRow
}

// summary is filled by every run (one add per headline figure).
var summary summaryTable

// add records a figure held to a goal.
func (t *summaryTable) add(figure, ours, baseline, ratio, goal string, ok bool) {
	v := "FAIL"
	if ok {
		v = "pass"
	}
	t.append(summaryRow{figure, ours, baseline, ratio, goal, v})
}

// info records a figure shown for context, held to no goal.
func (t *summaryTable) info(figure, ours, baseline, ratio string) {
	t.append(summaryRow{figure, ours, baseline, ratio, "—", "info"})
}

func (t *summaryTable) append(r summaryRow) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rows = append(t.rows, r)
}

// print writes the table as Markdown (pasted as is into docs/performance.md) and returns how
// many figures missed their goal.
func (t *summaryTable) print() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.rows) == 0 {
		return 0
	}
	fmt.Println("Summary")
	fmt.Println()
	fmt.Println("| figure | ours | baseline (same run) | ratio | goal | |")
	fmt.Println("|---|---:|---:|---:|---|---|")
	failed := 0
	for _, r := range t.rows {
		mark := map[string]string{"pass": "✅", "FAIL": "❌", "info": ""}[r.verdict]
		if r.verdict == "FAIL" {
			failed++
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %s |\n", esc(r.figure), esc(r.ours), esc(r.baseline), esc(r.ratio), esc(r.goal), mark)
	}
	fmt.Println()
	return failed
}

func esc(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
