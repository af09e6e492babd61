// Package ai is the OpenAI-compatible language model adapter. Recipe generator: the model
// proposes which of the meal prep's foods go together and writes names and steps; the built-in
// solver then sets every quantity and every number is recomputed from the food data. Any failure
// (time-out, HTTP error after retries, malformed or off-catalog answer) falls back to the
// built-in generator and the recipe says so. Needs explainer (explain.go): the model comments on
// the formula's numbers in a few sentences, or the result is shown without its comment. It
// works with OpenAI, Mistral, a local Ollama or vLLM: anything speaking the chat-completions API
// with JSON-schema structured output.
package ai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// Config selects the model server. BaseURL and Model are required; APIKey may be empty for a
// local server.
type Config struct {
	BaseURL string
	APIKey  string
	Model   string
	// Timeout bounds one HTTP attempt (default 20 s).
	Timeout time.Duration
	// MaxRetries is how many times a failed attempt (429, 408, 5xx, time-out, connection error)
	// is retried, after 0.3 s × 2^(n-1) or the server's Retry-After when longer (default 2).
	MaxRetries int
	// Logger receives one line per fallback (default slog.Default()).
	Logger *slog.Logger
}

// Generator implements nutrition.Generator with a model and a built-in fallback.
type Generator struct {
	chat
	fallback *nutrition.Builtin
	log      *slog.Logger
}

// chat is the model server with this package's time-out and retry policy.
type chat struct {
	url     string
	apiKey  string
	model   string
	timeout time.Duration
	retries int
}

// newChat applies cfg's defaults (defaultTimeout when cfg.Timeout is unset).
func newChat(cfg *Config, defaultTimeout time.Duration) chat {
	if cfg.Timeout <= 0 {
		cfg.Timeout = defaultTimeout
	}
	if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	} else if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 2
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return chat{url: completionsURL(cfg.BaseURL), apiKey: cfg.APIKey, model: cfg.Model, timeout: cfg.Timeout, retries: cfg.MaxRetries}
}

var _ nutrition.Generator = (*Generator)(nil)

// New returns a generator talking to cfg's server; fallback makes the recipes when the model
// cannot and sets their quantities when it can.
func New(cfg Config, fallback *nutrition.Builtin) (*Generator, error) {
	if cfg.BaseURL == "" || cfg.Model == "" {
		return nil, errors.New("ai generator: AI_BASE_URL and AI_MODEL are required")
	}
	if fallback == nil {
		return nil, errors.New("ai generator: a built-in fallback is required")
	}
	c := newChat(&cfg, 20*time.Second)
	return &Generator{chat: c, fallback: fallback, log: cfg.Logger}, nil
}

// proposal is the JSON the model must answer with (see schema).
type proposal struct {
	Recipes []struct {
		FoodCodes []int `json:"foodCodes"`
		Name      struct {
			FR string `json:"fr"`
			EN string `json:"en"`
		} `json:"name"`
		Steps struct {
			FR []string `json:"fr"`
			EN []string `json:"en"`
		} `json:"steps"`
	} `json:"recipes"`
}

var schema = map[string]any{
	"type":                 "object",
	"additionalProperties": false,
	"required":             []string{"recipes"},
	"properties": map[string]any{
		"recipes": map[string]any{
			"type": "array",
			"items": map[string]any{
				"type":                 "object",
				"additionalProperties": false,
				"required":             []string{"foodCodes", "name", "steps"},
				"properties": map[string]any{
					"foodCodes": map[string]any{"type": "array", "items": map[string]any{"type": "integer"}},
					"name":      langObject(map[string]any{"type": "string"}),
					"steps":     langObject(map[string]any{"type": "array", "items": map[string]any{"type": "string"}}),
				},
			},
		},
	},
}

func langObject(v map[string]any) map[string]any {
	return map[string]any{"type": "object", "additionalProperties": false, "required": []string{"fr", "en"},
		"properties": map[string]any{"fr": v, "en": v}}
}

// Reasons for falling back, logged and kept short.
var (
	errMalformed  = errors.New("model answer is not the expected JSON")
	errOffCatalog = errors.New("model answer uses foods outside the meal prep")
	errEmpty      = errors.New("model answer has no usable recipe")
	errOffRules   = errors.New("model's foods make no plate of the meal")
)

