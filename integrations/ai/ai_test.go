package ai_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/integrations/ai"
)

// chatServer speaks the chat-completions API: reply decides each answer (status, body), by
// attempt number (1-based). Requests are kept for assertions.
type chatServer struct {
	*httptest.Server
	attempts atomic.Int32
	bodies   chan map[string]any
}

func newChatServer(t *testing.T, reply func(attempt int, w http.ResponseWriter)) *chatServer {
	t.Helper()
	s := &chatServer{bodies: make(chan map[string]any, 16)}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			http.NotFound(w, r)
			return
		}
		var body map[string]any
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &body)
		select {
		case s.bodies <- body:
		default:
		}
		reply(int(s.attempts.Add(1)), w)
	}))
	t.Cleanup(s.Close)
	return s
}

// newStalledServer answers no request for stall (or until the test ends), so a client with a
// shorter time-out gives up waiting.
func newStalledServer(t *testing.T, stall time.Duration) *chatServer {
	t.Helper()
	release := make(chan struct{})
	srv := newChatServer(t, func(_ int, w http.ResponseWriter) {
		select {
		case <-release:
		case <-time.After(stall):
		}
	})
	t.Cleanup(func() { close(release) }) // before the server's Close, which waits for handlers
	return srv
}

func completion(content string) string {
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "test-model",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
	})
	return string(b)
}

func ok(content string) func(int, http.ResponseWriter) {
	return func(_ int, w http.ResponseWriter) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, completion(content))
	}
}

// proposal builds a model answer using these food codes for every recipe.
func proposal(n int, codes ...int) string {
	sets := make([][]int, n)
	for i := range sets {
		sets[i] = codes
	}
	return proposals(sets...)
}

// proposals is a model answer with one recipe per food set.
func proposals(sets ...[]int) string {
	n := len(sets)
	type rec struct {
		FoodCodes []int               `json:"foodCodes"`
		Name      map[string]string   `json:"name"`
		Steps     map[string][]string `json:"steps"`
	}
	var rs []rec
	for i := 0; i < n; i++ {
		rs = append(rs, rec{FoodCodes: sets[i],
			Name:  map[string]string{"fr": fmt.Sprintf("Bol poulet riz n°%d", i+1), "en": fmt.Sprintf("Chicken rice bowl #%d", i+1)},
			Steps: map[string][]string{"fr": {"Cuire le riz.", "Griller le poulet."}, "en": {"Cook the rice.", "Grill the chicken."}}})
	}
	b, _ := json.Marshal(map[string]any{"recipes": rs})
	return string(b)
}

func setup(t *testing.T, srv *chatServer, timeout time.Duration, retries int) (*ai.Generator, nutrition.GenerateRequest, map[int]nutrition.Food) {
	t.Helper()
	cat, err := nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	require.NoError(t, err)
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	builtin := nutrition.NewBuiltin(prices)
	gen, err := ai.New(ai.Config{BaseURL: srv.URL + "/v1", APIKey: "test-key", Model: "test-model", Timeout: timeout,
		MaxRetries: retries, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, builtin)
	require.NoError(t, err)
	var foods []nutrition.Food
	byCode := map[int]nutrition.Food{}
	// chicken breast, white rice, broccoli, olive oil, lentils, apricot, canned tuna
	for _, c := range []int{36017, 9100, 20057, 17270, 20360, 13000, 26039} {
		foods = append(foods, cat[c])
		byCode[c] = cat[c]
	}
	req := nutrition.GenerateRequest{Foods: foods, Category: nutrition.LunchDinner,
		Target: nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 20, CarbsG: 70}, Diet: nutrition.Omnivore,
		Currency: nutrition.EUR, PriceLimit: 5, Count: 2, Seed: 3, Locale: "fr"}
	return gen, req, byCode
}

