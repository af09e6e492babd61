// Package ledger (the app layer of domain/ledger, imported as ledgerapp) runs the token
// ledger's commands (grant, charge, refund, promo) against the event store: load the wallet,
// let the domain decide, append with the expected version, and retry a bounded number of
// times, with jittered backoff, when another writer got there first.
//
// Every command has two forms: Charge opens and commits its own transaction; ChargeTx runs in
// the caller's transaction so the charge and, say, a River job insert commit together.
package ledger

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// ErrRetriesExhausted wraps the last version conflict when a command kept losing the race for
// its stream. errors.Is(err, eventstore.ErrVersionConflict) is also true.
var ErrRetriesExhausted = errors.New("wallets: too many concurrent writers, gave up")

// Service runs wallet commands. It is safe for concurrent use.
type Service struct {
	pool        *pgxpool.Pool
	store       *eventstore.Store
	maxAttempts int
	baseBackoff time.Duration
	maxBackoff  time.Duration
	lock        bool
}

// Option tunes a Service.
type Option func(*Service)

// WithMaxAttempts bounds how many times a command runs when it meets version conflicts (default 10).
func WithMaxAttempts(n int) Option { return func(s *Service) { s.maxAttempts = max(1, n) } }

// WithStreamLock turns the per-wallet advisory lock on or off (default on). With it, concurrent
// commands on one wallet queue instead of conflicting and retrying; optimistic concurrency still
// guards correctness either way. Off is for tests and benchmarks of the pure optimistic path.
func WithStreamLock(on bool) Option { return func(s *Service) { s.lock = on } }