// Generate asks the model for req.Count food choices with names and steps, then lets the solver
// set quantities. It returns the built-in generator's error when there is no usable food at all.
func (g *Generator) Generate(ctx context.Context, req nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	count := min(max(req.Count, 1), nutrition.MaxCount)
	// Refuse what the solver refuses (no usable food) before paying for a model call.
	if _, err := g.fallback.Generate(ctx, withCount(req, 1)); err != nil {
		return nil, err
	}
	props, err := g.ask(ctx, req, count)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("ai generate: %w", ctx.Err())
		}
		g.log.Warn("ai generator: falling back to the built-in generator", "err", err)
		return g.fallbackAll(ctx, req, fallbackNotice)
	}
	out := make([]nutrition.Recipe, 0, count)
	seen := map[string]bool{}
	for i, p := range props {
		if len(out) == count {
			break
		}
		r, err := g.realise(ctx, req, p, int64(i))
		if err != nil {
			return nil, err
		}
		if k := foodSet(r); !seen[k] { // never the same plate twice in one request
			seen[k] = true
			out = append(out, r)
		}
	}
	if len(out) < count {
		// The model gave fewer usable distinct recipes than asked: the solver makes the rest,
		// as many distinct plates as the foods allow (fewer are refunded by the caller).
		rs, err := g.fallback.Generate(ctx, withCount(req, count))
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			if len(out) == count {
				break
			}
			if k := foodSet(r); !seen[k] {
				seen[k] = true
				r.Source, r.Notice = nutrition.SourceAIFallback, &fallbackNotice
				out = append(out, r)
			}
		}
	}
	return out, nil
}

// DiagnoseFewer is the built-in generator's: which kind of food would let the meal prep's foods
// make more distinct recipes (the model chooses among the same foods).
func (g *Generator) DiagnoseFewer(req nutrition.GenerateRequest, made int) nutrition.Text {
	return g.fallback.DiagnoseFewer(req, made)
}

// foodSet is a recipe's foods as a key: two recipes with the same foods are the same plate.
func foodSet(r nutrition.Recipe) string {
	codes := make([]int, len(r.Ingredients))
	for i, ing := range r.Ingredients {
		codes[i] = ing.FoodCode
	}
	slices.Sort(codes)
	return fmt.Sprint(codes)
}

var (
	fallbackNotice = nutrition.Text{
		FR: "L’assistant IA n’a pas pu proposer cette recette ; elle a été calculée par le générateur intégré.",
		EN: "The AI assistant could not propose this recipe; the built-in generator made it.",
	}
	missNotice = nutrition.Text{
		FR: "Les aliments choisis par l’assistant IA ne permettaient pas d’atteindre votre objectif ; le générateur intégré les a remplacés.",
		EN: "The foods the AI assistant chose could not meet your target; the built-in generator replaced them.",
	}
)

func withCount(req nutrition.GenerateRequest, n int) nutrition.GenerateRequest {
	req.Count = n
	return req
}

func (g *Generator) fallbackAll(ctx context.Context, req nutrition.GenerateRequest, notice nutrition.Text) ([]nutrition.Recipe, error) {
	rs, err := g.fallback.Generate(ctx, req)
	if err != nil {
		return nil, err
	}
	for i := range rs {
		rs[i].Source, rs[i].Notice = nutrition.SourceAIFallback, &notice
	}
	return rs, nil
}

// aiRecipe is one validated proposal.
type aiRecipe struct {
	foods []nutrition.Food
	sugg  []nutrition.Food
	name  nutrition.Text
	steps nutrition.Steps
}

// realise turns a proposal into a recipe: the solver sets quantities on the proposed foods; when
// they cannot meet the target but the meal prep's foods can, the built-in recipe is used.
func (g *Generator) realise(ctx context.Context, req nutrition.GenerateRequest, p aiRecipe, index int64) (nutrition.Recipe, error) {
	sub := req
	sub.Foods, sub.Suggestions, sub.Count, sub.Seed = p.foods, p.sugg, 1, req.Seed+index
	rs, err := g.fallback.Generate(ctx, sub)
	// The model's name and steps hold only when the solver kept every food it chose (a food the
	// meal rules refuse is dropped, and then the texts would name it).
	if err == nil && (len(rs[0].Ingredients) != len(p.foods)+len(p.sugg) || !rs[0].Feasible) {
		err = errOffRules
	}
	if err == nil && rs[0].WithinTolerance {
		r := rs[0]
		r.Name, r.Steps, r.Source = p.name, p.steps, nutrition.SourceAI
		return r, nil
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nutrition.Recipe{}, fmt.Errorf("ai generate: %w", ctxErr)
	}
	full := req
	full.Count, full.Seed = 1, req.Seed+index
	built, ferr := g.fallback.Generate(ctx, full)
	if ferr != nil {
		return nutrition.Recipe{}, ferr
	}
	if err == nil && !built[0].WithinTolerance {
		// Neither meets the target: keep the model's choice, explained by the solver.
		r := rs[0]
		r.Name, r.Steps, r.Source = p.name, p.steps, nutrition.SourceAI
		return r, nil
	}
	r := built[0]
	r.Source, r.Notice = nutrition.SourceAIFallback, &missNotice
	return r, nil
}

