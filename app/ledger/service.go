// Package ledger (the app layer of domain/ledger, imported as ledgerapp) runs the token
// ledger's commands (grant, charge, refund, promo) through the event store's command runner
// (eventstore.Runner): build the wallet, let the domain decide, append with the expected
// version, and retry a bounded number of times, with jittered backoff, when another writer got
// there first.
//
// Every command has two forms: Charge opens and commits its own transaction; ChargeTx runs in
// the caller's transaction so the charge and, say, a River job insert commit together.
package ledger

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// ErrRetriesExhausted wraps the last version conflict when a command kept losing the race for
// its wallet. errors.Is(err, eventstore.ErrVersionConflict) is also true.
var ErrRetriesExhausted = eventstore.ErrRetriesExhausted

// Option tunes a Service's command runner.
type Option = eventstore.RunnerOption

// WithMaxAttempts bounds how many times a command runs when it meets version conflicts (default 10).
func WithMaxAttempts(n int) Option { return eventstore.WithMaxAttempts(n) }

// WithStreamLock turns the per-wallet advisory lock on or off (default on). With it, concurrent
// commands on one wallet queue instead of conflicting and retrying; optimistic concurrency still
// guards correctness either way. Off is for tests and benchmarks of the pure optimistic path.
func WithStreamLock(on bool) Option { return eventstore.WithStreamLock(on) }

// walletType builds wallets for the runner: from the head for Grant and Charge (the balance is
// the last event's balanceAfter), from the whole stream for Refund and RedeemPromo.
var walletType = eventstore.AggregateType[*ledger.Wallet, ledger.Event]{
	Name: "wallet",
	Decode: func(e eventstore.RecordedEvent) (ledger.Event, error) {
		return ledger.Decode(e.Type, e.Payload)
	},
	FromHistory: func(stream string, events []ledger.Event) (*ledger.Wallet, error) {
		userID, err := ledger.UserIDFromStream(stream)
		if err != nil {
			return nil, err
		}
		return ledger.FromHistory(userID, events), nil
	},
	FromHead: func(stream string, version int64, last ledger.Event) (*ledger.Wallet, error) {
		userID, err := ledger.UserIDFromStream(stream)
		if err != nil {
			return nil, err
		}
		var balance int64
		if last != nil {
			balance = last.BalanceAfterEvent()
		}
		return ledger.FromHead(userID, version, balance), nil
	},
}

// Service runs wallet commands. It is safe for concurrent use.
type Service struct {
	pool   *pgxpool.Pool
	store  *eventstore.Store
	runner *eventstore.Runner[*ledger.Wallet, ledger.Event]
}

// New returns the service. store must be built on the same database as pool.
func New(pool *pgxpool.Pool, store *eventstore.Store, opts ...Option) *Service {
	return &Service{pool: pool, store: store, runner: eventstore.NewRunner(store, walletType, opts...)}
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

// resultOf reads a result from the runner's: every wallet command appends one event, and every
// ledger event records the balance after it.
func resultOf(r eventstore.AppendResult, err error) (Result, error) {
	if err != nil {
		return Result{}, err
	}
	if len(r.Events) == 0 {
		return Result{}, fmt.Errorf("ledgerapp: append to %s returned no events", r.StreamID)
	}
	balance, err := balanceAfter(r.Events[len(r.Events)-1])
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
		return 0, fmt.Errorf("ledgerapp: %s at position %d has no balanceAfter (err %v)", e.Type, e.Position, err)
	}
	return *v.BalanceAfter, nil
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
		return 0, fmt.Errorf("ledgerapp: balance of %s: %w", userID, err)
	}
	if h.Last == nil {
		return 0, nil
	}
	return balanceAfter(*h.Last)
}

// Wallet loads the full wallet (for inspection, e.g. whether a promo code was used).
func (s *Service) Wallet(ctx context.Context, userID uuid.UUID) (*ledger.Wallet, error) {
	return s.runner.Load(ctx, s.pool, ledger.StreamID(userID))
}
