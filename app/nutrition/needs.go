package nutrition

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/jobs"
)

// JobInserter inserts River jobs in a transaction; *jobs.Client satisfies it.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Explainer writes a short personalised explanation of computed needs (an AI provider). The
// numbers are never its: it only comments on them, and what it writes goes through
// nutrition.CleanExplanation before it is stored.
type Explainer interface {
	ExplainNeeds(ctx context.Context, req nutrition.ExplainRequest) (string, error)
}

// DefaultExplainTimeout bounds the wait for an explanation, well inside the job's time-out:
// past it the numbers are stored without one.
const DefaultExplainTimeout = 20 * time.Second

// Needs runs the paid needs calculation: the survey, the charge and the job in one
// transaction, the worker that computes, and the acceptance into the person's goals.
type Needs struct {
	pool   *pgxpool.Pool
	ledger *ledgerapp.Service
	jobs   JobInserter
	now    func() time.Time
}

// NewNeeds returns the needs service; jobs may be nil in worker-only processes.
func NewNeeds(pool *pgxpool.Pool, l *ledgerapp.Service, jobs JobInserter) *Needs {
	return &Needs{pool: pool, ledger: l, jobs: jobs, now: time.Now}
}

// Survey is the survey form, in metric units (the handler converts pounds and inches).
type Survey struct {
	WeightKg            float64             `json:"weightKg"`
	HeightCm            float64             `json:"heightCm"`
	Age                 int                 `json:"age"`
	Sex                 string              `json:"sex"`
	ActivityLevel       string              `json:"activityLevel"`
	ActivityDescription string              `json:"activityDescription"`
	OtherActivities     string              `json:"otherActivities"`
	Objective           string              `json:"objective"`
	MacroPreset         string              `json:"macroPreset"`
	MealSplit           nutrition.MealSplit `json:"mealSplit"`
}

// FieldErrors maps a survey field to the reason it was refused; the web layer translates each.
type FieldErrors map[string]error

func (f FieldErrors) Error() string {
	keys := make([]string, 0, len(f))
	for k, v := range f {
		keys = append(keys, k+": "+v.Error())
	}
	slices.Sort(keys)
	return "invalid survey: " + strings.Join(keys, ", ")
}

// ErrTextTooLong: a free-text answer is over MaxSurveyText characters.
var ErrTextTooLong = errors.New("answer too long")

// MaxSurveyText bounds the free-text answers.
const MaxSurveyText = 500

// Input is the formula's input.
func (s Survey) Input() nutrition.NeedsInput {
	return nutrition.NeedsInput{
		Body:     nutrition.Body{WeightKg: s.WeightKg, HeightCm: s.HeightCm, Age: s.Age, Sex: nutrition.Sex(s.Sex)},
		Activity: nutrition.ActivityLevel(s.ActivityLevel), Objective: nutrition.Objective(s.Objective),
		Preset: nutrition.MacroPreset(s.MacroPreset),
	}
}

