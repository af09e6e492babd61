package ledger_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
)

// 64 goroutines spend one token at a time from a wallet holding N tokens, far more attempts
// than tokens. Whatever the interleaving: exactly N charges, the balance never below zero,
// versions without gaps, and the read models agree with the ledger.
func TestConcurrentSpendersNeverOverspend(t *testing.T) {
	t.Parallel()
	for _, mode := range []struct {
		name string
		opts []ledgerapp.Option
	}{
		{"stream lock", nil},
		{"optimistic only", []ledgerapp.Option{ledgerapp.WithStreamLock(false), ledgerapp.WithMaxAttempts(1000)}},
	} {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			testConcurrentSpenders(t, mode.opts...)
		})
	}
}

func testConcurrentSpenders(t *testing.T, opts ...ledgerapp.Option) {
	const (
		spenders = 64
		grants   = 3
		perGrant = 100
		tokens   = grants * perGrant
	)
	b := setup(t, opts...)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	runner, err := projections.NewRunner(b.db.Pool, nil)
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { done <- runner.Run(ctx) }()

	hot := uuid.New()
	for i := range grants {
		_, err := b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: hot, Amount: perGrant, Reason: ledger.ReasonAdminGrant, Ref: "load", CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "grant-" + string(rune('a'+i))}})
		require.NoError(t, err)
	}

	var (
		wg                       sync.WaitGroup
		charged, refused, failed atomic.Int64
		lastPos                  atomic.Int64
	)
	for g := range spenders {
		wg.Go(func() {
			// 64 × 40 = 2560 attempts for 300 tokens: most end refused once the wallet is empty.
			for range 40 {
				r, err := b.svc.Charge(ctx, ledgerapp.ChargeCommand{UserID: hot, Amount: 1, Reason: ledger.ReasonRecipeGeneration, Ref: uuid.NewString(), CommandMeta: eventstore.CommandMeta{Actor: "spender"}})
				switch {
				case err == nil:
					charged.Add(1)
					for {
						p := lastPos.Load()
						if r.Position <= p || lastPos.CompareAndSwap(p, r.Position) {
							break
						}
					}
					if r.Balance < 0 {
						t.Errorf("goroutine %d saw balance %d", g, r.Balance)
					}
				case errors.Is(err, ledger.ErrInsufficientTokens):
					refused.Add(1)
				case errors.Is(err, ledgerapp.ErrRetriesExhausted):
					failed.Add(1)
				default:
					t.Errorf("goroutine %d: %v", g, err)
					return
				}
			}
		})
	}
	wg.Wait()
	t.Logf("charged %d, refused %d, gave up after retries %d", charged.Load(), refused.Load(), failed.Load())

	require.Equal(t, int64(tokens), charged.Load(), "exactly N charges succeeded")
	bal, err := b.svc.Balance(ctx, hot)
	require.NoError(t, err)
	require.Zero(t, bal)

	events, err := b.store.Load(ctx, b.db.Pool, ledger.StreamID(hot), 1)
	require.NoError(t, err)
	require.Len(t, events, grants+tokens)
	var charges int
	for i, e := range events {
		require.Equal(t, int64(i+1), e.Version, "versions 1..N+grants without gaps")
		le, err := ledger.Decode(e.Type, e.Payload)
		require.NoError(t, err)
		require.GreaterOrEqual(t, le.BalanceAfterEvent(), int64(0))
		if i > 0 {
			prev, _ := ledger.Decode(events[i-1].Type, events[i-1].Payload)
			require.Equal(t, prev.BalanceAfterEvent()+le.Delta(), le.BalanceAfterEvent(), "each event follows the previous balance")
		}
		if e.Type == ledger.TypeTokensCharged {
			charges++
		}
	}
	require.Equal(t, tokens, charges)

	wctx, wcancel := context.WithTimeout(ctx, 30*time.Second)
	defer wcancel()
	require.NoError(t, runner.WaitFor(wctx, lastPos.Load()))
	var sumHistory, sumBalances, rows int64
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT coalesce(sum(delta),0), count(*) FROM token_history`).Scan(&sumHistory, &rows))
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT coalesce(sum(balance),0) FROM balances`).Scan(&sumBalances))
	require.Equal(t, int64(grants+tokens), rows)
	require.Equal(t, sumBalances, sumHistory)
	require.Zero(t, sumBalances)
	cancel()
	require.NoError(t, <-done)
}

// Concurrent replays of one idempotent command append once.
func TestConcurrentDuplicatesAppendOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	user := uuid.New()
	var wg sync.WaitGroup
	var firsts atomic.Int64
	for range 16 {
		wg.Go(func() {
			r, err := b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 2, Reason: ledger.ReasonSignupBonus, CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "signup-bonus:" + user.String()}})
			if err != nil {
				t.Error(err)
				return
			}
			if !r.Duplicate {
				firsts.Add(1)
			}
			if r.Balance != 2 {
				t.Errorf("balance %d", r.Balance)
			}
		})
	}
	wg.Wait()
	require.Equal(t, int64(1), firsts.Load())
	bal, err := b.svc.Balance(ctx, user)
	require.NoError(t, err)
	require.Equal(t, int64(2), bal)
}
