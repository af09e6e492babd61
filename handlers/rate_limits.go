package handlers

import (
	"context"
	"fmt"
	"net/netip"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// keyedLimiter is a rate limit per key (an IP, an account) kept in PostgreSQL, so it holds for
// every web process and machine at once: with limits per process, N processes let N times as
// many guesses through. It is GCRA (a token bucket in one timestamp per key): each request
// pushes the key's theoretical arrival time (tat) by one interval; a request that would push it
// more than burst intervals past now is refused, and waits until it would not. One statement
// decides and records, serialised on the key's row; the database's clock is the only clock.
type keyedLimiter struct {
	pool  *pgxpool.Pool
	every time.Duration
	burst int
	calls atomic.Int64
}

func newKeyedLimiter(pool *pgxpool.Pool, every time.Duration, burst int) *keyedLimiter {
	return &keyedLimiter{pool: pool, every: every, burst: burst}
}

// allow takes one token for key; when none is left it returns how long until one is.
func (k *keyedLimiter) allow(ctx context.Context, key string) (bool, time.Duration, error) {
	if k.calls.Add(1)%1024 == 0 {
		// Keys idle past their window hold nothing; forget them now and then.
		_, _ = k.pool.Exec(ctx, `DELETE FROM rate_limits WHERE tat < statement_timestamp() - interval '1 minute'`)
	}
	every := k.every.Seconds()
	limit := k.every.Seconds() * float64(k.burst)
	var (
		allowed bool
		wait    float64
	)
	err := k.pool.QueryRow(ctx, `
		WITH upsert AS (
			INSERT INTO rate_limits AS r (key, tat) VALUES ($1, statement_timestamp() + make_interval(secs => $2))
			ON CONFLICT (key) DO UPDATE SET tat = GREATEST(r.tat, statement_timestamp()) + make_interval(secs => $2)
			WHERE GREATEST(r.tat, statement_timestamp()) + make_interval(secs => $2) - statement_timestamp() <= make_interval(secs => $3)
			RETURNING 1
		)
		SELECT EXISTS (SELECT 1 FROM upsert),
		       -- Refused: the row may be a concurrent insert this statement's snapshot misses.
		       COALESCE(EXTRACT(EPOCH FROM (SELECT GREATEST(tat, statement_timestamp()) FROM rate_limits WHERE key = $1)
		                               + make_interval(secs => $2) - statement_timestamp() - make_interval(secs => $3))::float8, $2)`,
		key, every, limit).Scan(&allowed, &wait)
	if err != nil {
		return false, 0, fmt.Errorf("rate limit %s: %w", key, err)
	}
	if allowed {
		return true, 0, nil
	}
	// The upsert alone decides. The wait is read from this statement's snapshot, which may hold
	// an older version of the row than the one the upsert was refused on (concurrent requests):
	// a refusal is never turned into an allowance, it waits at least one interval.
	if wait <= 0 {
		wait = every
	}
	return false, time.Duration(wait * float64(time.Second)), nil
}

// authLimits slows down the sign-in routes per client IP and per account (email), so neither
// many accounts from one place nor one account from many places can be hammered.
type authLimits struct {
	ip      *keyedLimiter
	account *keyedLimiter
}

func newAuthLimits(pool *pgxpool.Pool) *authLimits {
	return &authLimits{
		ip:      newKeyedLimiter(pool, 2*time.Second, 30),
		account: newKeyedLimiter(pool, 30*time.Second, 10),
	}
}

// addressKey is the per-address rate-limit key of a client address: an IPv4 address (or an
// IPv4-mapped IPv6 one) as itself, an IPv6 address by its network of ipv6Bits bits, since one
// subscriber holds a whole /64 and can rotate through it (docs/operations.md, "Running"). Anything else (the "unknown" address) is its own key.
func addressKey(addr string, ipv6Bits int) string {
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	if a = a.Unmap(); a.Is4() {
		return a.String()
	}
	if ipv6Bits <= 0 {
		ipv6Bits = 64 // a Config not read by config.Load
	}
	p, err := a.WithZone("").Prefix(ipv6Bits)
	if err != nil {
		return a.String()
	}
	return p.String()
}
