package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
)

// design is one way of keeping the projections up to date, measured side by side.
type design struct {
	name  string
	floor bool // nothing runs: the cluster's and the bench's own idle cost
	// perProjection: the shape of the first design (one consumer per projection, each
	// polling every 10 ms on its own), built from one runner per projection; the original used a
	// watermill-sql subscriber per projection (docs/eventstore.md, "Decision: no watermill").
	perProjection bool
	count         int // projections of Default() to run (0: all)
	extra         int // no-op projections added, to show how the cost grows with their number
	listen        bool
	poll          time.Duration
	lag           bool // also measured in the lag run
	// wrap, when set, wraps the projections the runner is given (the lag trace uses it).
	wrap func([]projections.Projection) []projections.Projection
	// noNotify: the lag run's appender sends no NOTIFY (the runner is woken in process only).
	noNotify bool
	// observe, when set, is told of every measured append: its commit and when the monitor saw
	// every checkpoint cover it.
	observe func(position int64, committed, seen time.Time)
}

func designs(n int) []design {
	return []design{
		{name: "nothing running (floor)", floor: true},
		{name: "old shape: 1 poller/projection, 10 ms (2 proj.)", perProjection: true, poll: 10 * time.Millisecond, count: 2},
		{name: fmt.Sprintf("old shape: 1 poller/projection, 10 ms (%d)", n), perProjection: true, poll: 10 * time.Millisecond, lag: true},
		{name: fmt.Sprintf("1 runner/process, 10 ms poll, no NOTIFY (%d)", n), poll: 10 * time.Millisecond, lag: true},
		{name: fmt.Sprintf("chosen: 1 runner, NOTIFY + 1 s fallback (%d)", n), listen: true, poll: time.Second, lag: true},
		{name: fmt.Sprintf("chosen, twice the projections (%d)", 2*n), listen: true, poll: time.Second, extra: n},
	}
}

// chosenDesign is the design the product runs, with n projections.
func chosenDesign(n int) design { return designs(n)[4] }

// projections returns the projections d runs.
func (d design) projections() []projections.Projection {
	ps := projections.Default()
	if d.count > 0 {
		ps = ps[:min(d.count, len(ps))]
	}
	for i := range d.extra {
		ps = append(ps, noop{name: "bench_noop_" + strconv.Itoa(i)})
	}
	return ps
}

// start runs d until stop is called, from checkpoints at the head of the log (earlier runs'
// events are not the subject), and returns the checkpoint names that cover its projections.
func (d design) start(ctx context.Context, pool *pgxpool.Pool) (names []string, stop func(), err error) {
	if d.floor {
		return nil, func() {}, nil
	}
	ps := d.projections()
	for _, p := range ps {
		names = append(names, p.Name())
	}
	if err := checkpointsAtHead(ctx, pool, names); err != nil {
		return nil, nil, err
	}
	if d.wrap != nil {
		ps = d.wrap(ps)
	}
	groups := [][]projections.Projection{ps}
	if d.perProjection {
		groups = groups[:0]
		for _, p := range ps {
			groups = append(groups, []projections.Projection{p})
		}
	}
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error, len(groups))
	for _, g := range groups {
		runner, err := projections.NewRunner(pool, quietLogger(), projections.WithProjections(g...),
			projections.WithListen(d.listen), projections.WithPollInterval(d.poll))
		if err != nil {
			cancel()
			return nil, nil, err
		}
		go func() { done <- runner.Run(rctx) }()
	}
	return names, func() {
		cancel()
		for range groups {
			<-done
		}
	}, nil
}

// checkpointsAtHead puts the named checkpoints after the last readable event.
func checkpointsAtHead(ctx context.Context, pool *pgxpool.Pool, names []string) error {
	_, err := pool.Exec(ctx, `
		INSERT INTO event_offsets (consumer_group, offset_acked, last_processed_transaction_id)
		SELECT g, coalesce(h.position, 0), coalesce(h.transaction_id, '0') FROM unnest($1::text[]) g
		LEFT JOIN (SELECT transaction_id, position FROM events
		           WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
		           ORDER BY transaction_id DESC, position DESC LIMIT 1) h ON true
		ON CONFLICT (consumer_group) DO UPDATE
		SET offset_acked = excluded.offset_acked, last_processed_transaction_id = excluded.last_processed_transaction_id`, names)
	return err
}

// noop is a projection that handles nothing: what a projection adds to the runner's idle cost.
type noop struct{ name string }

func (n noop) Name() string                                                  { return n.name }
func (noop) Tables() []string                                                { return nil }
func (noop) Handles(string) bool                                             { return false }
func (noop) Apply(context.Context, pgx.Tx, []eventstore.RecordedEvent) error { return nil }

