package main

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// window is a span during which the database was (being) taken away: 5xx answers inside it,
// plus a grace period for the pools to reconnect, are the injected fault's, not a defect.
type window struct {
	kind       string
	start, end time.Time
}

// faultPlan says which faults a run injects and when, as fractions of the load phase.
type faultPlan struct {
	workerKills int           // kill -9 of a worker, alternating between them, evenly spread
	webKillsAt  []float64     // kill -9 of a web process (alternating), at these fractions
	restartAt   float64       // PostgreSQL restart (fast shutdown, start again), 0: none
	outageAt    float64       // PostgreSQL stopped for outage, 0: none
	outage      time.Duration // how long the database stays away
}

// grace is how long after the database is back 5xx answers still count as the fault's: the
// pools find their connections broken at the next use and open new ones.
const grace = 10 * time.Second

// faults runs the plan against the processes and the cluster and records what it did.
type faults struct {
	plan    faultPlan
	workers []*proc
	webs    []*proc
	pg      *cluster

	mu      sync.Mutex
	windows []window
	log     []string
	errs    []error
}

func (f *faults) note(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.log = append(f.log, time.Now().Format("15:04:05.000")+" "+fmt.Sprintf(format, args...))
}

func (f *faults) fail(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, err)
}

// run injects the plan over d; it returns when every fault is done (the cluster is up again).
func (f *faults) run(ctx context.Context, d time.Duration) {
	start := time.Now()
	var wg sync.WaitGroup
	at := func(frac float64, fn func()) {
		wg.Go(func() {
			select {
			case <-time.After(time.Until(start.Add(time.Duration(frac * float64(d))))):
				fn()
			case <-ctx.Done():
			}
		})
	}
	for i := range f.plan.workerKills {
		w := f.workers[i%len(f.workers)]
		at(float64(i+1)/float64(f.plan.workerKills+1), func() {
			// A worker still restarting from the previous kill is waited for, so every kill
			// hits a running process (the count is of real kills).
			for range 50 {
				if w.kill9() {
					f.note("kill -9 %s", w.name)
					return
				}
				time.Sleep(200 * time.Millisecond)
			}
			f.fail(fmt.Errorf("could not kill %s: not running for 10 s", w.name))
		})
	}
	for i, frac := range f.plan.webKillsAt {
		w := f.webs[i%len(f.webs)]
		at(frac, func() {
			if w.kill9() {
				f.note("kill -9 %s", w.name)
			} else {
				f.fail(fmt.Errorf("could not kill %s", w.name))
			}
		})
	}
	if f.plan.restartAt > 0 {
		at(f.plan.restartAt, func() {
			w := window{kind: "PostgreSQL restart", start: time.Now()}
			f.note("PostgreSQL restart")
			if err := f.pg.restart(ctx); err != nil {
				f.fail(err)
			}
			w.end = time.Now()
			f.note("PostgreSQL back after %s", w.end.Sub(w.start).Round(time.Millisecond))
			f.addWindow(w)
		})
	}
	if f.plan.outageAt > 0 {
		at(f.plan.outageAt, func() {
			w := window{kind: fmt.Sprintf("PostgreSQL outage %s", f.plan.outage), start: time.Now()}
			f.note("PostgreSQL stopped for %s", f.plan.outage)
			if err := f.pg.outage(ctx, f.plan.outage); err != nil {
				f.fail(err)
			}
			w.end = time.Now()
			f.note("PostgreSQL back after %s", w.end.Sub(w.start).Round(time.Millisecond))
			f.addWindow(w)
		})
	}
	wg.Wait()
}

func (f *faults) addWindow(w window) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.windows = append(f.windows, w)
}

// inWindow reports whether t falls in a fault window or its grace period.
func inWindow(ws []window, t time.Time) bool {
	for _, w := range ws {
		if !t.Before(w.start) && !t.After(w.end.Add(grace)) {
			return true
		}
	}
	return false
}
