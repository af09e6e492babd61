package identity

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
)

// VerifiedIdentity is an address a third party (Google, Apple) vouches the person owns, with
// the names it gave (either may be empty).
type VerifiedIdentity struct {
	Email    string
	Name     string
	Surname  string
	Language identity.Language
}

// FindOrCreateVerified returns the account for a proven address, creating it verified when
// there is none, and verifies an existing unverified one. Either way the 2-token bonus is
// granted exactly once per account. created reports a new account. Names fill in only what
// the account lacks (a visitor's empty profile). A malformed address returns the
// NormalizeEmail error.
func (s *Service) FindOrCreateVerified(ctx context.Context, id VerifiedIdentity) (u User, created bool, err error) {
	e, err := identity.NormalizeEmail(id.Email)
	if err != nil {
		return User{}, false, err
	}
	name, _ := identity.NormalizeName(id.Name)
	surname, _ := identity.NormalizeName(id.Surname)
	lang := id.Language
	if lang == "" {
		lang = identity.French
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		created = false
		cur, err := userByEmail(ctx, tx, e, true)
		if errors.Is(err, ErrNotFound) {
			cur, err = insertUser(ctx, tx, newUser{
				ID: uuid.New(), Email: e, Name: name, Surname: surname,
				Role: identity.RoleFor(e, s.opts.AdminEmails), Language: lang,
			}, s.now())
			if errors.Is(err, errEmailTaken) {
				cur, err = userByEmail(ctx, tx, e, true)
			} else if err == nil {
				created = true
			}
		}
		if err != nil {
			return err
		}
		if cur.Name == "" && cur.Surname == "" && (name != "" || surname != "") {
			if err := setProfile(ctx, tx, cur.ID, name, surname, s.now()); err != nil {
				return err
			}
		}
		if _, err := s.markVerifiedTx(ctx, tx, cur.ID, true); err != nil {
			return err
		}
		u, err = userByID(ctx, tx, cur.ID, false)
		return err
	})
	return u, created, err
}

// MarkVerified verifies an account whose address was proven by other means, granting the bonus
// once. It reports whether this call verified it.
func (s *Service) MarkVerified(ctx context.Context, userID uuid.UUID) (bool, error) {
	var did bool
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		did, err = s.markVerifiedTx(ctx, tx, userID, true)
		return err
	})
	return did, err
}

// SetRole changes a person's role (admin tooling). The web layer renews the session token of
// the person whose privileges changed when it is the current session.
func (s *Service) SetRole(ctx context.Context, userID uuid.UUID, role identity.Role) error {
	if !role.Valid() {
		return errors.New("identity: unknown role " + string(role))
	}
	return setRole(ctx, s.pool, userID, role, s.now())
}
