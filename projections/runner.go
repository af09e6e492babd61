package projections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/gamelle/gamelle/eventstore"
)

var validName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// Runner keeps projections up to date with the log. One Runner per process reads the log once
// for all its projections, in batches, and gives each projection the events after its own
// checkpoint; each projection's rows and checkpoint are written in the batch's transaction. It
// wakes up on NOTIFY eventstore.NotifyChannel (sent after appends commit) and otherwise polls
// slowly, so an idle runner costs about one query per poll interval whatever the number of
// projections. See docs/eventstore.md, "Projections".
type Runner struct {
	pool         *pgxpool.Pool
	store        *eventstore.Store
	logger       *slog.Logger
	projections  []Projection // in name order: checkpoint rows are locked in that order
	batchSize    int
	pollInterval time.Duration
	listen       bool
	retryMin     time.Duration
	retryMax     time.Duration
	registerer   prometheus.Registerer
	metrics      runnerMetrics

	running  atomic.Bool
	wake     chan struct{} // capacity 1: a pending wake-up (WaitFor)
	notified chan struct{} // capacity 1: a pending notification from PostgreSQL

	mu       sync.Mutex
	state    map[string]*projectionState
	progress chan struct{} // closed (and replaced) after each committed batch
}

// projectionState is what the runner knows of one projection between batches.
type projectionState struct {
	cp       eventstore.Checkpoint // last known checkpoint; the locked row is the truth
	attempts int                   // consecutive failures; 0 when healthy
	since    time.Time             // first failure of the current run of failures
	retryAt  time.Time             // no batch before this time while failing
}

// Option tunes a Runner.
type Option func(*Runner)

// WithProjections replaces the default projections (Default()).
func WithProjections(ps ...Projection) Option { return func(r *Runner) { r.projections = ps } }

// WithPollInterval sets the fallback poll: how long an idle runner waits for a notification
// before looking at the log anyway (default 1s). It bounds the lag of events whose appender did
// not notify (see eventstore.Commit) and of a runner whose notifications were lost.
func WithPollInterval(d time.Duration) Option { return func(r *Runner) { r.pollInterval = d } }

// WithListen turns wake-ups on appends on or off (default on): LISTEN for NOTIFY
// eventstore.NotifyChannel, and appends of this process through the same pool
// (eventstore.WatchAppends). Off, the runner is a plain poller (WaitFor still wakes it); give it
// a short poll interval. The benchmark compares both.
func WithListen(on bool) Option { return func(r *Runner) { r.listen = on } }

// WithBatchSize sets how many events one batch transaction reads (default 1000).
func WithBatchSize(n int) Option { return func(r *Runner) { r.batchSize = n } }

// WithRetryBackoff sets the wait before a failing projection is tried again: first, then
// doubling (with jitter) up to most (default 1s and 1 min).
func WithRetryBackoff(first, most time.Duration) Option {
	return func(r *Runner) { r.retryMin, r.retryMax = first, most }
}

// WithMetrics registers the runner's metrics (projection_failing,
// projection_failures_total, projection_events_applied_total) with reg.
func WithMetrics(reg prometheus.Registerer) Option { return func(r *Runner) { r.registerer = reg } }

