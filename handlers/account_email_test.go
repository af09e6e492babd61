package handlers

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/mail"
)

const accountPagePath = "/dashboard/account"

// requestEmailChange posts the email form as the account page does (its own error bag).
func (b *bundle) requestEmailChange(t *testing.T, body map[string]any) *http.Response {
	t.Helper()
	resp, _ := b.inertiaVisit(t, http.MethodPost, "/account/email", body,
		map[string]string{"Referer": b.ts.URL + accountPagePath, "X-Inertia-Error-Bag": "email"})
	return resp
}

// emailErrors reads the account page's "email" error bag.
func (b *bundle) emailErrors(t *testing.T) map[string]any {
	t.Helper()
	_, p := b.inertiaVisit(t, http.MethodGet, accountPagePath, nil, map[string]string{"X-Inertia-Error-Bag": "email"})
	bag, _ := errorsOf(p)["email"].(map[string]any)
	return bag
}

func TestEmailChangeFormErrors(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "form@example.test")
	for _, c := range []struct {
		body         map[string]any
		field, error string
	}{
		{map[string]any{"email": "", "currentPassword": goodPassword}, "email", "Saisissez la nouvelle adresse e-mail."},
		{map[string]any{"email": "form@", "currentPassword": goodPassword}, "email", "Cette adresse e-mail n’est pas valide."},
		{map[string]any{"email": " FORM@example.test", "currentPassword": goodPassword}, "email", "C’est déjà l’adresse de votre compte."},
		{map[string]any{"email": "new@example.test", "currentPassword": "not-my-password"}, "currentPassword", "Le mot de passe actuel est incorrect."},
	} {
		requireRedirect(t, b.requestEmailChange(t, c.body), accountPagePath)
		bag := b.emailErrors(t)
		require.Equal(t, c.error, bag[c.field], "%v", c.body)
	}
	// In English for an English-speaking person.
	resp, _ := b.send(t, http.MethodPost, "/dashboard/language", map[string]any{"language": "en"}, "/dashboard/language")
	requireRedirect(t, resp, "/dashboard/language")
	requireRedirect(t, b.requestEmailChange(t, map[string]any{"email": "form@example.test", "currentPassword": goodPassword}), accountPagePath)
	require.Equal(t, "This is already your account’s address.", b.emailErrors(t)["email"])
	require.Empty(t, b.sentEmails(t, "new@example.test", mail.KindEmailChange), "nothing sent on a refusal")
	_, p := b.visit(t, accountPagePath)
	require.Nil(t, p.Props["emailChange"])
}

