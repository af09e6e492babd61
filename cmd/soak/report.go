package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
)

// faultCountCheck: every planned fault really happened.
func faultCountCheck(plan faultPlan, rows []procRow, ws []window) check {
	var workerKills, webKills int
	for _, r := range rows {
		if strings.HasPrefix(r.name, "worker") {
			workerKills += r.kills
		} else {
			webKills += r.kills
		}
	}
	wantWindows := 0
	if plan.restartAt > 0 {
		wantWindows++
	}
	if plan.outageAt > 0 {
		wantWindows++
	}
	return check{name: "faults injected as planned",
		value: fmt.Sprintf("kill -9: %d of workers (plan %d), %d of web processes (plan %d); PostgreSQL restarts and outages: %d (plan %d)",
			workerKills, plan.workerKills, webKills, len(plan.webKillsAt), len(ws), wantWindows),
		ok: workerKills >= plan.workerKills && webKills >= len(plan.webKillsAt) && len(ws) == wantWindows}
}

// serverErrorCheck: no 5xx answer outside the database's fault windows (and their grace).
func serverErrorCheck(samples []sample, ws []window, outside *[]string) check {
	var in, out int
	for _, s := range samples {
		if s.status < 500 {
			continue
		}
		if inWindow(ws, s.at) || inWindow(ws, s.at.Add(s.dur)) {
			in++
			continue
		}
		out++
		if len(*outside) < 15 {
			*outside = append(*outside, fmt.Sprintf("%s %s %s → %d (web-%d)", s.at.Format("15:04:05.000"), s.method, s.path, s.status, s.web+1))
		}
	}
	return check{name: "no 5xx outside the injected outage windows",
		value: fmt.Sprintf("%d requests; 5xx: %d inside the windows, %d outside", len(samples), in, out),
		ok:    out == 0 && len(samples) > 0, detail: strings.Join(*outside, "; ")}
}

// exitCheck: no process exited on its own outside the database's fault windows (a process
// may give up while the database is away: its supervisor starts it again).
func exitCheck(rows []procRow, ws []window) check {
	var in, out int
	var details []string
	for _, r := range rows {
		for _, e := range r.unexpected {
			if inWindow(ws, e.at) {
				in++
				continue
			}
			out++
			if len(details) < 3 {
				details = append(details, fmt.Sprintf("%s at %s: %s\n%s", r.name, e.at.Format("15:04:05"), e.err, e.tail))
			}
		}
	}
	return check{name: "no process died on its own outside the outage windows",
		value: fmt.Sprintf("%d exits inside the windows, %d outside", in, out), ok: out == 0, detail: strings.Join(details, "\n")}
}

// loadCheck: the load did what it says (else the invariants above prove little).
func loadCheck(t *tally) check {
	v := fmt.Sprintf("%d sign-ups, %d verified, %d checkouts (%d paid, %d webhook deliveries of which %d late and %d again after a non-2xx, %d expiry races), %d meal preps, %d foods, %d generations (%d double submits), %d two-device regenerations (%d meal preps without recipes yet), %d surveys, %d page reads; %d flows cut short by a fault",
		t.signups.Load(), t.verified.Load(), t.checkouts.Load(), t.paidWebhooks.Load(), t.webhookDeliveries.Load(), t.lateDeliveries.Load(), t.webhookRetries.Load(), t.expiredRaces.Load(),
		t.mealpreps.Load(), t.foods.Load(), t.generations.Load(), t.doubleSubmits.Load(), t.regenRaces.Load(), t.regenNone.Load(), t.surveys.Load(), t.pageReads.Load(), t.abandoned.Load())
	ok := t.verified.Load() > 0 && t.paidWebhooks.Load() > 0 && t.generations.Load() > 0 && t.surveys.Load() > 0 && t.pageReads.Load() > 0 &&
		t.lateFailed.Load() == 0 // Stripe's redelivery must end in a 2xx within its 3 minutes
	t.mu.Lock()
	detail := strings.Join(t.failures, "; ")
	t.mu.Unlock()
	return check{name: "every kind of visit ran", value: v, ok: ok, detail: detail}
}

func mark(ok bool) string {
	if ok {
		return "✅"
	}
	return "❌"
}

func mib(b float64) string { return fmt.Sprintf("%.0f MiB", b/(1<<20)) }