// Validate returns every refused field at once.
func (s Survey) Validate() error {
	errs := FieldErrors{}
	if math.IsNaN(s.WeightKg) || s.WeightKg < nutrition.MinWeightKg || s.WeightKg > nutrition.MaxWeightKg {
		errs["weightKg"] = nutrition.ErrWeightOutOfRange
	}
	if math.IsNaN(s.HeightCm) || s.HeightCm < nutrition.MinHeightCm || s.HeightCm > nutrition.MaxHeightCm {
		errs["heightCm"] = nutrition.ErrHeightOutOfRange
	}
	if s.Age < nutrition.MinAge || s.Age > nutrition.MaxAge {
		errs["age"] = nutrition.ErrAgeOutOfRange
	}
	if _, err := nutrition.ParseSex(s.Sex); err != nil {
		errs["sex"] = err
	}
	if _, _, err := nutrition.ParseActivityLevel(s.ActivityLevel); err != nil {
		errs["activityLevel"] = err
	}
	if _, err := nutrition.ParseObjective(s.Objective); err != nil {
		errs["objective"] = err
	}
	if _, _, err := nutrition.ParsePreset(s.MacroPreset); err != nil {
		errs["macroPreset"] = err
	}
	if err := s.MealSplit.Validate(); err != nil {
		errs["mealSplit"] = err
	}
	if len([]rune(s.ActivityDescription)) > MaxSurveyText {
		errs["activityDescription"] = ErrTextTooLong
	}
	if len([]rune(s.OtherActivities)) > MaxSurveyText {
		errs["otherActivities"] = ErrTextTooLong
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// NeedsArgs is the River job that computes one request.
type NeedsArgs struct {
	RequestID uuid.UUID `json:"requestID"`
}

// Kind implements river.JobArgs.
func (NeedsArgs) Kind() string { return "calculate_needs" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (NeedsArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// Request statuses.
const (
	StatusPending = "pending"
	StatusDone    = "done"
	StatusFailed  = "failed"
)

// Request is one paid calculation as the survey page shows it.
type Request struct {
	ID     uuid.UUID        `json:"id"`
	Status string           `json:"status"`
	Survey Survey           `json:"survey"`
	Needs  *nutrition.Needs `json:"needs"`
	// Guide are the figures the page explains the result with from templates, AI or not
	// (nutrition.GuideOf); nil until the result is in.
	Guide       *nutrition.NeedsGuide `json:"guide"`
	Explanation string                `json:"explanation"`
	// ExplanationLang is the language the explanation is written in ("fr" or "en"; "" without one).
	ExplanationLang string    `json:"explanationLang"`
	Accepted        bool      `json:"accepted"`
	CreatedAt       time.Time `json:"createdAt"`
}

// chargeRef is the ledger reference of a request's charge and refund.
func chargeRef(id uuid.UUID) string { return "needs:" + id.String() }

// requestNamespace derives a request id from the form's idempotency key, so a double-submitted
// survey is one request and one charge.
var requestNamespace = uuid.MustParse("6f1f5b8e-6d0e-4bde-9d53-3c1f1f7a2b10")

// Request checks the survey and, in one transaction, charges NeedsCalculationTokens, saves the
// survey and the pending request and inserts its job: all or nothing. A refused survey is
// FieldErrors and not enough tokens matches ledger.ErrInsufficientTokens; nothing is charged
// then. The same idempotency key returns the first request.
func (s *Needs) Request(ctx context.Context, userID uuid.UUID, sv Survey, idempotencyKey string) (uuid.UUID, error) {
	if err := sv.Validate(); err != nil {
		return uuid.Nil, err
	}
	if s.jobs == nil {
		return uuid.Nil, errors.New("nutrition: needs request needs a job client")
	}
	if idempotencyKey == "" {
		idempotencyKey = uuid.NewString()
	}
	id := uuid.NewSHA1(requestNamespace, []byte(userID.String()+":"+idempotencyKey))
	input, err := json.Marshal(sv)
	if err != nil {
		return uuid.Nil, err
	}
	split, _ := json.Marshal(sv.MealSplit)
	err = eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		// The charge first, before any other write (docs/eventstore.md on reordering).
		res, err := s.ledger.ChargeTx(ctx, tx, ledgerapp.ChargeCommand{
			UserID: userID, Amount: nutrition.NeedsCalculationTokens, Reason: ledger.ReasonNeedsCalculation, Ref: chargeRef(id),
			CommandMeta: eventstore.CommandMeta{Actor: eventstore.UserActor(userID), IdempotencyKey: chargeRef(id), CorrelationID: id.String()},
		})
		if err != nil {
			return fmt.Errorf("nutrition: charge needs calculation %s: %w", id, err)
		}
		if res.Duplicate {
			// The key was used before: the same survey is the same request, another survey under
			// it is a mistake the person must hear about (the charge covers the first one only).
			var first Survey
			var raw []byte
			if err := tx.QueryRow(ctx, `SELECT input FROM needs_requests WHERE id = $1`, id).Scan(&raw); err != nil {
				return fmt.Errorf("nutrition: read needs request %s: %w", id, err)
			}
			if err := json.Unmarshal(raw, &first); err != nil {
				return fmt.Errorf("nutrition: read needs request %s: %w", id, err)
			}
			if first != sv {
				return &eventstore.IdempotencyKeyReusedError{Key: chargeRef(id)}
			}
			return nil
		}
		now := s.now().UTC()
		if _, err := tx.Exec(ctx, `INSERT INTO needs_requests (id, user_id, status, input, created_at) VALUES ($1, $2, 'pending', $3, $4)`,
			id, userID, input, now); err != nil {
			return fmt.Errorf("nutrition: record needs request %s: %w", id, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO nutrition_surveys (user_id, weight_kg, height_cm, age, sex, activity_level,
			activity_description, other_activities, objective, macro_preset, meal_split, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (user_id) DO UPDATE SET
			weight_kg = $2, height_cm = $3, age = $4, sex = $5, activity_level = $6, activity_description = $7,
			other_activities = $8, objective = $9, macro_preset = $10, meal_split = $11, updated_at = $12`,
			userID, sv.WeightKg, sv.HeightCm, sv.Age, sv.Sex, sv.ActivityLevel, sv.ActivityDescription,
			sv.OtherActivities, sv.Objective, sv.MacroPreset, split, now); err != nil {
			return fmt.Errorf("nutrition: save survey of %s: %w", userID, err)
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET meal_split = $2, updated_at = $3 WHERE id = $1`, userID, split, now); err != nil {
			return fmt.Errorf("nutrition: save meal split of %s: %w", userID, err)
		}
		if _, err := s.jobs.InsertTx(ctx, tx, NeedsArgs{RequestID: id}, nil); err != nil {
			return fmt.Errorf("nutrition: insert needs job %s: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// Latest is the person's most recent request, or nil.
func (s *Needs) Latest(ctx context.Context, userID uuid.UUID) (*Request, error) {
	var (
		r          Request
		input      []byte
		needs      []byte
		acceptedAt *time.Time
	)
	err := s.pool.QueryRow(ctx, `SELECT id, status, input, needs, explanation, explanation_lang, accepted_at, created_at
		FROM needs_requests WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, userID).
		Scan(&r.ID, &r.Status, &input, &needs, &r.Explanation, &r.ExplanationLang, &acceptedAt, &r.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("nutrition: latest needs request of %s: %w", userID, err)
	}
	if err := json.Unmarshal(input, &r.Survey); err != nil {
		return nil, fmt.Errorf("nutrition: needs request %s input: %w", r.ID, err)
	}
	if needs != nil {
		r.Needs = &nutrition.Needs{}
		if err := json.Unmarshal(needs, r.Needs); err != nil {
			return nil, fmt.Errorf("nutrition: needs request %s result: %w", r.ID, err)
		}
		g := nutrition.GuideOf(*r.Needs, r.CreatedAt)
		r.Guide = &g
	}
	r.Accepted = acceptedAt != nil
	return &r, nil
}

// LastSurvey is the person's saved survey answers (to prefill the form), or nil.
func (s *Needs) LastSurvey(ctx context.Context, userID uuid.UUID) (*Survey, error) {
	var (
		sv    Survey
		split []byte
	)
	err := s.pool.QueryRow(ctx, `SELECT weight_kg::float8, height_cm::float8, age, sex, activity_level, activity_description,
		other_activities, objective, macro_preset, meal_split FROM nutrition_surveys WHERE user_id = $1`, userID).
		Scan(&sv.WeightKg, &sv.HeightCm, &sv.Age, &sv.Sex, &sv.ActivityLevel, &sv.ActivityDescription,
			&sv.OtherActivities, &sv.Objective, &sv.MacroPreset, &split)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("nutrition: survey of %s: %w", userID, err)
	}
	if err := json.Unmarshal(split, &sv.MealSplit); err != nil {
		return nil, fmt.Errorf("nutrition: survey of %s: meal split: %w", userID, err)
	}
	return &sv, nil
}

// ErrRequestNotFound: no such request for this person, or it is not done.
var ErrRequestNotFound = errors.New("nutrition: needs request not found")

// Accept copies a finished calculation into the person's goals, objective and preset (free):
// a calculation is applied when it finishes, so this puts back an earlier one after the person
// changed their goals by hand.
func (s *Needs) Accept(ctx context.Context, userID, requestID uuid.UUID) error {
	return eventstore.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var raw []byte
		err := tx.QueryRow(ctx, `UPDATE needs_requests SET accepted_at = $3 WHERE id = $1 AND user_id = $2 AND status = 'done'
			RETURNING needs`, requestID, userID, s.now().UTC()).Scan(&raw)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrRequestNotFound
		}
		if err != nil {
			return fmt.Errorf("nutrition: accept needs %s: %w", requestID, err)
		}
		var n nutrition.Needs
		if err := json.Unmarshal(raw, &n); err != nil {
			return fmt.Errorf("nutrition: accept needs %s: %w", requestID, err)
		}
		if err := applyGoals(ctx, tx, userID, n, s.now().UTC()); err != nil {
			return fmt.Errorf("nutrition: accept needs %s: %w", requestID, err)
		}
		return nil
	})
}

// Compute runs the formula for a pending request and stores the result (idempotent: a request
// already finished is left alone). A request whose input the formula refuses fails for good.
// With an explainer, its text is waited for at most explainTimeout and stored cleaned; an
// error, a time-out or a refused text stores the numbers alone.
func (s *Needs) Compute(ctx context.Context, requestID uuid.UUID, ex Explainer, explainTimeout time.Duration) error {
	var (
		input  []byte
		status string
		userID uuid.UUID
		lang   string
	)
	err := s.pool.QueryRow(ctx, `SELECT r.input, r.status, r.user_id, u.language FROM needs_requests r JOIN users u ON u.id = r.user_id
		WHERE r.id = $1`, requestID).Scan(&input, &status, &userID, &lang)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // erased with its person: nothing to compute or refund to anyone
	}
	if err != nil {
		return fmt.Errorf("nutrition: read needs request %s: %w", requestID, err)
	}
	if status != StatusPending {
		return nil
	}
	var sv Survey
	if err := json.Unmarshal(input, &sv); err != nil {
		return jobs.Permanent(fmt.Errorf("nutrition: needs request %s input: %w", requestID, err))
	}
	n, err := nutrition.CalculateNeeds(sv.Input())
	if err != nil {
		return jobs.Permanent(fmt.Errorf("nutrition: needs request %s: %w", requestID, err))
	}
	if lang != "en" {
		lang = "fr"
	}
	var explanation, explanationLang string
	if ex != nil {
		explanation = explain(ctx, ex, explainTimeout, nutrition.ExplainRequest{
			Needs: n, ActivityDescription: sv.ActivityDescription, OtherActivities: sv.OtherActivities, Lang: lang,
		})
	}
	if explanation != "" {
		explanationLang = lang
	}
	out, err := json.Marshal(n)
	if err != nil {
		return err
	}
	// The paid result becomes the person's goals at once, in the same transaction: they asked
	// and paid for it, and the dashboard's "goals set" tick must describe the goals in use
	// (docs/profile.md, "The needs calculation").
	now := s.now().UTC()
	return eventstore.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE needs_requests SET status = 'done', needs = $2, explanation = $3, explanation_lang = $4,
			finished_at = $5, accepted_at = $5 WHERE id = $1 AND status = 'pending'`, requestID, out, explanation, explanationLang, now)
		if err != nil {
			return fmt.Errorf("nutrition: store needs %s: %w", requestID, err)
		}
		if tag.RowsAffected() == 0 {
			return nil // finished by another attempt meanwhile
		}
		return applyGoals(ctx, tx, userID, n, now)
	})
}

// applyGoals makes a calculation the person's goals, objective and preset.
func applyGoals(ctx context.Context, tx pgx.Tx, userID uuid.UUID, n nutrition.Needs, now time.Time) error {
	g := n.Goals()
	_, err := tx.Exec(ctx, `UPDATE users SET calorie_goal = $2, protein_goal = $3, fat_goal = $4, carb_goal = $5,
		objective = $6, macro_preset = $7, updated_at = $8 WHERE id = $1`, userID, g.Kcal, g.ProteinG, g.FatG, g.CarbsG,
		string(n.Input.Objective), string(n.Input.Preset), now)
	if err != nil {
		return fmt.Errorf("nutrition: set goals of %s: %w", userID, err)
	}
	return nil
}

// explain asks ex for an explanation of req, bounded by timeout. The explanation is a bonus:
// the model failing or saying something else than the formula gives "", never an error.
func explain(ctx context.Context, ex Explainer, timeout time.Duration, req nutrition.ExplainRequest) string {
	if timeout <= 0 {
		timeout = DefaultExplainTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	type answer struct {
		text string
		err  error
	}
	// An explainer ignoring its context must not hold the calculation either.
	done := make(chan answer, 1)
	go func() {
		text, err := ex.ExplainNeeds(ctx, req)
		done <- answer{text, err}
	}()
	select {
	case <-ctx.Done():
		return ""
	case a := <-done:
		if a.err != nil {
			return ""
		}
		text, err := nutrition.CleanExplanation(a.text, req.Needs)
		if err != nil {
			return ""
		}
		return text
	}
}

// Fail ends a pending request and refunds its tokens in the same transaction, once: the row
// leaves "pending" once, and the refund is keyed by the request.
func (s *Needs) Fail(ctx context.Context, requestID uuid.UUID) error {
	return eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		var userID uuid.UUID
		err := tx.QueryRow(ctx, `UPDATE needs_requests SET status = 'failed', finished_at = $2 WHERE id = $1 AND status = 'pending'
			RETURNING user_id`, requestID, s.now().UTC()).Scan(&userID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("nutrition: fail needs request %s: %w", requestID, err)
		}
		_, err = s.ledger.RefundTx(ctx, tx, ledgerapp.RefundCommand{
			UserID: userID, Amount: nutrition.NeedsCalculationTokens, Ref: chargeRef(requestID),
			CommandMeta: eventstore.CommandMeta{Actor: eventstore.ActorSystem, IdempotencyKey: "refund:" + chargeRef(requestID), CorrelationID: requestID.String()},
		})
		if err != nil {
			return fmt.Errorf("nutrition: refund needs request %s: %w", requestID, err)
		}
		return nil
	})
}

// NeedsWorker computes needs requests; on a failure retrying cannot fix, or on the last
// attempt, it fails the request and refunds it.
type NeedsWorker struct {
	river.WorkerDefaults[NeedsArgs]
	Needs     *Needs
	Explainer Explainer // nil: no AI explanation
	// ExplainTimeout bounds the wait for the explanation (DefaultExplainTimeout when zero).
	ExplainTimeout time.Duration
	// Delay pauses each attempt; only browser tests set it, to watch the progress.
	Delay time.Duration
}

// Timeout bounds one attempt (an AI explanation included).
func (w *NeedsWorker) Timeout(*river.Job[NeedsArgs]) time.Duration { return 30 * time.Second }

// NextRetry retries soon: the person is watching the page.
func (w *NeedsWorker) NextRetry(job *river.Job[NeedsArgs]) time.Time {
	return jobs.RetrySoon(job.Attempt)
}

// Work computes the request as a paid job (jobs.WorkPaid): a failure retrying cannot fix, or
// the last attempt's, fails the request and refunds it.
func (w *NeedsWorker) Work(ctx context.Context, job *river.Job[NeedsArgs]) error {
	jobs.Pause(ctx, w.Delay)
	return jobs.WorkPaid(ctx, job, func(ctx context.Context) error {
		return w.Needs.Compute(ctx, job.Args.RequestID, w.Explainer, w.ExplainTimeout)
	}, func(ctx context.Context, _ error) error {
		return w.Needs.Fail(ctx, job.Args.RequestID)
	})
}