// New returns the service. store must be built on the same database as pool.
func New(pool *pgxpool.Pool, store *eventstore.Store, opts ...Option) *Service {
	s := &Service{pool: pool, store: store, maxAttempts: 10, baseBackoff: time.Millisecond, maxBackoff: 50 * time.Millisecond, lock: true}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Result is a command's outcome.
type Result struct {
	// Balance after the command (after the first run, for a duplicate).
	Balance int64
	// Position is the global position of the last appended event: pass it to the projection
	// runner's WaitFor for read-your-writes on read models.
	Position int64
	// Version is the wallet stream version after the command.
	Version int64
	// Duplicate is true when the idempotency key had been used: nothing new was appended and the
	// figures are those of the first run.
	Duplicate bool
}

// Meta is the context every command carries. It ends up in the events' metadata.
type Meta struct {
	// Actor: the acting user's id, "system", or "cli:<os user>".
	Actor string
	// IdempotencyKey makes the command happen once: a retry with the same key returns the first
	// result. Use a key derived from what must not happen twice ("signup-bonus:<userID>",
	// "checkout:<checkoutID>", "refund:<jobID>").
	IdempotencyKey string
	// CausationID and CorrelationID are optional tracing ids (request id, job id).
	CausationID   string
	CorrelationID string
}

// command is what every wallet command boils down to.
type command struct {
	name        string
	userID      uuid.UUID
	meta        Meta
	hash        string
	needHistory bool
	decide      func(w *ledger.Wallet) error
}

func requestHash(parts ...any) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%v\x00", p)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// run executes c in its own transaction, retrying conflicts.
func (s *Service) run(ctx context.Context, c command) (Result, error) {
	var last error
	for attempt := 0; attempt < s.maxAttempts; attempt++ {
		if attempt > 0 {
			if err := s.sleep(ctx, attempt); err != nil {
				return Result{}, err
			}
		}
		res, err := s.execute(ctx, c)
		if err == nil {
			return res, nil
		}
		if !errors.Is(err, eventstore.ErrVersionConflict) {
			return Result{}, err
		}
		last = err
	}
	return Result{}, fmt.Errorf("%w: %s for user %s after %d attempts: %w", ErrRetriesExhausted, c.name, c.userID, s.maxAttempts, last)
}

// runTx executes c inside the caller's transaction. Each attempt runs in a savepoint so a
// conflict can be rolled back and retried without losing the caller's other work.
func (s *Service) runTx(ctx context.Context, tx pgx.Tx, c command) (Result, error) {
	var last error
	for attempt := 0; attempt < s.maxAttempts; attempt++ {
		if attempt > 0 {
			if err := s.sleep(ctx, attempt); err != nil {
				return Result{}, err
			}
		}
		var res Result
		err := eventstore.InTx(ctx, tx, func(sp pgx.Tx) error {
			var err error
			res, err = s.attempt(ctx, sp, c)
			return err
		})
		if err == nil {
			return res, nil
		}
		var vc *eventstore.VersionConflictError
		if !errors.As(err, &vc) {
			return Result{}, err
		}
		if vc.Reordered {
			// Our transaction id is older than the stream head's: only a new transaction
			// can append, so the caller must retry its whole transaction.
			return Result{}, fmt.Errorf("wallets: %s for user %s: %w", c.name, c.userID, err)
		}
		last = err
	}
	return Result{}, fmt.Errorf("%w: %s for user %s after %d attempts: %w", ErrRetriesExhausted, c.name, c.userID, s.maxAttempts, last)
}

// sleep waits a random time up to an exponentially growing cap ("full jitter"), so writers that
// collided do not collide again in lockstep.
func (s *Service) sleep(ctx context.Context, attempt int) error {
	ceiling := min(s.maxBackoff, s.baseBackoff<<min(attempt, 16))
	t := time.NewTimer(time.Duration(rand.Int64N(int64(ceiling) + 1)))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// execute is one attempt in its own transaction, through the store's two-round-trip path.
func (s *Service) execute(ctx context.Context, c command) (Result, error) {
	stream := ledger.StreamID(c.userID)
	res, err := s.store.Execute(ctx, stream, s.writeOptions(c), func(ctx context.Context, db eventstore.DBTX, ws eventstore.WriteState) (eventstore.AppendRequest, error) {
		return s.decide(ctx, db, c, ws)
	})
	if err != nil {
		return Result{}, fmt.Errorf("wallets: %s for user %s: %w", c.name, c.userID, err)
	}
	return resultOf(res)
}

// attempt is one attempt inside tx.
func (s *Service) attempt(ctx context.Context, tx pgx.Tx, c command) (Result, error) {
	stream := ledger.StreamID(c.userID)
	ws, err := s.store.ReadForWrite(ctx, tx, stream, s.writeOptions(c))
	if err != nil {
		return Result{}, fmt.Errorf("wallets: %s: %w", c.name, err)
	}
	if ws.Duplicate != nil {
		return resultOf(*ws.Duplicate)
	}
	req, err := s.decide(ctx, tx, c, ws)
	if err != nil {
		return Result{}, err
	}
	res, err := s.store.Append(ctx, tx, req)
	if err != nil {
		return Result{}, fmt.Errorf("wallets: %s for user %s: %w", c.name, c.userID, err)
	}
	return resultOf(res)
}

func (s *Service) writeOptions(c command) eventstore.WriteOptions {
	return eventstore.WriteOptions{Lock: s.lock, IdempotencyKey: c.meta.IdempotencyKey, RequestHash: c.hash}
}

// decide builds the wallet from what was read, runs the behaviour, and returns the append.
func (s *Service) decide(ctx context.Context, db eventstore.DBTX, c command, ws eventstore.WriteState) (eventstore.AppendRequest, error) {
	var w *ledger.Wallet
	if c.needHistory {
		var err error
		if w, err = s.loadWallet(ctx, db, c.userID); err != nil {
			return eventstore.AppendRequest{}, err
		}
	} else {
		balance, err := balanceOf(ws.Head)
		if err != nil {
			return eventstore.AppendRequest{}, err
		}
		w = ledger.FromHead(c.userID, ws.Head.Version, balance)
	}
	if err := c.decide(w); err != nil {
		return eventstore.AppendRequest{}, err
	}
	data := make([]eventstore.EventData, 0, len(w.Changes()))
	for _, e := range w.Changes() {
		d, err := eventstore.NewEvent(e.EventType(), e)
		if err != nil {
			return eventstore.AppendRequest{}, err
		}
		data = append(data, d)
	}
	return eventstore.AppendRequest{
		StreamID:        ledger.StreamID(c.userID),
		ExpectedVersion: w.Version(),
		Events:          data,
		Metadata: eventstore.Metadata{
			Actor: c.meta.Actor, CausationID: c.meta.CausationID, CorrelationID: c.meta.CorrelationID,
		},
		IdempotencyKey: c.meta.IdempotencyKey,
		RequestHash:    c.hash,
	}, nil
}

func (s *Service) loadWallet(ctx context.Context, db eventstore.DBTX, userID uuid.UUID) (*ledger.Wallet, error) {
	recorded, err := s.store.Load(ctx, db, ledger.StreamID(userID), 1)
	if err != nil {
		return nil, fmt.Errorf("wallets: load wallet %s: %w", userID, err)
	}
	events := make([]ledger.Event, 0, len(recorded))
	for _, r := range recorded {
		e, err := ledger.Decode(r.Type, r.Payload)
		if err != nil {
			return nil, fmt.Errorf("wallets: wallet %s version %d: %w", userID, r.Version, err)
		}
		events = append(events, e)
	}
	return ledger.FromHistory(userID, events), nil
}

func resultOf(r eventstore.AppendResult) (Result, error) {
	if len(r.Events) == 0 {
		return Result{}, fmt.Errorf("wallets: append to %s returned no events", r.StreamID)
	}
	last := r.Events[len(r.Events)-1]
	balance, err := balanceAfter(last)
	if err != nil {
		return Result{}, err
	}
	return Result{Balance: balance, Position: r.LastPosition(), Version: r.LastVersion, Duplicate: r.Duplicate}, nil
}

// balanceAfter reads the balanceAfter field every ledger event carries.
func balanceAfter(e eventstore.RecordedEvent) (int64, error) {
	var v struct {
		BalanceAfter *int64 `json:"balanceAfter"`
	}
	if err := json.Unmarshal(e.Payload, &v); err != nil || v.BalanceAfter == nil {
		return 0, fmt.Errorf("wallets: %s at position %d has no balanceAfter (err %v)", e.Type, e.Position, err)
	}
	return *v.BalanceAfter, nil
}

func balanceOf(h eventstore.Head) (int64, error) {
	if h.Last == nil {
		return 0, nil
	}
	return balanceAfter(*h.Last)
}

// Balance is the wallet's current balance, read from its stream head with one index lookup:
// always up to date, unlike the balances read model. 0 for a user with no wallet yet.
func (s *Service) Balance(ctx context.Context, userID uuid.UUID) (int64, error) {
	return s.BalanceTx(ctx, s.pool, userID)
}

// BalanceTx is Balance inside a transaction (or on any connection).
func (s *Service) BalanceTx(ctx context.Context, db eventstore.DBTX, userID uuid.UUID) (int64, error) {
	h, err := s.store.Head(ctx, db, ledger.StreamID(userID))
	if err != nil {
		return 0, fmt.Errorf("wallets: balance of %s: %w", userID, err)
	}
	return balanceOf(h)
}

// Wallet loads the full wallet (for inspection, e.g. whether a promo code was used).
func (s *Service) Wallet(ctx context.Context, userID uuid.UUID) (*ledger.Wallet, error) {
	return s.loadWallet(ctx, s.pool, userID)
}