// ask calls the model and validates its answer against the meal prep's foods.
func (g *Generator) ask(ctx context.Context, req nutrition.GenerateRequest, count int) ([]aiRecipe, error) {
	catalog := map[int]nutrition.Food{}
	suggested := map[int]bool{}
	// The model is offered only foods that belong to the meal (nutrition.Suits): a proposal
	// holding another one names a food off the list and is refused by validate.
	for _, f := range req.Foods {
		if nutrition.DietAllows(req.Diet, f) && nutrition.Suits(req.Category, f) {
			catalog[f.Code] = f
		}
	}
	for _, f := range req.Suggestions {
		if _, dup := catalog[f.Code]; !dup && nutrition.DietAllows(req.Diet, f) && nutrition.Suits(req.Category, f) {
			catalog[f.Code] = f
			suggested[f.Code] = true
		}
	}
	temperature, seed := 0.7, req.Seed
	params := chatRequest{
		Model: g.model,
		Messages: []chatMessage{
			{Role: "system", Content: systemPrompt},
			{Role: "user", Content: userPrompt(req, catalog, suggested, count)},
		},
		ResponseFormat: withSchema("recipes", schema),
		Temperature:    &temperature,
		Seed:           &seed,
	}
	resp, err := g.complete(ctx, params, fallbackReserve)
	if err != nil {
		return nil, err
	}
	if len(resp.Choices) == 0 {
		return nil, errEmpty
	}
	var p proposal
	dec := json.NewDecoder(strings.NewReader(resp.Choices[0].Message.Content))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%w: %v", errMalformed, err)
	}
	var out []aiRecipe
	offCatalog := false
	for _, r := range p.Recipes {
		a, ok, off := validate(r.FoodCodes, r.Name.FR, r.Name.EN, r.Steps.FR, r.Steps.EN, catalog, suggested)
		offCatalog = offCatalog || off
		if ok {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		if offCatalog {
			return nil, errOffCatalog
		}
		return nil, errEmpty
	}
	return out, nil
}

// fallbackReserve is the time kept, before the caller's deadline, for the built-in generator.
const fallbackReserve = 2 * time.Second

// complete calls the model with a time-out per attempt and retries what may pass on a second
// try, stopping reserve before ctx's deadline so the caller can still do without the model.
func (g chat) complete(ctx context.Context, params chatRequest, reserve time.Duration) (*chatResponse, error) {
	var lastErr error
	for attempt := 0; attempt <= g.retries; attempt++ {
		if attempt > 0 {
			wait := time.Duration(float64(300*time.Millisecond) * math.Pow(2, float64(attempt-1)))
			if ra := retryAfter(lastErr); ra > wait {
				wait = min(ra, 10*time.Second)
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(wait):
			}
		}
		timeout := g.timeout
		if dl, ok := ctx.Deadline(); ok {
			// Leave the caller time to do without the model (the built-in generator's recipes).
			left := time.Until(dl) - reserve
			if left < 500*time.Millisecond {
				if lastErr == nil {
					lastErr = errors.New("no time left for the model before the job's deadline")
				}
				return nil, lastErr
			}
			timeout = min(timeout, left)
		}
		actx, cancel := context.WithTimeout(ctx, timeout)
		resp, err := g.post(actx, params)
		cancel()
		if err == nil {
			return resp, nil
		}
		lastErr = fmt.Errorf("chat completion attempt %d: %w", attempt+1, err)
		if ctx.Err() != nil || !retryable(err) {
			return nil, lastErr
		}
	}
	return nil, lastErr
}

// retryable: time-outs, connection errors, 408, 409, 429 and 5xx; not 4xx answers about the request.
func retryable(err error) bool {
	var apiErr *apiError
	if errors.As(err, &apiErr) {
		s := apiErr.StatusCode
		return s == http.StatusRequestTimeout || s == http.StatusConflict || s == http.StatusTooManyRequests || s >= 500
	}
	return true
}

// retryAfter reads the server's Retry-After (seconds) from a failed attempt.
func retryAfter(err error) time.Duration {
	var apiErr *apiError
	if !errors.As(err, &apiErr) {
		return 0
	}
	secs, perr := strconv.ParseFloat(apiErr.Header.Get("Retry-After"), 64)
	if perr != nil || secs <= 0 || math.IsNaN(secs) {
		return 0
	}
	return time.Duration(secs * float64(time.Second))
}