// NewRunner prepares the runner; Run starts it.
func NewRunner(pool *pgxpool.Pool, logger *slog.Logger, opts ...Option) (*Runner, error) {
	if logger == nil {
		logger = slog.Default()
	}
	r := &Runner{
		pool: pool, store: eventstore.New(pool), logger: logger, projections: Default(),
		batchSize: 1000, pollInterval: time.Second, listen: true, retryMin: time.Second, retryMax: time.Minute,
		wake: make(chan struct{}, 1), notified: make(chan struct{}, 1), state: map[string]*projectionState{}, progress: make(chan struct{}),
	}
	for _, o := range opts {
		o(r)
	}
	if r.batchSize <= 0 || r.pollInterval <= 0 || r.retryMin <= 0 || r.retryMax < r.retryMin {
		return nil, errors.New("projections: batch size, poll interval and retry backoff must be positive")
	}
	r.projections = slices.Clone(r.projections)
	slices.SortFunc(r.projections, func(a, b Projection) int { return strings.Compare(a.Name(), b.Name()) })
	for i, p := range r.projections {
		if !validName.MatchString(p.Name()) || (i > 0 && p.Name() == r.projections[i-1].Name()) {
			return nil, fmt.Errorf("projections: invalid or duplicate projection name %q", p.Name())
		}
		r.state[p.Name()] = &projectionState{}
	}
	m, err := newRunnerMetrics(r.registerer)
	if err != nil {
		return nil, err
	}
	r.metrics = m
	return r, nil
}

// Names lists the runner's projections, in name order.
func (r *Runner) Names() []string {
	out := make([]string, len(r.projections))
	for i, p := range r.projections {
		out[i] = p.Name()
	}
	return out
}

// Run keeps the projections up to date until ctx is done, then returns nil. Several processes
// may run it against one database: every batch locks the checkpoint rows of its projections,
// so each event is applied once per projection.
func (r *Runner) Run(ctx context.Context) error {
	if !r.running.CompareAndSwap(false, true) {
		return errors.New("projections: runner already running")
	}
	defer r.running.Store(false)
	if len(r.projections) == 0 {
		<-ctx.Done()
		return nil
	}
	// The known checkpoints only sort projections into front and laggards (each batch locks and
	// reads the real ones), so a database that is not reachable yet is no reason to stop: the
	// first cycles retry.
	if cps, err := r.store.Checkpoints(ctx, r.pool, r.Names()); err != nil {
		r.logger.Warn("projections: read checkpoints", "err", err)
	} else {
		r.mu.Lock()
		for name, cp := range cps {
			r.state[name].cp = cp
		}
		r.mu.Unlock()
	}
	// Failures recorded by an earlier run: this run records its own.
	if err := clearFailure(ctx, r.pool, r.Names()...); err != nil {
		r.logger.Warn("projections: clear old failures", "err", err)
	}
	var local <-chan struct{} // nil: never ready
	if r.listen {
		ch, unwatch := eventstore.WatchAppends(r.pool)
		defer unwatch()
		local = ch
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); r.listenLoop(ctx) }()
		defer wg.Wait()
	}
	r.logger.Info("projections running", "projections", r.Names(), "listen", r.listen, "poll", r.pollInterval)

	var (
		peek      bool          // look cheaply before opening a batch transaction
		heldBack  time.Duration // poll delay while committed events wait behind a running transaction
		errorWait time.Duration
	)
	for {
		res, err := r.cycle(ctx, peek)
		if ctx.Err() != nil {
			return nil
		}
		wait := r.pollInterval
		switch {
		case err != nil:
			errorWait = min(max(2*errorWait, 100*time.Millisecond), 30*time.Second)
			r.logger.Error("projections: reading the log failed, will retry", "err", err, "in", errorWait)
			wait = errorWait
		case res.more:
			errorWait, heldBack, peek = 0, 0, false
			continue
		case res.heldBack:
			// Events are committed but an older transaction still runs: nothing will notify us
			// when it ends, so look again soon, less and less often (one cheap query per 50ms at
			// worst, while a forgotten session holds the cluster's horizon).
			heldBack = min(max(2*heldBack, 2*time.Millisecond), heldBackMaxPoll, r.pollInterval)
			wait = heldBack
		default:
			errorWait, heldBack = 0, 0
		}
		if next, ok := r.nextRetry(); ok {
			wait = min(wait, max(time.Until(next), 0))
		}
		if res.read >= busyBatch {
			// Appends come faster than batches: let a few milliseconds of them gather so that
			// each batch's fixed cost (three round trips) is shared, instead of competing
			// with the appenders for the CPU batch after tiny batch.
			if !sleep(ctx, busyLinger) {
				return nil
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-r.wake:
			peek = false
		case <-local:
			peek = false
		case <-r.notified:
			// Often an append of this process, already applied after its local wake-up: look
			// with one cheap query before opening a batch.
			peek = true
		case <-t.C:
			peek = true
		}
		t.Stop()
	}
}