func TestModelChoosesFoodsSolverSetsNumbers(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, ok(proposals([]int{36017, 9100, 20057, 17270}, []int{26039, 9100, 20057, 17270})))
	gen, req, foods := setup(t, srv, 5*time.Second, 2)
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.Len(t, rs, 2)
	for i, r := range rs {
		require.Equal(t, nutrition.SourceAI, r.Source)
		require.Nil(t, r.Notice)
		require.Equal(t, fmt.Sprintf("Chicken rice bowl #%d", i+1), r.Name.EN)
		require.Equal(t, []string{"Cuire le riz.", "Griller le poulet."}, r.Steps.FR)
		require.True(t, r.WithinTolerance)
		for _, ing := range r.Ingredients {
			require.Contains(t, []int{36017, 26039, 9100, 20057, 17270}, ing.FoodCode)
		}
		// Every number is the food data's: recomputing changes nothing.
		again := r
		require.NoError(t, nutrition.Recompute(&again, foods, nutrition.Pricing{Table: mustPrices(t), Currency: nutrition.EUR}))
		require.Equal(t, r.Nutrition, again.Nutrition)
		require.Equal(t, r.Price, again.Price)
	}
	body := <-srv.bodies
	require.Equal(t, "test-model", body["model"])
	rf := body["response_format"].(map[string]any)
	require.Equal(t, "json_schema", rf["type"])
	msgs, _ := json.Marshal(body["messages"])
	require.Contains(t, string(msgs), "36017 | Poulet, filet sans peau cru")
	require.Contains(t, string(msgs), "650 kcal")
}

func mustPrices(t *testing.T) *nutrition.PriceTable {
	p, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	return p
}

func requireFallback(t *testing.T, rs []nutrition.Recipe, n int) {
	t.Helper()
	require.Len(t, rs, n)
	for _, r := range rs {
		require.Equal(t, nutrition.SourceAIFallback, r.Source)
		require.NotNil(t, r.Notice)
		require.NotEmpty(t, r.Notice.FR)
		require.True(t, r.WithinTolerance, "the built-in recipe still meets the target")
	}
}

func TestMalformedAnswerFallsBack(t *testing.T) {
	t.Parallel()
	for name, content := range map[string]string{
		"not json":      "Here is a lovely recipe: chicken with rice!",
		"wrong shape":   `{"recipes": [{"foods": ["chicken"]}]}`,
		"numbers added": `{"recipes": [{"foodCodes": [36017, 9100], "grams": [200, 80], "name": {"fr": "a", "en": "a"}, "steps": {"fr": ["x"], "en": ["x"]}}]}`,
		"off catalog":   proposal(2, 36017, 99999999),
		"one food":      proposal(2, 36017),
		"empty name":    strings.ReplaceAll(proposal(2, 36017, 9100, 17270), "Chicken rice bowl #2", ""),
	} {
		srv := newChatServer(t, ok(content))
		gen, req, _ := setup(t, srv, 5*time.Second, 2)
		rs, err := gen.Generate(context.Background(), req)
		require.NoError(t, err, name)
		if name == "empty name" {
			// One usable proposal: the model's recipe plus one built-in.
			require.Equal(t, nutrition.SourceAI, rs[0].Source, name)
			require.Equal(t, nutrition.SourceAIFallback, rs[1].Source, name)
			continue
		}
		requireFallback(t, rs, 2)
		require.EqualValues(t, 1, srv.attempts.Load(), "%s: a bad answer is not retried", name)
	}
}

func TestSlowServerTimesOutRetriesAndFallsBack(t *testing.T) {
	t.Parallel()
	srv := newStalledServer(t, 5*time.Second)
	gen, req, _ := setup(t, srv, 150*time.Millisecond, 1)
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	requireFallback(t, rs, 2)
	require.EqualValues(t, 2, srv.attempts.Load(), "one attempt plus one retry")
}

func TestRateLimitIsRetriedThenAnswered(t *testing.T) {
	t.Parallel()
	answer := ok(proposal(2, 36017, 9100, 17270))
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
	gen, req, _ := setup(t, srv, 5*time.Second, 2)
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, nutrition.SourceAI, rs[0].Source)
	require.EqualValues(t, 2, srv.attempts.Load())
}

func TestRateLimitedEveryTimeFallsBack(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, func(_ int, w http.ResponseWriter) {
		w.Header().Set("Retry-After", "0")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	gen, req, _ := setup(t, srv, 5*time.Second, 2)
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	requireFallback(t, rs, 2)
	require.EqualValues(t, 3, srv.attempts.Load(), "one attempt plus two retries")
}

func TestFoodsTheModelPicksBadlyAreReplaced(t *testing.T) {
	t.Parallel()
	// Broccoli and rice cannot make 45 g protein (nor a lunch: no protein food); the meal prep's
	// chicken can.
	srv := newChatServer(t, ok(proposal(1, 20057, 9100)))
	gen, req, _ := setup(t, srv, 5*time.Second, 2)
	req.Count = 1
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, nutrition.SourceAIFallback, rs[0].Source)
	require.True(t, rs[0].WithinTolerance)
	require.Contains(t, rs[0].Notice.EN, "could not meet your target")
}

