package mealprep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// GenerateMissingCommand asks for the recipes a varied plan still needs (mealprep.Missing).
// RequestIDs are minted per call, one per category, so they are not part of the request's
// encoding: the same click sent twice is the same request.
type GenerateMissingCommand struct {
	prepCommand
	RequestIDs []uuid.UUID               `json:"-"`
	Wanted     map[mealprep.Category]int `json:"wanted"`
	Expected   int                       `json:"expected"`
}

// CommandName implements eventstore.Command.
func (GenerateMissingCommand) CommandName() string { return "mealprep.generate_missing" }

// Decide implements eventstore.Command.
func (c GenerateMissingCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	return m.RequestMissing(c.RequestIDs, c.Wanted, c.Expected)
}

// GenerateMissingInput is the "generate what is missing" click.
type GenerateMissingInput struct {
	Owner      uuid.UUID
	MealPrepID uuid.UUID
	// Expected is the number of recipes (and tokens) the page showed on the button.
	Expected int
	// IdempotencyKey comes from the page: a click sent twice charges once.
	IdempotencyKey string
}

// GenerateMissing asks, in one command, for the recipes a varied week of the plan page's days
// needs and the meal prep lacks (mealprep.RecipesWanted: for 7 days of the default split 2
// breakfasts, 4 lunch/dinner recipes and 2 snacks), and in the same transaction charges each request its count and inserts
// its job: all or nothing, so the whole set is asked for even if the page is closed right after
// the click. Not enough tokens for the whole set matches ledger.ErrInsufficientTokens and
// nothing is written; mealprep.ErrNothingMissing and ErrMissingChanged write nothing either. It
// returns the requests made (the first call's on a repeated key).
func (s *Service) GenerateMissing(ctx context.Context, in GenerateMissingInput) ([]uuid.UUID, Result, error) {
	if s.jobs == nil {
		return nil, Result{}, errors.New("mealprep: generate needs a job client")
	}
	p, err := s.Person(ctx, s.pool, in.Owner)
	if err != nil {
		return nil, Result{}, err
	}
	ids := make([]uuid.UUID, len(mealprep.Categories))
	for i := range ids {
		if ids[i], err = uuid.NewV7(); err != nil {
			return nil, Result{}, err
		}
	}
	key := in.IdempotencyKey
	if key == "" {
		key = ids[0].String()
	}
	cmd := GenerateMissingCommand{prepCommand: byOwner(in.Owner, in.MealPrepID), RequestIDs: ids, Wanted: mealprep.RecipesWanted(p.Split, mealprep.PlanDays), Expected: in.Expected}
	cmd.IdempotencyKey = "generate-missing:" + in.MealPrepID.String() + ":" + key
	res, err := s.run(ctx, cmd, func(tx pgx.Tx, res eventstore.AppendResult) error {
		asked, err := requested(res.Events)
		if err != nil {
			return err
		}
		for _, q := range asked {
			// One charge per request, under its id, as a single request is charged: its refund,
			// should the job fail, names that charge.
			_, err := s.ledger.ChargeTx(ctx, tx, ledgerapp.ChargeCommand{
				UserID: in.Owner, Amount: int64(q.Count), Reason: ledger.ReasonRecipeGeneration, Ref: q.RequestID.String(),
				CommandMeta: eventstore.CommandMeta{Actor: actor(in.Owner), IdempotencyKey: "charge:" + q.RequestID.String(), CorrelationID: q.RequestID.String()},
			})
			if err != nil {
				return fmt.Errorf("mealprep %s: charge %d tokens: %w", in.MealPrepID, q.Count, err)
			}
		}
		for _, q := range asked {
			if _, err := s.jobs.InsertTx(ctx, tx, GenerateArgs{RequestID: q.RequestID, MealPrepID: in.MealPrepID, OwnerID: in.Owner}, nil); err != nil {
				return fmt.Errorf("mealprep %s: insert generation job: %w", in.MealPrepID, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, Result{}, err
	}
	asked, err := requested(res.Events)
	if err != nil {
		return nil, Result{}, err
	}
	out := make([]uuid.UUID, 0, len(asked))
	for _, q := range asked {
		out = append(out, q.RequestID)
	}
	return out, result(res), nil
}

// requested are the generation requests among a command's events.
func requested(events []eventstore.RecordedEvent) ([]mealprep.RecipeGenerationRequested, error) {
	var out []mealprep.RecipeGenerationRequested
	for _, e := range events {
		if e.Type != mealprep.TypeRecipeGenerationRequested {
			continue
		}
		var ev mealprep.RecipeGenerationRequested
		if err := json.Unmarshal(e.Payload, &ev); err != nil {
			return nil, fmt.Errorf("mealprep: read request: %w", err)
		}
		out = append(out, ev)
	}
	return out, nil
}