// busyBatch and busyLinger: after a batch of at least busyBatch events, the runner waits
// busyLinger before the next one (at 200 events/s a batch holds one or two events and is never
// delayed).
const (
	busyBatch  = 16
	busyLinger = 5 * time.Millisecond
)

// sleep waits for d or ctx, reporting whether d passed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// heldBackMaxPoll bounds the poll interval while committed events wait behind a running transaction.
const heldBackMaxPoll = 50 * time.Millisecond

// wakeUp makes a running runner look at the log now.
func (r *Runner) wakeUp() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// listenLoop turns notifications on eventstore.NotifyChannel into wake-ups, on a connection of
// its own (outside the pool, so a small pool is not starved). After (re)connecting it wakes the
// runner once, for whatever was appended while nobody listened.
func (r *Runner) listenLoop(ctx context.Context) {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := r.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		r.logger.Warn("projections: listening for notifications failed; polling meanwhile", "err", err, "retry_in", backoff)
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		backoff = min(2*backoff, 30*time.Second)
	}
}

func (r *Runner) listenOnce(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, r.pool.Config().ConnConfig.Copy())
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{eventstore.NotifyChannel}.Sanitize()); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	r.wakeUp()
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return fmt.Errorf("wait for notification: %w", err)
		}
		select {
		case r.notified <- struct{}{}:
		default:
		}
	}
}

// cycleResult says what one cycle found.
type cycleResult struct {
	more     bool // call again at once: a batch was full, or lagging projections catch up
	heldBack bool // committed events wait behind a transaction still running
	read     int  // events read
}

// cycle applies at most one batch to the projections that are at the front of the log and one to
// those behind it (a projection that failed, or was reset by a rebuild), so that a lagging
// projection catches up without holding the others back. Failing projections wait for their
// retry time.
func (r *Runner) cycle(ctx context.Context, peek bool) (cycleResult, error) {
	now := time.Now()
	r.mu.Lock()
	var eligible []Projection
	var front eventstore.Checkpoint
	for _, p := range r.projections {
		s := r.state[p.Name()]
		if s.attempts > 0 && now.Before(s.retryAt) {
			continue
		}
		eligible = append(eligible, p)
		if after(s.cp, front) {
			front = s.cp
		}
	}
	var ahead, behind []Projection
	from := front
	for _, p := range eligible {
		cp := r.state[p.Name()].cp
		if cp == front {
			ahead = append(ahead, p)
		} else {
			behind = append(behind, p)
			if after(from, cp) {
				from = cp
			}
		}
	}
	r.mu.Unlock()
	if len(eligible) == 0 {
		return cycleResult{}, nil
	}
	if peek {
		readable, pending, err := r.peek(ctx, from)
		if err != nil || !readable {
			return cycleResult{heldBack: pending}, err
		}
	}
	res, err := r.batch(ctx, ahead)
	if err != nil {
		return res, err
	}
	if len(behind) > 0 {
		res2, err := r.batch(ctx, behind)
		if err != nil {
			return res, err
		}
		// The caught-up ones join the front at the next cycle; until then keep going.
		res.more = res.more || res2.more || res2.read > 0
		res.heldBack = res.heldBack || res2.heldBack
	}
	return res, nil
}

