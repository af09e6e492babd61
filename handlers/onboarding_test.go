package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/integrations/mail"
)

// onboardingStep posts one step from the onboarding page and returns the page shown next.
func (b *bundle) onboardingStep(t *testing.T, body map[string]any, lang string) pageObject {
	t.Helper()
	h := map[string]string{"Referer": b.ts.URL + "/onboarding", "Cookie": "i18next=" + lang}
	resp, _ := b.inertiaVisit(t, http.MethodPost, "/onboarding", body, h)
	requireRedirect(t, resp, "/onboarding")
	_, p := b.inertiaVisit(t, http.MethodGet, "/onboarding", nil, map[string]string{"Cookie": "i18next=" + lang})
	require.Equal(t, "onboarding/index", p.Component)
	return p
}

func stepOf(p pageObject) int {
	n, _ := p.Props["step"].(float64)
	return int(n)
}

func answersOf(p pageObject) map[string]any {
	a, _ := p.Props["answers"].(map[string]any)
	return a
}

func TestOnboardingWalksTheFourStepsAndCreatesTheAccount(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, p := b.visit(t, "/onboarding")
	require.Equal(t, "onboarding/index", p.Component)
	require.Equal(t, 1, stepOf(p))
	require.Nil(t, p.Props["promo"])
	opts := p.Props["options"].(map[string]any)
	require.Equal(t, []any{"omnivore", "vegetarian", "vegan"}, opts["diets"])
	require.Equal(t, []any{"weight_loss", "muscle_gain", "recomposition", "maintenance"}, opts["objectives"])
	require.Len(t, opts["presets"], 5)
	require.Equal(t, map[string]any{"name": "low_carbs", "split": map[string]any{"protein": 45.0, "fat": 40.0, "carbs": 15.0}}, opts["presets"].([]any)[3])

	p = b.onboardingStep(t, map[string]any{"step": 1, "email": "  Lea@Example.FR "}, "fr")
	require.Equal(t, 2, stepOf(p))
	require.Equal(t, "lea@example.fr", answersOf(p)["email"])

	p = b.onboardingStep(t, map[string]any{"step": 2, "diet": "vegan", "objective": "recomposition", "macroPreset": "high_protein"}, "fr")
	require.Equal(t, 3, stepOf(p))
	require.Empty(t, b.sentEmails(t, "lea@example.fr", mail.KindVerify), "no account before step 3")

	p = b.onboardingStep(t, map[string]any{"step": 3}, "fr")
	require.Equal(t, 4, stepOf(p))
	require.Equal(t, map[string]any{"code": "BIENVENUE30", "percent": 30.0}, p.Props["promo"])
	// No placeholder video (three coloured rectangles) at the end: nothing that is not the product.
	require.NotContains(t, p.Props, "video")

	u, err := b.srv.accounts.ByEmail(t.Context(), "lea@example.fr")
	require.NoError(t, err)
	require.False(t, u.Verified(), "verified only by the emailed link")
	require.Equal(t, identity.French, u.Language)
	prefs, err := b.srv.accounts.Preferences(t.Context(), u.ID)
	require.NoError(t, err)
	require.Equal(t, identityapp.NutritionPreferences{Diet: nutrition.Vegan, Objective: nutrition.Recomposition, MacroPreset: nutrition.PresetHighProtein}, prefs)

	// The verification link signs the person in with the 2 tokens.
	resp, _ := b.visit(t, pathOf(t, b.lastEmail(t, "lea@example.fr", mail.KindVerify).Data.Link))
	requireRedirect(t, resp, "/dashboard/general")
	_, p = b.visit(t, "/")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"])

	// Signed in now, the onboarding sends the person to their dashboard.
	resp, _ = b.visit(t, "/onboarding")
	requireRedirect(t, resp, "/dashboard/general")
}

