package identity

import (
	"context"
	"crypto/subtle"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/integrations/mail"
)

// RequestOTP sends a one-time code and magic link to the address. An address without an
// account gets an empty, unverified one (no name yet), so the code and the link have a user
// to belong to and the answer is the same for everyone. Within 60 s of the last code it sends
// nothing and returns *ResendTooSoonError. A malformed address returns the NormalizeEmail error.
func (s *Service) RequestOTP(ctx context.Context, email string, lang identity.Language) error {
	e, err := identity.NormalizeEmail(email)
	if err != nil {
		return err
	}
	if lang == "" {
		lang = identity.French
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := userByEmail(ctx, tx, e, true)
		if errors.Is(err, ErrNotFound) {
			u, err = insertUser(ctx, tx, newUser{
				ID: uuid.New(), Email: e, Role: identity.RoleFor(e, s.opts.AdminEmails), Language: lang,
			}, s.now())
			if errors.Is(err, errEmailTaken) {
				// A concurrent request created it; lock it and carry on.
				u, err = userByEmail(ctx, tx, e, true)
			}
		}
		if err != nil {
			return err
		}
		now := s.now()
		cur, ok, err := otpFor(ctx, tx, u.ID)
		if err != nil {
			return err
		}
		if ok {
			if wait := cur.State.ResendIn(now); wait > 0 {
				return &ResendTooSoonError{Wait: wait}
			}
		}
		code, err := identity.NewOTPCode()
		if err != nil {
			return err
		}
		link, err := newSecret()
		if err != nil {
			return err
		}
		if err := putOTP(ctx, tx, u.ID, otpRow{
			CodeHash: s.hashCode(u.ID, code), LinkHash: hashToken(link), State: identity.NewOTP(now),
		}); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, mail.KindOTP, u.Email, u.Language, mail.Data{
			Name: u.Name, Code: code, Link: s.link("/auth/magic-link/"+u.ID.String()+"/"+link, nil),
		})
	})
}

// OTPResendIn is how long before another code may be sent to the address (0: now). It is 0
// for an unknown address, as it would be for a known one that never asked.
func (s *Service) OTPResendIn(ctx context.Context, email string) (int, error) {
	e, err := identity.NormalizeEmail(email)
	if err != nil {
		return 0, nil
	}
	var secs int
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := userByEmail(ctx, tx, e, false)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		cur, ok, err := otpFor(ctx, tx, u.ID)
		if err != nil || !ok {
			return err
		}
		w := cur.State.ResendIn(s.now())
		secs = int((w + 999_999_999) / 1_000_000_000)
		return nil
	})
	return secs, err
}

// VerifyOTP checks a code typed by the person. On success the code is spent, the account is
// verified (granting the bonus once) and returned. Failures: *WrongCodeError (tries left),
// identity.ErrCodeBurned, identity.ErrCodeExpired, identity.ErrCodeUsed (no live code,
// including for an unknown address).
func (s *Service) VerifyOTP(ctx context.Context, email, code string) (User, error) {
	e, err := identity.NormalizeEmail(email)
	if err != nil {
		return User{}, identity.ErrCodeUsed
	}
	var out User
	var verdict error
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		verdict = nil
		u, err := userByEmail(ctx, tx, e, false)
		if errors.Is(err, ErrNotFound) {
			verdict = identity.ErrCodeUsed
			return nil
		}
		if err != nil {
			return err
		}
		cur, ok, err := otpFor(ctx, tx, u.ID)
		if err != nil {
			return err
		}
		if !ok {
			verdict = identity.ErrCodeUsed
			return nil
		}
		match := subtle.ConstantTimeCompare(s.hashCode(u.ID, code), cur.CodeHash) == 1
		now := s.now()
		next, cerr := cur.State.CheckCode(now, match)
		// Wrong tries must be recorded even though the answer is a refusal, so the
		// transaction commits in every case and the verdict is returned after it.
		if err := saveOTPState(ctx, tx, u.ID, next, now); err != nil {
			return err
		}
		if cerr != nil {
			verdict = cerr
			if errors.Is(cerr, identity.ErrCodeWrong) {
				verdict = &WrongCodeError{Left: identity.OTPMaxAttempts - next.Attempts}
			}
			return nil
		}
		out, err = s.completeCodeSignIn(ctx, tx, u.ID)
		return err
	})
	if err != nil {
		return User{}, err
	}
	return out, verdict
}

// MagicLink consumes the magic link of the OTP email: single use, 15 minutes. A wrong token is
// identity.ErrLinkInvalid and changes nothing (the code keeps its tries); other failures are
// identity.ErrLinkExpired or identity.ErrLinkUsed.
func (s *Service) MagicLink(ctx context.Context, userID uuid.UUID, token string) (User, error) {
	var out User
	var verdict error
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		verdict = nil
		cur, ok, err := otpFor(ctx, tx, userID)
		if err != nil {
			return err
		}
		if !ok {
			verdict = identity.ErrLinkUsed
			return nil
		}
		match := subtle.ConstantTimeCompare(hashToken(token), cur.LinkHash) == 1
		now := s.now()
		next, cerr := cur.State.CheckLink(now, match)
		if errors.Is(cerr, identity.ErrLinkInvalid) {
			verdict = cerr
			return nil
		}
		if err := saveOTPState(ctx, tx, userID, next, now); err != nil {
			return err
		}
		if cerr != nil {
			verdict = cerr
			return nil
		}
		out, err = s.completeCodeSignIn(ctx, tx, userID)
		return err
	})
	if err != nil {
		return User{}, err
	}
	return out, verdict
}

func (s *Service) completeCodeSignIn(ctx context.Context, tx pgx.Tx, userID uuid.UUID) (User, error) {
	if _, err := s.markVerifiedTx(ctx, tx, userID, true); err != nil {
		return User{}, err
	}
	return userByID(ctx, tx, userID, false)
}

// CompleteProfile records the name and surname of a first-time code visitor
// (/auth/otp/complete). Invalid input returns identity.FieldErrors.
func (s *Service) CompleteProfile(ctx context.Context, userID uuid.UUID, name, surname string) (User, error) {
	errs := identity.FieldErrors{}
	n, err := identity.NormalizeName(name)
	if err != nil {
		errs["name"] = err
	}
	sn, err := identity.NormalizeName(surname)
	if err != nil {
		errs["surname"] = err
	}
	if len(errs) > 0 {
		return User{}, errs
	}
	if err := setProfile(ctx, s.pool, userID, n, sn, s.now()); err != nil {
		return User{}, err
	}
	return s.ByID(ctx, userID)
}
