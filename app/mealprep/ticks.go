package mealprep

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// ItemTick is one tick a device sends: a food, ticked or not, and when the person did it.
type ItemTick struct {
	FoodCode int       `json:"foodCode"`
	Checked  bool      `json:"checked"`
	At       time.Time `json:"at"`
}

// TickCommand records a device's shopping-list ticks in one append.
type TickCommand struct {
	prepCommand
	Ticks []ItemTick `json:"ticks"`
	// Now is the server's time, against which a device clock far ahead is judged.
	Now time.Time `json:"now"`
}

// CommandName implements eventstore.Command.
func (TickCommand) CommandName() string { return "mealprep.tick_shopping_items" }

// Decide implements eventstore.Command.
func (c TickCommand) Decide(m *mealprep.MealPrep) error {
	if err := c.owned(m); err != nil {
		return err
	}
	for _, t := range c.Ticks {
		if err := m.TickItem(t.FoodCode, t.Checked, t.At, c.Now); err != nil {
			return err
		}
	}
	return nil
}

// TickShoppingItems records a device's ticks of the shopping list; the latest time wins per
// food, so a queue synced twice, or after another device's newer tick, changes nothing it should
// not. now is the server's time. It returns the list's ticks after.
func (s *Service) TickShoppingItems(ctx context.Context, owner, id uuid.UUID, ticks []ItemTick, now time.Time) (map[int]mealprep.Tick, error) {
	if len(ticks) > mealprep.MaxTicksPerSync {
		return nil, fmt.Errorf("%w: %d ticks", ErrTooManyTicks, len(ticks))
	}
	if _, err := s.run(ctx, TickCommand{prepCommand: byOwner(owner, id), Ticks: ticks, Now: now}, nil); err != nil {
		return nil, err
	}
	m, err := s.Load(ctx, owner, id)
	if err != nil {
		return nil, err
	}
	return m.Ticks(), nil
}

// ErrTooManyTicks is a sync carrying more than mealprep.MaxTicksPerSync ticks.
var ErrTooManyTicks = fmt.Errorf("mealprep: more than %d ticks in one sync", mealprep.MaxTicksPerSync)
