package main

import (
	"testing"
	"time"
)

func TestFiveHundredsCountOnlyInsideTheFaultWindows(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	ws := []window{{kind: "outage", start: t0, end: t0.Add(20 * time.Second)}}
	samples := []sample{
		{at: t0.Add(-time.Second), dur: 2 * time.Second, status: 500, path: "/checkout"},      // cut by the stop
		{at: t0.Add(25 * time.Second), dur: time.Millisecond, status: 503, path: "/readyz"},   // within the grace
		{at: t0.Add(31 * time.Second), dur: time.Millisecond, status: 500, path: "/mealprep"}, // after it: a defect
		{at: t0.Add(-5 * time.Second), dur: time.Millisecond, status: 502, path: "/"},         // before it: a defect
		{at: t0.Add(40 * time.Second), dur: time.Millisecond, status: 404, path: "/nope"},
	}
	var outside []string
	c := serverErrorCheck(samples, ws, &outside)
	if c.ok || len(outside) != 2 {
		t.Fatalf("check %+v, outside %q: want a failure naming the 2 answers outside the window", c, outside)
	}
	c = serverErrorCheck(samples[:2], ws, new([]string))
	if !c.ok {
		t.Fatalf("5xx inside the window and its grace failed the check: %+v", c)
	}
}

func TestRouteOfKeepsSecretsAndAddressesOutOfTheReport(t *testing.T) {
	for in, want := range map[string]string{
		"/auth/verify/0f9c2a4e7b1d4c3a9e8f7a6b5c4d3e2f":       "/auth/verify/{…}",
		"/dev/mailbox?to=a%40b.test":                          "/dev/mailbox",
		"/mealprep/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/food": "/mealprep/{…}/food",
		"/auth/otp/someone@example.test":                      "/auth/otp/{…}",
	} {
		if got := routeOf(in); got != want {
			t.Errorf("routeOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDBURLNamesTheDatabaseAndKeepsParameters(t *testing.T) {
	c := &cluster{url: "postgres://postgres@127.0.0.1:54400/gamelle?sslmode=disable"}
	if got, want := c.dbURL("soak", "application_name=soak-web-1"), "postgres://postgres@127.0.0.1:54400/soak?sslmode=disable&application_name=soak-web-1"; got != want {
		t.Fatalf("dbURL = %q, want %q", got, want)
	}
}

func TestAnExitOutsideTheOutageFailsTheRun(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	ws := []window{{kind: "outage", start: t0, end: t0.Add(20 * time.Second)}}
	during := []procRow{{name: "worker-1", unexpected: []procExit{{at: t0.Add(5 * time.Second), err: "ping database"}}}}
	if c := exitCheck(during, ws); !c.ok {
		t.Fatalf("a start refused during the outage failed the run: %+v", c)
	}
	after := []procRow{{name: "web-2", unexpected: []procExit{{at: t0.Add(time.Minute), err: "exit status 2"}}}}
	if c := exitCheck(after, ws); c.ok {
		t.Fatalf("an exit a minute after the outage passed: %+v", c)
	}
}

func TestFaultsNotInjectedFailTheRun(t *testing.T) {
	plan := faultPlan{workerKills: 20, webKillsAt: []float64{0.25}, restartAt: 0.4, outageAt: 0.6}
	rows := []procRow{{name: "web-1", kills: 1}, {name: "worker-1", kills: 10}, {name: "worker-2", kills: 9}}
	if c := faultCountCheck(plan, rows, []window{{}, {}}); c.ok {
		t.Fatalf("19 worker kills passed a plan of 20: %+v", c)
	}
	rows[2].kills = 10
	if c := faultCountCheck(plan, rows, []window{{}, {}}); !c.ok {
		t.Fatalf("the plan carried out failed: %+v", c)
	}
	if c := faultCountCheck(plan, rows, []window{{}}); c.ok {
		t.Fatalf("a missing outage passed: %+v", c)
	}
}