// peek reports, without a transaction, whether events after cp are readable, and whether some
// are committed but held back behind a running transaction.
func (r *Runner) peek(ctx context.Context, cp eventstore.Checkpoint) (readable, pending bool, err error) {
	err = r.pool.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM events WHERE (transaction_id, position) > ($1::xid8, $2)
		                 AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())),
		       EXISTS (SELECT 1 FROM events WHERE (transaction_id, position) > ($1::xid8, $2))`,
		cp.TransactionID, cp.Position).Scan(&readable, &pending)
	if err != nil {
		return false, false, fmt.Errorf("projections: look for new events: %w", err)
	}
	return readable, pending, nil
}

// applyError is a projection's Apply failing inside a batch.
type applyError struct {
	projection string
	err        error
}

func (e *applyError) Error() string { return e.projection + ": " + e.err.Error() }
func (e *applyError) Unwrap() error { return e.err }

// batch applies one batch to ps. When a projection fails, the batch is rolled back, the
// projection is put aside until its retry time, and the batch is applied again without it.
func (r *Runner) batch(ctx context.Context, ps []Projection) (cycleResult, error) {
	for len(ps) > 0 {
		res, err := r.tryBatch(ctx, ps)
		var ae *applyError
		if !errors.As(err, &ae) || ctx.Err() != nil {
			return res, err
		}
		r.fail(ctx, ae.projection, ae.err)
		ps = slices.DeleteFunc(slices.Clone(ps), func(p Projection) bool { return p.Name() == ae.projection })
	}
	return cycleResult{}, nil
}

// tryBatch is one batch transaction: lock the checkpoints of ps, read the log after the
// earliest, give each projection the events after its own checkpoint, move the checkpoints.
// It takes three round trips whatever the number of projections: [BEGIN, lock, read] in one
// pipelined batch, [every Queuer's statements, checkpoint update] in another, COMMIT; a
// projection that is not a Queuer adds its own round trips.
func (r *Runner) tryBatch(ctx context.Context, ps []Projection) (res cycleResult, err error) {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name()
	}
	var (
		last    eventstore.Checkpoint
		applied = make([]int, len(ps))
	)
	b := &pgx.Batch{}
	b.BeginTx(pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	// The read models and checkpoints are derived from the log: a crash that loses the last
	// batches only makes the runner apply them again, so the commit need not wait for a flush.
	b.Queue(`SELECT set_config('synchronous_commit', 'off', true)`)
	read := eventstore.QueueLockCheckpoints(b, names, r.batchSize)
	// Whether committed events follow the earliest checkpoint, readable or not: when none is
	// readable, it tells that some wait behind a transaction still running.
	b.Queue(`SELECT EXISTS (SELECT 1 FROM events WHERE (transaction_id, position) >
		(SELECT last_processed_transaction_id, coalesce(offset_acked, 0) FROM event_offsets
		 WHERE consumer_group = ANY($1) ORDER BY 1, 2 LIMIT 1))`, names)
	br := r.pool.SendBatch(ctx, b)
	tx := br.Tx()
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	cps, events, err := firstBatch(br, read, &res.heldBack)
	if err != nil {
		return cycleResult{}, err
	}
	if len(cps) < len(names) {
		// A projection's first batch: create its row, then lock and read again.
		if err := r.store.CreateCheckpoints(ctx, tx, names); err != nil {
			return cycleResult{}, err
		}
		if cps, events, err = r.store.LockCheckpoints(ctx, tx, names, r.batchSize); err != nil {
			return cycleResult{}, err
		}
	}
	if len(events) > 0 {
		res.heldBack = false
		res.read = len(events)
		res.more = len(events) == r.batchSize
		last = eventstore.CheckpointOf(events[len(events)-1])
		if err := applyBatch(ctx, tx, ps, cps, events, applied, func(b *pgx.Batch) {
			eventstore.QueueAdvanceCheckpoints(b, names, last)
		}); err != nil {
			return cycleResult{}, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return cycleResult{}, fmt.Errorf("projections: commit: %w", err)
	}
	r.mu.Lock()
	var recovered []string
	for _, n := range names {
		s := r.state[n]
		s.cp = cps[n]
		if last != (eventstore.Checkpoint{}) && after(last, s.cp) {
			s.cp = last
		}
		if s.attempts > 0 && last != (eventstore.Checkpoint{}) {
			recovered = append(recovered, n)
			r.logger.Info("projection recovered", "projection", n, "failures", s.attempts, "failing_for", time.Since(s.since).Round(time.Millisecond))
			*s = projectionState{cp: s.cp}
		}
	}
	if last != (eventstore.Checkpoint{}) {
		close(r.progress)
		r.progress = make(chan struct{})
	}
	r.mu.Unlock()
	for i, n := range names {
		r.metrics.applied.WithLabelValues(n).Add(float64(applied[i]))
	}
	for _, n := range recovered {
		r.metrics.failing.WithLabelValues(n).Set(0)
		if err := clearFailure(ctx, r.pool, n); err != nil {
			r.logger.Warn("projections: clear failure", "projection", n, "err", err)
		}
	}
	return res, nil
}

// firstBatch reads the results of the batch that begins a batch transaction, and closes it.
func firstBatch(br pgx.BatchResults, read func(pgx.BatchResults) (map[string]eventstore.Checkpoint, []eventstore.RecordedEvent, error), heldBack *bool) (map[string]eventstore.Checkpoint, []eventstore.RecordedEvent, error) {
	defer br.Close()
	for range 2 { // BEGIN, set_config
		if _, err := br.Exec(); err != nil {
			return nil, nil, fmt.Errorf("projections: begin: %w", err)
		}
	}
	cps, events, err := read(br)
	if err != nil {
		return nil, nil, err
	}
	if err := br.QueryRow().Scan(heldBack); err != nil {
		return nil, nil, fmt.Errorf("projections: look for held back events: %w", err)
	}
	if err := br.Close(); err != nil {
		return nil, nil, fmt.Errorf("projections: lock checkpoints: %w", err)
	}
	return cps, events, nil
}

// applyBatch gives each projection of ps the events after its own checkpoint that it handles.
// Projections that are not Queuers apply theirs at once; the Queuers' statements and then
// whatever finish queues (the checkpoint update) go in one pipelined round trip. An Apply error
// is an *applyError naming its projection.
func applyBatch(ctx context.Context, tx pgx.Tx, ps []Projection, cps map[string]eventstore.Checkpoint, events []eventstore.RecordedEvent, applied []int, finish func(*pgx.Batch)) error {
	b := &pgx.Batch{}
	var owners []int // index in ps of each statement queued on b
	for i, p := range ps {
		// events are in consumer order: skip what p's checkpoint already covers.
		k, _ := slices.BinarySearchFunc(events, cps[p.Name()], func(e eventstore.RecordedEvent, cp eventstore.Checkpoint) int {
			if after(eventstore.CheckpointOf(e), cp) {
				return 1
			}
			return -1
		})
		var todo []eventstore.RecordedEvent
		for _, e := range events[k:] {
			if p.Handles(e.Type) {
				todo = append(todo, e)
			}
		}
		if len(todo) == 0 {
			continue
		}
		applied[i] = len(todo)
		if q, ok := p.(Queuer); ok {
			n := b.Len()
			if err := q.QueueApply(b, todo); err != nil {
				return &applyError{projection: p.Name(), err: err}
			}
			for range b.Len() - n {
				owners = append(owners, i)
			}
			continue
		}
		if err := p.Apply(ctx, tx, todo); err != nil {
			return &applyError{projection: p.Name(), err: err}
		}
	}
	finish(b)
	br := tx.SendBatch(ctx, b)
	defer br.Close()
	for _, i := range owners {
		if _, err := br.Exec(); err != nil {
			return &applyError{projection: ps[i].Name(), err: err}
		}
	}
	if err := br.Close(); err != nil {
		return fmt.Errorf("projections: advance checkpoints: %w", err)
	}
	return nil
}

// fail records a failed Apply: the projection waits (doubling, with jitter) before its next
// try, while the others go on.
func (r *Runner) fail(ctx context.Context, name string, cause error) {
	r.mu.Lock()
	s := r.state[name]
	if s.attempts == 0 {
		s.since = time.Now()
	}
	s.attempts++
	d := r.retryMin << min(s.attempts-1, 30)
	if d <= 0 || d > r.retryMax {
		d = r.retryMax
	}
	d = d/2 + rand.N(d/2+1)
	s.retryAt = time.Now().Add(d)
	f := Failure{Projection: name, Since: s.since, Attempts: s.attempts, LastError: cause.Error(), RetryAt: s.retryAt}
	r.mu.Unlock()
	r.logger.Error("projection failed; the others go on, it will retry", "projection", name,
		"attempts", f.Attempts, "retry_in", d.Round(time.Millisecond), "err", cause)
	r.metrics.failures.WithLabelValues(name).Inc()
	r.metrics.failing.WithLabelValues(name).Set(1)
	if err := recordFailure(ctx, r.pool, f); err != nil {
		r.logger.Warn("projections: record failure", "projection", name, "err", err)
	}
}

// nextRetry is the earliest retry time of a failing projection.
func (r *Runner) nextRetry() (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var next time.Time
	for _, s := range r.state {
		if s.attempts > 0 && (next.IsZero() || s.retryAt.Before(next)) {
			next = s.retryAt
		}
	}
	return next, !next.IsZero()
}

// WaitFor blocks until every projection of the runner has applied the event at position, or ctx
// ends. Give ctx a bound (e.g. 2s) for read-your-writes in a handler. It works whichever process
// runs the projections (it reads the checkpoints in the database); when this runner runs in the
// process, it also wakes it and re-checks after each of its batches instead of polling.
func (r *Runner) WaitFor(ctx context.Context, position int64) error {
	if r.running.Load() {
		r.wakeUp()
	}
	progress := func() <-chan struct{} {
		if !r.running.Load() {
			return nil
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.progress
	}
	return waitFor(ctx, r.pool, position, r.Names(), progress)
}

// WaitFor blocks until the named projections have applied the event at position.
func WaitFor(ctx context.Context, db eventstore.DBTX, position int64, names ...string) error {
	return waitFor(ctx, db, position, names, func() <-chan struct{} { return nil })
}

func waitFor(ctx context.Context, db eventstore.DBTX, position int64, names []string, progress func() <-chan struct{}) error {
	store := eventstore.New(nil)
	delay := time.Millisecond
	for {
		// Taken before the check: a batch committed after the check closes it.
		batch := progress()
		ok, err := store.Reached(ctx, db, names, position)
		if err != nil && !errors.Is(err, eventstore.ErrUnknownPosition) {
			return fmt.Errorf("projections: wait for %d: %w", position, err)
		}
		if ok {
			return nil
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("projections: wait for position %d: %w", position, ctx.Err())
		case <-batch:
		case <-t.C:
			delay = min(2*delay, 10*time.Millisecond)
		}
		t.Stop()
	}
}

// runnerMetrics are the runner's Prometheus series, one per projection.
type runnerMetrics struct {
	failing  *prometheus.GaugeVec
	failures *prometheus.CounterVec
	applied  *prometheus.CounterVec
}

func newRunnerMetrics(reg prometheus.Registerer) (runnerMetrics, error) {
	m := runnerMetrics{
		failing: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "projection_failing",
			Help: "1 while a projection is failing and waits to retry; the other projections go on.",
		}, []string{"projection"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "projection_failures_total",
			Help: "Batches a projection failed to apply.",
		}, []string{"projection"}),
		applied: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "projection_events_applied_total",
			Help: "Events given to a projection's Apply by the live runner.",
		}, []string{"projection"}),
	}
	if reg == nil {
		return m, nil
	}
	for _, c := range []prometheus.Collector{m.failing, m.failures, m.applied} {
		if err := reg.Register(c); err != nil {
			return m, fmt.Errorf("projections: register metrics: %w", err)
		}
	}
	return m, nil
}
