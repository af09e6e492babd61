package eventstore

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// NotifyChannel is the PostgreSQL LISTEN/NOTIFY channel that tells consumers "the log may have
// grown". The payload is empty: a notification is a nudge, never data; consumers read the log.
const NotifyChannel = "gamelle_events"

// notifySpacing is the least time between two notifications sent by one Store. Under load the
// consumers are busy anyway; the spacing bounds the notifications to 1,000/s per Store.
const notifySpacing = time.Millisecond

// notifySQL sends the nudge in a transaction that does not wait for its commit to be flushed.
// A NOTIFY is a transaction with an id of its own (PostgreSQL queues notifications under it),
// so sent as a plain statement it committed with a WAL flush, and for that flush it held the
// cluster's horizon: appends committed meanwhile stayed unreadable to every consumer (the
// projections' lag tail, docs/performance.md). A notification lost in a crash costs nothing:
// consumers fall back to their poll. One simple-protocol round trip, no parameters.
const notifySQL = `BEGIN; SET LOCAL synchronous_commit TO off; NOTIFY ` + NotifyChannel + `; COMMIT`

// notifier sends NOTIFY NotifyChannel after appends have committed, on a connection of its own
// and never inside the appending transaction: a NOTIFY inside a transaction takes a
// cluster-wide lock from its commit until the commit is flushed, which serialises every
// notifying commit (measured: 0.2× the throughput, docs/performance.md). Nudges that arrive
// while one is being sent are coalesced into the next.
type notifier struct {
	pool    *pgxpool.Pool
	pending atomic.Bool
	running atomic.Bool
}

// nudge wakes this process's consumers of the pool at once and asks for a notification to the
// others soon; it never blocks.
func (n *notifier) nudge() {
	if n == nil || n.pool == nil {
		return
	}
	wakeLocal(n.pool)
	n.pending.Store(true)
	if n.running.CompareAndSwap(false, true) {
		go n.run()
	}
}

func (n *notifier) run() {
	for {
		for n.pending.Swap(false) {
			start := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			// A lost notification only delays the consumers until their fallback poll.
			_, _ = n.pool.Exec(ctx, notifySQL)
			cancel()
			if d := notifySpacing - time.Since(start); d > 0 {
				time.Sleep(d)
			}
		}
		n.running.Store(false)
		// A nudge that came after the last Swap but before running was cleared saw running set
		// and started nothing: take it over.
		if !n.pending.Load() || !n.running.CompareAndSwap(false, true) {
			return
		}
	}
}

// localWatchers are this process's consumers, by the pool they read: an append committed through
// the same pool wakes them directly, without the round trip through PostgreSQL.
var localWatchers struct {
	sync.Mutex
	byPool map[*pgxpool.Pool][]chan struct{}
}

// WatchAppends returns a channel that receives (coalesced) after each append committed by a
// Store over pool in this process, and a function that stops the watch. Consumers in other
// processes learn of those appends through NOTIFY NotifyChannel.
func WatchAppends(pool *pgxpool.Pool) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	localWatchers.Lock()
	defer localWatchers.Unlock()
	if localWatchers.byPool == nil {
		localWatchers.byPool = map[*pgxpool.Pool][]chan struct{}{}
	}
	localWatchers.byPool[pool] = append(localWatchers.byPool[pool], ch)
	return ch, func() {
		localWatchers.Lock()
		defer localWatchers.Unlock()
		chs := slices.DeleteFunc(localWatchers.byPool[pool], func(c chan struct{}) bool { return c == ch })
		if len(chs) == 0 {
			delete(localWatchers.byPool, pool)
		} else {
			localWatchers.byPool[pool] = chs
		}
	}
}

func wakeLocal(pool *pgxpool.Pool) {
	localWatchers.Lock()
	defer localWatchers.Unlock()
	for _, ch := range localWatchers.byPool[pool] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// appendedOn remembers connections whose current transaction appended through a Store, so that
// Commit can nudge the consumers. Keyed by connection (a pool has few), not by transaction, so
// that transactions committed without Commit cannot grow it; such a stale mark only causes one
// needless nudge later.
var appendedOn sync.Map // *pgx.Conn → *notifier

// Commit commits tx and, when Store.Append appended in it, tells consumers (NOTIFY
// NotifyChannel, sent in the background after the commit). InTx uses it; a caller that commits an
// appending transaction itself should use it instead of tx.Commit, otherwise consumers see the
// events at their next fallback poll (docs/eventstore.md).
func Commit(ctx context.Context, tx pgx.Tx) error {
	var n *notifier
	// Taken before the commit: once committed, a pooled connection may already serve someone else.
	if conn := tx.Conn(); conn != nil {
		if v, ok := appendedOn.LoadAndDelete(conn); ok {
			n = v.(*notifier)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	n.nudge()
	return nil
}

// forgetAppend drops the mark of a transaction about to be rolled back.
func forgetAppend(tx pgx.Tx) {
	if conn := tx.Conn(); conn != nil {
		appendedOn.Delete(conn)
	}
}

func (s *Store) markAppended(tx pgx.Tx) {
	if conn := tx.Conn(); conn != nil && s.notify != nil {
		appendedOn.Store(conn, s.notify)
	}
}
