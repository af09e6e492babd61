package identity

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/internal/db"
)

// This file is the only place that speaks SQL to the users, otp_codes and link_tokens tables
// (email_changes has its own, in email_change.go).

const userColumns = `id, email, name, surname, password_hash, role, verified_at, session_generation, language, currency, currency_chosen, created_at`

func scanUser(row pgx.Row) (User, error) {
	var u User
	var hash *string
	var role, lang string
	err := row.Scan(&u.ID, &u.Email, &u.Name, &u.Surname, &hash, &role, &u.VerifiedAt, &u.SessionGeneration, &lang, &u.Currency, &u.CurrencyChosen, &u.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, ErrNotFound
	}
	if err != nil {
		return User{}, err
	}
	u.Role, u.Language = identity.Role(role), identity.Language(lang)
	if hash != nil {
		u.passwordHash = *hash
	}
	return u, nil
}

func userByID(ctx context.Context, db db.DBTX, id uuid.UUID, forUpdate bool) (User, error) {
	q := `SELECT ` + userColumns + ` FROM users WHERE id = $1`
	if forUpdate {
		q += ` FOR UPDATE`
	}
	u, err := scanUser(db.QueryRow(ctx, q, id))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return User{}, fmt.Errorf("identity: user %s: %w", id, err)
	}
	return u, err
}

func userByEmail(ctx context.Context, db db.DBTX, email string, forUpdate bool) (User, error) {
	q := `SELECT ` + userColumns + ` FROM users WHERE email = $1`
	if forUpdate {
		q += ` FOR UPDATE`
	}
	u, err := scanUser(db.QueryRow(ctx, q, email))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return User{}, fmt.Errorf("identity: user by email: %w", err)
	}
	return u, err
}

// errEmailTaken is a unique violation on users.email: a concurrent sign-up won the race.
var errEmailTaken = errors.New("identity: email taken")

type newUser struct {
	ID           uuid.UUID
	Email        string
	Name         string
	Surname      string
	PasswordHash *string
	Role         identity.Role
	Language     identity.Language
	VerifiedAt   *time.Time
}

func insertUser(ctx context.Context, tx pgx.Tx, n newUser, now time.Time) (User, error) {
	u, err := scanUser(tx.QueryRow(ctx, `
		INSERT INTO users (id, email, name, surname, password_hash, role, language, verified_at, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
		RETURNING `+userColumns,
		n.ID, n.Email, n.Name, n.Surname, n.PasswordHash, string(n.Role), string(n.Language), n.VerifiedAt, now))
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return User{}, errEmailTaken
	}
	if err != nil {
		return User{}, fmt.Errorf("identity: insert user: %w", err)
	}
	return u, nil
}

// setVerified marks the user verified if they were not, and reports whether this call did it.
// dropPassword clears a password nobody had proven the address for (see markVerifiedTx).
func setVerified(ctx context.Context, tx pgx.Tx, id uuid.UUID, now time.Time, dropPassword bool) (bool, error) {
	// Verifying also ends every session of the account (session_generation): whatever was
	// signed in before the address was proven was not proven to be its owner.
	tag, err := tx.Exec(ctx, `
		UPDATE users SET verified_at = $2, updated_at = $2, session_generation = session_generation + 1,
		       password_hash = CASE WHEN $3 THEN NULL ELSE password_hash END
		WHERE id = $1 AND verified_at IS NULL`, id, now, dropPassword)
	if err != nil {
		return false, fmt.Errorf("identity: verify user %s: %w", id, err)
	}
	return tag.RowsAffected() == 1, nil
}

func setProfile(ctx context.Context, db db.DBTX, id uuid.UUID, name, surname string, now time.Time) error {
	if _, err := db.Exec(ctx, `UPDATE users SET name = $2, surname = $3, updated_at = $4 WHERE id = $1`, id, name, surname, now); err != nil {
		return fmt.Errorf("identity: profile of %s: %w", id, err)
	}
	return nil
}

// setPassword stores a new hash and bumps the session generation, which signs the person out
// everywhere.
func setPassword(ctx context.Context, tx pgx.Tx, id uuid.UUID, hash string, now time.Time) error {
	if _, err := tx.Exec(ctx, `
		UPDATE users SET password_hash = $2, session_generation = session_generation + 1, updated_at = $3
		WHERE id = $1`, id, hash, now); err != nil {
		return fmt.Errorf("identity: password of %s: %w", id, err)
	}
	return nil
}

func setRole(ctx context.Context, db db.DBTX, id uuid.UUID, role identity.Role, now time.Time) error {
	if _, err := db.Exec(ctx, `UPDATE users SET role = $2, updated_at = $3 WHERE id = $1`, id, string(role), now); err != nil {
		return fmt.Errorf("identity: role of %s: %w", id, err)
	}
	return nil
}

type otpRow struct {
	CodeHash, LinkHash []byte
	State              identity.OTP
}

func otpFor(ctx context.Context, tx pgx.Tx, userID uuid.UUID) (otpRow, bool, error) {
	var r otpRow
	var used *time.Time
	err := tx.QueryRow(ctx, `
		SELECT code_hash, link_hash, code_expires_at, link_expires_at, attempts, sent_at, used_at
		FROM otp_codes WHERE user_id = $1 FOR UPDATE`, userID).
		Scan(&r.CodeHash, &r.LinkHash, &r.State.CodeExpiresAt, &r.State.LinkExpiresAt, &r.State.Attempts, &r.State.SentAt, &used)
	if errors.Is(err, pgx.ErrNoRows) {
		return otpRow{}, false, nil
	}
	if err != nil {
		return otpRow{}, false, fmt.Errorf("identity: otp of %s: %w", userID, err)
	}
	r.State.Used = used != nil
	return r, true, nil
}