func TestNoUsableFoodIsRefusedWithoutCallingTheModel(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, ok(proposal(1, 36017, 9100)))
	gen, req, _ := setup(t, srv, 5*time.Second, 2)
	req.Foods = nil
	_, err := gen.Generate(context.Background(), req)
	require.ErrorIs(t, err, nutrition.ErrUnsolvable)
	require.Zero(t, srv.attempts.Load())
}

// A job with a deadline still gets its recipes: the adapter stops waiting for the model early
// enough for the built-in generator.
func TestDeadlineLeavesTimeForTheFallback(t *testing.T) {
	t.Parallel()
	srv := newStalledServer(t, 10*time.Second)
	gen, req, _ := setup(t, srv, 20*time.Second, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	rs, err := gen.Generate(ctx, req)
	require.NoError(t, err)
	requireFallback(t, rs, 2)
	require.NoError(t, ctx.Err(), "answered before the deadline")
}

// The same foods proposed twice make one recipe, not two: the second is the solver's own,
// with other foods. A proposal holding a food that does not belong to the meal (the apricot for
// a lunch) is refused, and the solver makes that recipe.
func TestModelProposalsFollowTheMealRules(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, ok(proposals([]int{36017, 9100, 20057, 17270}, []int{36017, 9100, 20057, 17270}, []int{36017, 9100, 20057, 13000})))
	gen, req, _ := setup(t, srv, 5*time.Second, 2)
	req.Count = 3
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.NotEmpty(t, rs)
	require.Equal(t, nutrition.SourceAI, rs[0].Source)
	seen := map[string]bool{}
	for _, r := range rs[1:] {
		require.Equal(t, nutrition.SourceAIFallback, r.Source)
	}
	for _, r := range rs {
		codes := []int{}
		for _, ing := range r.Ingredients {
			codes = append(codes, ing.FoodCode)
			require.NotEqual(t, 13000, ing.FoodCode, "no apricot in a lunch")
		}
		slices.Sort(codes)
		key := fmt.Sprint(codes)
		require.False(t, seen[key], "two recipes with the same foods")
		seen[key] = true
	}
	// The apricot is not even offered to the model for a lunch.
	body := <-srv.bodies
	msgs, _ := json.Marshal(body["messages"])
	require.NotContains(t, string(msgs), "13000 |")
}

// A request the built-in engine refuses (rice and olive oil for a lunch of 50 g of protein) is
// refused with the built-in engine's own diagnosis, the one change to make, before any model
// call: the person reads the same advice whichever generator runs.
func TestRefusedRequestCarriesTheBuiltinDiagnosis(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, ok(proposal(1, 9100, 17270)))
	gen, req, byCode := setup(t, srv, 5*time.Second, 2)
	req.Foods = []nutrition.Food{byCode[9100], byCode[17270]}
	req.Target = nutrition.Macros{Kcal: 700, ProteinG: 50, FatG: 20, CarbsG: 70}
	req.PriceLimit = 0
	_, err := gen.Generate(context.Background(), req)
	var u *nutrition.Unsolvable
	require.ErrorAs(t, err, &u)
	require.Contains(t, u.Reason.FR, "ajoutez un aliment protéiné")
	require.Contains(t, u.Reason.EN, "add a protein food")
	_, berr := nutrition.NewBuiltin(mustPrices(t)).Generate(context.Background(), req)
	var bu *nutrition.Unsolvable
	require.ErrorAs(t, berr, &bu)
	require.Equal(t, bu.Reason, u.Reason, "the same diagnosis as the built-in generator")
	require.Zero(t, srv.attempts.Load())
}

// Fewer distinct recipes than asked: the adapter tells what the built-in generator tells.
func TestDiagnoseFewerIsTheBuiltinOne(t *testing.T) {
	t.Parallel()
	srv := newChatServer(t, ok(proposal(1, 36017, 9100)))
	gen, req, byCode := setup(t, srv, 5*time.Second, 2)
	req.Foods = []nutrition.Food{byCode[36017], byCode[9100], byCode[17270]}
	req.PriceLimit, req.Count = 0, 3
	why := gen.DiagnoseFewer(req, 1)
	require.Contains(t, why.EN, "; add ")
	require.Equal(t, nutrition.NewBuiltin(mustPrices(t)).DiagnoseFewer(req, 1), why)
}
