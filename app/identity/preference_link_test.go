package identity_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/integrations/mail"
)

// onboardKnown runs the onboarding with u's address and returns the token of the link the
// owner's onboarding_exists email carries.
func onboardKnown(t *testing.T, b *bundle, u identityapp.User, p identityapp.NutritionPreferences) string {
	t.Helper()
	require.NoError(t, b.svc.StartOnboarding(t.Context(), identityapp.OnboardingInput{
		Email: u.Email, Diet: p.Diet, Objective: p.Objective, MacroPreset: p.MacroPreset, Language: identity.English,
	}))
	e := b.lastEmail(t, u.Email, mail.KindOnboardingExists)
	require.True(t, strings.HasPrefix(e.Data.Link, "http://app.test/account/preferences/confirm/"), e.Data.Link)
	require.Equal(t, string(p.Diet), e.Data.Diet)
	return lastSegment(e.Data.Link)
}

var chosen = identityapp.NutritionPreferences{Diet: nutrition.Vegan, Objective: nutrition.WeightLoss, MacroPreset: nutrition.PresetLowCarbs}

func TestPreferenceLinkAppliesOnceWhatOnboardingWouldSet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "owner@example.com")
	before, err := b.svc.Preferences(ctx, u.ID)
	require.NoError(t, err)
	require.NotEqual(t, chosen, before)

	token := onboardKnown(t, b, u, chosen)
	// The secret is in no job's arguments in clear, and only its hash is stored.
	var inArgs, inTable int
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE args::text LIKE '%' || $1 || '%'`, token).Scan(&inArgs))
	require.NoError(t, b.db.Pool.QueryRow(ctx, `SELECT count(*) FROM preference_links WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'`, token).Scan(&inTable))
	require.Zero(t, inArgs)
	require.Zero(t, inTable)

	// Looking changes nothing and does not spend the link.
	got, err := b.svc.PreferenceLink(ctx, u.ID, token)
	require.NoError(t, err)
	require.Equal(t, chosen, got)
	still, err := b.svc.Preferences(ctx, u.ID)
	require.NoError(t, err)
	require.Equal(t, before, still)

	applied, err := b.svc.ApplyPreferenceLink(ctx, u.ID, token)
	require.NoError(t, err)
	require.Equal(t, chosen, applied)
	after, err := b.svc.Preferences(ctx, u.ID)
	require.NoError(t, err)
	require.Equal(t, chosen, after)

	// The same columns a new account gets from the same answers.
	require.NoError(t, b.svc.StartOnboarding(ctx, identityapp.OnboardingInput{
		Email: "new@example.com", Diet: chosen.Diet, Objective: chosen.Objective, MacroPreset: chosen.MacroPreset,
	}))
	fresh, err := b.svc.ByEmail(ctx, "new@example.com")
	require.NoError(t, err)
	freshPrefs, err := b.svc.Preferences(ctx, fresh.ID)
	require.NoError(t, err)
	require.Equal(t, freshPrefs, after)

	// Single use.
	_, err = b.svc.ApplyPreferenceLink(ctx, u.ID, token)
	require.ErrorIs(t, err, identity.ErrLinkUsed)
	_, err = b.svc.PreferenceLink(ctx, u.ID, token)
	require.ErrorIs(t, err, identity.ErrLinkUsed)
	_, err = b.svc.ApplyPreferenceLink(ctx, u.ID, "forged")
	require.ErrorIs(t, err, identity.ErrLinkInvalid)
	_, err = b.svc.ApplyPreferenceLink(ctx, u.ID, "")
	require.ErrorIs(t, err, identity.ErrLinkInvalid)
}

func TestPreferenceLinkExpires(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	u := verified(t, b, "late@example.com")
	before, err := b.svc.Preferences(ctx, u.ID)
	require.NoError(t, err)
	token := onboardKnown(t, b, u, chosen)

	b.clock.advance(identity.PreferenceLinkTTL)
	_, err = b.svc.PreferenceLink(ctx, u.ID, token)
	require.ErrorIs(t, err, identity.ErrLinkExpired)
	_, err = b.svc.ApplyPreferenceLink(ctx, u.ID, token)
	require.ErrorIs(t, err, identity.ErrLinkExpired)
	after, err := b.svc.Preferences(ctx, u.ID)
	require.NoError(t, err)
	require.Equal(t, before, after)
}

func TestPreferenceLinkRefusesAnotherAccount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	owner := verified(t, b, "mine@example.com")
	other := verified(t, b, "other@example.com")
	otherBefore, err := b.svc.Preferences(ctx, other.ID)
	require.NoError(t, err)
	token := onboardKnown(t, b, owner, chosen)

	_, err = b.svc.PreferenceLink(ctx, other.ID, token)
	require.ErrorIs(t, err, identityapp.ErrPreferenceLinkOtherAccount)
	_, err = b.svc.ApplyPreferenceLink(ctx, other.ID, token)
	require.ErrorIs(t, err, identityapp.ErrPreferenceLinkOtherAccount)
	otherAfter, err := b.svc.Preferences(ctx, other.ID)
	require.NoError(t, err)
	require.Equal(t, otherBefore, otherAfter, "nothing changes on the other account")

	// The owner can still use it.
	_, err = b.svc.ApplyPreferenceLink(ctx, owner.ID, token)
	require.NoError(t, err)
}

// The objective and preset chosen at onboarding become the person's first goals
// ("Prise de muscle" + high protein is 2,200 kcal split 40/30/30, not "no goals"); goals a
// person already has are kept when a preference link is applied.
func TestOnboardingChoicesBecomeTheFirstGoals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	require.NoError(t, b.svc.StartOnboarding(ctx, identityapp.OnboardingInput{
		Email: "gain@example.com", Diet: nutrition.Omnivore, Objective: nutrition.MuscleGain, MacroPreset: nutrition.PresetHighProtein,
	}))
	u, err := b.svc.ByEmail(ctx, "gain@example.com")
	require.NoError(t, err)
	a, err := b.svc.Account(ctx, u.ID)
	require.NoError(t, err)
	// 2,200 kcal: 880/4 = 220 g protein, 660/9 = 73 g fat, 660/4 = 165 g carbs.
	require.Equal(t, &nutrition.Goals{Kcal: 2200, ProteinG: 220, FatG: 73, CarbsG: 165}, a.Goals)

	// A person without goals gets them from the link; one with goals keeps theirs.
	bare := verified(t, b, "bare@example.com")
	token := onboardKnown(t, b, bare, chosen)
	_, err = b.svc.ApplyPreferenceLink(ctx, bare.ID, token)
	require.NoError(t, err)
	a, err = b.svc.Account(ctx, bare.ID)
	require.NoError(t, err)
	want, err := nutrition.StarterGoals(chosen.Objective, chosen.MacroPreset)
	require.NoError(t, err)
	require.Equal(t, &want, a.Goals)
	require.Equal(t, 1600, want.Kcal, "weight loss: 2,000 kcal − 20 %")

	set := verified(t, b, "set@example.com")
	mine := nutrition.Goals{Kcal: 2500, ProteinG: 150, FatG: 80, CarbsG: 290}
	require.NoError(t, b.svc.SetGoals(ctx, set.ID, mine))
	token = onboardKnown(t, b, set, chosen)
	_, err = b.svc.ApplyPreferenceLink(ctx, set.ID, token)
	require.NoError(t, err)
	a, err = b.svc.Account(ctx, set.ID)
	require.NoError(t, err)
	require.Equal(t, &mine, a.Goals)
}
