package mealprep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
)

// GenerateCommand asks for Count recipes of Category, paid with Count tokens.
type GenerateCommand struct {
	Owner      uuid.UUID
	MealPrepID uuid.UUID
	Category   mealprep.Category
	Count      int
	// IdempotencyKey comes from the form: a double-submitted form charges once.
	IdempotencyKey string
}

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

// Generate charges Count tokens, records the request and inserts the job in one transaction:
// all three happen or none. Not enough tokens is an error matching ledger.ErrInsufficientTokens
// and nothing is written. A repeated idempotency key returns the first request's id.
func (s *Service) Generate(ctx context.Context, cmd GenerateCommand) (uuid.UUID, Result, error) {
	if s.jobs == nil {
		return uuid.Nil, Result{}, errors.New("mealprep: generate needs a job client")
	}
	requestID, err := uuid.NewV7()
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	key := cmd.IdempotencyKey
	if key == "" {
		key = requestID.String()
	}
	c := command{
		id: cmd.MealPrepID, owner: cmd.Owner,
		key:  "generate:" + cmd.MealPrepID.String() + ":" + key,
		hash: hash("generate", cmd.Owner, cmd.Category, cmd.Count),
		decide: func(ctx context.Context, tx pgx.Tx, m *mealprep.MealPrep) error {
			// The rules first, so a bad request charges nothing; then the charge, before any
			// other write of this transaction (see docs/eventstore.md on reordering).
			if err := m.RequestGeneration(requestID, cmd.Category, cmd.Count); err != nil {
				return err
			}
			_, err := s.ledger.ChargeTx(ctx, tx, ledgerapp.ChargeCommand{
				UserID: cmd.Owner, Amount: int64(cmd.Count), Reason: ledger.ReasonRecipeGeneration,
				Ref:         requestID.String(),
				CommandMeta: eventstore.CommandMeta{Actor: actor(cmd.Owner), IdempotencyKey: "charge:" + requestID.String(), CorrelationID: requestID.String()},
			})
			if err != nil {
				return fmt.Errorf("mealprep %s: charge %d tokens: %w", cmd.MealPrepID, cmd.Count, err)
			}
			return nil
		},
		after: func(ctx context.Context, tx pgx.Tx, _ eventstore.AppendResult) error {
			_, err := s.jobs.InsertTx(ctx, tx, GenerateArgs{RequestID: requestID, MealPrepID: cmd.MealPrepID, OwnerID: cmd.Owner}, nil)
			if err != nil {
				return fmt.Errorf("mealprep %s: insert generation job: %w", cmd.MealPrepID, err)
			}
			return nil
		},
	}
	res, err := s.run(ctx, c)
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	if res.Duplicate {
		for _, e := range res.Events {
			if e.Type == mealprep.TypeRecipeGenerationRequested {
				var ev mealprep.RecipeGenerationRequested
				if err := json.Unmarshal(e.Payload, &ev); err != nil {
					return uuid.Nil, Result{}, fmt.Errorf("mealprep: read first request: %w", err)
				}
				requestID = ev.RequestID
			}
		}
	}
	return requestID, result(res), nil
}

// errPermanent marks a generation failure that retrying cannot fix; why is the engine's
// diagnosis when it refused the request.
type errPermanent struct {
	reason mealprep.FailureReason
	why    mealprep.Diagnosis
	err    error
}

func (e *errPermanent) Error() string { return fmt.Sprintf("%s: %v", e.reason, e.err) }
func (e *errPermanent) Unwrap() error { return e.err }

// Worker makes the recipes of a generation request.
type Worker struct {
	river.WorkerDefaults[GenerateArgs]
	svc     *Service
	gen     Generator
	timeout time.Duration
	// Delay pauses each attempt before generating. Only browser tests set it (APP_ENV=test), to
	// see the progress message and reload while a request runs.
	Delay time.Duration
}

// DefaultJobTimeout bounds one attempt, far below River's rescue of stuck jobs (1 h by default),
// so a hung generator fails the attempt instead of holding the job.
const DefaultJobTimeout = 30 * time.Second

// NewWorker returns the worker; timeout 0 means DefaultJobTimeout.
func NewWorker(svc *Service, gen Generator, timeout time.Duration) *Worker {
	if timeout <= 0 {
		timeout = DefaultJobTimeout
	}
	return &Worker{svc: svc, gen: gen, timeout: timeout}
}

// Register adds the worker to River's workers.
func Register(workers *river.Workers, w *Worker) error {
	if err := river.AddWorkerSafely(workers, w); err != nil {
		return fmt.Errorf("mealprep: register generation worker: %w", err)
	}
	return nil
}

// Timeout implements river.Worker: the explicit per-attempt bound.
func (w *Worker) Timeout(*river.Job[GenerateArgs]) time.Duration { return w.timeout }

// NextRetry retries soon: the person is watching the page.
func (w *Worker) NextRetry(job *river.Job[GenerateArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt) * time.Second)
}

