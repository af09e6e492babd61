package mealprep

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// SetFoodCommand adds a food (CIQUAL or the owner's own) or changes its quantity. Known says
// whether the food was found, looked up before the command; it is not part of the request.
type SetFoodCommand struct {
	prepCommand
	FoodCode int  `json:"foodCode"`
	Grams    int  `json:"grams"`
	Known    bool `json:"-"`
}

// CommandName implements eventstore.Command.
func (SetFoodCommand) CommandName() string { return "mealprep.set_food" }

// Decide implements eventstore.Command.
func (c SetFoodCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	if err := mealprep.CheckFoodCode(c.FoodCode); err != nil {
		return err
	}
	if err := mealprep.CheckStock(c.Grams); err != nil {
		return err
	}
	if !c.Known {
		return fmt.Errorf("%w: %d", ErrUnknownFood, c.FoodCode)
	}
	return m.SetFood(c.FoodCode, c.Grams)
}

// SetFood adds a food (CIQUAL or the owner's own) or changes its quantity.
func (s *Service) SetFood(ctx context.Context, owner, id uuid.UUID, code, grams int) (Result, error) {
	cmd := SetFoodCommand{prepCommand: byOwner(owner, id), FoodCode: code, Grams: grams}
	// Only a valid code is looked up: an out-of-range code is the person's mistake (the
	// command says so), not a query the food tables' 32-bit codes would fail.
	if mealprep.CheckFoodCode(code) == nil {
		known, err := s.foods.ByCodes(ctx, s.pool, "fr", owner, []int{code})
		if err != nil {
			return Result{}, err
		}
		_, cmd.Known = known[code]
	}
	res, err := s.run(ctx, cmd, nil)
	return result(res), err
}
