package identity

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/db"
)

// Changing the address (docs/profile.md, "Changing the email address"). A signed-in person
// asks for a new address (with their password when they have one); the new address gets a
// single-use link, 24 hours, whose secret only the email holds (email_changes keeps its
// SHA-256, the job carries it sealed). Nothing changes until that link is opened in a browser
// signed in to the same account: the link alone is not enough, so whoever receives it at a
// mistyped address cannot take the account. The current address is told when a change is asked
// for and when it happens. An address that belongs to another (verified) account gets an email
// saying someone tried, and no link; the person asking sees the same answer either way.

// Reasons an email-change link does not change the address (besides identity.DeadLink's).
var (
	// ErrEmailTaken: another account uses the new address by the time the link is opened.
	ErrEmailTaken = errors.New("identity: the new address belongs to another account")
	// ErrEmailChangeOtherAccount: the link is another account's; the browser is signed in as
	// someone else.
	ErrEmailChangeOtherAccount = errors.New("identity: email change of another account")
)

// PendingEmailChange is a change waiting for its link to be opened.
type PendingEmailChange struct {
	Email     string
	ExpiresAt time.Time
}

// RequestEmailChange asks to move the account to newEmail. currentPassword is checked when
// the account has a password (password-less people proved their address when they signed in
// with a code). Older pending requests die. Refusals are identity.FieldErrors: "email"
// (NormalizeEmail's errors, identity.ErrEmailUnchanged) or "currentPassword"
// (ErrPasswordWrong). It returns the normalised new address, which the caller shows whether or
// not the address is free.
func (s *Service) RequestEmailChange(ctx context.Context, userID uuid.UUID, newEmail, currentPassword string) (string, error) {
	token, err := newSecret()
	if err != nil {
		return "", err
	}
	var out string
	err = db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		u, err := userByID(ctx, tx, userID, true)
		if err != nil {
			return err
		}
		e, err := identity.NewEmailFor(u.Email, newEmail)
		if err != nil {
			return identity.FieldErrors{"email": err}
		}
		if u.HasPassword() {
			ok, err := s.opts.Passwords.Verify(currentPassword, u.passwordHash)
			if err != nil {
				return err
			}
			if !ok {
				return identity.FieldErrors{"currentPassword": ErrPasswordWrong}
			}
		}
		now := s.now()
		if err := retireEmailChanges(ctx, tx, userID, now); err != nil {
			return err
		}
		// The row exists whatever the new address, so the account page shows the same
		// pending change; only the email to the new address differs.
		if _, err := tx.Exec(ctx, `INSERT INTO email_changes (token_hash, user_id, old_email, new_email,
			session_generation, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			hashToken(token), userID, u.Email, e, u.SessionGeneration, now, now.Add(identity.EmailChangeTTL)); err != nil {
			return fmt.Errorf("identity: store email change of %s: %w", userID, err)
		}
		holder, err := userByEmail(ctx, tx, e, false)
		switch {
		case err == nil && holder.Verified():
			err = s.enqueue(ctx, tx, mail.KindEmailChangeTaken, e, holder.Language, mail.Data{Name: holder.Name})
		case err == nil || errors.Is(err, ErrNotFound):
			// A free address, or one held by an account nobody proved (a code asked for and
			// never used): the link's owner proves it, and the confirmation takes it over.
			err = s.enqueue(ctx, tx, mail.KindEmailChange, e, u.Language, mail.Data{
				Name: u.Name, Link: s.link("/account/email/confirm/"+token, nil),
			})
		}
		if err != nil {
			return err
		}
		out = e
		return s.enqueue(ctx, tx, mail.KindEmailChangeRequested, u.Email, u.Language, mail.Data{
			Name: u.Name, Email: e, Link: s.link("/dashboard/settings", nil),
		})
	})
	if err != nil {
		return "", err
	}
	return out, nil
}

// PendingEmailChange returns the change waiting for its link, if any (ok false otherwise).
// A request cancelled by signing out everywhere or a new password is not pending.
func (s *Service) PendingEmailChange(ctx context.Context, userID uuid.UUID) (p PendingEmailChange, ok bool, err error) {
	u, err := userByID(ctx, s.pool, userID, false)
	if err != nil {
		return PendingEmailChange{}, false, err
	}
	err = s.pool.QueryRow(ctx, `SELECT new_email, expires_at FROM email_changes
		WHERE user_id = $1 AND used_at IS NULL AND expires_at > $2 AND session_generation = $3 AND old_email = $4
		ORDER BY created_at DESC LIMIT 1`, userID, s.now(), u.SessionGeneration, u.Email).Scan(&p.Email, &p.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return PendingEmailChange{}, false, nil
	}
	if err != nil {
		return PendingEmailChange{}, false, fmt.Errorf("identity: pending email change of %s: %w", userID, err)
	}
	return p, true, nil
}

type emailChangeRow struct {
	UserID            uuid.UUID
	OldEmail          string
	NewEmail          string
	SessionGeneration int64
	Token             identity.LinkToken
}

// emailChange locks the request behind a link; an unknown one is identity.ErrLinkInvalid.
func emailChange(ctx context.Context, tx pgx.Tx, hash []byte) (emailChangeRow, error) {
	var r emailChangeRow
	var used *time.Time
	err := tx.QueryRow(ctx, `SELECT user_id, old_email, new_email, session_generation, expires_at, used_at
		FROM email_changes WHERE token_hash = $1 FOR UPDATE`, hash).
		Scan(&r.UserID, &r.OldEmail, &r.NewEmail, &r.SessionGeneration, &r.Token.ExpiresAt, &used)
	if errors.Is(err, pgx.ErrNoRows) {
		return emailChangeRow{}, identity.ErrLinkInvalid
	}
	if err != nil {
		return emailChangeRow{}, fmt.Errorf("identity: email change: %w", err)
	}
	r.Token.Used = used != nil
	return r, nil
}

// emailChangeFor checks a link for the signed-in userID and returns its request and the
// account, locked. Errors: ErrEmailChangeOtherAccount, identity.DeadLink's (ErrLinkUsed too
// when the request was cancelled or the address changed since).
func (s *Service) emailChangeFor(ctx context.Context, tx pgx.Tx, userID uuid.UUID, token string) (emailChangeRow, User, error) {
	if token == "" {
		return emailChangeRow{}, User{}, identity.ErrLinkInvalid
	}
	row, err := emailChange(ctx, tx, hashToken(token))
	if err != nil {
		return emailChangeRow{}, User{}, err
	}
	if row.UserID != userID {
		return emailChangeRow{}, User{}, ErrEmailChangeOtherAccount
	}
	if err := row.Token.Check(s.now()); err != nil {
		return emailChangeRow{}, User{}, err
	}
	u, err := userByID(ctx, tx, userID, true)
	if err != nil {
		return emailChangeRow{}, User{}, err
	}
	if u.SessionGeneration != row.SessionGeneration || u.Email != row.OldEmail {
		return emailChangeRow{}, User{}, identity.ErrLinkUsed
	}
	return row, u, nil
}

// EmailChangeLink says which address a link would give the signed-in account, without
// spending it (the page asks before changing anything). Errors as ConfirmEmailChange's.
func (s *Service) EmailChangeLink(ctx context.Context, userID uuid.UUID, token string) (string, error) {
	var out string
	err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		row, _, err := s.emailChangeFor(ctx, tx, userID, token)
		if err != nil {
			return err
		}
		holder, err := userByEmail(ctx, tx, row.NewEmail, false)
		if err == nil && holder.Verified() {
			return ErrEmailTaken
		}
		out = row.NewEmail
		return nil
	})
	return out, err
}

// ConfirmEmailChange spends a link opened by the signed-in userID and moves the account to
// the new address, atomically: the address must still be free (an account nobody verified
// that holds it is removed, the link having proven the address); every other pending request,
// sign-in code and emailed link of the account dies; the session generation moves on (every
// session is signed out: the caller signs this one in again); the former address is told.
// Errors: ErrEmailChangeOtherAccount, ErrEmailTaken (the link is spent), and identity.DeadLink's.
func (s *Service) ConfirmEmailChange(ctx context.Context, userID uuid.UUID, token string) (User, error) {
	var (
		out     User
		verdict error
	)
	err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		verdict = nil
		row, u, err := s.emailChangeFor(ctx, tx, userID, token)
		if err != nil {
			return err
		}
		now := s.now()
		if err := s.dropUnverifiedHolder(ctx, tx, row.NewEmail, userID); err != nil {
			return err
		}
		taken, err := moveEmail(ctx, tx, userID, row.NewEmail, now)
		if err != nil {
			return err
		}
		// Spent either way: a link that met a taken address would meet it again.
		if err := retireEmailChanges(ctx, tx, userID, now); err != nil {
			return err
		}
		if taken {
			verdict = ErrEmailTaken
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE email_changes SET completed_at = $2 WHERE token_hash = $1`, hashToken(token), now); err != nil {
			return fmt.Errorf("identity: complete email change: %w", err)
		}
		// Codes and links went to the former address: none of them may sign in any more.
		if err := dropOTP(ctx, tx, userID); err != nil {
			return err
		}
		if err := retireAllLinkTokens(ctx, tx, userID, now); err != nil {
			return err
		}
		if err := s.enqueue(ctx, tx, mail.KindEmailChanged, u.Email, u.Language, mail.Data{
			Name: u.Name, Email: row.NewEmail, Link: s.link("/legal", nil),
		}); err != nil {
			return err
		}
		out, err = userByID(ctx, tx, userID, false)
		return err
	})
	if err != nil {
		return User{}, err
	}
	return out, verdict
}

// dropUnverifiedHolder erases the account nobody verified that holds email (a code asked for
// and never used, a sign-up never confirmed), as a deletion would: the link just proved the
// address belongs to the person confirming. A verified holder keeps it (moveEmail then fails).
func (s *Service) dropUnverifiedHolder(ctx context.Context, tx pgx.Tx, email string, except uuid.UUID) error {
	holder, err := userByEmail(ctx, tx, email, true)
	if errors.Is(err, ErrNotFound) || (err == nil && (holder.Verified() || holder.ID == except)) {
		return nil
	}
	if err != nil {
		return err
	}
	id := holder.ID
	for _, p := range s.personal {
		if p.Erase == nil {
			continue
		}
		if err := p.Erase(ctx, tx, id, email); err != nil {
			return fmt.Errorf("identity: erase %s of unverified holder %s: %w", p.Area, id, err)
		}
	}
	return deleteUser(ctx, tx, id)
}

// retireEmailChanges marks every open request of the account used.
func retireEmailChanges(ctx context.Context, tx pgx.Tx, userID uuid.UUID, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE email_changes SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, userID, now); err != nil {
		return fmt.Errorf("identity: retire email changes of %s: %w", userID, err)
	}
	return nil
}