func TestEmailChangeThroughTheLink(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "old@example.test")
	second := b.other(t, "")
	resp := second.post(t, "/auth/email/login", map[string]any{"email": "old@example.test", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")

	resp = b.requestEmailChange(t, map[string]any{"email": "New@Example.test", "currentPassword": goodPassword})
	requireRedirect(t, resp, accountPagePath)
	_, p := b.visit(t, accountPagePath)
	require.Contains(t, p.Flash["success"], "Nous avons envoyé un lien à new@example.test")
	require.Equal(t, "old@example.test", p.Props["account"].(map[string]any)["email"], "nothing changed yet")
	require.Equal(t, "new@example.test", p.Props["emailChange"].(map[string]any)["email"])
	require.NotEmpty(t, b.sentEmails(t, "old@example.test", mail.KindEmailChangeRequested))
	link := pathOf(t, b.lastEmail(t, "new@example.test", mail.KindEmailChange).Data.Link)
	require.True(t, strings.HasPrefix(link, "/account/email/confirm/"), link)

	// Opening the link asks; it changes nothing.
	resp, p = b.visit(t, link)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "account/email-confirm", p.Component)
	require.Equal(t, "confirm", p.Props["state"])
	require.Equal(t, "new@example.test", p.Props["email"])
	_, p = b.visit(t, accountPagePath)
	require.Equal(t, "old@example.test", p.Props["account"].(map[string]any)["email"])

	// The confirmation is CSRF-protected.
	resp = b.do(t, http.MethodPost, link, strings.NewReader("{}"), map[string]string{"Content-Type": "application/json"})
	resp.Body.Close()
	require.Equal(t, 419, resp.StatusCode)

	resp = b.post(t, link, map[string]any{}, link)
	requireRedirect(t, resp, accountPagePath)
	_, p = b.visit(t, accountPagePath)
	require.Equal(t, "Adresse e-mail modifiée. Vos autres sessions sont fermées.", p.Flash["success"])
	require.Equal(t, "new@example.test", p.Props["account"].(map[string]any)["email"])
	require.Equal(t, "new@example.test", authUserOf(t, p)["email"])
	require.Nil(t, p.Props["emailChange"])
	require.Equal(t, "new@example.test", b.lastEmail(t, "old@example.test", mail.KindEmailChanged).Data.Email)

	// The other session is over; this one stays.
	resp, _ = second.visit(t, "/dashboard/general")
	requireRedirect(t, resp, "/auth/login")
	// The link is spent.
	resp, p = b.visit(t, link)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "used", p.Props["state"])
	resp, p = b.send(t, http.MethodPost, link, map[string]any{}, link)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "used", p.Props["state"])

	// The new address signs in, the former one does not.
	again := b.other(t, "")
	resp = again.post(t, "/auth/email/login", map[string]any{"email": "old@example.test", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/auth/login")
	resp = again.post(t, "/auth/email/login", map[string]any{"email": "new@example.test", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")
}

// An address of another account gets the same answer on screen; its owner is told, with no link.
func TestEmailChangeToAnAccountsAddressAnswersTheSame(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "asker@example.test")
	b.other(t, "owner@example.test")
	resp := b.requestEmailChange(t, map[string]any{"email": "owner@example.test", "currentPassword": goodPassword})
	requireRedirect(t, resp, accountPagePath)
	_, p := b.visit(t, accountPagePath)
	require.Contains(t, p.Flash["success"], "Nous avons envoyé un lien à owner@example.test")
	require.Equal(t, "owner@example.test", p.Props["emailChange"].(map[string]any)["email"])
	require.Empty(t, b.sentEmails(t, "owner@example.test", mail.KindEmailChange))
	require.Empty(t, b.lastEmail(t, "owner@example.test", mail.KindEmailChangeTaken).Data.Link)
}

// The link works only in a browser signed in to the account that asked: a visitor signs in
// first and comes back; another account is refused and nothing changes.
func TestEmailChangeLinkNeedsTheAccountsSession(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "mine@example.test")
	requireRedirect(t, b.requestEmailChange(t, map[string]any{"email": "mine.new@example.test", "currentPassword": goodPassword}), accountPagePath)
	link := pathOf(t, b.lastEmail(t, "mine.new@example.test", mail.KindEmailChange).Data.Link)

	stranger := b.other(t, "stranger@example.test")
	resp, p := stranger.visit(t, link)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	require.Equal(t, "other_account", p.Props["state"])
	require.Empty(t, p.Props["email"], "the new address is not shown to another account")
	resp, p = stranger.send(t, http.MethodPost, link, map[string]any{}, link)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	require.Equal(t, "other_account", p.Props["state"])
	_, p = stranger.visit(t, "/dashboard/general")
	require.Equal(t, "stranger@example.test", authUserOf(t, p)["email"])

	visitor := b.other(t, "")
	resp, _ = visitor.visit(t, link)
	requireRedirect(t, resp, "/auth/login")
	resp = visitor.post(t, "/auth/email/login", map[string]any{"email": "mine@example.test", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, link)
	resp = visitor.post(t, link, map[string]any{}, link)
	requireRedirect(t, resp, accountPagePath)
	require.Equal(t, b.userID(t, "mine.new@example.test"), visitor.userID(t, "mine.new@example.test"))
}

func TestEmailChangeLinkToAnAddressTakenByThen(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "slow@example.test")
	requireRedirect(t, b.requestEmailChange(t, map[string]any{"email": "fast@example.test", "currentPassword": goodPassword}), accountPagePath)
	link := pathOf(t, b.lastEmail(t, "fast@example.test", mail.KindEmailChange).Data.Link)
	b.other(t, "fast@example.test")
	resp, p := b.send(t, http.MethodPost, link, map[string]any{}, link)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "account/email-confirm", p.Component)
	require.Equal(t, "taken", p.Props["state"])
	_, p = b.visit(t, accountPagePath)
	require.Equal(t, "slow@example.test", p.Props["account"].(map[string]any)["email"])
}

