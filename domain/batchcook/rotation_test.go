package batchcook_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/batchcook"
)

// TestAWeekRotatesItsDishesWithinTheirKeepingTime (docs/mealprep.md, "The schedule"): given a
// week of four lunch/dinner recipes, the first a salmon one (cooked fish keeps 2 days, the
// chicken 3), cooked in two sessions for a couple, when the plan is built, then the salmon is
// eaten in the days right after each cooking day, so no box goes to the freezer; lunch and
// dinner of a day differ, no dish is eaten more than 3 days running, and the chicken the three
// other recipes share is still one pot per session.
func TestAWeekRotatesItsDishesWithinTheirKeepingTime(t *testing.T) {
	t.Parallel()
	const salmon, chicken = 26036, 36017
	fish, foods := recipes(t, []int{salmon, 9100, 20057, 17270}, 1, lunchTarget)
	meat, more := recipes(t, []int{chicken, 9810, 20020, 20009, 17270}, 3, lunchTarget)
	for c, f := range more {
		foods[c] = f
	}
	plan, err := batchcook.Build(batchcook.Input{Days: 7, Sessions: 2, Recipes: append(fish, meat...), Foods: foods, People: couple(), Shelf: shelf})
	require.NoError(t, err)

	for _, b := range plan.Boxes {
		require.False(t, b.Freezer, "box %d (%s) eaten day %d, cooked day %d: it should have been eaten within its keeping time", b.Number, b.Recipe, b.Day, b.CookedOn)
	}
	var eaten []string // the lunches and dinners in the order they are eaten
	daysOf := map[string][]int{}
	for _, d := range plan.Eating {
		var lunch, dinner string
		for _, m := range d.Meals {
			switch m.Meal {
			case batchcook.MealLunch:
				lunch = m.Recipe
			case batchcook.MealDinner:
				dinner = m.Recipe
			default:
				continue
			}
			eaten = append(eaten, m.Recipe)
			daysOf[m.Recipe] = append(daysOf[m.Recipe], d.Day)
		}
		require.NotEqual(t, lunch, dinner, "day %d: lunch and dinner differ", d.Day)
	}
	require.Len(t, eaten, 14)
	for i := 1; i < len(eaten); i++ {
		require.NotEqual(t, eaten[i-1], eaten[i], "meal %d: never the same dish twice in a row", i+1)
	}
	for name, days := range daysOf {
		require.LessOrEqual(t, longestRun(days), 3, "%s eaten on days %v", name, days)
	}
	for _, s := range plan.Sessions {
		shared := false
		for _, st := range s.Steps {
			shared = shared || (st.Kind == "cook" && len(st.For) >= 2)
		}
		require.True(t, shared, "session %d: the chicken of several recipes is one pot", s.Number)
	}
}

// longestRun is the most consecutive days in days (ascending, a day possibly twice).
func longestRun(days []int) int {
	best, run := 0, 0
	for i, d := range days {
		switch {
		case i > 0 && d == days[i-1]:
			continue
		case i > 0 && d == days[i-1]+1:
			run++
		default:
			run = 1
		}
		best = max(best, run)
	}
	return best
}
