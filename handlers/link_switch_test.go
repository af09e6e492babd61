package handlers

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/mail"
)

// A browser signed in as A that opens B's emailed link (login CSRF: an attacker mails or plants
// their own link) is asked before switching; the link stays valid until the confirming POST.
func TestMagicLinkOfAnotherAccountAsksBeforeSwitching(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "anna@example.com")
	mallory := b.other(t, "")
	mallory.post(t, "/auth/otp/login", map[string]any{"email": "mallory@example.com"}, "/auth/login")
	link := pathOf(t, b.lastEmail(t, "mallory@example.com", mail.KindOTP).Data.Link)

	resp, p := b.visit(t, link)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "auth/switch-account", p.Component)
	require.Equal(t, "anna@example.com", p.Props["current"])
	require.Equal(t, "mallory@example.com", p.Props["target"])
	_, p = b.visit(t, "/dashboard/general")
	require.Equal(t, "anna@example.com", authUserOf(t, p)["email"], "the GET did not switch")

	// Without the CSRF token the switch is refused.
	resp = b.do(t, http.MethodPost, link, strings.NewReader("{}"), map[string]string{"Content-Type": "application/json"})
	resp.Body.Close()
	require.Equal(t, 419, resp.StatusCode)

	resp = b.post(t, link, map[string]any{}, link)
	requireRedirect(t, resp, "/auth/otp/steps")
	_, p = b.visit(t, "/auth/otp/steps")
	require.Equal(t, "mallory@example.com", p.Props["email"])
}

func TestMagicLinkOfSameAccountSignsInAsToday(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.post(t, "/auth/otp/login", map[string]any{"email": "ivy@example.com"}, "/auth/login")
	link := pathOf(t, b.lastEmail(t, "ivy@example.com", mail.KindOTP).Data.Link)
	resp, _ := b.visit(t, link)
	requireRedirect(t, resp, "/auth/otp/steps")
}

func TestVerifyLinkOfAnotherAccountAsksBeforeSwitching(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "anna@example.com")
	mallory := b.other(t, "")
	resp := mallory.post(t, "/auth/register", map[string]any{
		"name": "Mal", "surname": "Lory", "email": "mallory@example.com", "password": goodPassword, "password_confirmation": goodPassword,
	}, "/auth/register")
	requireRedirect(t, resp, "/auth/login")
	link := pathOf(t, b.lastEmail(t, "mallory@example.com", mail.KindVerify).Data.Link)

	resp, p := b.visit(t, link)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "auth/switch-account", p.Component)
	require.Equal(t, "anna@example.com", p.Props["current"])
	require.Equal(t, "mallory@example.com", p.Props["target"])
	_, p = b.visit(t, "/dashboard/general")
	require.Equal(t, "anna@example.com", authUserOf(t, p)["email"])

	resp = b.post(t, link, map[string]any{}, link)
	requireRedirect(t, resp, "/dashboard/general")
	_, p = b.visit(t, "/dashboard/general")
	require.Equal(t, "mallory@example.com", authUserOf(t, p)["email"])
}
