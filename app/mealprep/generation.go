package mealprep

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/jobs"
)

// GenerateArgs is the River job that makes a request's recipes.
type GenerateArgs struct {
	RequestID  uuid.UUID `json:"requestID"`
	MealPrepID uuid.UUID `json:"mealPrepID"`
	OwnerID    uuid.UUID `json:"ownerID"`
}

// Kind implements river.JobArgs.
func (GenerateArgs) Kind() string { return "generate_recipes" }

// JobMaxAttempts is how many times a generation job runs before its request fails and is refunded.
const JobMaxAttempts = 3

// InsertOpts implements river.JobArgsWithInsertOpts.
func (GenerateArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: JobMaxAttempts}
}

// errPermanent marks a generation failure that retrying cannot fix (jobs.IsPermanent); why is
// the engine's diagnosis when it refused the request.
type errPermanent struct {
	reason mealprep.FailureReason
	why    mealprep.Diagnosis
	err    error
}

func (e *errPermanent) Error() string   { return fmt.Sprintf("%s: %v", e.reason, e.err) }
func (e *errPermanent) Unwrap() error   { return e.err }
func (e *errPermanent) Permanent() bool { return true }

// GenerateWorker makes the recipes of a generation request (GenerateArgs).
type GenerateWorker struct {
	river.WorkerDefaults[GenerateArgs]
	svc     *Service
	gen     nutrition.Generator
	timeout time.Duration
	// Delay pauses each attempt before generating. Only browser tests set it (APP_ENV=test), to
	// see the progress message and reload while a request runs.
	Delay time.Duration
}

// DefaultJobTimeout bounds one attempt, far below River's rescue of stuck jobs (1 h by default),
// so a hung generator fails the attempt instead of holding the job.
const DefaultJobTimeout = 30 * time.Second

// NewWorker returns the worker; timeout 0 means DefaultJobTimeout.
func NewWorker(svc *Service, gen nutrition.Generator, timeout time.Duration) *GenerateWorker {
	if timeout <= 0 {
		timeout = DefaultJobTimeout
	}
	return &GenerateWorker{svc: svc, gen: gen, timeout: timeout}
}

// Register adds the worker to River's workers.
func Register(workers *river.Workers, w *GenerateWorker) error {
	if err := river.AddWorkerSafely(workers, w); err != nil {
		return fmt.Errorf("mealprep: register generation worker: %w", err)
	}
	return nil
}

// Timeout implements river.Worker: the explicit per-attempt bound.
func (w *GenerateWorker) Timeout(*river.Job[GenerateArgs]) time.Duration { return w.timeout }

// NextRetry retries soon: the person is watching the page.
func (w *GenerateWorker) NextRetry(job *river.Job[GenerateArgs]) time.Time {
	return jobs.RetrySoon(job.Attempt)
}

// Work makes the missing recipes, as a paid job (jobs.WorkPaid): on the last attempt, or on a
// failure retrying cannot fix, it ends the request with RecipeGenerationFailed and refunds the
// unfulfilled tokens in the same transaction; both are idempotent, so the refund happens once
// however often this runs.
func (w *GenerateWorker) Work(ctx context.Context, job *river.Job[GenerateArgs]) error {
	jobs.Pause(ctx, w.Delay)
	return jobs.WorkPaid(ctx, job, func(ctx context.Context) error {
		return w.svc.makeRecipes(ctx, w.gen, job.Args)
	}, func(ctx context.Context, err error) error {
		reason, why := mealprep.FailureGenerator, mealprep.Diagnosis{}
		var perm *errPermanent
		switch {
		case errors.As(err, &perm):
			reason, why = perm.reason, perm.why
		case errors.Is(err, context.DeadlineExceeded):
			reason = mealprep.FailureTimeout
		}
		return w.svc.FailRequest(ctx, job.Args, reason, why)
	})
}