// idleRun measures what keeping the projections up to date costs while nothing happens:
// database transactions per second (pg_stat_database of the bench database) and CPU of the
// bench process and of every PostgreSQL process of the cluster (/proc), per design.
func idleRun(ctx context.Context, c config, pool *pgxpool.Pool) error {
	n := len(projections.Default())
	fmt.Printf("Idle cost of the projections (%s each, nothing appended; CPU in %% of one core)\n", c.idle)
	fmt.Printf("  %-56s %9s %8s %8s %8s %10s\n", "design", "xacts/s", "app CPU", "PG CPU", "total", "xacts ×")
	var chosen float64
	rows := make([]idleStats, 0, 6)
	ds := designs(n)
	for _, d := range ds {
		s, err := measureIdle(ctx, c, pool, d)
		if err != nil {
			return fmt.Errorf("idle, %s: %w", d.name, err)
		}
		rows = append(rows, s)
		if d.listen && d.extra == 0 {
			chosen = s.xacts
		}
	}
	for i, d := range ds {
		s := rows[i]
		ratio := "—"
		if chosen > 0 && !d.floor {
			ratio = fmt.Sprintf("%.0f×", s.xacts/chosen)
		}
		pg := "n/a"
		total := "n/a"
		if s.pgCPU >= 0 {
			pg, total = fmt.Sprintf("%.1f%%", s.pgCPU), fmt.Sprintf("%.1f%%", s.pgCPU+s.appCPU)
		}
		fmt.Printf("  %-56s %9.1f %7.1f%% %8s %8s %10s\n", d.name, s.xacts, s.appCPU, pg, total, ratio)
		if d.perProjection && d.count == 0 {
			summary.add("idle projections, database xacts/s (chosen design)", fmt.Sprintf("%.1f/s", chosen), fmt.Sprintf("1 poller/projection %.1f/s", s.xacts),
				fmt.Sprintf("%.3f×", chosen/s.xacts), "≤ 10/s", chosen <= 10)
		}
	}
	fmt.Println("  (xacts × = transactions/s relative to the chosen design with the same projections)")
	fmt.Println()
	return nil
}

type idleStats struct {
	xacts         float64 // transactions/s in the bench database
	appCPU, pgCPU float64 // % of one core; pgCPU < 0 when the cluster's processes cannot be read
}

func measureIdle(ctx context.Context, c config, pool *pgxpool.Pool, d design) (idleStats, error) {
	// A backend reports its transaction count at most once a second, and an idle one only after
	// 10 s; one that exits reports at once. So the counts are read with no connection open, before
	// the design starts and after it stopped: the window holds exactly its transactions (and a
	// handful of the bench's own, below 1/s).
	x0, err := flushedXacts(ctx, pool)
	if err != nil {
		return idleStats{}, err
	}
	pm, err := postmasterPID(ctx, pool)
	if err != nil {
		pm = 0
	}
	t0 := time.Now()
	names, stop, err := d.start(ctx, pool)
	if err != nil {
		return idleStats{}, err
	}
	if len(names) > 0 {
		var last int64
		if err := pool.QueryRow(ctx, `SELECT coalesce(max(position), 0) FROM events`).Scan(&last); err != nil {
			stop()
			return idleStats{}, err
		}
		if last > 0 {
			wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
			err := projections.WaitFor(wctx, pool, last, names...)
			cancel()
			if err != nil {
				stop()
				return idleStats{}, err
			}
		}
	}
	a0, p0, c0 := appCPU(), clusterCPU(pm), time.Now()
	time.Sleep(c.idle)
	a1, p1, cpuWall := appCPU(), clusterCPU(pm), time.Since(c0)
	stop()
	wall := time.Since(t0)
	x1, err := flushedXacts(ctx, pool)
	if err != nil {
		return idleStats{}, err
	}
	s := idleStats{
		xacts:  float64(x1-x0) / wall.Seconds(),
		appCPU: 100 * (a1 - a0).Seconds() / cpuWall.Seconds(),
		pgCPU:  -1,
	}
	if pm != 0 {
		s.pgCPU = 100 * (p1 - p0).Seconds() / cpuWall.Seconds()
	}
	return s, nil
}

// flushedXacts closes the pool's connections (their backends report their counts as they exit)
// and then reads the bench database's transaction count. The read itself is one transaction.
func flushedXacts(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	pool.Reset()
	// Backends exit asynchronously; what they report is visible a moment later.
	time.Sleep(300 * time.Millisecond)
	n, err := xacts(ctx, pool)
	pool.Reset()
	time.Sleep(300 * time.Millisecond)
	return n, err
}

// xacts is the bench database's committed and rolled back transactions so far.
func xacts(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var n int64
	err := pool.QueryRow(ctx, `SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()`).Scan(&n)
	return n, err
}