// The onboarding's last step offers « Se connecter avec un code »: it is a POST that sends the
// code before the code page says one was sent, and the code from that e-mail signs the person in.
func TestOnboardingSignInWithACodeSendsTheCode(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.onboardingStep(t, map[string]any{"step": 1, "email": "noe@example.fr"}, "fr")
	b.onboardingStep(t, map[string]any{"step": 2, "diet": "omnivore", "objective": "maintenance", "macroPreset": "default"}, "fr")
	p := b.onboardingStep(t, map[string]any{"step": 3}, "fr")
	require.Equal(t, 4, stepOf(p))
	require.Empty(t, b.sentEmails(t, "noe@example.fr", mail.KindOTP))

	// The old link's GET sends nothing and does not show the code page.
	resp := b.do(t, http.MethodGet, "/auth/otp/ask-otp/noe@example.fr", nil, nil)
	resp.Body.Close()
	require.NotEqual(t, "/auth/otp/noe@example.fr", resp.Header.Get("Location"))
	require.Empty(t, b.sentEmails(t, "noe@example.fr", mail.KindOTP))

	// The step's form: one code e-mail, then the code page.
	h := map[string]string{"Referer": b.ts.URL + "/onboarding", "Cookie": "i18next=fr"}
	resp, _ = b.inertiaVisit(t, http.MethodPost, "/auth/otp/login", map[string]any{"email": "noe@example.fr"}, h)
	requireRedirect(t, resp, "/auth/otp/noe@example.fr")
	require.Len(t, b.sentEmails(t, "noe@example.fr", mail.KindOTP), 1)
	_, p = b.visit(t, "/auth/otp/noe@example.fr")
	require.Equal(t, "auth/otp", p.Component)

	code := b.lastEmail(t, "noe@example.fr", mail.KindOTP).Data.Code
	resp, _ = b.inertiaVisit(t, http.MethodPost, "/auth/otp/login", map[string]any{"email": "noe@example.fr", "code": code},
		map[string]string{"Referer": b.ts.URL + "/auth/otp/noe@example.fr"})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, p = b.visit(t, "/")
	require.Equal(t, "noe@example.fr", authUserOf(t, p)["email"])
}

func TestOnboardingStepOneRequiresAValidEmail(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, c := range []struct{ email, lang, want string }{
		{"", "en", "A valid email is required to continue."},
		{"not-an-email", "fr", "Une adresse e-mail valide est requise pour continuer."},
		{"a@localhost", "en", "A valid email is required to continue."},
	} {
		p := b.onboardingStep(t, map[string]any{"step": 1, "email": c.email}, c.lang)
		require.Equal(t, 1, stepOf(p), c.email)
		require.Equal(t, c.want, errorsOf(p)["email"], c.email)
		require.Equal(t, c.email, answersOf(p)["email"], "what was typed is kept")
	}
}

func TestOnboardingStepTwoChecksEachPreference(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.onboardingStep(t, map[string]any{"step": 1, "email": "sam@example.com"}, "en")

	p := b.onboardingStep(t, map[string]any{"step": 2, "diet": "carnivore", "objective": "", "macroPreset": "keto"}, "en")
	require.Equal(t, 2, stepOf(p))
	require.Equal(t, map[string]any{
		"diet": "Choose a diet.", "objective": "Choose an objective.", "macroPreset": "Choose a macronutrient split.",
	}, errorsOf(p))

	p = b.onboardingStep(t, map[string]any{"step": 2, "diet": "vegetarian", "objective": "maintenance", "macroPreset": "nope"}, "fr")
	require.Equal(t, 2, stepOf(p))
	require.Equal(t, map[string]any{"macroPreset": "Choisissez une répartition des macronutriments."}, errorsOf(p))
	require.Equal(t, "vegetarian", answersOf(p)["diet"], "valid answers are kept")
}

func TestOnboardingBackAndStaleSteps(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.onboardingStep(t, map[string]any{"step": 1, "email": "kim@example.com"}, "en")

	// A post for a step the person is not on (an old tab) changes nothing.
	p := b.onboardingStep(t, map[string]any{"step": 3}, "en")
	require.Equal(t, 2, stepOf(p))
	require.Equal(t, "This page was out of date; here is where you are now.", errorsOf(p)["form"])
	_, err := b.srv.accounts.ByEmail(t.Context(), "kim@example.com")
	require.ErrorIs(t, err, identityapp.ErrNotFound)

	p = b.onboardingStep(t, map[string]any{"step": 2, "action": "back"}, "en")
	require.Equal(t, 1, stepOf(p))
	require.Equal(t, "kim@example.com", answersOf(p)["email"], "going back keeps the answer")
	require.Empty(t, errorsOf(p))
}

