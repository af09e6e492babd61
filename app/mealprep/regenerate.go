package mealprep

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// RegenerateCommand makes recipes again in place of the ones the person named: per category,
// requests of at most mealprep.MaxCount recipes, each replacing its recipes, aimed at the target
// that closes the day's gap with the other recipes counted. Regs are decided before the command
// from the read model and checked again by the aggregate, which refuses a recipe already
// replaced or being replaced (docs/mealprep.md, "Keep and regenerate").
type RegenerateCommand struct {
	prepCommand
	// RecipeIDs are the recipes named, in the order asked: the request's identity, since Regs
	// hold request ids minted per call.
	RecipeIDs []uuid.UUID             `json:"recipeIds"`
	Regs      []mealprep.Regeneration `json:"-"`
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

// RegenerateInput names the recipes to make again: RecipeID (one) and RecipeIDs (the page's
// "regenerate the rest" sends the recipes it shows as not kept). Naming them, rather than
// "whatever is not kept when the request arrives", is what lets the aggregate refuse a second
// tab's request for recipes the first one already replaces.
type RegenerateInput struct {
	Owner      uuid.UUID
	MealPrepID uuid.UUID
	RecipeID   uuid.UUID
	RecipeIDs  []uuid.UUID
	// IdempotencyKey comes from the form: a double-submitted form charges once.
	IdempotencyKey string
}

// named is RecipeID then RecipeIDs, RecipeID once.
func (in RegenerateInput) named() []uuid.UUID {
	ids := make([]uuid.UUID, 0, len(in.RecipeIDs)+1)
	if in.RecipeID != uuid.Nil {
		ids = append(ids, in.RecipeID)
	}
	for _, id := range in.RecipeIDs {
		if id != in.RecipeID || in.RecipeID == uuid.Nil {
			ids = append(ids, id)
		}
	}
	return ids
}

// Regenerate records the regeneration requests, charges one token per recipe made again and
// inserts the jobs, in one transaction: all or nothing, whatever the number of recipes (one
// request, charge and job per batch of at most mealprep.MaxCount). The recipes not named are
// counted when the new recipes' target is set. Not enough tokens matches
// ledger.ErrInsufficientTokens, a recipe already replaced (or being replaced)
// mealprep.ErrAlreadyReplaced, no recipe named mealprep.ErrNothingToRegenerate; then nothing is
// written. It returns how many recipes are made.
func (s *Service) Regenerate(ctx context.Context, in RegenerateInput) (int, Result, error) {
	if s.jobs == nil {
		return 0, Result{}, errors.New("mealprep: regenerate needs a job client")
	}
	named := in.named()
	if len(named) == 0 {
		return 0, Result{}, fmt.Errorf("%w: no recipe named", mealprep.ErrNothingToRegenerate)
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
	category := map[uuid.UUID]mealprep.Category{}
	plan := make([]mealprep.PlanRecipe, 0, len(views))
	for _, v := range views {
		plan = append(plan, mealprep.PlanRecipe{ID: v.ID, Category: v.Category, Servings: v.Servings, PerServing: v.PerServing.Macros, Dish: v.Dish})
		category[v.ID] = v.Category
	}
	replaced := map[uuid.UUID]bool{}
	byCat := map[mealprep.Category][]uuid.UUID{}
	for _, id := range named {
		// A recipe replaced meanwhile has no state here; the aggregate refuses it in the command
		// (ErrAlreadyReplaced), after the idempotency lookup, so a form sent twice still gets
		// its first answer.
		c := category[id]
		if r := m.Recipe(id); r != nil && r.Category != "" {
			c = r.Category
		}
		if !replaced[id] {
			byCat[c] = append(byCat[c], id)
		}
		replaced[id] = true
	}
	targets := mealprep.RegenerationTargets(plan, replaced, p.Daily, p.Split)
	var regs []mealprep.Regeneration
	total := 0
	// "" holds the recipes of no known category (unknown, or replaced before the read model
	// saw them): their request makes the aggregate refuse the command.
	for _, c := range append(slices.Clone(mealprep.Categories), "") {
		// A meal the person's split leaves out is not in the plan's schedule, so it has no gap to
		// close: no target, and the job aims at the meal's usual one (Person.MealTarget).
		var target *mealprep.Macros
		if t, ok := targets[c]; ok {
			target = &t
		}
		for ids := range slices.Chunk(byCat[c], mealprep.MaxCount) {
			rid, err := uuid.NewV7()
			if err != nil {
				return 0, Result{}, err
			}
			regs = append(regs, mealprep.Regeneration{RequestID: rid, Category: c, Replaces: ids, Target: target})
			total += len(ids)
		}
	}
	key := in.IdempotencyKey
	if key == "" {
		key = uuid.NewString()
	}
	cmd := RegenerateCommand{prepCommand: byOwner(in.Owner, in.MealPrepID), RecipeIDs: named, Regs: regs}
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
