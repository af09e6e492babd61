package identity

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/internal/db"
)

// This file is the only place that speaks SQL to user_sessions: the person's signed-in
// browsers, each found by a random id the web layer keeps in the session's own data.

// Session is one browser where the person is signed in.
type Session struct {
	ID         uuid.UUID
	UserAgent  string
	CreatedAt  time.Time
	LastSeenAt time.Time
}

// LastSeenEvery is how stale last_seen_at may get: the per-request load writes it at most this
// often, so a browsing person costs one small UPDATE a minute, not one per page.
const LastSeenEvery = time.Minute

// sessionUserColumns are userColumns read from the users table aliased u.
var sessionUserColumns = "u." + strings.ReplaceAll(userColumns, ", ", ", u.")

// withExtra scans a row of the user's columns followed by extra ones, so scanUser stays the
// one place that knows the user's columns.
type withExtra struct {
	pgx.Row
	extra []any
}

func (r withExtra) Scan(dest ...any) error { return r.Row.Scan(append(dest, r.extra...)...) }

// maxUserAgent bounds what a browser's User-Agent may store; real ones are far shorter.
const maxUserAgent = 512

// StartSession records a sign-in of the person with the session generation it was made under,
// and returns the id to keep in the session's data. expires is the session's own deadline. It
// also sweeps every expired row and this person's rows from older generations, so nothing
// outlives its session by more than the time to the next sign-in anywhere.
func (s *Service) StartSession(ctx context.Context, userID uuid.UUID, generation int64, userAgent string, expires time.Time) (uuid.UUID, error) {
	id := uuid.New()
	now := s.now()
	err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM user_sessions WHERE expires_at <= $1`, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM user_sessions WHERE user_id = $1 AND generation <> $2`, userID, generation); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO user_sessions (id, user_id, generation, user_agent, created_at, last_seen_at, expires_at)
			VALUES ($1, $2, $3, $4, $5, $5, $6)`, id, userID, generation, cleanUserAgent(userAgent), now, expires.UTC())
		return err
	})
	if err != nil {
		return uuid.Nil, fmt.Errorf("identity: start session of %s: %w", userID, err)
	}
	return id, nil
}

// cleanUserAgent keeps a bounded, valid UTF-8 prefix (the column is text; a header may carry
// any byte).
func cleanUserAgent(ua string) string {
	ua = strings.ToValidUTF8(strings.TrimSpace(ua), "")
	for len(ua) > maxUserAgent {
		_, size := utf8.DecodeLastRuneInString(ua)
		ua = ua[:len(ua)-size]
	}
	return ua
}

// SessionUser is the per-request load of a signed-in person: the users row and, in the same
// query, whether the session sessionID is still theirs (not signed out from another device,
// not expired, not from an older session generation). live is false when it is not; the user
// is then still returned, for the caller to sign the browser out. ErrNotFound: no such person.
// Once a minute at most it also records that the session was seen.
func (s *Service) SessionUser(ctx context.Context, userID, sessionID uuid.UUID) (u User, live bool, err error) {
	now := s.now()
	var seen *time.Time
	u, err = scanUser(withExtra{s.pool.QueryRow(ctx, `SELECT `+sessionUserColumns+`, s.last_seen_at
		FROM users u LEFT JOIN user_sessions s
		  ON s.id = $2 AND s.user_id = u.id AND s.generation = u.session_generation AND s.expires_at > $3
		WHERE u.id = $1`, userID, sessionID, now), []any{&seen}})
	if errors.Is(err, ErrNotFound) {
		return User{}, false, err
	}
	if err != nil {
		return User{}, false, fmt.Errorf("identity: signed-in user %s: %w", userID, err)
	}
	if seen == nil {
		return u, false, nil
	}
	if now.Sub(*seen) >= LastSeenEvery {
		if _, err := s.pool.Exec(ctx, `UPDATE user_sessions SET last_seen_at = $2 WHERE id = $1`, sessionID, now); err != nil {
			return User{}, false, fmt.Errorf("identity: session %s seen: %w", sessionID, err)
		}
	}
	return u, true, nil
}

// EndSession forgets a session signed out on its own browser (nothing happens if it is gone).
func (s *Service) EndSession(ctx context.Context, sessionID uuid.UUID) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM user_sessions WHERE id = $1`, sessionID); err != nil {
		return fmt.Errorf("identity: end session: %w", err)
	}
	return nil
}

// Sessions lists the person's live sessions, the most recently seen first.
func (s *Service) Sessions(ctx context.Context, userID uuid.UUID) ([]Session, error) {
	rows, err := s.pool.Query(ctx, `SELECT s.id, s.user_agent, s.created_at, s.last_seen_at
		FROM user_sessions s JOIN users u ON u.id = s.user_id AND u.session_generation = s.generation
		WHERE s.user_id = $1 AND s.expires_at > $2 ORDER BY s.last_seen_at DESC, s.created_at DESC`, userID, s.now())
	if err != nil {
		return nil, fmt.Errorf("identity: sessions of %s: %w", userID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Session, error) {
		var v Session
		err := row.Scan(&v.ID, &v.UserAgent, &v.CreatedAt, &v.LastSeenAt)
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("identity: sessions of %s: %w", userID, err)
	}
	return out, nil
}

// RevokeSession signs one of the person's sessions out: its next request finds no row and is
// signed out. ErrNotFound when the id names no session of theirs (someone else's included).
func (s *Service) RevokeSession(ctx context.Context, userID, sessionID uuid.UUID) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM user_sessions WHERE id = $1 AND user_id = $2`, sessionID, userID)
	if err != nil {
		return fmt.Errorf("identity: revoke session of %s: %w", userID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("identity: revoke session %s of %s: %w", sessionID, userID, ErrNotFound)
	}
	return nil
}

// SignOutEverywhere ends every session of the person but keep (the browser asking; uuid.Nil
// keeps none): the session generation moves on, the other rows go, and keep moves to the new
// generation, which is returned for the caller to store in that session.
func (s *Service) SignOutEverywhere(ctx context.Context, userID, keep uuid.UUID) (generation int64, err error) {
	err = db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `UPDATE users SET session_generation = session_generation + 1, updated_at = $2
			WHERE id = $1 RETURNING session_generation`, userID, s.now()).Scan(&generation); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM user_sessions WHERE user_id = $1 AND id <> $2`, userID, keep); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE user_sessions SET generation = $2 WHERE id = $1`, keep, generation)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("identity: sign %s out everywhere: %w", userID, err)
	}
	return generation, nil
}