func putOTP(ctx context.Context, tx pgx.Tx, userID uuid.UUID, r otpRow) error {
	if _, err := tx.Exec(ctx, `
		INSERT INTO otp_codes (user_id, code_hash, link_hash, code_expires_at, link_expires_at, attempts, sent_at, used_at)
		VALUES ($1, $2, $3, $4, $5, 0, $6, NULL)
		ON CONFLICT (user_id) DO UPDATE SET code_hash = $2, link_hash = $3, code_expires_at = $4,
			link_expires_at = $5, attempts = 0, sent_at = $6, used_at = NULL`,
		userID, r.CodeHash, r.LinkHash, r.State.CodeExpiresAt, r.State.LinkExpiresAt, r.State.SentAt); err != nil {
		return fmt.Errorf("identity: store otp of %s: %w", userID, err)
	}
	return nil
}

func saveOTPState(ctx context.Context, tx pgx.Tx, userID uuid.UUID, s identity.OTP, now time.Time) error {
	var used *time.Time
	if s.Used {
		used = &now
	}
	if _, err := tx.Exec(ctx, `UPDATE otp_codes SET attempts = $2, used_at = $3 WHERE user_id = $1`, userID, s.Attempts, used); err != nil {
		return fmt.Errorf("identity: update otp of %s: %w", userID, err)
	}
	return nil
}

const (
	purposeVerify = "verify"
	purposeReset  = "reset"
)

func insertLinkToken(ctx context.Context, tx pgx.Tx, hash []byte, userID uuid.UUID, purpose string, expires, now time.Time) error {
	if _, err := tx.Exec(ctx, `
		INSERT INTO link_tokens (token_hash, user_id, purpose, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
		hash, userID, purpose, expires, now); err != nil {
		return fmt.Errorf("identity: store %s token: %w", purpose, err)
	}
	return nil
}

type linkRow struct {
	UserID uuid.UUID
	Token  identity.LinkToken
}

// linkToken locks and returns a token of the purpose; an unknown one is identity.ErrLinkInvalid.
func linkToken(ctx context.Context, tx pgx.Tx, hash []byte, purpose string) (linkRow, error) {
	var r linkRow
	var used *time.Time
	err := tx.QueryRow(ctx, `
		SELECT user_id, expires_at, used_at FROM link_tokens WHERE token_hash = $1 AND purpose = $2 FOR UPDATE`,
		hash, purpose).Scan(&r.UserID, &r.Token.ExpiresAt, &used)
	if errors.Is(err, pgx.ErrNoRows) {
		return linkRow{}, identity.ErrLinkInvalid
	}
	if err != nil {
		return linkRow{}, fmt.Errorf("identity: %s token: %w", purpose, err)
	}
	r.Token.Used = used != nil
	return r, nil
}

func useLinkToken(ctx context.Context, tx pgx.Tx, hash []byte, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE link_tokens SET used_at = $2 WHERE token_hash = $1`, hash, now); err != nil {
		return fmt.Errorf("identity: use token: %w", err)
	}
	return nil
}

// retireLinkTokens marks every open token of that purpose used: a new reset link or a
// completed reset leaves no older link alive.
func retireLinkTokens(ctx context.Context, tx pgx.Tx, userID uuid.UUID, purpose string, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE link_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
		userID, purpose, now); err != nil {
		return fmt.Errorf("identity: retire %s tokens: %w", purpose, err)
	}
	return nil
}

// moveEmail sets the address and moves the session generation on. A concurrent change to the
// same address that committed first makes the unique index refuse it: taken is then true and
// the transaction is still usable (the update ran in a savepoint).
func moveEmail(ctx context.Context, tx pgx.Tx, userID uuid.UUID, email string, now time.Time) (taken bool, err error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("identity: savepoint: %w", err)
	}
	_, err = sp.Exec(ctx, `UPDATE users SET email = $2, session_generation = session_generation + 1, updated_at = $3
		WHERE id = $1`, userID, email, now)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		if rerr := sp.Rollback(ctx); rerr != nil {
			return false, fmt.Errorf("identity: roll back to savepoint: %w", rerr)
		}
		return true, nil
	}
	if err != nil {
		_ = sp.Rollback(ctx)
		return false, fmt.Errorf("identity: change email of %s: %w", userID, err)
	}
	if err := sp.Commit(ctx); err != nil {
		return false, fmt.Errorf("identity: release savepoint: %w", err)
	}
	return false, nil
}

// deleteUser removes a users row and, by cascade, everything that references it.
func deleteUser(ctx context.Context, tx pgx.Tx, id uuid.UUID) error {
	if _, err := tx.Exec(ctx, `DELETE FROM users WHERE id = $1`, id); err != nil {
		return fmt.Errorf("identity: delete user %s: %w", id, err)
	}
	return nil
}

// dropOTP deletes the person's current sign-in code and magic link.
func dropOTP(ctx context.Context, tx pgx.Tx, userID uuid.UUID) error {
	if _, err := tx.Exec(ctx, `DELETE FROM otp_codes WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("identity: drop sign-in code of %s: %w", userID, err)
	}
	return nil
}

// retireAllLinkTokens marks every open emailed link of the person used, whatever its purpose.
func retireAllLinkTokens(ctx context.Context, tx pgx.Tx, userID uuid.UUID, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE link_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, userID, now); err != nil {
		return fmt.Errorf("identity: retire links of %s: %w", userID, err)
	}
	return nil
}
