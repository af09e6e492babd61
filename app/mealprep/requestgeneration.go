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

// GenerateCommand asks for Count recipes of Category, paid with Count tokens.
type GenerateCommand struct {
	Owner      uuid.UUID
	MealPrepID uuid.UUID
	Category   mealprep.Category
	Count      int
	// Larger are meal-prep foods to serve larger than usual (a "more of" suggestion, applied).
	Larger []int
	// IdempotencyKey comes from the form: a double-submitted form charges once.
	IdempotencyKey string
}

// RequestGenerationCommand records a generation request. RequestID is minted per call, so it is
// not part of the request's encoding: the same form sent twice is the same request.
type RequestGenerationCommand struct {
	prepCommand
	RequestID uuid.UUID         `json:"-"`
	Category  mealprep.Category `json:"category"`
	Count     int               `json:"count"`
	Larger    []int             `json:"larger,omitempty"`
}

// CommandName implements eventstore.Command.
func (RequestGenerationCommand) CommandName() string { return "mealprep.request_generation" }

// Decide implements eventstore.Command.
func (c RequestGenerationCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	return m.RequestGeneration(c.RequestID, c.Category, c.Count, c.Larger)
}

// Generate records the request, charges Count tokens and inserts the job in one transaction:
// all three happen or none. The rules decide first, so a bad request charges nothing. Not
// enough tokens is an error matching ledger.ErrInsufficientTokens and nothing is written. A
// repeated idempotency key returns the first request's id.
func (s *Service) Generate(ctx context.Context, in GenerateCommand) (uuid.UUID, Result, error) {
	if s.jobs == nil {
		return uuid.Nil, Result{}, errors.New("mealprep: generate needs a job client")
	}
	requestID, err := uuid.NewV7()
	if err != nil {
		return uuid.Nil, Result{}, err
	}
	key := in.IdempotencyKey
	if key == "" {
		key = requestID.String()
	}
	cmd := RequestGenerationCommand{prepCommand: byOwner(in.Owner, in.MealPrepID), RequestID: requestID, Category: in.Category, Count: in.Count, Larger: in.Larger}
	cmd.IdempotencyKey = "generate:" + in.MealPrepID.String() + ":" + key
	res, err := s.run(ctx, cmd, func(tx pgx.Tx, _ eventstore.AppendResult) error {
		// The wallet is appended to after the meal prep: when its head is newer than this
		// transaction (a Reordered conflict), run decides the whole transaction again.
		_, err := s.ledger.ChargeTx(ctx, tx, ledgerapp.ChargeCommand{
			UserID: in.Owner, Amount: int64(in.Count), Reason: ledger.ReasonRecipeGeneration, Ref: requestID.String(),
			CommandMeta: eventstore.CommandMeta{Actor: actor(in.Owner), IdempotencyKey: "charge:" + requestID.String(), CorrelationID: requestID.String()},
		})
		if err != nil {
			return fmt.Errorf("mealprep %s: charge %d tokens: %w", in.MealPrepID, in.Count, err)
		}
		if _, err := s.jobs.InsertTx(ctx, tx, GenerateArgs{RequestID: requestID, MealPrepID: in.MealPrepID, OwnerID: in.Owner}, nil); err != nil {
			return fmt.Errorf("mealprep %s: insert generation job: %w", in.MealPrepID, err)
		}
		return nil
	})
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
