package handlers

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/integrations/mail"
)

// preferencesLink goes through the onboarding with email from a fresh browser and returns the
// path of the link emailed to the address's owner.
func (b *bundle) preferencesLink(t *testing.T, email string) string {
	t.Helper()
	o := b.other(t, "")
	o.onboardingStep(t, map[string]any{"step": 1, "email": email}, "fr")
	o.onboardingStep(t, map[string]any{"step": 2, "diet": "vegetarian", "objective": "muscle_gain", "macroPreset": "high_protein"}, "fr")
	require.Equal(t, 4, stepOf(o.onboardingStep(t, map[string]any{"step": 3}, "fr")))
	link := pathOf(t, b.lastEmail(t, email, mail.KindOnboardingExists).Data.Link)
	require.True(t, strings.HasPrefix(link, "/account/preferences/confirm/"), link)
	return link
}

var onboardedPrefs = identityapp.NutritionPreferences{Diet: nutrition.Vegetarian, Objective: nutrition.MuscleGain, MacroPreset: nutrition.PresetHighProtein}

func (b *bundle) prefsOf(t *testing.T, email string) identityapp.NutritionPreferences {
	t.Helper()
	p, err := b.srv.accounts.Preferences(t.Context(), b.userID(t, email))
	require.NoError(t, err)
	return p
}

func TestPreferencesLinkAppliesOnConfirmation(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "prefs@example.test")
	before := b.prefsOf(t, "prefs@example.test")
	require.NotEqual(t, onboardedPrefs, before)
	link := b.preferencesLink(t, "prefs@example.test")

	// Opening the link shows the choices; it changes nothing.
	resp, p := b.visit(t, link)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "account/preferences-confirm", p.Component)
	require.Equal(t, "confirm", p.Props["state"])
	require.Equal(t, "vegetarian", p.Props["diet"])
	require.Equal(t, "muscle_gain", p.Props["objective"])
	require.Equal(t, "high_protein", p.Props["macroPreset"])
	require.Equal(t, before, b.prefsOf(t, "prefs@example.test"))

	// The confirmation is CSRF-protected.
	resp = b.do(t, http.MethodPost, link, strings.NewReader("{}"), map[string]string{"Content-Type": "application/json"})
	resp.Body.Close()
	require.Equal(t, 419, resp.StatusCode)
	require.Equal(t, before, b.prefsOf(t, "prefs@example.test"))

	resp = b.post(t, link, map[string]any{}, link)
	requireRedirect(t, resp, accountPagePath)
	_, p = b.visit(t, accountPagePath)
	require.Equal(t, "Préférences appliquées\u00a0: régime, objectif et répartition des macronutriments.", p.Flash["success"])
	require.Equal(t, "vegetarian", p.Props["account"].(map[string]any)["diet"])
	require.Equal(t, onboardedPrefs, b.prefsOf(t, "prefs@example.test"))

	// The link is spent.
	resp, p = b.visit(t, link)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "used", p.Props["state"])
	require.Empty(t, p.Props["diet"])
	resp, p = b.send(t, http.MethodPost, link, map[string]any{}, link)
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "used", p.Props["state"])
	resp, p = b.visit(t, "/account/preferences/confirm/forged")
	require.Equal(t, http.StatusGone, resp.StatusCode)
	require.Equal(t, "invalid", p.Props["state"])
}

// The link works only signed in to its account: a visitor signs in first and comes back;
// another account is refused, stays signed in as itself, and nothing changes.
func TestPreferencesLinkNeedsTheAccountsSession(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "mine@example.test")
	before := b.prefsOf(t, "mine@example.test")
	link := b.preferencesLink(t, "mine@example.test")

	stranger := b.other(t, "stranger@example.test")
	strangerBefore := stranger.prefsOf(t, "stranger@example.test")
	resp, p := stranger.visit(t, link)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	require.Equal(t, "other_account", p.Props["state"])
	require.Empty(t, p.Props["diet"], "the choices are not shown to another account")
	resp, p = stranger.send(t, http.MethodPost, link, map[string]any{}, link)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	require.Equal(t, "other_account", p.Props["state"])
	_, p = stranger.visit(t, "/dashboard/general")
	require.Equal(t, "stranger@example.test", authUserOf(t, p)["email"], "no switch of account")
	require.Equal(t, strangerBefore, stranger.prefsOf(t, "stranger@example.test"))
	require.Equal(t, before, b.prefsOf(t, "mine@example.test"))

	visitor := b.other(t, "")
	resp, _ = visitor.visit(t, link)
	requireRedirect(t, resp, "/auth/login")
	resp = visitor.post(t, "/auth/email/login", map[string]any{"email": "mine@example.test", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, link)
	resp, p = visitor.visit(t, link)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "confirm", p.Props["state"])
	resp = visitor.post(t, link, map[string]any{}, link)
	requireRedirect(t, resp, accountPagePath)
	require.Equal(t, onboardedPrefs, b.prefsOf(t, "mine@example.test"))
}
