package identity_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/integrations/mail"
)

// reviewed is progress that reached the review step with valid answers.
func reviewed(email string) identityapp.Onboarding {
	return identityapp.Onboarding{
		Step: identityapp.OnboardingReview, Email: email,
		Diet: string(nutrition.Vegan), Objective: string(nutrition.MuscleGain), MacroPreset: string(nutrition.PresetHighProtein),
	}
}

func TestOnboardingWalksForwardThroughEachStep(t *testing.T) {
	t.Parallel()
	o := identityapp.ResumeOnboarding("")
	require.Equal(t, identityapp.Onboarding{Step: identityapp.OnboardingEmail}, o)

	o, create, err := o.Answer(identityapp.OnboardingAnswer{Step: 1, Email: "  Lea@Example.FR "})
	require.NoError(t, err)
	require.False(t, create)
	require.Equal(t, identityapp.Onboarding{Step: identityapp.OnboardingPreferences, Email: "lea@example.fr"}, o)

	o, create, err = o.Answer(identityapp.OnboardingAnswer{Step: 2, Diet: "vegan", Objective: "muscle_gain", MacroPreset: string(nutrition.PresetHighProtein)})
	require.NoError(t, err)
	require.False(t, create)
	require.Equal(t, reviewed("lea@example.fr"), o)

	next, create, err := o.Answer(identityapp.OnboardingAnswer{Step: 3})
	require.NoError(t, err)
	require.True(t, create, "the review step's forward answer asks the caller to create the account")
	require.Equal(t, o, next, "nothing moves before the account exists")
}

func TestOnboardingRefusesInvalidAnswersAndKeepsTheValidOnes(t *testing.T) {
	t.Parallel()
	o := identityapp.Onboarding{Step: identityapp.OnboardingEmail}
	long := strings.Repeat("é", 400) // 800 bytes: the kept text is cut, on a rune boundary
	next, _, err := o.Answer(identityapp.OnboardingAnswer{Step: 1, Email: "  " + long + " "})
	var fe identity.FieldErrors
	require.ErrorAs(t, err, &fe)
	require.ErrorIs(t, fe["email"], identity.ErrEmailInvalid)
	require.Equal(t, identityapp.OnboardingEmail, next.Step)
	require.LessOrEqual(t, len(next.Email), 320)
	require.True(t, strings.HasPrefix(long, next.Email), "what was typed is kept to be shown again")

	o = identityapp.Onboarding{Step: identityapp.OnboardingPreferences, Email: "a@example.com", Diet: "vegan", Objective: "maintenance", MacroPreset: "balanced"}
	next, _, err = o.Answer(identityapp.OnboardingAnswer{Step: 2, Diet: "vegetarian", Objective: "fasting", MacroPreset: "nope"})
	require.ErrorAs(t, err, &fe)
	require.ErrorIs(t, fe["objective"], nutrition.ErrObjectiveInvalid)
	require.Contains(t, fe, "macroPreset")
	require.NotContains(t, fe, "diet")
	require.Equal(t, identityapp.Onboarding{Step: identityapp.OnboardingPreferences, Email: "a@example.com", Diet: "vegetarian"}, next,
		"earlier choices are replaced by this answer: valid ones kept, invalid ones cleared")
}

func TestOnboardingBackRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		from, want int
	}{
		{identityapp.OnboardingEmail, identityapp.OnboardingEmail},        // nothing before the first step
		{identityapp.OnboardingPreferences, identityapp.OnboardingEmail},  // one step back
		{identityapp.OnboardingReview, identityapp.OnboardingPreferences}, // one step back
		{identityapp.OnboardingWelcome, identityapp.OnboardingWelcome},    // the account exists: no way back
	}
	for _, c := range cases {
		o := reviewed("b@example.com")
		o.Step = c.from
		next, create, err := o.Answer(identityapp.OnboardingAnswer{Step: c.from, Back: true, Diet: "garbage"})
		require.NoError(t, err, "back does not check the answer")
		require.False(t, create)
		require.Equal(t, c.want, next.Step, "back from %d", c.from)
		require.Equal(t, o.Diet, next.Diet, "back keeps the answers")
	}
}

func TestOnboardingIgnoresAnswersForAnotherStep(t *testing.T) {
	t.Parallel()
	o := reviewed("c@example.com")
	for _, a := range []identityapp.OnboardingAnswer{
		{Step: 1, Email: "other@example.com"}, // a stale tab
		{Step: 2, Back: true},
		{Step: 4},
	} {
		next, create, err := o.Answer(a)
		require.ErrorIs(t, err, identityapp.ErrOnboardingOutOfStep)
		require.False(t, create)
		require.Equal(t, o, next)
	}
}

func TestResumeOnboardingStartsAgainFromGarbledOrOutOfRangeState(t *testing.T) {
	t.Parallel()
	fresh := identityapp.Onboarding{Step: identityapp.OnboardingEmail}
	for _, raw := range []string{"", "{", `{"step":0}`, `{"step":5,"email":"x@example.com"}`, `{"step":"two"}`} {
		require.Equal(t, fresh, identityapp.ResumeOnboarding(raw), raw)
	}
	o := reviewed("d@example.com")
	require.Equal(t, o, identityapp.ResumeOnboarding(o.Encode()), "stored progress round-trips")
}

func TestFinishOnboardingCreatesTheAccountAndWelcomes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	next, err := b.svc.FinishOnboarding(t.Context(), reviewed("e@example.com"), identity.English)
	require.NoError(t, err)
	require.Equal(t, identityapp.OnboardingWelcome, next.Step)
	u, err := b.svc.ByEmail(t.Context(), "e@example.com")
	require.NoError(t, err)
	prefs, err := b.svc.Preferences(t.Context(), u.ID)
	require.NoError(t, err)
	require.Equal(t, nutrition.Vegan, prefs.Diet)
	require.Equal(t, "en", b.lastEmail(t, "e@example.com", mail.KindVerify).Locale)
}

// A session whose answers no longer hold (tampered, or rules changed since) goes back to the
// first wrong step and creates nothing.
func TestFinishOnboardingRecoversAStaleSession(t *testing.T) {
	t.Parallel()
	b := setup(t)
	badDiet := reviewed("f@example.com")
	badDiet.Diet = "carnivore"
	next, err := b.svc.FinishOnboarding(t.Context(), badDiet, identity.French)
	require.ErrorIs(t, err, identityapp.ErrOnboardingStale)
	require.Equal(t, identityapp.OnboardingPreferences, next.Step)

	badEmail := reviewed("not-an-address")
	badEmail.Objective = "nope"
	next, err = b.svc.FinishOnboarding(t.Context(), badEmail, identity.French)
	require.ErrorIs(t, err, identityapp.ErrOnboardingStale)
	require.Equal(t, identityapp.OnboardingEmail, next.Step, "the email is the first wrong step")

	_, err = b.svc.ByEmail(t.Context(), "f@example.com")
	require.ErrorIs(t, err, identityapp.ErrNotFound)
	require.Empty(t, b.emails(t))

	_, err = b.svc.FinishOnboarding(t.Context(), identityapp.Onboarding{Step: identityapp.OnboardingPreferences}, identity.French)
	require.ErrorIs(t, err, identityapp.ErrOnboardingOutOfStep)
}
