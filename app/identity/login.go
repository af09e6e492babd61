package identity

import (
	"context"
	"errors"

	"github.com/gamelle/gamelle/domain/identity"
)

// Authenticate checks an email and password. Any failure (malformed or unknown address, an
// account without a password, a wrong password) is ErrInvalidCredentials, and every path
// runs one argon2id verification so they all take the same time. The right password of an
// account whose address is not verified yet is ErrNotVerified (with the user, so the caller can
// send the link again): no session before the address is proven.
func (s *Service) Authenticate(ctx context.Context, email, password string) (User, error) {
	hash := identity.DummyHash()
	var u User
	found := false
	if e, err := identity.NormalizeEmail(email); err == nil {
		got, err := userByEmail(ctx, s.pool, e, false)
		switch {
		case err == nil:
			u, found = got, true
			if got.HasPassword() {
				hash = got.passwordHash
			}
		case !errors.Is(err, ErrNotFound):
			return User{}, err
		}
	}
	ok, err := s.opts.Passwords.Verify(password, hash)
	if err != nil {
		return User{}, err
	}
	if !found || !u.HasPassword() || !ok {
		return User{}, ErrInvalidCredentials
	}
	if !u.Verified() {
		return u, ErrNotVerified
	}
	return u, nil
}
