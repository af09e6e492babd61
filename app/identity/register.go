package identity

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/integrations/mail"
)

// RegisterInput is the credential sign-up form.
type RegisterInput struct {
	Name, Surname, Email, Password, PasswordConfirmation string
	// Language of the pages the person used; their emails follow it.
	Language identity.Language
}

// Register validates the form and, if it is valid, either creates an unverified account and
// queues its verification email, or, when the address already has an account, queues an email
// telling its owner so. Both paths hash the password and write one transaction, so the answer
// and its timing say nothing about whether the address was known. Invalid input returns
// identity.FieldErrors and writes nothing.
func (s *Service) Register(ctx context.Context, in RegisterInput) error {
	errs := identity.FieldErrors{}
	name, err := identity.NormalizeName(in.Name)
	if err != nil {
		errs["name"] = err
	}
	surname, err := identity.NormalizeName(in.Surname)
	if err != nil {
		errs["surname"] = err
	}
	email, err := identity.NormalizeEmail(in.Email)
	if err != nil {
		errs["email"] = err
	}
	if err := identity.CheckPassword(in.Password, in.PasswordConfirmation); err != nil {
		field := "password"
		if errors.Is(err, identity.ErrPasswordMismatch) {
			field = "password_confirmation"
		}
		errs[field] = err
	}
	if len(errs) > 0 {
		return errs
	}
	hash, err := s.opts.Passwords.Hash(in.Password)
	if err != nil {
		return err
	}
	lang := in.Language
	if lang == "" {
		lang = identity.French
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		return s.signUpTx(ctx, tx, newUser{
			ID: uuid.New(), Email: email, Name: name, Surname: surname, PasswordHash: &hash,
			Role: identity.RoleFor(email, s.opts.AdminEmails), Language: lang,
		}, nil, takenEmail{})
	})
}

// takenEmail is the email a sign-up sends, instead of its own, to the owner of an address that
// already has an account. signUpTx fills in an empty Name (the owner's) and Link (sign-in).
// link, when set, makes the owner's own Link (in the same transaction); it is not called when
// the owner is unknown (a concurrent sign-up took the address), and Link stays data's.
type takenEmail struct {
	kind mail.Kind
	data mail.Data
	link func(owner User) (string, error)
}

func (s *Service) sendVerificationTx(ctx context.Context, tx pgx.Tx, u User) error {
	token, err := newSecret()
	if err != nil {
		return err
	}
	now := s.now()
	if err := insertLinkToken(ctx, tx, hashToken(token), u.ID, purposeVerify, now.Add(identity.VerifyLinkTTL), now); err != nil {
		return err
	}
	return s.enqueue(ctx, tx, mail.KindVerify, u.Email, u.Language, mail.Data{Name: u.Name, Link: s.link("/auth/verify/"+token, nil)})
}

// ResendVerification sends a new verification link to a signed-in, unverified person. For a
// verified one it sends nothing and returns ErrAlreadyVerified, so nobody is told a link is on
// its way when none is.
func (s *Service) ResendVerification(ctx context.Context, userID uuid.UUID) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := userByID(ctx, tx, userID, true)
		if err != nil {
			return err
		}
		if u.Verified() {
			return ErrAlreadyVerified
		}
		return s.sendVerificationTx(ctx, tx, u)
	})
}

// VerifyResult says what a verification link did.
type VerifyResult struct {
	User User
	// Verified is true when this visit verified the address (and granted the bonus); false when
	// the link had already been used and the account is verified.
	Verified bool
}

// VerifyEmail consumes a verification link. The first visit verifies the account and grants
// the 2-token bonus; a replay of a used link answers "already verified" without granting
// anything; an expired link returns identity.ErrLinkExpired, an unknown one
// identity.ErrLinkInvalid. Concurrent visits are serialised on the token row.
func (s *Service) VerifyEmail(ctx context.Context, token string) (VerifyResult, error) {
	var res VerifyResult
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		res = VerifyResult{}
		h := hashToken(token)
		row, err := linkToken(ctx, tx, h, purposeVerify)
		if err != nil {
			return err
		}
		u, err := userByID(ctx, tx, row.UserID, false)
		if err != nil {
			return err
		}
		if row.Token.Used {
			if u.Verified() {
				res.User = u
				return nil
			}
			return identity.ErrLinkUsed
		}
		if err := row.Token.Check(s.now()); err != nil {
			if u.Verified() {
				res.User = u
				return nil
			}
			return err
		}
		if err := useLinkToken(ctx, tx, h, s.now()); err != nil {
			return err
		}
		did, err := s.markVerifiedTx(ctx, tx, u.ID, false)
		if err != nil {
			return err
		}
		res.Verified = did
		res.User, err = userByID(ctx, tx, u.ID, false)
		return err
	})
	return res, err
}

// signUpTx creates the account nu and queues its verification email, or, when the address
// already has an account (found now, or inserted by a concurrent sign-up), queues the taken
// email to its owner instead ("you already have an account" when taken.kind is empty): the
// answer and the work are the same either way, so the form reveals nothing. setup runs on a new
// account before its email is queued.
func (s *Service) signUpTx(ctx context.Context, tx pgx.Tx, nu newUser, setup func(User, time.Time) error, taken takenEmail) error {
	tell := func(owner *User, name string, lang identity.Language) error {
		kind, d := taken.kind, taken.data
		if kind == "" {
			kind = mail.KindAccountExists
		}
		if d.Name == "" {
			d.Name = name
		}
		if owner != nil && taken.link != nil {
			link, err := taken.link(*owner)
			if err != nil {
				return err
			}
			d.Link = link
		}
		if d.Link == "" {
			d.Link = s.link("/auth/login", nil)
		}
		return s.enqueue(ctx, tx, kind, nu.Email, lang, d)
	}
	existing, err := userByEmail(ctx, tx, nu.Email, false)
	if err == nil {
		return tell(&existing, existing.Name, existing.Language)
	}
	if !errors.Is(err, ErrNotFound) {
		return err
	}
	now := s.now()
	u, err := insertUser(ctx, tx, nu, now)
	if errors.Is(err, errEmailTaken) {
		return tell(nil, nu.Name, nu.Language)
	}
	if err != nil {
		return err
	}
	if setup != nil {
		if err := setup(u, now); err != nil {
			return err
		}
	}
	return s.sendVerificationTx(ctx, tx, u)
}
