package mealprep

import (
	"errors"
	"fmt"
	"maps"
	"time"
)

// TypeShoppingItemTicked is the shopping-list tick's event.
const TypeShoppingItemTicked = "ShoppingItemTicked.v1"

// MaxTicksPerSync bounds one sync of a device's queued ticks (a list has a few dozen foods).
const MaxTicksPerSync = 500

// maxClockLead is how far ahead of the server a device's clock may be; a later time is taken as
// the server's now, so a wrong clock cannot make its ticks win forever.
const maxClockLead = 5 * time.Minute

// ErrTickTime is a tick without the time the person made it.
var ErrTickTime = errors.New("mealprep: tick without a time")

// ErrNotOnList is a tick for a food no recipe of the meal prep uses: it is not on the shopping
// list, so there is nothing to tick.
var ErrNotOnList = errors.New("mealprep: food not on the shopping list")

// ShoppingItemTicked says the person ticked (or unticked) a food on the shopping list, at the
// time their device gave. The latest time wins per food, whatever order ticks arrive in (a phone
// syncs the ticks it made offline when the network comes back).
type ShoppingItemTicked struct {
	FoodCode int       `json:"foodCode"`
	Checked  bool      `json:"checked"`
	At       time.Time `json:"at"`
}

// EventType is the stable versioned name.
func (ShoppingItemTicked) EventType() string { return TypeShoppingItemTicked }

// Tick is one food's state on the shopping list: ticked or not, and when the person said so.
type Tick struct {
	Checked bool
	At      time.Time
}

// Ticks are the shopping list's ticks by food code.
func (m *MealPrep) Ticks() map[int]Tick { return maps.Clone(m.ticks) }

// TickItem ticks or unticks a food at the device's time at (now is the server's). Last write wins
// per food: a tick older than, or as old as, the one held changes nothing and records nothing,
// so a device sending its queue twice is harmless.
func (m *MealPrep) TickItem(code int, checked bool, at, now time.Time) error {
	if err := m.live(); err != nil {
		return err
	}
	if err := CheckFoodCode(code); err != nil {
		return err
	}
	if !m.onShoppingList(code) {
		return fmt.Errorf("%w: food %d", ErrNotOnList, code)
	}
	if at.IsZero() {
		return fmt.Errorf("%w: food %d", ErrTickTime, code)
	}
	if at.After(now.Add(maxClockLead)) {
		at = now
	}
	at = at.UTC().Truncate(time.Millisecond)
	if cur, ok := m.ticks[code]; ok && !at.After(cur.At) {
		return nil
	}
	m.record(ShoppingItemTicked{FoodCode: code, Checked: checked, At: at})
	return nil
}

// onShoppingList reports whether a recipe of the meal prep uses the food: the shopping list
// buys every recipe's ingredients (docs/pwa.md, "Ticks").
func (m *MealPrep) onShoppingList(code int) bool {
	for _, r := range m.recipes {
		for _, in := range r.Ingredients {
			if in.FoodCode == code {
				return true
			}
		}
	}
	return false
}

func (m *MealPrep) applyTick(e ShoppingItemTicked) {
	if m.ticks == nil {
		m.ticks = map[int]Tick{}
	}
	m.ticks[e.FoodCode] = Tick{Checked: e.Checked, At: e.At}
}
