package nutrition_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// explainerFunc is an Explainer made of a function (the AI adapter has its own tests against a
// chat-completions server).
type explainerFunc func(ctx context.Context, req nutrition.ExplainRequest) (string, error)

func (f explainerFunc) ExplainNeeds(ctx context.Context, req nutrition.ExplainRequest) (string, error) {
	return f(ctx, req)
}

// computeWith runs one request through the worker with ex and returns the stored request.
func computeWith(t *testing.T, ex nutritionapp.Explainer, lang string) (*nutritionapp.Request, nutrition.Needs) {
	t.Helper()
	e := setupNeeds(t)
	u := e.person(t, 10)
	_, err := e.db.Pool.Exec(t.Context(), `UPDATE users SET language = $2 WHERE id = $1`, u, lang)
	require.NoError(t, err)
	id, err := e.svc.Request(t.Context(), u, goodSurvey(), "k")
	require.NoError(t, err)
	w := &nutritionapp.NeedsWorker{Needs: e.svc, Explainer: ex, ExplainTimeout: 200 * time.Millisecond}
	require.NoError(t, w.Work(t.Context(), job(id, 1)))
	r, err := e.svc.Latest(t.Context(), u)
	require.NoError(t, err)
	require.Equal(t, nutritionapp.StatusDone, r.Status)
	require.Equal(t, int64(0), e.balance(t, u), "charged once, no refund: the result is there")
	want, err := nutrition.CalculateNeeds(goodSurvey().Input())
	require.NoError(t, err)
	require.Equal(t, want, *r.Needs, "the numbers are the formula's")
	return r, want
}

func TestExplanationIsStoredCleanedBesideTheFormulasNumbers(t *testing.T) {
	t.Parallel()
	var got nutrition.ExplainRequest
	r, want := computeWith(t, explainerFunc(func(_ context.Context, req nutrition.ExplainRequest) (string, error) {
		got = req
		return "**Your 2 759 kcal** <em>cover</em> cycling to work.", nil
	}), "en")
	require.Equal(t, "Your 2 759 kcal cover cycling to work.", r.Explanation)
	require.Equal(t, "en", r.ExplanationLang)
	require.Equal(t, "en", got.Lang, "written in the person's language")
	require.Equal(t, want, got.Needs)
	require.Equal(t, "desk job, cycling to work", got.ActivityDescription)
	require.Equal(t, "football on Sundays", got.OtherActivities)
}

func TestExplanationThatFailsIsLeftOut(t *testing.T) {
	t.Parallel()
	over := make(chan struct{})
	t.Cleanup(func() { close(over) })
	cases := map[string]nutritionapp.Explainer{
		"error": explainerFunc(func(context.Context, nutrition.ExplainRequest) (string, error) {
			return "", errors.New("model unavailable")
		}),
		"changed number": explainerFunc(func(context.Context, nutrition.ExplainRequest) (string, error) {
			return "Visez plutôt 2 400 kcal.", nil
		}),
		// Ignores its context: the worker stops waiting at ExplainTimeout all the same. It
		// answers only once the test is over (no wall-clock sleep).
		"stuck": explainerFunc(func(context.Context, nutrition.ExplainRequest) (string, error) {
			<-over
			return "Trop tard.", nil
		}),
	}
	for name, ex := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, _ := computeWith(t, ex, "fr")
			require.Empty(t, r.Explanation)
			require.Empty(t, r.ExplanationLang)
		})
	}
}
