package identity

import (
	"context"
	"errors"
	"net/url"

	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/integrations/mail"
)

// RequestPasswordReset emails a reset link (60 minutes, single use) to an account's address,
// retiring older links. An address without an account gets an email saying so, which costs
// the same work, so the answer does not reveal who has an account. A malformed address
// returns the NormalizeEmail error.
func (s *Service) RequestPasswordReset(ctx context.Context, email string, lang identity.Language) error {
	e, err := identity.NormalizeEmail(email)
	if err != nil {
		return err
	}
	if lang == "" {
		lang = identity.French
	}
	token, err := newSecret()
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := userByEmail(ctx, tx, e, true)
		if errors.Is(err, ErrNotFound) {
			return s.enqueue(ctx, tx, mail.KindResetUnknown, e, lang, mail.Data{Link: s.link("/auth/register", nil)})
		}
		if err != nil {
			return err
		}
		now := s.now()
		if err := retireLinkTokens(ctx, tx, u.ID, purposeReset, now); err != nil {
			return err
		}
		if err := insertLinkToken(ctx, tx, hashToken(token), u.ID, purposeReset, now.Add(identity.ResetLinkTTL), now); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, mail.KindReset, u.Email, u.Language, mail.Data{
			Name: u.Name, Link: s.link("/reset-password/"+url.PathEscape(u.Email), url.Values{"token": {token}}),
		})
	})
}

// CheckResetLink tells whether a reset link can still be used, before the form is shown:
// nil or why not (identity.DeadLink; ErrLinkInvalid also for a token of another address).
func (s *Service) CheckResetLink(ctx context.Context, email, token string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		_, err := s.resetTarget(ctx, tx, email, token)
		return err
	})
}

func (s *Service) resetTarget(ctx context.Context, tx pgx.Tx, email, token string) (User, error) {
	e, err := identity.NormalizeEmail(email)
	if err != nil || token == "" {
		return User{}, identity.ErrLinkInvalid
	}
	row, err := linkToken(ctx, tx, hashToken(token), purposeReset)
	if err != nil {
		return User{}, err
	}
	u, err := userByID(ctx, tx, row.UserID, true)
	if err != nil {
		return User{}, err
	}
	if u.Email != e {
		return User{}, identity.ErrLinkInvalid
	}
	if err := row.Token.Check(s.now()); err != nil {
		return User{}, err
	}
	return u, nil
}

// ResetPassword sets a new password through a reset link. It spends the link, bumps the
// session generation (signing the person out of every session) and does not sign them in.
// Invalid passwords return identity.FieldErrors and spend nothing; a dead link returns
// identity.ErrLinkExpired or identity.ErrLinkUsed. Using the link proves the address, so an
// unverified account becomes verified (with its bonus).
func (s *Service) ResetPassword(ctx context.Context, email, token, password, confirmation string) error {
	if err := identity.CheckPassword(password, confirmation); err != nil {
		field := "password"
		if errors.Is(err, identity.ErrPasswordMismatch) {
			field = "password_confirmation"
		}
		return identity.FieldErrors{field: err}
	}
	hash, err := s.opts.Passwords.Hash(password)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := s.resetTarget(ctx, tx, email, token)
		if err != nil {
			return err
		}
		now := s.now()
		if err := retireLinkTokens(ctx, tx, u.ID, purposeReset, now); err != nil {
			return err
		}
		if _, err := s.markVerifiedTx(ctx, tx, u.ID, false); err != nil {
			return err
		}
		return setPassword(ctx, tx, u.ID, hash, now)
	})
}