// Work makes the missing recipes. On the last attempt, or on a failure retrying cannot fix, it
// ends the request with RecipeGenerationFailed and refunds the unfulfilled tokens in the same
// transaction; both are idempotent, so the refund happens once however often this runs.
func (w *Worker) Work(ctx context.Context, job *river.Job[GenerateArgs]) error {
	if w.Delay > 0 {
		select {
		case <-ctx.Done():
		case <-time.After(w.Delay):
		}
	}
	err := w.svc.makeRecipes(ctx, w.gen, job.Args)
	if err == nil {
		return nil
	}
	var perm *errPermanent
	final := errors.As(err, &perm) || job.Attempt >= job.MaxAttempts
	if !final {
		return err
	}
	reason, why := mealprep.FailureGenerator, mealprep.Diagnosis{}
	switch {
	case perm != nil:
		reason, why = perm.reason, perm.why
	case errors.Is(err, context.DeadlineExceeded):
		reason = mealprep.FailureTimeout
	}
	// The attempt's context may be the one that timed out: failing gets its own bound.
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if ferr := w.svc.FailRequest(fctx, job.Args, reason, why); ferr != nil {
		return fmt.Errorf("generation failed (%v) and could not be closed: %w", err, ferr)
	}
	return nil
}

// FailRequest ends a request that will not make its remaining recipes and refunds the tokens of
// the recipes not made, once (the domain records the failure once; the refund is keyed by the
// request). why, when not empty, tells the person what would make the request possible.
func (s *Service) FailRequest(ctx context.Context, args GenerateArgs, reason mealprep.FailureReason, why mealprep.Diagnosis) error {
	_, err := s.run(ctx, command{id: args.MealPrepID, owner: args.OwnerID, create: true, decide: func(ctx context.Context, tx pgx.Tx, m *mealprep.MealPrep) error {
		n, err := m.FailGeneration(args.RequestID, reason, why)
		if err != nil || n == 0 {
			return err
		}
		_, err = s.ledger.RefundTx(ctx, tx, ledgerapp.RefundCommand{
			UserID: args.OwnerID, Amount: int64(n), Ref: args.RequestID.String(),
			CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "generation-refund:" + args.RequestID.String(), CorrelationID: args.RequestID.String()},
		})
		if err != nil {
			return fmt.Errorf("refund %d tokens of request %s: %w", n, args.RequestID, err)
		}
		return nil
	}})
	return err
}

// makeRecipes generates and records each recipe the request still lacks, one append per recipe
// so the page shows progress.
func (s *Service) makeRecipes(ctx context.Context, gen Generator, args GenerateArgs) error {
	m, err := s.loadTx(ctx, s.pool, args.MealPrepID)
	if err != nil {
		return err
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
	foods, err := s.foodData(ctx, s.pool, args.OwnerID, m.Foods())
	if err != nil {
		return err
	}
	if len(foods) == 0 {
		return &errPermanent{reason: mealprep.FailureNoFoods, err: mealprep.ErrNoFoods}
	}
	in := GenerateInput{
		Foods: foods, Category: req.Category, Target: person.MealTarget(req.Category), Diet: person.Diet,
		PriceLimitCents: person.PriceLimitCents, Currency: person.Currency, Count: req.Count, Seed: seedOf(args.RequestID),
	}
	recipes, genErr := gen.Generate(ctx, in)
	// Keep what was made, even when the generator failed part-way.
	for idx, r := range recipes {
		if _, done := req.Done[idx]; done || idx >= req.Count {
			continue
		}
		if r.ID, err = uuid.NewV7(); err != nil {
			return err
		}
		r.Category = req.Category
		if err := s.recordRecipe(ctx, args, idx, r); err != nil {
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
			return &errPermanent{reason: reason, why: mealprep.Diagnosis{FR: u.Reason.FR, EN: u.Reason.EN}, err: genErr}
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
		if d, ok := gen.(FewerDiagnoser); ok {
			why = d.DiagnoseFewer(in, len(recipes))
		}
		return &errPermanent{reason: mealprep.FailureTooFew, why: why, err: fmt.Errorf("generate request %s: %d of %d recipes", args.RequestID, len(recipes), req.Count)}
	}
	return nil
}

// recordRecipe appends one recipe, and refunds its token when it misses the tolerance on a
// feasible target (the engine's accuracy guarantee), in one transaction.
func (s *Service) recordRecipe(ctx context.Context, args GenerateArgs, idx int, r mealprep.Recipe) error {
	_, err := s.run(ctx, command{id: args.MealPrepID, owner: args.OwnerID, create: true, decide: func(ctx context.Context, tx pgx.Tx, m *mealprep.MealPrep) error {
		if !m.Exists() {
			return &errPermanent{reason: mealprep.FailureDeleted, err: mealprep.ErrNotFound}
		}
		added, err := m.RecordRecipe(args.RequestID, idx, r)
		if err != nil {
			if errors.Is(err, mealprep.ErrRequestClosed) {
				return &errPermanent{reason: mealprep.FailureGenerator, err: err}
			}
			return err
		}
		if !added || r.WithinTolerance || !r.Feasible {
			return nil
		}
		_, err = s.ledger.RefundTx(ctx, tx, ledgerapp.RefundCommand{
			UserID: args.OwnerID, Amount: 1, Ref: args.RequestID.String(),
			CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: fmt.Sprintf("tolerance-refund:%s:%d", args.RequestID, idx), CorrelationID: args.RequestID.String()},
		})
		if err != nil {
			return fmt.Errorf("refund out-of-tolerance recipe %d of %s: %w", idx, args.RequestID, err)
		}
		return nil
	}})
	return err
}

func seedOf(id uuid.UUID) uint64 {
	var s uint64
	for _, b := range id[8:] {
		s = s<<8 | uint64(b)
	}
	return s >> 1 // fits an int64 seed
}
