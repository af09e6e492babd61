package identity_test

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
)

func (b *bundle) person(t *testing.T, email string) uuid.UUID {
	t.Helper()
	id := uuid.New()
	_, err := b.db.Pool.Exec(t.Context(), `INSERT INTO users (id, email) VALUES ($1, $2)`, id, email)
	require.NoError(t, err)
	return id
}

func (b *bundle) lastSeen(t *testing.T, sid uuid.UUID) time.Time {
	t.Helper()
	var at time.Time
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT last_seen_at FROM user_sessions WHERE id = $1`, sid).Scan(&at))
	return at
}

func TestSessionLastSeenMovesAtMostOnceAMinute(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := t.Context()
	id := b.person(t, "seen@example.test")
	sid, err := b.svc.StartSession(ctx, id, 0, "Firefox", b.clock.now().Add(24*time.Hour))
	require.NoError(t, err)
	start := b.lastSeen(t, sid)

	b.clock.advance(30 * time.Second)
	u, live, err := b.svc.SessionUser(ctx, id, sid)
	require.NoError(t, err)
	require.True(t, live)
	require.Equal(t, "seen@example.test", u.Email)
	require.Equal(t, start, b.lastSeen(t, sid), "half a minute later nothing is written")

	b.clock.advance(31 * time.Second)
	_, live, err = b.svc.SessionUser(ctx, id, sid)
	require.NoError(t, err)
	require.True(t, live)
	require.True(t, b.lastSeen(t, sid).After(start), "past a minute it moves")
}

func TestSessionUserIsNotLiveWhenRevokedExpiredOrStale(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := t.Context()
	id := b.person(t, "live@example.test")
	other := b.person(t, "other@example.test")
	expires := b.clock.now().Add(time.Hour)

	// Another person's session id is not this person's session.
	theirs, err := b.svc.StartSession(ctx, other, 0, "", expires)
	require.NoError(t, err)
	_, live, err := b.svc.SessionUser(ctx, id, theirs)
	require.NoError(t, err)
	require.False(t, live)
	require.ErrorIs(t, b.svc.RevokeSession(ctx, id, theirs), identityapp.ErrNotFound)

	// Revoked.
	sid, err := b.svc.StartSession(ctx, id, 0, "", expires)
	require.NoError(t, err)
	require.NoError(t, b.svc.RevokeSession(ctx, id, sid))
	u, live, err := b.svc.SessionUser(ctx, id, sid)
	require.NoError(t, err)
	require.False(t, live)
	require.Equal(t, id, u.ID, "the person is still returned, for the caller to sign the browser out")

	// Expired.
	sid, err = b.svc.StartSession(ctx, id, 0, "", expires)
	require.NoError(t, err)
	b.clock.advance(2 * time.Hour)
	_, live, err = b.svc.SessionUser(ctx, id, sid)
	require.NoError(t, err)
	require.False(t, live)
	list, err := b.svc.Sessions(ctx, id)
	require.NoError(t, err)
	require.Empty(t, list, "expired sessions are not listed")

	// Stale: sign out everywhere keeps only the asking session. The sign-in sweeps every
	// expired row, anyone's (the other person's included).
	var rows int
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT count(*) FROM user_sessions WHERE expires_at <= $1`, b.clock.now()).Scan(&rows))
	require.Equal(t, 2, rows)
	expires = b.clock.now().Add(time.Hour)
	keep, err := b.svc.StartSession(ctx, id, 0, "keep", expires)
	require.NoError(t, err)
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT count(*) FROM user_sessions WHERE expires_at <= $1`, b.clock.now()).Scan(&rows))
	require.Zero(t, rows)
	gone, err := b.svc.StartSession(ctx, id, 0, "gone", expires)
	require.NoError(t, err)
	gen, err := b.svc.SignOutEverywhere(ctx, id, keep)
	require.NoError(t, err)
	require.EqualValues(t, 1, gen)
	_, live, err = b.svc.SessionUser(ctx, id, gone)
	require.NoError(t, err)
	require.False(t, live)
	_, live, err = b.svc.SessionUser(ctx, id, keep)
	require.NoError(t, err)
	require.True(t, live)
	list, err = b.svc.Sessions(ctx, id)
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, keep, list[0].ID)
	require.Equal(t, "keep", list[0].UserAgent)

	// No such person.
	_, _, err = b.svc.SessionUser(ctx, uuid.New(), keep)
	require.ErrorIs(t, err, identityapp.ErrNotFound)
}

// A User-Agent is stored bounded and as valid UTF-8, whatever bytes the header carried.
func TestStartSessionStoresABoundedUserAgent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := t.Context()
	id := b.person(t, "ua@example.test")
	_, err := b.svc.StartSession(ctx, id, 0, "bad \xff byte "+strings.Repeat("é", 1000), b.clock.now().Add(time.Hour))
	require.NoError(t, err)
	list, err := b.svc.Sessions(ctx, id)
	require.NoError(t, err)
	require.Len(t, list, 1)
	ua := list[0].UserAgent
	require.True(t, utf8.ValidString(ua))
	require.LessOrEqual(t, len(ua), 512)
	require.True(t, strings.HasPrefix(ua, "bad  byte é"))
}
