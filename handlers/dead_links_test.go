package handlers

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/mail"
)

// A used or dead emailed link opened by someone already signed in never asks them to sign in:
// a replay of their own link goes to their dashboard saying they are signed in, and any other
// dead link says whose session is open and offers the dashboard. An invalid secret is still
// called invalid, never "already used".
func TestDeadLinksWhileSignedInDoNotAskToSignIn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "anna@example.com")
	anna, err := b.srv.accounts.ByEmail(t.Context(), "anna@example.com")
	require.NoError(t, err)
	bob := b.other(t, "bob@example.com")

	// Verification links: anna's own, then bob's, both already used.
	resp, _ := b.visit(t, pathOf(t, b.lastEmail(t, "anna@example.com", mail.KindVerify).Data.Link))
	requireRedirect(t, resp, "/dashboard/general")
	_, p := b.visit(t, "/dashboard/general")
	require.Equal(t, "Votre adresse est déjà confirmée et votre session est ouverte.", p.Flash["success"])
	resp, _ = b.visit(t, pathOf(t, b.lastEmail(t, "bob@example.com", mail.KindVerify).Data.Link))
	requireRedirect(t, resp, "/dashboard/general")
	_, p = b.visit(t, "/dashboard/general")
	require.Equal(t, "L’adresse de ce lien est déjà confirmée. Votre session reste ouverte sous anna@example.com.", p.Flash["success"])
	require.Equal(t, "anna@example.com", authUserOf(t, p)["email"])

	// Anna's own magic link, used once, then opened again.
	bob.post(t, "/auth/otp/login", map[string]any{"email": "anna@example.com"}, "/auth/login")
	magic := pathOf(t, b.lastEmail(t, "anna@example.com", mail.KindOTP).Data.Link)
	resp, _ = b.visit(t, magic)
	requireRedirect(t, resp, "/dashboard/general")
	resp, _ = b.visit(t, magic)
	requireRedirect(t, resp, "/dashboard/general")
	_, p = b.visit(t, "/dashboard/general")
	require.Equal(t, "Ce lien de connexion a déjà été utilisé\u00a0; votre session est ouverte.", p.Flash["success"])

	// A wrong secret on her own account's link is invalid, not used.
	resp, p = b.visit(t, "/auth/magic-link/"+anna.ID.String()+"/nope")
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "auth/link-invalid", p.Component)
	require.Equal(t, "invalid", p.Props["reason"])
	require.Equal(t, "anna@example.com", p.Props["signedInAs"])

	// Bob's magic link, used by bob, opened in anna's browser.
	bob.post(t, "/auth/otp/login", map[string]any{"email": "bob@example.com"}, "/auth/login")
	bobMagic := pathOf(t, b.lastEmail(t, "bob@example.com", mail.KindOTP).Data.Link)
	resp, _ = bob.visit(t, bobMagic)
	requireRedirect(t, resp, "/dashboard/general")
	resp, p = b.visit(t, bobMagic)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "used", p.Props["reason"])
	require.Equal(t, "anna@example.com", p.Props["signedInAs"])

	// Bob's reset link, used by bob, opened in anna's browser; and a wrong reset token.
	bob.post(t, "/reset-password/ask-new-password", map[string]any{"email": "bob@example.com"}, "/reset-password/forgotten-password")
	reset := pathOf(t, b.lastEmail(t, "bob@example.com", mail.KindReset).Data.Link)
	token := reset[len("/reset-password/bob@example.com?token="):]
	resp = bob.post(t, "/reset-password/reset-password/bob@example.com", map[string]any{
		"token": token, "password": "pomme-poire-2026", "password_confirmation": "pomme-poire-2026",
	}, reset)
	requireRedirect(t, resp, "/auth/login")
	resp, p = b.visit(t, reset)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "reset", p.Props["kind"])
	require.Equal(t, "used", p.Props["reason"])
	require.Equal(t, "anna@example.com", p.Props["signedInAs"])
	_, p = b.visit(t, "/reset-password/anna@example.com?token=nope")
	require.Equal(t, "invalid", p.Props["reason"])
	require.Equal(t, "anna@example.com", p.Props["signedInAs"])
}

// Signed out, the same links keep asking to sign in or for a new code, and carry no account.
func TestDeadLinksWhileSignedOutStillOfferToSignIn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "cleo@example.com")
	b.post(t, "/auth/logout", map[string]any{}, "/")

	resp, _ := b.visit(t, pathOf(t, b.lastEmail(t, "cleo@example.com", mail.KindVerify).Data.Link))
	requireRedirect(t, resp, "/auth/login")
	_, p := b.visit(t, "/auth/login")
	require.Equal(t, "Cette adresse est déjà confirmée. Connectez-vous pour continuer.", p.Flash["success"])

	b.post(t, "/auth/otp/login", map[string]any{"email": "cleo@example.com"}, "/auth/login")
	magic := pathOf(t, b.lastEmail(t, "cleo@example.com", mail.KindOTP).Data.Link)
	resp, _ = b.visit(t, magic)
	requireRedirect(t, resp, "/dashboard/general")
	b.post(t, "/auth/logout", map[string]any{}, "/")
	resp, p = b.visit(t, magic)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "used", p.Props["reason"])
	require.Nil(t, p.Props["signedInAs"])
}
