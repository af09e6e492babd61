package handlers

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/integrations/mail"
)

// A password change asks for the current password, errors land in the
// password form's error bag, a change signs every other browser out but keeps this one.
func TestAccountPasswordChange(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "pw@example.test")
	second := b.other(t, "")
	resp := second.post(t, "/auth/email/login", map[string]any{"email": "pw@example.test", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")
	_, p := b.visit(t, "/dashboard/account")
	require.Equal(t, true, p.Props["account"].(map[string]any)["hasPassword"])

	const page = "/dashboard/account"
	bag := map[string]string{"Referer": b.ts.URL + page, "X-Inertia-Error-Bag": "password"}
	resp, _ = b.inertiaVisit(t, http.MethodPost, "/account/password", map[string]any{
		"currentPassword": "pas-le-bon-99", "password": "nouveau-mot-77", "password_confirmation": "nouveau-mot-77",
	}, bag)
	requireRedirect(t, resp, page)
	// The browser keeps the bag header on the redirect that follows the refusal.
	_, p = b.inertiaVisit(t, http.MethodGet, page, nil, bag)
	require.Equal(t, map[string]any{"currentPassword": "Le mot de passe actuel est incorrect."}, errorsOf(p)["password"], "in the password form's bag")

	resp, _ = b.inertiaVisit(t, http.MethodPost, "/account/password", map[string]any{
		"currentPassword": goodPassword, "password": "nouveau-mot-77", "password_confirmation": "autre-mot-88",
	}, bag)
	requireRedirect(t, resp, page)
	_, p = b.inertiaVisit(t, http.MethodGet, page, nil, bag)
	require.Equal(t, map[string]any{"password_confirmation": "La confirmation ne correspond pas au mot de passe."}, errorsOf(p)["password"])

	// Refusals changed nothing: the old password still signs in elsewhere.
	_, p = second.visit(t, page)
	require.Equal(t, "account/index", p.Component)

	resp, _ = b.send(t, http.MethodPost, "/account/password", map[string]any{
		"currentPassword": goodPassword, "password": "nouveau-mot-77", "password_confirmation": "nouveau-mot-77",
	}, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, "account/index", p.Component, "this browser stays signed in")
	require.Equal(t, "Votre mot de passe est enregistré.", p.Props["flash"].(map[string]any)["success"])
	resp, _ = second.visit(t, page)
	requireRedirect(t, resp, "/auth/login")

	third := b.other(t, "")
	resp = third.post(t, "/auth/email/login", map[string]any{"email": "pw@example.test", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, "/auth/login")
	resp = third.post(t, "/auth/email/login", map[string]any{"email": "pw@example.test", "password": "nouveau-mot-77"}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")
}

// A person who signed up with a code sets a first password without being
// asked for a current one, and can then sign in with it.
func TestAccountFirstPasswordForACodeAccount(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp := b.post(t, "/auth/otp/login", map[string]any{"email": "nopw@example.com"}, "/auth/login")
	requireRedirect(t, resp, "/auth/otp/nopw@example.com")
	code := b.lastEmail(t, "nopw@example.com", mail.KindOTP).Data.Code
	resp = b.post(t, "/auth/otp/login", map[string]any{"email": "nopw@example.com", "code": code}, "/auth/otp/nopw@example.com")
	requireRedirect(t, resp, "/auth/otp/steps")
	resp = b.post(t, "/auth/otp/complete", map[string]any{"name": "Noé", "surname": "Sanspasse"}, "/auth/otp/steps")
	requireRedirect(t, resp, "/dashboard/general")

	const page = "/dashboard/account"
	_, p := b.visit(t, page)
	require.Equal(t, false, p.Props["account"].(map[string]any)["hasPassword"])
	resp, _ = b.send(t, http.MethodPost, "/account/password", map[string]any{"password": "court", "password_confirmation": "court"}, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.NotEmpty(t, errorsOf(p)["password"])
	require.Empty(t, errorsOf(p)["currentPassword"], "no current password to ask for")

	resp, _ = b.send(t, http.MethodPost, "/account/password", map[string]any{"password": "premier-mot-55", "password_confirmation": "premier-mot-55"}, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, true, p.Props["account"].(map[string]any)["hasPassword"])

	other := b.other(t, "")
	resp = other.post(t, "/auth/email/login", map[string]any{"email": "nopw@example.com", "password": "premier-mot-55"}, "/auth/login")
	requireRedirect(t, resp, "/dashboard/general")
}
