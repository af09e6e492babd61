package nutrition_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestGuideOf(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	body := nutrition.Body{WeightKg: 80, HeightCm: 180, Age: 30, Sex: nutrition.Male}
	needs := func(t *testing.T, o nutrition.Objective) nutrition.Needs {
		t.Helper()
		n, err := nutrition.CalculateNeeds(nutrition.NeedsInput{Body: body, Activity: nutrition.Moderate, Objective: o, Preset: nutrition.PresetDefault})
		require.NoError(t, err)
		return n
	}
	t.Run("weight loss: a 20 % deficit is about half a kilo a week, 2 kg in 4 weeks", func(t *testing.T) {
		n := needs(t, nutrition.WeightLoss) // BMR 1780, maintenance 2759, target 2207
		g := nutrition.GuideOf(n, at)
		require.Equal(t, 979, g.ActivityKcal, "1,55 × 1780 − 1780")
		require.Equal(t, -552, g.BalanceKcal)
		require.Equal(t, -0.5, g.WeeklyChangeKg, "−552 × 7 ÷ 7700 = −0,50")
		require.Equal(t, 4, g.WeeksToReviewKg)
		// 138 g, 61 g and 276 g are 552 + 549 + 1,104 = 2,205 kcal; shown, they add up to 2,207.
		require.Equal(t, 2207, n.Kcal)
		require.Equal(t, []int{553, 549, 1105}, []int{g.ProteinKcal, g.FatKcal, g.CarbsKcal})
		require.Equal(t, 1.7, g.ProteinPerKg, "138 g for 80 kg")
		require.Equal(t, 66, g.ProteinFloorG, "0,83 g × 80 kg")
		require.Equal(t, 4, g.ReviewWeeks)
		require.Equal(t, 2.0, g.ReviewKg)
		require.Equal(t, time.Date(2026, 12, 23, 10, 0, 0, 0, time.UTC), g.ReviewOn)
	})
	t.Run("muscle gain is a gain", func(t *testing.T) {
		g := nutrition.GuideOf(needs(t, nutrition.MuscleGain), at)
		require.Equal(t, 276, g.BalanceKcal)
		require.Equal(t, 0.25, g.WeeklyChangeKg)
		require.Equal(t, 8, g.WeeksToReviewKg)
	})
	t.Run("maintenance: no change, no weeks to 2 kg", func(t *testing.T) {
		g := nutrition.GuideOf(needs(t, nutrition.Maintenance), at)
		require.Zero(t, g.BalanceKcal)
		require.Zero(t, g.WeeklyChangeKg)
		require.Zero(t, g.WeeksToReviewKg)
	})
	t.Run("recomposition: the floor is 2 g per kg", func(t *testing.T) {
		n := needs(t, nutrition.Recomposition)
		g := nutrition.GuideOf(n, at)
		require.Equal(t, 160, g.ProteinFloorG)
		require.Equal(t, 2.0, g.ProteinFloorPerKg)
		require.GreaterOrEqual(t, g.ProteinPerKg, 2.0)
	})
}

// The macronutrients' kcal the survey shows add up to the total it shows, for every body,
// activity, objective and preset, each within a few kcal of its whole grams' energy.
func TestGuideMacroKcalAddUpToTheTotal(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	for _, sex := range []nutrition.Sex{nutrition.Male, nutrition.Female} {
		for w := 45.0; w <= 130; w += 7.3 {
			for _, o := range nutrition.Objectives {
				for _, p := range nutrition.Presets {
					n, err := nutrition.CalculateNeeds(nutrition.NeedsInput{Body: nutrition.Body{WeightKg: w, HeightCm: 150 + w/2, Age: 20 + int(w)%50, Sex: sex},
						Activity: nutrition.Light, Objective: o, Preset: p.Name})
					require.NoError(t, err)
					g := nutrition.GuideOf(n, at)
					require.Equal(t, n.Kcal, g.ProteinKcal+g.FatKcal+g.CarbsKcal, "%s %.1f kg %s %s", sex, w, o, p.Name)
					require.InDelta(t, n.ProteinG*4, g.ProteinKcal, 12)
					require.InDelta(t, n.FatG*9, g.FatKcal, 12)
					require.InDelta(t, n.CarbsG*4, g.CarbsKcal, 12)
				}
			}
		}
	}
}
