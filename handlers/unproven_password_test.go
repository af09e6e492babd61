package handlers

import (
	"testing"

	"github.com/oauth2-proxy/mockoidc"
	"github.com/stretchr/testify/require"
)

// Google proving the address of an account registered with a
// password nobody had proven drops that password (it may be an attacker's).
func TestGoogleSignInDropsAnUnprovenPassword(t *testing.T) {
	t.Parallel()
	b := setupSocial(t)
	resp := b.post(t, "/auth/register", map[string]any{
		"name": "Bob", "surname": "Roux", "email": "bob@example.com", "password": goodPassword, "password_confirmation": goodPassword,
	}, "/auth/register")
	requireRedirect(t, resp, "/auth/login")

	b.oidc.QueueUser(&mockoidc.MockUser{Subject: "g-bob", Email: "bob@example.com", EmailVerified: true})
	requireRedirect(t, b.googleSignIn(t, nil), "/dashboard/general")

	other := b.other(t, "")
	resp = other.post(t, "/auth/email/login", map[string]any{"email": "bob@example.com", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/auth/login")
	_, p := other.visit(t, "/auth/login")
	require.Nil(t, authUserOf(t, p), "the unproven password no longer signs in")
}
