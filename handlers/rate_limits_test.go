package handlers

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/internal/pgtest"
)

// The limits live in PostgreSQL: two web processes (two limiters on one database) let through
// exactly the burst between them, even when 20 guesses arrive at once.
func TestRateLimitsHoldAcrossProcesses(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := context.Background()
	procs := []*keyedLimiter{newKeyedLimiter(db.Pool, time.Hour, 3), newKeyedLimiter(db.Pool, time.Hour, 3)}
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, wait, err := procs[i%2].allow(ctx, "acct:victim@example.com")
			if err != nil {
				t.Error(err)
				return
			}
			if ok {
				allowed.Add(1)
			} else if wait <= 0 || wait > time.Hour {
				t.Errorf("refused with wait %s", wait)
			}
		}()
	}
	wg.Wait()
	require.EqualValues(t, 3, allowed.Load())

	// Another key has its own budget; a refused key recovers after one interval.
	ok, _, err := procs[0].allow(ctx, "acct:other@example.com")
	require.NoError(t, err)
	require.True(t, ok)
	fast := newKeyedLimiter(db.Pool, 50*time.Millisecond, 1)
	ok, _, err = fast.allow(ctx, "ip:198.51.100.1")
	require.NoError(t, err)
	require.True(t, ok)
	ok, wait, err := fast.allow(ctx, "ip:198.51.100.1")
	require.NoError(t, err)
	require.False(t, ok)
	time.Sleep(wait + 10*time.Millisecond)
	ok, _, err = fast.allow(ctx, "ip:198.51.100.1")
	require.NoError(t, err)
	require.True(t, ok)
}