func printReport(w io.Writer, r *result) {
	fmt.Fprintf(w, "\nSoak: 2 web + 2 worker processes, load %s, drained in %s, %s in all\n\n", r.loadTook.Round(time.Second), r.drainTook.Round(time.Second), r.took.Round(time.Second))
	fmt.Fprintln(w, "Invariants")
	for _, c := range r.checks {
		fmt.Fprintf(w, "  %s %-70s %s\n", mark(c.ok), c.name, c.value)
		if !c.ok && c.detail != "" {
			fmt.Fprintf(w, "       %s\n", strings.ReplaceAll(c.detail, "\n", "\n       "))
		}
	}
	fmt.Fprintln(w, "\nResources (start → end; connections: start → end, max)")
	for _, p := range r.procs {
		fmt.Fprintf(w, "  %-9s RSS %s → %s, goroutines %.0f → %.0f, connections %d → %d (max %d), kill -9 %d, starts %d\n",
			p.name, mib(p.rssStart), mib(p.rssEnd), p.gorStart, p.gorEnd, p.connStart, p.connEnd, p.connMax, p.kills, p.starts)
	}
	fmt.Fprintf(w, "  queue     %s → %s (max %s)\n", depth(r.queue[0]), depth(r.queue[1]), depth(r.queue[2]))
	if r.ai != nil {
		fmt.Fprintf(w, "  AI server answered %d, failed %d (500), limited %d (429), malformed %d, off the list %d, stalled %d\n",
			r.ai.ok.Load(), r.ai.errs.Load(), r.ai.limited.Load(), r.ai.malformed.Load(), r.ai.offList.Load(), r.ai.stalled.Load())
	}
	fmt.Fprintf(w, "  transport errors (connections cut by a kill or the database): %d; refused and sent to the other web process: %d\n", r.transport, r.refused)
	fmt.Fprintln(w, "\nFaults")
	for _, l := range r.faultLog {
		fmt.Fprintln(w, "  "+l)
	}
}

func depth(q map[string]int64) string {
	return fmt.Sprintf("%d waiting, %d running, %d retryable", q["available"]+q["scheduled"], q["running"], q["retryable"])
}

// writeMarkdown writes the run's figures to path (docs/reliability.md): the text around the
// tables says how the soak works; the tables are this run's.
func writeMarkdown(path string, r *result) error {
	var b strings.Builder
	b.WriteString(reliabilityIntro)
	fmt.Fprintf(&b, "\n## Last full run\n\n%s, `make soak` (`go run ./cmd/soak -report docs/reliability.md`): load %s with %d simulated people at once, drained in %s, %s in all, on the 2-core development machine shared with other work.\n\n",
		r.started.UTC().Format("2006-01-02 15:04 UTC"), r.loadTook.Round(time.Second), r.cfg.people, r.drainTook.Round(time.Second), r.took.Round(time.Second))
	b.WriteString("| | invariant | measured |\n|---|---|---|\n")
	for _, c := range r.checks {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", mark(c.ok), c.name, strings.ReplaceAll(c.value, "|", "\\|"))
	}
	b.WriteString("\n### Resources\n\n| process | RSS start → end | goroutines start → end | DB connections start → end (max) | kill -9 | starts |\n|---|---|---|---|---|---|\n")
	for _, p := range r.procs {
		fmt.Fprintf(&b, "| %s | %s → %s | %.0f → %.0f | %d → %d (%d) | %d | %d |\n", p.name, mib(p.rssStart), mib(p.rssEnd), p.gorStart, p.gorEnd, p.connStart, p.connEnd, p.connMax, p.kills, p.starts)
	}
	fmt.Fprintf(&b, "\nQueue depth (River jobs): start %s; end %s; highest %s.\n", depth(r.queue[0]), depth(r.queue[1]), depth(r.queue[2]))
	b.WriteString("A process's figures at the end are those of its last start (see its starts): web-2 is never killed and shows the long-run trend. \"running\" jobs at the highest include those of killed workers, until the leader rescues them. Connections are counted in `pg_stat_activity` by `application_name` (one per process).\n")
	if r.ai != nil {
		fmt.Fprintf(&b, "\nAI server (OpenAI-compatible fake): %d answered, %d × 500, %d × 429, %d malformed, %d off the food list, %d stalled 25 s (past the 20 s attempt time-out).\n",
			r.ai.ok.Load(), r.ai.errs.Load(), r.ai.limited.Load(), r.ai.malformed.Load(), r.ai.offList.Load(), r.ai.stalled.Load())
	}
	fmt.Fprintf(&b, "\nConnections cut under a request (kill or database stop): %d; connections refused and sent to the other web process: %d.\n", r.transport, r.refused)
	b.WriteString("\n### Faults, in order\n\n")
	for _, l := range r.faultLog {
		fmt.Fprintf(&b, "- %s\n", l)
	}
	if len(r.by5xx) > 0 {
		b.WriteString("\n5xx outside the windows:\n\n")
		for _, l := range r.by5xx {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	failed := slices.ContainsFunc(r.checks, func(c check) bool { return !c.ok })
	if failed {
		b.WriteString("\n### Failures\n\n")
		for _, c := range r.checks {
			if !c.ok && c.detail != "" {
				fmt.Fprintf(&b, "- %s: %s\n", c.name, strings.ReplaceAll(c.detail, "\n", " "))
			}
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
