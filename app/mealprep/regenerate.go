package mealprep

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// RegenerateCommand makes recipes again in place of old ones (issue 23): one request per
// category, each replacing its recipes, aimed at the target that closes the day's gap with the
// other recipes counted. Regs are decided before the command from the read model and checked
// again by the aggregate.
type RegenerateCommand struct {
	prepCommand
	// RecipeID is the one recipe asked for (uuid.Nil: the rest); the request's identity, since
	// Regs hold request ids minted per call.
	RecipeID uuid.UUID               `json:"recipeId"`
	Regs     []mealprep.Regeneration `json:"-"`
}

// CommandName implements eventstore.Command.
func (RegenerateCommand) CommandName() string { return "mealprep.regenerate" }

// Decide implements eventstore.Command.
func (c RegenerateCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	return m.RequestRegeneration(c.Regs)
}

// RegenerateInput asks to regenerate one recipe (RecipeID) or every recipe not kept (uuid.Nil).
type RegenerateInput struct {
	Owner      uuid.UUID
	MealPrepID uuid.UUID
	RecipeID   uuid.UUID
	// IdempotencyKey comes from the form: a double-submitted form charges once.
	IdempotencyKey string
}

// Regenerate records the regeneration requests, charges one token per recipe made again and
// inserts the jobs, in one transaction: all or nothing. The kept recipes (or, for one recipe,
// all the others) are counted when the new recipes' target is set. Not enough tokens matches
// ledger.ErrInsufficientTokens and nothing is written. It returns how many recipes are made.
func (s *Service) Regenerate(ctx context.Context, in RegenerateInput) (int, Result, error) {
	if s.jobs == nil {
		return 0, Result{}, errors.New("mealprep: regenerate needs a job client")
	}
	m, err := s.Load(ctx, in.Owner, in.MealPrepID)
	if err != nil {
		return 0, Result{}, err
	}
	p, err := s.Person(ctx, s.pool, in.Owner)
	if err != nil {
		return 0, Result{}, err
	}
	views, err := s.Recipes(ctx, p, in.MealPrepID, "fr")
	if err != nil {
		return 0, Result{}, err
	}
	replaced := map[uuid.UUID]bool{}
	byCat := map[mealprep.Category][]uuid.UUID{}
	plan := make([]mealprep.PlanRecipe, 0, len(views))
	for _, v := range views {
		plan = append(plan, mealprep.PlanRecipe{ID: v.ID, Category: v.Category, Servings: v.Servings, PerServing: v.PerServing.Macros})
		stored := m.Recipe(v.ID)
		if stored == nil {
			continue
		}
		if (in.RecipeID == uuid.Nil && !stored.Kept) || v.ID == in.RecipeID {
			replaced[v.ID] = true
			byCat[v.Category] = append(byCat[v.Category], v.ID)
		}
	}
	if in.RecipeID != uuid.Nil && !replaced[in.RecipeID] {
		return 0, Result{}, fmt.Errorf("%w: %s", mealprep.ErrRecipeNotFound, in.RecipeID)
	}
	targets := mealprep.RegenerationTargets(plan, replaced, p.Daily, p.Split)
	var regs []mealprep.Regeneration
	total := 0
	for _, c := range mealprep.Categories {
		ids := byCat[c]
		if len(ids) == 0 {
			continue
		}
		rid, err := uuid.NewV7()
		if err != nil {
			return 0, Result{}, err
		}
		// A meal the person's split leaves out is not in the plan's schedule, so it has no gap to
		// close: no target, and the job aims at the meal's usual one (Person.MealTarget).
		var target *mealprep.Macros
		if t, ok := targets[c]; ok {
			target = &t
		}
		regs = append(regs, mealprep.Regeneration{RequestID: rid, Category: c, Replaces: ids, Target: target})
		total += len(ids)
	}
	key := in.IdempotencyKey
	if key == "" {
		key = uuid.NewString()
	}
	cmd := RegenerateCommand{prepCommand: byOwner(in.Owner, in.MealPrepID), RecipeID: in.RecipeID, Regs: regs}
	cmd.IdempotencyKey = "regenerate:" + in.MealPrepID.String() + ":" + key
	res, err := s.run(ctx, cmd, func(tx pgx.Tx, _ eventstore.AppendResult) error {
		for _, g := range regs {
			_, err := s.ledger.ChargeTx(ctx, tx, ledgerapp.ChargeCommand{
				UserID: in.Owner, Amount: int64(len(g.Replaces)), Reason: ledger.ReasonRecipeGeneration, Ref: g.RequestID.String(),
				CommandMeta: eventstore.CommandMeta{Actor: actor(in.Owner), IdempotencyKey: "charge:" + g.RequestID.String(), CorrelationID: g.RequestID.String()},
			})
			if err != nil {
				return fmt.Errorf("mealprep %s: charge %d tokens: %w", in.MealPrepID, len(g.Replaces), err)
			}
			if _, err := s.jobs.InsertTx(ctx, tx, GenerateArgs{RequestID: g.RequestID, MealPrepID: in.MealPrepID, OwnerID: in.Owner}, nil); err != nil {
				return fmt.Errorf("mealprep %s: insert regeneration job: %w", in.MealPrepID, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, Result{}, err
	}
	if res.Duplicate {
		total = 0
	}
	return total, result(res), nil
}