// makeRecipes generates the recipes the request still lacks and records them with one command:
// the stream is replayed once to know what to make and once, in the same round trip as its
// lock, to record it, whatever the number of recipes.
func (s *Service) makeRecipes(ctx context.Context, gen nutrition.Generator, args GenerateArgs) error {
	m, err := s.runner.Load(ctx, s.pool, mealprep.StreamID(args.MealPrepID))
	if err != nil {
		return fmt.Errorf("mealprep %s: %w", args.MealPrepID, err)
	}
	req := m.Request(args.RequestID)
	if req == nil {
		return &errPermanent{reason: mealprep.FailureGenerator, err: fmt.Errorf("%w: %s", mealprep.ErrRequestNotFound, args.RequestID)}
	}
	if req.Finished() {
		return nil
	}
	if !m.Exists() {
		return &errPermanent{reason: mealprep.FailureDeleted, err: mealprep.ErrNotFound}
	}
	person, err := s.Person(ctx, s.pool, args.OwnerID)
	if err != nil {
		return err
	}
	in, err := s.engineRequest(ctx, args.OwnerID, person, req, m.Foods())
	if err != nil {
		return err
	}
	if len(in.Foods) == 0 {
		return &errPermanent{reason: mealprep.FailureNoFoods, err: mealprep.ErrNoFoods}
	}
	// The dish forms the meal prep already holds: the engine prefers another (a varied week).
	in.RecentDishes = m.Dishes(req.ID, req.Category)
	generate := func(in nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
		if req.Category == mealprep.LunchDinner {
			return GenerateSpread(ctx, gen, in, m.LunchDinnerFoods(req.ID))
		}
		return gen.Generate(ctx, in)
	}
	var fromEngine []nutrition.Recipe
	var genErr error
	if req.Target != nil {
		// A regeneration closes the day's gap with the kept recipes counted. Kept recipes a
		// little off their targets move the gap twice as far for the one left (its fat down a
		// fifth), a plate the foods that made the others may not make: then the new recipe aims
		// at its meal's own target, as the first generation did (docs/mealprep.md, "Keep and
		// regenerate").
		usual := in
		in.Target = nutrition.Macros(*req.Target)
		if fromEngine, genErr = generate(in); unreachable(fromEngine, genErr) {
			in = usual
			fromEngine, genErr = generate(in)
		}
	} else {
		fromEngine, genErr = generate(in)
	}
	recipes := make([]mealprep.Recipe, len(fromEngine))
	for i, r := range fromEngine {
		recipes[i] = RecipeOf(r)
	}
	// Keep what was made, even when the generator failed part-way.
	var made []MadeRecipe
	for idx, r := range recipes {
		if _, done := req.Done[idx]; done || idx >= req.Count {
			continue
		}
		if r.ID, err = uuid.NewV7(); err != nil {
			return err
		}
		r.Category = req.Category
		made = append(made, MadeRecipe{Index: idx, Recipe: r})
	}
	if len(made) > 0 {
		if err := s.recordRecipes(ctx, args, made); err != nil {
			return err
		}
	}
	if genErr != nil {
		// The engine refused the request: its reason is the one change that would make it
		// possible (docs/nutrition.md), kept for the person in both languages.
		if u := (*nutrition.Unsolvable)(nil); errors.As(genErr, &u) {
			reason := mealprep.FailureNoFoods
			if u.Code == "inconsistent_target" {
				reason = mealprep.FailureInconsistentTarget
			}
			return &errPermanent{reason: reason, why: mealprep.Diagnosis{FR: u.Reason.FR, EN: u.Reason.EN, Suggestion: adviceOf(u.Suggestion)}, err: genErr}
		}
		if errors.Is(genErr, nutrition.ErrUnsolvable) {
			return &errPermanent{reason: mealprep.FailureNoFoods, err: genErr}
		}
		return fmt.Errorf("generate request %s: %w", args.RequestID, genErr)
	}
	if len(recipes) < req.Count {
		// The engine makes every distinct plate the foods allow: asking again makes no more. It
		// may say which kind of food would make more.
		var why mealprep.Diagnosis
		if d, ok := gen.(fewerDiagnoser); ok {
			t := d.DiagnoseFewer(in, len(recipes))
			why = mealprep.Diagnosis{FR: t.FR, EN: t.EN}
		}
		return &errPermanent{reason: mealprep.FailureTooFew, why: why, err: fmt.Errorf("generate request %s: %d of %d recipes", args.RequestID, len(recipes), req.Count)}
	}
	return nil
}

// unreachable reports whether the engine answered that the foods cannot meet the target: its
// closest plate with a diagnosis, or a refusal. A generator that diagnoses nothing is never
// unreachable, its recipes are kept as before.
func unreachable(rs []nutrition.Recipe, err error) bool {
	if err != nil {
		return errors.Is(err, nutrition.ErrUnsolvable)
	}
	return len(rs) > 0 && !rs[0].Feasible && rs[0].Explanation != nil
}

// adviceOf is the engine's checked suggestion as the meal prep records it; nil for none.
func adviceOf(s *nutrition.Suggestion) *mealprep.Advice {
	if s == nil || s.Action == "" {
		return nil
	}
	return &mealprep.Advice{Action: s.Action, FoodCodes: slices.Clone(s.FoodCodes), PriceLimit: s.PriceLimit, Pair: s.Pair}
}

// engineRequest is the request's recipes to make, as the engine takes them: the meal prep's
// foods in the order they were added, each capped at what the person has of it, and the
// person's per-serving target, diet and price limit, and the cooking fats of their cupboard
// (docs/nutrition.md, "Pantry staples"). A food containing an allergen the person declares never
// reaches the engine (docs/mealprep.md, "Allergens").
func (s *Service) engineRequest(ctx context.Context, owner uuid.UUID, p Person, req *mealprep.Request, ings []mealprep.Ingredient) (nutrition.GenerateRequest, error) {
	codes := make([]int, len(ings))
	for i, in := range ings {
		codes[i] = in.FoodCode
	}
	known, err := s.foods.EngineFoods(ctx, s.pool, owner, append(codes, nutrition.PantryFoodCodes(p.Pantry)...))
	if err != nil {
		return nutrition.GenerateRequest{}, err
	}
	cur := nutrition.EUR
	if p.Currency == string(nutrition.USD) {
		cur = nutrition.USD
	}
	in := nutrition.GenerateRequest{
		Category: req.Category, Target: nutrition.Macros(p.MealTarget(req.Category)), Diet: p.Diet,
		PriceLimit: float64(p.PriceLimitCents) / 100, Currency: cur, USDPerEUR: s.usdPerEUR,
		Count: req.Count, Seed: int64(seedOf(req.ID)), Pantry: p.Pantry, Exclude: p.Allergens, Larger: slices.Clone(req.Larger),
	}
	for _, ing := range ings {
		f, ok := known[ing.FoodCode]
		if !ok || nutrition.ContainsAny(f, p.Allergens) {
			continue
		}
		in.Foods = append(in.Foods, f)
		if ing.Grams > 0 {
			if in.MaxGrams == nil {
				in.MaxGrams = map[int]float64{}
			}
			in.MaxGrams[ing.FoodCode] = float64(ing.Grams)
		}
	}
	in.PantryFoods = nutrition.PantryFoods(p.Pantry, known) // p.Pantry holds no declared allergen (SafePantry)
	in.OutOfSeason = s.outOfSeason(in.Foods)
	return in, nil
}

func seedOf(id uuid.UUID) uint64 {
	var s uint64
	for _, b := range id[8:] {
		s = s<<8 | uint64(b)
	}
	return s >> 1 // fits an int64 seed
}
