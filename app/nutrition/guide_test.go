package nutrition_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
)

// TestNeedsWithoutAIStillExplainEachNumber: with no AI provider (no Explainer, as without
// AI_BASE_URL) the result carries no AI text but the guide the page writes its explanation
// from: what the activity adds, the daily deficit, the weekly weight change, the protein per
// kg against its floor and when to take the survey again.
func TestNeedsWithoutAIStillExplainEachNumber(t *testing.T) {
	t.Parallel()
	e := setupNeeds(t)
	ctx := t.Context()
	u := e.person(t, 10)
	sv := goodSurvey()
	sv.Objective = "weight_loss"
	id, err := e.svc.Request(ctx, u, sv, "form-1")
	require.NoError(t, err)
	require.NoError(t, (&nutritionapp.NeedsWorker{Needs: e.svc}).Work(ctx, job(id, 1)))

	r, err := e.svc.Latest(ctx, u)
	require.NoError(t, err)
	require.Equal(t, nutritionapp.StatusDone, r.Status)
	require.Empty(t, r.Explanation, "no AI provider, no AI text")
	require.NotNil(t, r.Guide)
	g := r.Guide
	require.Equal(t, 979, g.ActivityKcal, "moderate: 1780 × 1,55 − 1780")
	require.Equal(t, -552, g.BalanceKcal, "2207 − 2759")
	require.Equal(t, -0.5, g.WeeklyChangeKg, "−552 × 7 ÷ 7700")
	require.Equal(t, 66, g.ProteinFloorG)
	require.Equal(t, 4, g.ReviewWeeks)
	require.Equal(t, r.CreatedAt.AddDate(0, 0, 28), g.ReviewOn)
}
