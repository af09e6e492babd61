package eventstore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
)

// This file is the command runner: load an aggregate → let the command decide → append its
// events expecting the version it was loaded at → on a version conflict, do it all again. It is
// the event-sourced repository of go-eventually and similar libraries, folded into one call per
// command so that the idempotency check, the optional stream lock and the head read share one
// round trip (see Store.Execute) and retries cannot be forgotten.

// ErrRetriesExhausted wraps the last version conflict when a command kept losing the race for
// its stream. errors.Is(err, ErrVersionConflict) is also true of such an error.
var ErrRetriesExhausted = errors.New("eventstore: too many concurrent writers, gave up")

// Event is a domain event the runner can append: its stable, versioned type name
// ("TokensCharged.v1"). The payload stored is the event's encoding/json encoding.
type Event interface {
	EventType() string
}

// Aggregate is the write model of one stream, as the runner sees it. Domain aggregates satisfy
// it without importing this package (*ledger.Wallet does).
type Aggregate[E Event] interface {
	// Version is the stream version the aggregate was built at, before its pending changes: the
	// version the append expects.
	Version() int64
	// Changes are the events the command's behaviours recorded, in order.
	Changes() []E
}

// AggregateType tells a Runner how to build one kind of aggregate from its stream.
type AggregateType[A Aggregate[E], E Event] struct {
	// Name names the kind in errors ("wallet").
	Name string
	// Decode turns a stored event back into a domain event (typically a switch on e.Type).
	Decode func(e RecordedEvent) (E, error)
	// FromHistory rebuilds the aggregate of streamID by applying its events in version order;
	// events is empty for a stream that does not exist yet. The aggregate's Version must come
	// out as len(events).
	FromHistory func(streamID string, events []E) (A, error)
	// FromHead, when set, builds the aggregate from the stream's version and last event alone
	// (last is the zero E when version is 0), for commands that implement HeadCommand: one
	// index lookup instead of a replay, whatever the stream's length. It fits aggregates whose
	// events carry the running state the rules need (the wallet's balanceAfter).
	FromHead func(streamID string, version int64, last E) (A, error)
}

// CommandMeta is what every command carries besides its own fields. Commands embed it; the
// runner copies it into the events' metadata and uses IdempotencyKey. Every field is tagged
// json:"-" so that none enters the command's canonical encoding (see RequestHash): a request
// retried under another correlation id, or by the same user from another tab, is the same
// request.
type CommandMeta struct {
	// Actor is who asks: a user id, "system", or "cli:<os user>".
	Actor string `json:"-"`
	// IdempotencyKey makes the command happen once: running it again with the same key returns
	// the first result (Duplicate set) without deciding again. Derive it from what must not
	// happen twice ("signup-bonus:<userID>", "checkout:<checkoutID>", "refund:<jobID>").
	IdempotencyKey string `json:"-"`
	// CausationID is the id of the request, message or job that caused the command.
	CausationID string `json:"-"`
	// CorrelationID ties together everything caused by one original request.
	CorrelationID string `json:"-"`
}

// Meta returns m; embedding CommandMeta gives a command this method.
func (m CommandMeta) Meta() CommandMeta { return m }

// Command is one decision on one aggregate of type A. Implement it on a struct that embeds
// CommandMeta and holds the request's fields with json tags (they are its canonical encoding).
// Values that are not part of the request, such as the clock, go in fields tagged json:"-".
type Command[A any] interface {
	// Meta is the command's metadata (promoted from the embedded CommandMeta).
	Meta() CommandMeta
	// CommandName is the command's stable name ("ledger.charge"). It appears in errors and is
	// hashed with the request, so renaming it makes earlier idempotency keys mismatch.
	CommandName() string
	// StreamID is the stream of the aggregate the command changes.
	StreamID() string
	// Decide runs the behaviour on a, which records the events to append. An error refuses
	// the command: nothing is appended and the error is returned as is (wrapped), never retried.
	// Decide may run several times (once per attempt, each time on a freshly built aggregate),
	// so it must have no other effect.
	Decide(a A) error
}

// HeadCommand is implemented by commands that can decide on an aggregate built from its stream
// head (AggregateType.FromHead) rather than from its whole history. Without it, or when the
// type has no FromHead, the runner replays the stream.
type HeadCommand interface {
	DecidesOnHead() bool
}

