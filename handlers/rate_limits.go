package handlers

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// keyedLimiter is a token bucket per key (an IP, an account), forgetting keys idle for a while
// so memory stays bounded. Limits are per process: enough to slow guessing and mail bombing;
// a shared limit across instances would live in PostgreSQL.
type keyedLimiter struct {
	mu    sync.Mutex
	every time.Duration
	burst int
	m     map[string]*limEntry
	calls int
}

type limEntry struct {
	lim  *rate.Limiter
	seen time.Time
}

func newKeyedLimiter(every time.Duration, burst int) *keyedLimiter {
	return &keyedLimiter{every: every, burst: burst, m: map[string]*limEntry{}}
}

// allow takes one token for key; when none is left it returns how long until one is.
func (k *keyedLimiter) allow(key string, now time.Time) (bool, time.Duration) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.calls++
	if k.calls%1024 == 0 {
		idle := k.every * time.Duration(k.burst) * 2
		for key, e := range k.m {
			if now.Sub(e.seen) > idle {
				delete(k.m, key)
			}
		}
	}
	e, ok := k.m[key]
	if !ok {
		e = &limEntry{lim: rate.NewLimiter(rate.Every(k.every), k.burst)}
		k.m[key] = e
	}
	e.seen = now
	res := e.lim.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, d
	}
	return true, 0
}

// authLimits slows down the sign-in routes per client IP and per account (email), so neither
// many accounts from one place nor one account from many places can be hammered.
type authLimits struct {
	ip      *keyedLimiter
	account *keyedLimiter
}

func newAuthLimits() *authLimits {
	return &authLimits{
		ip:      newKeyedLimiter(2*time.Second, 30),
		account: newKeyedLimiter(30*time.Second, 10),
	}
}
