package mealprep

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// ItemTick is one tick a device sends: a food, ticked or not, and when the person did it.
type ItemTick struct {
	FoodCode int
	Checked  bool
	At       time.Time
}

// TickShoppingItems records a device's ticks of the shopping list (issue 24), in one append;
// the latest time wins per food, so a queue synced twice, or after another device's newer tick,
// changes nothing it should not. now is the server's time. It returns the list's ticks after.
func (s *Service) TickShoppingItems(ctx context.Context, owner, id uuid.UUID, ticks []ItemTick, now time.Time) (map[int]mealprep.Tick, error) {
	if len(ticks) > mealprep.MaxTicksPerSync {
		return nil, fmt.Errorf("%w: %d ticks", ErrTooManyTicks, len(ticks))
	}
	var after map[int]mealprep.Tick
	_, err := s.run(ctx, command{id: id, owner: owner, decide: func(_ context.Context, _ pgx.Tx, m *mealprep.MealPrep) error {
		for _, t := range ticks {
			if err := m.TickItem(t.FoodCode, t.Checked, t.At, now); err != nil {
				return err
			}
		}
		after = m.Ticks()
		return nil
	}})
	if err != nil {
		return nil, err
	}
	return after, nil
}

// ErrTooManyTicks is a sync carrying more than mealprep.MaxTicksPerSync ticks.
var ErrTooManyTicks = fmt.Errorf("mealprep: more than %d ticks in one sync", mealprep.MaxTicksPerSync)