// RequestHash identifies the request made under an idempotency key: the hex SHA-256 (first 16
// bytes) of the command's name and its encoding/json encoding, which leaves out CommandMeta
// and any field tagged json:"-". encoding/json writes struct fields in declaration order and
// map keys sorted, so equal commands hash equally. Renaming a field without a json tag, or
// changing a tag, changes the hash of every later command.
func RequestHash(cmd interface{ CommandName() string }) (string, error) {
	body, err := json.Marshal(cmd)
	if err != nil {
		return "", fmt.Errorf("eventstore: encode command %s: %w", cmd.CommandName(), err)
	}
	h := sha256.New()
	h.Write([]byte(cmd.CommandName()))
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// runnerConfig is the non-generic part of a Runner, so options need no type parameters.
type runnerConfig struct {
	maxAttempts int
	baseBackoff time.Duration
	maxBackoff  time.Duration
	lock        bool
}

func defaultRunnerConfig() runnerConfig {
	return runnerConfig{maxAttempts: 10, baseBackoff: time.Millisecond, maxBackoff: 50 * time.Millisecond, lock: true}
}

// RunnerOption tunes a Runner (and RetryInTx).
type RunnerOption func(*runnerConfig)

// WithMaxAttempts bounds how many times a command is tried when it meets version conflicts
// (default 10).
func WithMaxAttempts(n int) RunnerOption { return func(c *runnerConfig) { c.maxAttempts = max(1, n) } }

// WithBackoff sets the wait before a retry: a random duration up to base·2^attempt, capped at
// ceiling (default 1 ms and 50 ms). The randomness ("full jitter") keeps writers that collided
// from colliding again in lockstep.
func WithBackoff(base, ceiling time.Duration) RunnerOption {
	return func(c *runnerConfig) { c.baseBackoff, c.maxBackoff = max(base, 1), max(ceiling, base, 1) }
}

// WithStreamLock turns the per-stream advisory lock on or off (default on). With it, commands
// on one stream queue on a transaction-scoped lock taken in the same round trip as the head read,
// instead of all reading the same head, all but one failing and retrying. Optimistic
// concurrency (the append's expected version) guards correctness either way. Inside a caller's
// transaction the lock is held until that transaction ends.
func WithStreamLock(on bool) RunnerOption { return func(c *runnerConfig) { c.lock = on } }

// Runner runs commands on one type of aggregate. It is safe for concurrent use.
type Runner[A Aggregate[E], E Event] struct {
	store *Store
	typ   AggregateType[A, E]
	cfg   runnerConfig
}

// NewRunner returns a runner for aggregates of typ, appending through store. typ.Decode and
// typ.FromHistory are required.
func NewRunner[A Aggregate[E], E Event](store *Store, typ AggregateType[A, E], opts ...RunnerOption) *Runner[A, E] {
	if typ.Decode == nil || typ.FromHistory == nil {
		panic(fmt.Sprintf("eventstore: aggregate type %q needs Decode and FromHistory", typ.Name))
	}
	cfg := defaultRunnerConfig()
	for _, o := range opts {
		o(&cfg)
	}
	return &Runner[A, E]{store: store, typ: typ, cfg: cfg}
}

// errNoChanges ends an attempt whose command recorded no events.
var errNoChanges = errors.New("eventstore: command recorded no events")

// Run runs cmd in a transaction of its own and commits it. Each attempt is two round trips
// (Store.Execute): [BEGIN, stream lock, idempotency lookup, head or whole history] then [append,
// COMMIT]; a command that needs the history gets it in the first round trip. Version conflicts are retried with jittered
// backoff up to the attempt limit (then ErrRetriesExhausted). The result is the append's, or
// the first run's with Duplicate set when the idempotency key was used before for the same
// request; *IdempotencyKeyReusedError when it was used for another request. A command that
// records no events appends nothing and returns a result without events.
func (r *Runner[A, E]) Run(ctx context.Context, cmd Command[A]) (AppendResult, error) {
	stream := cmd.StreamID()
	opts, err := r.writeOptions(cmd)
	if err != nil {
		return AppendResult{}, err
	}
	return r.retry(ctx, cmd, false, func() (AppendResult, error) {
		var built int64
		res, err := r.store.Execute(ctx, stream, opts, func(ctx context.Context, db DBTX, ws WriteState) (AppendRequest, error) {
			req, version, err := r.decide(cmd, ws, opts)
			built = version
			return req, err
		})
		if errors.Is(err, errNoChanges) {
			return AppendResult{StreamID: stream, LastVersion: built}, nil
		}
		return res, err
	})
}

// RunTx runs cmd inside the caller's transaction, so that its events commit or roll back with
// the caller's other writes (a River job insert, a row of the caller's own). Each attempt runs
// in a savepoint: a version conflict rolls back only the attempt, and the caller's work
// survives the retry. One conflict cannot be retried in place: when the stream's head was
// written by a transaction newer than the caller's (VersionConflictError.Reordered), only a new
// transaction may append, so the error is returned and the caller retries its whole
// transaction (doing the command's write early in the transaction makes this rare). On any
// error the caller must roll back. Results are as for Run.
func (r *Runner[A, E]) RunTx(ctx context.Context, tx pgx.Tx, cmd Command[A]) (AppendResult, error) {
	stream := cmd.StreamID()
	opts, err := r.writeOptions(cmd)
	if err != nil {
		return AppendResult{}, err
	}
	return r.retry(ctx, cmd, true, func() (AppendResult, error) {
		var res AppendResult
		err := InTx(ctx, tx, func(sp pgx.Tx) error {
			ws, err := r.store.ReadForWrite(ctx, sp, stream, opts)
			if err != nil {
				return err
			}
			if ws.Duplicate != nil {
				res = *ws.Duplicate
				return nil
			}
			req, version, err := r.decide(cmd, ws, opts)
			if errors.Is(err, errNoChanges) {
				res = AppendResult{StreamID: stream, LastVersion: version}
				return err // nothing to keep: roll the savepoint back
			}
			if err != nil {
				return err
			}
			res, err = r.store.Append(ctx, sp, req)
			return err
		})
		if errors.Is(err, errNoChanges) {
			return res, nil
		}
		return res, err
	})
}

// retry runs attempt until it does not meet a version conflict, at most maxAttempts times.
// In a caller's transaction (inTx), a reordered conflict is returned at once.
func (r *Runner[A, E]) retry(ctx context.Context, cmd Command[A], inTx bool, attempt func() (AppendResult, error)) (AppendResult, error) {
	var last error
	for n := 0; n < r.cfg.maxAttempts; n++ {
		if n > 0 {
			if err := r.cfg.sleep(ctx, n); err != nil {
				return AppendResult{}, r.wrap(cmd, err)
			}
		}
		res, err := attempt()
		if err == nil {
			return res, nil
		}
		var vc *VersionConflictError
		if !errors.As(err, &vc) || (inTx && vc.Reordered) {
			return AppendResult{}, r.wrap(cmd, err)
		}
		last = err
	}
	return AppendResult{}, fmt.Errorf("%w: %s %s on %s after %d attempts: %w",
		ErrRetriesExhausted, r.typ.Name, cmd.CommandName(), cmd.StreamID(), r.cfg.maxAttempts, last)
}

func (r *Runner[A, E]) wrap(cmd Command[A], err error) error {
	return fmt.Errorf("%s %s on %s: %w", r.typ.Name, cmd.CommandName(), cmd.StreamID(), err)
}

// sleep waits a random time up to an exponentially growing ceiling ("full jitter").
func (c runnerConfig) sleep(ctx context.Context, attempt int) error {
	ceiling := min(c.maxBackoff, c.baseBackoff<<min(attempt, 16))
	t := time.NewTimer(time.Duration(rand.Int64N(int64(ceiling) + 1)))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// RetryInTx runs fn in a new transaction of db (InTx) and, when it fails with a version
// conflict, runs it again in a fresh transaction, with the same bounded, jittered backoff as a
// Runner (WithMaxAttempts and WithBackoff apply). It is for work that reads aggregates and
// writes several things in one transaction, where the whole transaction must be decided again:
// a Reordered conflict from RunTx, or appends made with Store.Append by hand. fn must therefore
// have no effect outside the transaction.
func RetryInTx(ctx context.Context, db Beginner, fn func(tx pgx.Tx) error, opts ...RunnerOption) error {
	cfg := defaultRunnerConfig()
	for _, o := range opts {
		o(&cfg)
	}
	var last error
	for n := 0; n < cfg.maxAttempts; n++ {
		if n > 0 {
			if err := cfg.sleep(ctx, n); err != nil {
				return fmt.Errorf("eventstore: retry transaction: %w (after %w)", err, last)
			}
		}
		err := InTx(ctx, db, fn)
		if !errors.Is(err, ErrVersionConflict) {
			return err
		}
		last = err
	}
	return fmt.Errorf("%w: transaction retried %d times: %w", ErrRetriesExhausted, cfg.maxAttempts, last)
}

func (r *Runner[A, E]) writeOptions(cmd Command[A]) (WriteOptions, error) {
	opts := WriteOptions{Lock: r.cfg.lock, IdempotencyKey: cmd.Meta().IdempotencyKey, History: !r.onHead(cmd)}
	if opts.IdempotencyKey != "" {
		hash, err := RequestHash(cmd)
		if err != nil {
			return WriteOptions{}, err
		}
		opts.RequestHash = hash
	}
	return opts, nil
}

// onHead reports whether cmd decides on an aggregate built from its stream head.
func (r *Runner[A, E]) onHead(cmd Command[A]) bool {
	hc, ok := cmd.(HeadCommand)
	return ok && hc.DecidesOnHead() && r.typ.FromHead != nil
}

// decide builds the aggregate from what was read (the head, or the whole stream), runs the
// command, and returns the append to make and the version the aggregate was built at.
func (r *Runner[A, E]) decide(cmd Command[A], ws WriteState, opts WriteOptions) (AppendRequest, int64, error) {
	head := ws.Head
	a, version, err := r.build(cmd, ws)
	if err != nil {
		return AppendRequest{}, 0, err
	}
	if err := cmd.Decide(a); err != nil {
		return AppendRequest{}, version, err
	}
	changes := a.Changes()
	if len(changes) == 0 {
		return AppendRequest{}, version, errNoChanges
	}
	events := make([]EventData, len(changes))
	for i, e := range changes {
		if events[i], err = NewEvent(e.EventType(), e); err != nil {
			return AppendRequest{}, version, err
		}
	}
	meta := cmd.Meta()
	return AppendRequest{
		StreamID:        head.StreamID,
		ExpectedVersion: version,
		Events:          events,
		Metadata:        Metadata{Actor: meta.Actor, CausationID: meta.CausationID, CorrelationID: meta.CorrelationID},
		IdempotencyKey:  opts.IdempotencyKey,
		RequestHash:     opts.RequestHash,
	}, version, nil
}

// build returns the aggregate cmd decides on and the stream version it reflects.
func (r *Runner[A, E]) build(cmd Command[A], ws WriteState) (A, int64, error) {
	var zero A
	head := ws.Head
	stream := head.StreamID // the command's, computed once per run
	if r.onHead(cmd) {
		var last E
		if head.Last != nil {
			var err error
			if last, err = r.typ.Decode(*head.Last); err != nil {
				return zero, 0, fmt.Errorf("eventstore: %s %s version %d: %w", r.typ.Name, stream, head.Version, err)
			}
		}
		a, err := r.typ.FromHead(stream, head.Version, last)
		if err != nil {
			return zero, 0, fmt.Errorf("eventstore: %s %s from its head: %w", r.typ.Name, stream, err)
		}
		return a, head.Version, r.checkVersion(a, head.Version)
	}
	// The history was read in the same round trip as the lock and the idempotency lookup
	// (WriteOptions.History), after the lock when it is held.
	return r.fromHistory(stream, ws.History)
}

// Load rebuilds the aggregate of streamID from its whole history, for reads: a page, or another
// aggregate a command needs as input. It takes no lock; db may be the pool or a transaction.
func (r *Runner[A, E]) Load(ctx context.Context, db DBTX, streamID string) (A, error) {
	a, _, err := r.replay(ctx, db, streamID)
	return a, err
}

// replay builds the aggregate from every event of stream and returns the version it reflects.
func (r *Runner[A, E]) replay(ctx context.Context, db DBTX, stream string) (A, int64, error) {
	var zero A
	recorded, err := r.store.Load(ctx, db, stream, 1)
	if err != nil {
		return zero, 0, err
	}
	return r.fromHistory(stream, recorded)
}

// fromHistory builds the aggregate from the recorded events of stream, in version order.
func (r *Runner[A, E]) fromHistory(stream string, recorded []RecordedEvent) (A, int64, error) {
	var zero A
	events := make([]E, len(recorded))
	for i, rec := range recorded {
		var err error
		if events[i], err = r.typ.Decode(rec); err != nil {
			return zero, 0, fmt.Errorf("eventstore: %s %s version %d: %w", r.typ.Name, stream, rec.Version, err)
		}
	}
	a, err := r.typ.FromHistory(stream, events)
	if err != nil {
		return zero, 0, fmt.Errorf("eventstore: %s %s from its history: %w", r.typ.Name, stream, err)
	}
	version := int64(0)
	if n := len(recorded); n > 0 {
		version = recorded[n-1].Version
	}
	return a, version, r.checkVersion(a, version)
}

// checkVersion catches an aggregate type whose loader miscounts: its appends would conflict on
// every attempt.
func (r *Runner[A, E]) checkVersion(a A, want int64) error {
	if got := a.Version(); got != want {
		return fmt.Errorf("eventstore: %s built at version %d from a stream at version %d", r.typ.Name, got, want)
	}
	return nil
}