func TestOnboardingWithAKnownEmailRevealsNothingAndChangesNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.registerAndVerify(t, "owner@example.com")
	owner, err := b.srv.accounts.ByEmail(t.Context(), "owner@example.com")
	require.NoError(t, err)
	before, err := b.srv.accounts.Preferences(t.Context(), owner.ID)
	require.NoError(t, err)

	b.client = newJarClient()
	b.onboardingStep(t, map[string]any{"step": 1, "email": "owner@example.com"}, "en")
	b.onboardingStep(t, map[string]any{"step": 2, "diet": "vegan", "objective": "weight_loss", "macroPreset": "low_carbs"}, "en")
	p := b.onboardingStep(t, map[string]any{"step": 3}, "en")
	require.Equal(t, 4, stepOf(p), "the same answer as for a new address")

	after, err := b.srv.accounts.Preferences(t.Context(), owner.ID)
	require.NoError(t, err)
	require.Equal(t, before, after, "a stranger cannot rewrite the owner's preferences")
	require.Empty(t, b.sentEmails(t, "owner@example.com", mail.KindAccountExists))
	sent := b.sentEmails(t, "owner@example.com", mail.KindOnboardingExists)
	require.Len(t, sent, 1, "the owner is told what happened instead")
	e := sent[0]
	link := pathOf(t, e.Data.Link)
	require.True(t, strings.HasPrefix(link, "/account/preferences/confirm/"), link)
	require.Equal(t, mail.Data{
		Name: owner.Name, Link: e.Data.Link,
		Diet: "vegan", Objective: "weight_loss", MacroPreset: "low_carbs",
	}, e.Data, "the preferences chosen, and a single-use link that applies them")

	// The email, in the owner's language, says the account was kept and what was chosen.
	msg, err := mail.Compose(b.srv.tr, e.Locale, e.Template, e.To, e.Data)
	require.NoError(t, err)
	require.Contains(t, msg.Text, "aucun de ses réglages n’a changé")
	require.Contains(t, msg.Text, "régime «\u202fVégan\u202f», objectif «\u202fPerte de poids\u202f», répartition des macronutriments «\u202fPauvre en glucides\u202f»")
	require.Contains(t, msg.Text, "Appliquer ces préférences")
	require.Contains(t, msg.Text, e.Data.Link)
	en, err := mail.Compose(b.srv.tr, "en", e.Template, e.To, e.Data)
	require.NoError(t, err)
	require.Contains(t, en.Text, "We kept your account as it was: none of its settings changed.")
	require.Contains(t, en.Text, "diet “Vegan”, objective “Weight loss”, macronutrient split “Low carbs”")

	// The link asks a signed-out visitor to sign in, then comes back to it; it shows the
	// choices and changes nothing until the owner confirms.
	resp, _ := b.visit(t, link)
	requireRedirect(t, resp, "/auth/login")
	resp = b.post(t, "/auth/email/login", map[string]any{"email": "owner@example.com", "password": goodPassword}, "/auth/login")
	requireRedirect(t, resp, link)
	resp, p = b.visit(t, link)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "account/preferences-confirm", p.Component)
	require.Equal(t, "vegan", p.Props["diet"])
	still, err := b.srv.accounts.Preferences(t.Context(), owner.ID)
	require.NoError(t, err)
	require.Equal(t, before, still)
	resp = b.post(t, link, map[string]any{}, link)
	requireRedirect(t, resp, accountPagePath)
	applied, err := b.srv.accounts.Preferences(t.Context(), owner.ID)
	require.NoError(t, err)
	require.Equal(t, identityapp.NutritionPreferences{Diet: nutrition.Vegan, Objective: nutrition.WeightLoss, MacroPreset: nutrition.PresetLowCarbs}, applied)
}

func TestOnboardingAcceptsClassicFormPosts(t *testing.T) {
	t.Parallel()
	b := setup(t)
	form := url.Values{"step": {"1"}, "email": {"form@example.com"}}.Encode()
	resp := b.do(t, http.MethodPost, "/onboarding", strings.NewReader(form), map[string]string{
		"Content-Type": "application/x-www-form-urlencoded", "X-XSRF-TOKEN": b.xsrf(t),
	})
	resp.Body.Close()
	requireRedirect(t, resp, "/onboarding")
	_, p := b.visit(t, "/onboarding")
	require.Equal(t, 2, stepOf(p))
}

func TestOnboardingPreselectsTheDefaultPreset(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, p := b.visit(t, "/onboarding")
	require.Equal(t, "onboarding/index", p.Component)
	require.Equal(t, string(nutrition.PresetDefault), answersOf(p)["macroPreset"])
}

// "Prise de muscle" with the high-protein preset at onboarding are the person's first
// goals: the dashboard charts them and the meal prep plans for them, not for a default 2,000 kcal.
func TestOnboardingChoicesAreTheFirstGoals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.onboardingStep(t, map[string]any{"step": 1, "email": "gain@example.fr"}, "fr")
	b.onboardingStep(t, map[string]any{"step": 2, "diet": "omnivore", "objective": "muscle_gain", "macroPreset": "high_protein"}, "fr")
	b.onboardingStep(t, map[string]any{"step": 3}, "fr")
	resp, _ := b.visit(t, pathOf(t, b.lastEmail(t, "gain@example.fr", mail.KindVerify).Data.Link))
	requireRedirect(t, resp, "/dashboard/general")

	want := map[string]any{"kcal": 2200.0, "proteinG": 220.0, "fatG": 73.0, "carbsG": 165.0}
	_, p := b.visit(t, "/dashboard/general")
	require.Equal(t, want, p.Props["goals"])
	_, p = b.visit(t, "/dashboard/account")
	require.Equal(t, want, p.Props["account"].(map[string]any)["goals"])

	id := b.createMealPrep(t, "Semaine")
	_, p = b.visit(t, "/mealprep/"+id.String()+"/recipes")
	goals := p.Props["goals"].(map[string]any)
	require.Equal(t, false, goals["defaulted"])
	require.Equal(t, 2200.0, goals["daily"].(map[string]any)["kcal"])
}