// appCPU is the CPU time of this process.
func appCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// postmasterPID finds the cluster's postmaster: the parent of our backend (the cluster must run
// on this machine).
func postmasterPID(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var backend int
	if err := pool.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&backend); err != nil {
		return 0, err
	}
	ppid, _, err := procStat(backend)
	return ppid, err
}

// clusterCPU is the CPU time of the postmaster and all its children (0 when unreadable).
func clusterCPU(pm int) time.Duration {
	if pm == 0 {
		return 0
	}
	dirs, err := filepath.Glob("/proc/[0-9]*")
	if err != nil {
		return 0
	}
	var total time.Duration
	for _, dir := range dirs {
		pid, err := strconv.Atoi(filepath.Base(dir))
		if err != nil {
			continue
		}
		ppid, cpu, err := procStat(pid)
		if err != nil || (pid != pm && ppid != pm) {
			continue
		}
		total += cpu
	}
	return total
}

// clockTicks is USER_HZ, 100 on Linux for x86 and arm.
const clockTicks = 100

// procStat reads a process's parent and CPU time (user + system) from /proc/PID/stat.
func procStat(pid int) (ppid int, cpu time.Duration, err error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, err
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, errors.New("bad /proc stat")
	}
	f := strings.Fields(s[i+1:]) // f[0] is field 3 (state)
	if len(f) < 13 {
		return 0, 0, errors.New("short /proc stat")
	}
	ppid, _ = strconv.Atoi(f[1])
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return ppid, time.Duration(ut+st) * time.Second / clockTicks, nil
}

// notifyRun measures what waking the projections costs the append path: charges/s without any
// NOTIFY (the runner polls every second), with the store's background NOTIFY after commit while
// the runner does not listen (the cost of sending), the chosen design (the runner listens and
// keeps up live, so it competes for the CPU), and a statement-level trigger that NOTIFYs inside
// every appending transaction.
func notifyRun(ctx context.Context, c config, pool *pgxpool.Pool) error {
	users := make([]uuid.UUID, c.users)
	for i := range users {
		users[i] = uuid.New()
	}
	if err := seedWallets(ctx, pool, users); err != nil {
		return fmt.Errorf("seed wallets: %w", err)
	}
	n := len(projections.Default())
	polling := design{name: "runner polling every 1 s", poll: time.Second}
	listening := chosenDesign(n)
	pick := func(r *rand.Rand) uuid.UUID { return users[r.IntN(len(users))] }
	fmt.Printf("Waking the projections: cost on the append path (charges, %d users, %d clients, %s each, %d projections)\n", c.users, c.clients, c.duration, n)
	fmt.Printf("  %-56s %9s %8s %9s %9s\n", "append path", "charges/s", "ratio", "p50", "p99")
	var base float64
	for _, v := range []struct {
		name    string
		runner  design
		notify  bool
		trigger bool
	}{
		{"no NOTIFY, runner polls every 1 s", polling, false, false},
		{"old shape: 1 poller per projection, 10 ms", designs(n)[2], false, false},
		{"NOTIFY after commit, runner polls (cost of sending)", polling, true, false},
		{"chosen: NOTIFY after commit, runner listens", listening, true, false},
		{"trigger NOTIFY inside the transaction, runner listens", listening, false, true},
	} {
		_, stop, err := v.runner.start(ctx, pool)
		if err != nil {
			return err
		}
		if v.trigger {
			if _, err := pool.Exec(ctx, `
				CREATE FUNCTION bench_notify() RETURNS trigger LANGUAGE plpgsql AS
				  $$ BEGIN PERFORM pg_notify('`+eventstore.NotifyChannel+`', ''); RETURN NULL; END $$;
				CREATE TRIGGER bench_notify AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION bench_notify();`); err != nil {
				stop()
				return fmt.Errorf("notify trigger: %w", err)
			}
		}
		var opts []eventstore.StoreOption
		if !v.notify {
			opts = append(opts, eventstore.WithoutNotify())
		}
		s := charges(ctx, c, ledgerapp.New(pool, eventstore.New(pool, opts...)), pick)
		stop()
		if v.trigger {
			if _, err := pool.Exec(ctx, `DROP TRIGGER bench_notify ON events; DROP FUNCTION bench_notify();`); err != nil {
				return err
			}
		}
		if base == 0 {
			base = s.rate()
		}
		fmt.Printf("  %-56s %9.0f %7.2f× %9s %9s\n", v.name, s.rate(), s.rate()/base,
			s.p50.Round(10*time.Microsecond), s.p99.Round(10*time.Microsecond))
		if v.runner.listen && v.notify {
			summary.info("charges/s with projections woken by NOTIFY", fmt.Sprintf("%.0f/s", s.rate()), fmt.Sprintf("no NOTIFY %.0f/s", base), fmt.Sprintf("%.2f×", s.rate()/base))
		}
	}
	fmt.Println()
	return nil
}
