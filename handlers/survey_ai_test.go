package handlers

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/ai"
)

// The paid calculation with an AI provider, end to end: the survey is charged, the worker runs
// the formula and asks the model (an httptest chat-completions server) for a comment in the
// person's language, and the survey page shows the comment beside numbers equal to the formula's.
func TestSurveyResultShowsTheAIExplanationBesideTheFormulasNumbers(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "survey-ai@example.test")
	const page = "/account/survey"
	resp, _ := b.send(t, http.MethodPost, "/dashboard/language", map[string]any{"language": "en"}, "/dashboard/language")
	requireRedirect(t, resp, "/dashboard/language")

	prompts := make(chan string, 4)
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		prompts <- string(body)
		content, _ := json.Marshal(map[string]string{"explanation": "## Your day\nYour **2 759 kcal** <b>cover</b> cycling to work and football on Sundays."})
		answer, _ := json.Marshal(map[string]any{"id": "c1", "object": "chat.completion", "created": 1, "model": "m",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": string(content)}}}})
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(answer)
	}))
	t.Cleanup(model.Close)
	ex, err := ai.NewExplainer(ai.Config{BaseURL: model.URL + "/v1", Model: "m", Logger: slog.New(slog.DiscardHandler)}, 5*time.Second)
	require.NoError(t, err)

	id := b.userID(t, "survey-ai@example.test")
	_, err = b.srv.wallets.Grant(t.Context(), ledgerapp.GrantCommand{UserID: id, Amount: 10, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "test"}})
	require.NoError(t, err)
	survey := map[string]any{"weightKg": 80, "heightCm": 180, "age": 30, "sex": "male", "activityLevel": "moderate",
		"activityDescription": "desk job, cycling to work", "otherActivities": "football on Sundays", "objective": "maintenance",
		"macroPreset": "default", "mealSplit": map[string]any{"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}}
	resp, _ = b.send(t, http.MethodPost, page, survey, page)
	requireRedirect(t, resp, page)
	_, p := b.visit(t, page)
	requestID := uuid.MustParse(p.Props["request"].(map[string]any)["id"].(string))

	w := &nutritionapp.NeedsWorker{Needs: b.srv.needs, Explainer: ex}
	require.NoError(t, w.Work(t.Context(), &river.Job[nutritionapp.NeedsArgs]{
		JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 3}, Args: nutritionapp.NeedsArgs{RequestID: requestID}}))

	prompt := <-prompts
	require.Contains(t, prompt, "in English")
	require.Contains(t, prompt, "daily target 2759 kcal")
	require.NotContains(t, prompt, "survey-ai@example.test", "the address never leaves")

	_, p = b.visit(t, page)
	req := p.Props["request"].(map[string]any)
	require.Equal(t, "done", req["status"])
	require.Equal(t, "Your day\nYour 2 759 kcal cover cycling to work and football on Sundays.", req["explanation"], "plain text, no markup")
	require.Equal(t, "en", req["explanationLang"])
	want, err := nutrition.CalculateNeeds(nutrition.NeedsInput{Body: nutrition.Body{WeightKg: 80, HeightCm: 180, Age: 30, Sex: nutrition.Male},
		Activity: nutrition.Moderate, Objective: nutrition.Maintenance, Preset: nutrition.PresetDefault})
	require.NoError(t, err)
	var got nutrition.Needs
	raw, _ := json.Marshal(req["needs"])
	require.NoError(t, json.Unmarshal(raw, &got))
	require.Equal(t, want, got, "the numbers are the formula's")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"], "charged 10 once, nothing refunded")
	require.False(t, strings.Contains(req["explanation"].(string), "<"))
}
