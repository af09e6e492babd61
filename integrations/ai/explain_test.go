package ai_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/integrations/ai"
)

func explainer(t *testing.T, srv *chatServer, timeout time.Duration, retries int) *ai.Explainer {
	t.Helper()
	ex, err := ai.NewExplainer(ai.Config{BaseURL: srv.URL + "/v1", APIKey: "test-key", Model: "test-model", Timeout: timeout,
		MaxRetries: retries, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, 0)
	require.NoError(t, err)
	return ex
}

// explainRequest: 80 kg, 180 cm, 30 years, male, moderate, maintenance → BMR 1780, 2759 kcal,
// 172 g protein, 77 g fat, 345 g carbs.
func explainRequest(t *testing.T, lang string) nutrition.ExplainRequest {
	t.Helper()
	n, err := nutrition.CalculateNeeds(nutrition.NeedsInput{
		Body:     nutrition.Body{WeightKg: 80, HeightCm: 180, Age: 30, Sex: nutrition.Male},
		Activity: nutrition.Moderate, Objective: nutrition.Maintenance, Preset: nutrition.PresetDefault,
	})
	require.NoError(t, err)
	return nutrition.ExplainRequest{Needs: n, Lang: lang,
		ActivityDescription: "Desk job, I cycle to work. Call me on +33 6 12 34 56 78 or léa.moreau@example.com",
		OtherActivities:     "Football on Sundays, see https://club.example.org/lea"}
}

func explanation(text string) string {
	b, _ := json.Marshal(map[string]string{"explanation": text})
	return string(b)
}

func TestExplainerSendsTheNumbersAndNothingIdentifying(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, ok(explanation("Your **2 759 kcal** keep your weight steady while you cycle to work.")))
	text, err := explainer(t, srv, 5*time.Second, 2).ExplainNeeds(context.Background(), explainRequest(t, "en"))
	require.NoError(t, err)
	require.Equal(t, "Your 2 759 kcal keep your weight steady while you cycle to work.", text, "cleaned to plain text")

	body := <-srv.bodies
	require.Equal(t, "test-model", body["model"])
	rf := body["response_format"].(map[string]any)
	require.Equal(t, "json_schema", rf["type"])
	require.Equal(t, true, rf["json_schema"].(map[string]any)["strict"])
	b, _ := json.Marshal(body["messages"])
	msgs := string(b)
	for _, want := range []string{"in English", "male, 30 years, 80 kg, 180 cm", "factor 1.55", "basal metabolic rate 1780 kcal",
		"daily target 2759 kcal", "protein 172 g, fat 77 g, carbohydrates 345 g", "I cycle to work", "Football on Sundays"} {
		require.Contains(t, msgs, want)
	}
	for _, secret := range []string{"12 34 56", "example.com", "club.example.org", "Moreau"} {
		require.NotContains(t, msgs, secret, "contact details are masked before they leave")
	}
}

func TestExplainerAsksForThePersonsLanguage(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, ok(explanation("Vos 2 759 kcal couvrent vos trajets à vélo.")))
	text, err := explainer(t, srv, 5*time.Second, 2).ExplainNeeds(context.Background(), explainRequest(t, "fr"))
	require.NoError(t, err)
	require.Equal(t, "Vos 2 759 kcal couvrent vos trajets à vélo.", text)
	b, _ := json.Marshal((<-srv.bodies)["messages"])
	require.Contains(t, string(b), "in French")
}

func TestExplainerRefusesMalformedOrChangedAnswers(t *testing.T) {
	t.Parallel()
	for name, content := range map[string]string{
		"not json":       "Your needs are 2759 kcal.",
		"wrong shape":    `{"text": "Your needs are 2759 kcal."}`,
		"extra field":    `{"explanation": "Fine.", "kcal": 2500}`,
		"changed number": explanation("You should rather eat 2 500 kcal."),
		"link":           explanation("Read more on https://diet.example.com."),
		"empty":          explanation("  "),
	} {
		srv := newChatServer(t, ok(content))
		text, err := explainer(t, srv, 5*time.Second, 2).ExplainNeeds(context.Background(), explainRequest(t, "en"))
		require.Error(t, err, name)
		require.Empty(t, text, name)
		require.EqualValues(t, 1, srv.attempts.Load(), "%s: a bad answer is not retried", name)
	}
}

func TestExplainerSlowServerTimesOut(t *testing.T) {
	t.Parallel()
	srv := newStalledServer(t, 5*time.Second)
	text, err := explainer(t, srv, 150*time.Millisecond, 1).ExplainNeeds(context.Background(), explainRequest(t, "en"))
	require.Error(t, err)
	require.Empty(t, text)
	require.EqualValues(t, 2, srv.attempts.Load(), "one attempt plus one retry, each cut at its time-out")
}

func TestExplainerBudgetBoundsEveryRetry(t *testing.T) {
	t.Parallel()
	srv := newStalledServer(t, 5*time.Second)
	ex, err := ai.NewExplainer(ai.Config{BaseURL: srv.URL + "/v1", Model: "test-model", Timeout: 5 * time.Second, MaxRetries: 5,
		Logger: slog.New(slog.DiscardHandler)}, time.Second)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_, err = ex.ExplainNeeds(ctx, explainRequest(t, "en"))
	require.Error(t, err)
	require.NoError(t, ctx.Err(), "gave up within its budget, long before the caller's deadline")
	require.EqualValues(t, 1, srv.attempts.Load())
}

func TestExplainerRateLimitIsRetriedThenAnswered(t *testing.T) {
	t.Parallel()
	answer := ok(explanation("Your 172 g of protein support football on Sundays."))
	srv := newChatServer(t, func(attempt int, w http.ResponseWriter) {
		if attempt == 1 {
			w.Header().Set("Retry-After", "0")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = io.WriteString(w, `{"error":{"message":"slow down","type":"rate_limit"}}`)
			return
		}
		answer(attempt, w)
	})
	text, err := explainer(t, srv, 5*time.Second, 2).ExplainNeeds(context.Background(), explainRequest(t, "en"))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(text, "Your 172 g"))
	require.EqualValues(t, 2, srv.attempts.Load())
}