// validate checks one proposal: 2–6 distinct foods of the catalog, names and steps present in
// both languages, lengths a page can show. off reports a food outside the catalog.
func validate(codes []int, nameFR, nameEN string, stepsFR, stepsEN []string, catalog map[int]nutrition.Food, suggested map[int]bool) (a aiRecipe, ok, off bool) {
	if len(codes) < 2 || len(codes) > 6 {
		return a, false, false
	}
	seen := map[int]bool{}
	for _, c := range codes {
		f, in := catalog[c]
		if !in {
			return a, false, true
		}
		if seen[c] {
			return a, false, false
		}
		seen[c] = true
		if suggested[c] {
			a.sugg = append(a.sugg, f)
		} else {
			a.foods = append(a.foods, f)
		}
	}
	nameFR, nameEN = strings.TrimSpace(nameFR), strings.TrimSpace(nameEN)
	if !text(nameFR, 120) || !text(nameEN, 120) || len(stepsFR) == 0 || len(stepsEN) == 0 || len(stepsFR) > 12 || len(stepsEN) > 12 {
		return a, false, false
	}
	for _, s := range slices.Concat(stepsFR, stepsEN) {
		if !text(strings.TrimSpace(s), 400) {
			return a, false, false
		}
	}
	a.name = nutrition.Text{FR: nameFR, EN: nameEN}
	a.steps = nutrition.Steps{FR: trimAll(stepsFR), EN: trimAll(stepsEN)}
	return a, true, false
}

func text(s string, max int) bool {
	return s != "" && utf8.ValidString(s) && utf8.RuneCountInString(s) <= max
}

func trimAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.TrimSpace(s)
	}
	return out
}

const systemPrompt = `You are the recipe writer of Gamelle, a French meal-prep app. You choose which of the given foods go together in a recipe and write its name and steps, in French and in English. You never give quantities, weights or nutrition numbers: a solver computes them. Use only the food codes given. Answer with JSON only.`

// userPrompt lists the foods with their per-100 g macros so the model can pick combinations able
// to reach the target; the person's language is named so its texts are the most natural.
func userPrompt(req nutrition.GenerateRequest, catalog map[int]nutrition.Food, suggested map[int]bool, count int) string {
	var b strings.Builder
	lang := "French"
	if req.Locale == "en" {
		lang = "English"
	}
	meal := map[nutrition.Category]string{nutrition.Breakfast: "breakfast", nutrition.LunchDinner: "lunch or dinner", nutrition.Snack: "snack"}[req.Category]
	fmt.Fprintf(&b, "Propose %d different %s recipes for one person (diet: %s). The person reads %s first; write both languages well.\n", count, meal, dietName(req.Diet), lang)
	fmt.Fprintf(&b, "Target per serving: %.0f kcal, %.0f g protein, %.0f g fat, %.0f g carbohydrates.\n", req.Target.Kcal, req.Target.ProteinG, req.Target.FatG, req.Target.CarbsG)
	b.WriteString("Each recipe uses 2 to 6 foods whose combination can reach the target; steps are short imperative sentences without quantities.\n")
	// The plate a cook serves (docs/nutrition.md, "Plate composition"): proposals that break it
	// are replaced by the solver's, so the model is told.
	b.WriteString(map[nutrition.Category]string{
		nutrition.LunchDinner: "A plate holds exactly one protein food (meat, fish, eggs, tofu or legumes), a starch or legumes, one or two vegetables when the list has any, at most one added fat and optionally a little cheese or sauce.\n",
		nutrition.Breakfast:   "A breakfast is cereal or bread with a dairy food and fruit (nuts optional), or bread with eggs, or bread with butter and honey or jam; never meat or fish.\n",
		nutrition.Snack:       "A snack is fruit with a dairy food or nuts, or bread with cheese, two or three foods.\n",
	}[req.Category])
	b.WriteString("Foods (code | name | per 100 g: kcal, protein, fat, carbs):\n")
	codes := make([]int, 0, len(catalog))
	for c := range catalog {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		f := catalog[c]
		m := f.Per100g.Macros()
		name := f.Name.FR
		if req.Locale == "en" {
			name = f.Name.EN
		}
		extra := ""
		if suggested[c] {
			extra = " (optional suggestion, use only if it helps reach the target)"
		}
		fmt.Fprintf(&b, "%d | %s | %.0f, %.1f, %.1f, %.1f%s\n", c, name, m.Kcal, m.ProteinG, m.FatG, m.CarbsG, extra)
	}
	return b.String()
}

func dietName(d nutrition.Diet) string {
	if d == "" {
		return string(nutrition.Omnivore)
	}
	return string(d)
}
