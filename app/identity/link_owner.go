package identity

import (
	"context"
	"crypto/subtle"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
)

// MagicLinkOwner says whose account a magic link would sign into, without spending it: a
// browser already signed in as someone else is asked before switching (login CSRF), and the
// link must still work when the person confirms. A dead link returns its identity error.
func (s *Service) MagicLinkOwner(ctx context.Context, userID uuid.UUID, token string) (User, error) {
	var out User
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		cur, ok, err := otpFor(ctx, tx, userID)
		if err != nil {
			return err
		}
		if !ok {
			return identity.ErrLinkUsed
		}
		match := subtle.ConstantTimeCompare(hashToken(token), cur.LinkHash) == 1
		if _, err := cur.State.CheckLink(s.now(), match); err != nil {
			return err
		}
		out, err = userByID(ctx, tx, userID, false)
		return err
	})
	return out, err
}

// VerifyLinkOwner says whose account a verification link would verify and sign into, without
// spending it. ok is false when visiting it would sign nobody in (a replay or an address
// already verified another way), so there is nothing to confirm.
func (s *Service) VerifyLinkOwner(ctx context.Context, token string) (u User, ok bool, err error) {
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		row, err := linkToken(ctx, tx, hashToken(token), purposeVerify)
		if err != nil {
			return err
		}
		u, err = userByID(ctx, tx, row.UserID, false)
		if err != nil {
			return err
		}
		ok = row.Token.Check(s.now()) == nil && !u.Verified()
		return nil
	})
	return u, ok, err
}
