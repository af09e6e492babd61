package identity

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
)

// ProviderIdentity is what a sign-in provider (Google, Apple) says about the person: an address,
// whether the provider verified that the person owns it, and the names it gave (either may be
// empty).
type ProviderIdentity struct {
	Email string
	// EmailVerified is the provider's claim (OpenID email_verified). Only a verified address
	// may sign anyone in: linking by an address nobody proved would hand its account to whoever
	// typed it at the provider.
	EmailVerified bool
	Name          string
	Surname       string
	Language      identity.Language
}

// ErrEmailNotVerified: the provider did not vouch for the address, so it links to nothing.
var ErrEmailNotVerified = errors.New("identity: address not verified by the provider")

// FindOrCreateVerified returns the account for a provider-verified address, creating it verified
// when there is none, and verifies an existing unverified one. Either way the 2-token bonus is
// granted exactly once per account. created reports a new account. Names fill in only what
// the account lacks (a visitor's empty profile). An address the provider did not verify returns
// ErrEmailNotVerified and touches nothing; a malformed one returns the NormalizeEmail error.
func (s *Service) FindOrCreateVerified(ctx context.Context, id ProviderIdentity) (u User, created bool, err error) {
	if !id.EmailVerified {
		return User{}, false, ErrEmailNotVerified
	}
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