func TestEmailChangeRequestsAreRateLimited(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "busy@example.test")
	for i := range 5 {
		requireRedirect(t, b.requestEmailChange(t, map[string]any{"email": "busy" + string(rune('a'+i)) + "@example.test", "currentPassword": goodPassword}), accountPagePath)
		_, p := b.visit(t, accountPagePath)
		require.Contains(t, p.Flash["success"], "Nous avons envoyé un lien", "request %d", i)
	}
	requireRedirect(t, b.requestEmailChange(t, map[string]any{"email": "busyz@example.test", "currentPassword": goodPassword}), accountPagePath)
	require.Contains(t, b.emailErrors(t)["email"], "Trop de demandes de changement d’adresse")
	require.Empty(t, b.sentEmails(t, "busyz@example.test", mail.KindEmailChange))
}

// Deleting an account also erases what was sent to its former and requested addresses.
func TestDeleteAccountErasesItsAddressHistory(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "first@example.test")
	requireRedirect(t, b.requestEmailChange(t, map[string]any{"email": "second@example.test", "currentPassword": goodPassword}), accountPagePath)
	link := pathOf(t, b.lastEmail(t, "second@example.test", mail.KindEmailChange).Data.Link)
	requireRedirect(t, b.post(t, link, map[string]any{}, link), accountPagePath)
	// A change still pending, and one to another account's address (whose mail stays its own).
	requireRedirect(t, b.requestEmailChange(t, map[string]any{"email": "third@example.test", "currentPassword": goodPassword}), accountPagePath)
	b.other(t, "neighbour@example.test")
	requireRedirect(t, b.requestEmailChange(t, map[string]any{"email": "neighbour@example.test", "currentPassword": goodPassword}), accountPagePath)

	resp := b.do(t, http.MethodGet, "/dashboard/settings/export", nil, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var export struct {
		EmailChanges []map[string]any `json:"emailChanges"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&export))
	resp.Body.Close()
	require.Len(t, export.EmailChanges, 3, "the address history is in the export")
	require.Equal(t, "first@example.test", export.EmailChanges[0]["oldEmail"])
	require.NotNil(t, export.EmailChanges[0]["completedAt"])
	require.NotContains(t, export.EmailChanges[0], "tokenHash")
	id := b.userID(t, "second@example.test")

	resp, _ = b.send(t, http.MethodDelete, "/account", map[string]any{"email": "second@example.test"}, "/dashboard/settings")
	requireRedirect(t, resp, "/")
	for _, addr := range []string{"first@example.test", "second@example.test", "third@example.test"} {
		require.Empty(t, leftovers(t, b, addr), "%s is nowhere", addr)
	}
	require.NotEmpty(t, leftovers(t, b, "neighbour@example.test"), "another account's address stays")
	for _, where := range leftovers(t, b, id.String()) {
		table, _, _ := strings.Cut(where, ".")
		require.True(t, ledgerTables[table], "personal data left in %s", where)
	}
}

// A password-less account (code sign-in) asks without a password; the link does the rest.
func TestPasswordlessEmailChangeOverHTTP(t *testing.T) {
	t.Parallel()
	b := setup(t)
	requireRedirect(t, b.post(t, "/auth/otp/login", map[string]any{"email": "code@example.test"}, "/auth/login"), "/auth/otp/code@example.test")
	code := b.lastEmail(t, "code@example.test", mail.KindOTP).Data.Code
	requireRedirect(t, b.post(t, "/auth/otp/login", map[string]any{"email": "code@example.test", "code": code}, "/auth/otp/code@example.test"), "/auth/otp/steps")
	requireRedirect(t, b.post(t, "/auth/otp/complete", map[string]any{"name": "Cody", "surname": "Code"}, "/auth/otp/steps"), "/dashboard/general")
	_, p := b.visit(t, accountPagePath)
	require.Equal(t, false, p.Props["account"].(map[string]any)["hasPassword"])

	requireRedirect(t, b.requestEmailChange(t, map[string]any{"email": "code.new@example.test"}), accountPagePath)
	require.Empty(t, b.emailErrors(t))
	link := pathOf(t, b.lastEmail(t, "code.new@example.test", mail.KindEmailChange).Data.Link)
	requireRedirect(t, b.post(t, link, map[string]any{}, link), accountPagePath)
	_, p = b.visit(t, accountPagePath)
	require.Equal(t, "code.new@example.test", authUserOf(t, p)["email"])
}
