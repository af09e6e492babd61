package identity_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/identity"
)

func TestCheckPassword(t *testing.T) {
	t.Parallel()
	cases := []struct {
		pw, confirm string
		want        error
	}{
		{"", "", identity.ErrPasswordRequired},
		{"Ab3$xyz", "Ab3$xyz", identity.ErrPasswordTooShort},
		{strings.Repeat("aB3", 43), strings.Repeat("aB3", 43), identity.ErrPasswordTooLong},
		{"Password1", "Password1", identity.ErrPasswordCommon},
		{"AZERTYUIOP", "AZERTYUIOP", identity.ErrPasswordCommon},
		{"motdepasse123", "motdepasse123", identity.ErrPasswordCommon},
		{"aaaaaaaaaa", "aaaaaaaaaa", identity.ErrPasswordCommon},
		{"123456789012", "123456789012", identity.ErrPasswordCommon},
		{"tomate-cerise-42", "tomate-cerise-43", identity.ErrPasswordMismatch},
		{"tomate-cerise-42", "tomate-cerise-42", nil},
		// 8 characters, more bytes: counted in characters.
		{"éàüöçñßø", "éàüöçñßø", nil},
	}
	for _, c := range cases {
		require.ErrorIs(t, identity.CheckPassword(c.pw, c.confirm), c.want, c.pw)
		if c.want == nil {
			require.NoError(t, identity.CheckPassword(c.pw, c.confirm), c.pw)
		}
	}
}

func TestHashAndVerifyPassword(t *testing.T) {
	t.Parallel()
	h, err := identity.HashPassword("tomate-cerise-42")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$"), h)
	ok, err := identity.VerifyPassword("tomate-cerise-42", h)
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = identity.VerifyPassword("tomate-cerise-43", h)
	require.NoError(t, err)
	require.False(t, ok)
	h2, _ := identity.HashPassword("tomate-cerise-42")
	require.NotEqual(t, h, h2, "salted")
	_, err = identity.VerifyPassword("x", "$bcrypt$nope")
	require.ErrorIs(t, err, identity.ErrMalformedHash)
	ok, err = identity.VerifyPassword("x", identity.DummyHash())
	require.NoError(t, err)
	require.False(t, ok)
}

func TestRoleFor(t *testing.T) {
	t.Parallel()
	require.Equal(t, identity.RoleAdmin, identity.RoleFor("boss@gamelle.test", []string{"boss@gamelle.test"}))
	require.Equal(t, identity.RoleUser, identity.RoleFor("someone@gamelle.test", []string{"boss@gamelle.test"}))
}

func TestNormalizeName(t *testing.T) {
	t.Parallel()
	n, err := identity.NormalizeName("  Jean   Pierre ")
	require.NoError(t, err)
	require.Equal(t, "Jean Pierre", n)
	_, err = identity.NormalizeName("   ")
	require.ErrorIs(t, err, identity.ErrNameRequired)
	_, err = identity.NormalizeName(strings.Repeat("a", 101))
	require.ErrorIs(t, err, identity.ErrNameTooLong)
}
