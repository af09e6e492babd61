package handlers

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// A refused form sends its errors back through the session in the language of the request that
// refused it; the page that shows them follows a language chosen in between, and carries every
// locale's version of each text so the client-side switch can follow too.
func TestRefusedFormErrorsFollowALanguageSwitch(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp, _ := b.inertiaVisit(t, http.MethodPost, "/auth/register", map[string]any{
		"name": "", "surname": "Durand", "email": "switch@example.com", "password": "court", "password_confirmation": "court",
	}, map[string]string{"Referer": b.ts.URL + "/auth/register", "Cookie": "i18next=fr"})
	requireRedirect(t, resp, "/auth/register")

	// The person switches to English before the page shows the errors.
	_, p := b.inertiaVisit(t, http.MethodGet, "/auth/register", nil, map[string]string{"Cookie": "i18next=en"})
	require.Equal(t, "auth/register", p.Component)
	errs, _ := p.Props["errors"].(map[string]any)
	require.Equal(t, "The password must be at least 8 characters long.", errs["password"])
	require.Equal(t, "Your first name is required.", errs["name"])

	texts, _ := p.Props["serverTexts"].(map[string]any)
	fr, _ := texts["Le mot de passe doit contenir au moins 8 caractères."].(map[string]any)
	require.Equal(t, "The password must be at least 8 characters long.", fr["en"], "the French text maps to its English version")
	en, _ := texts["Your first name is required."].(map[string]any)
	require.Equal(t, "Le prénom est requis.", en["fr"], "and the English one back to French")

	// Flashed once: the next visit shows neither the errors nor their texts.
	_, p = b.inertiaVisit(t, http.MethodGet, "/auth/register", nil, map[string]string{"Cookie": "i18next=en"})
	require.Empty(t, p.Props["errors"])
	require.Nil(t, p.Props["serverTexts"])
}

// Errors under an error bag (a page with two forms) follow the switch as well, and a flash
// message does too.
func TestErrorBagsAndFlashFollowALanguageSwitch(t *testing.T) {
	t.Parallel()
	b := setup(t)
	resp, _ := b.inertiaVisit(t, http.MethodPost, "/auth/register", map[string]any{
		"name": "Ana", "surname": "", "email": "bag@example.com", "password": "correct horse battery", "password_confirmation": "correct horse battery",
	}, map[string]string{"Referer": b.ts.URL + "/auth/register", "Cookie": "i18next=en", headerErrorBag: "signup"})
	requireRedirect(t, resp, "/auth/register")
	_, p := b.inertiaVisit(t, http.MethodGet, "/auth/register", nil, map[string]string{"Cookie": "i18next=fr", headerErrorBag: "signup"})
	errs, _ := p.Props["errors"].(map[string]any)
	bag, _ := errs["signup"].(map[string]any)
	require.Equal(t, "Le nom est requis.", bag["surname"])

	resp, _ = b.inertiaVisit(t, http.MethodPost, "/terms", map[string]any{}, map[string]string{"Referer": b.ts.URL + "/terms", "Cookie": "i18next=fr"})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "a form posted to a GET-only page goes back with a flash")
	_, p = b.inertiaVisit(t, http.MethodGet, "/terms", nil, map[string]string{"Cookie": "i18next=en"})
	flash, _ := p.Props["flash"].(map[string]any)
	require.NotEmpty(t, flash["error"])
	texts, _ := p.Props["serverTexts"].(map[string]any)
	all, _ := texts[flash["error"].(string)].(map[string]any)
	require.Equal(t, flash["error"], all["en"], "the flash is shown in English")
	require.NotEqual(t, all["fr"], all["en"])
}
