package batchcook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/nutrition"
)

var (
	once    sync.Once
	catalog map[int]nutrition.Food
	prices  *nutrition.PriceTable
	shelf   batchcook.ShelfTable
)

func shipped(t testing.TB) {
	t.Helper()
	once.Do(func() {
		var err error
		catalog, err = nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
		if err == nil {
			prices, err = nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
		}
		if err == nil {
			shelf, err = batchcook.ParseShelfTable(bytes.NewReader(data.ShelfLifeCSV))
		}
		if err != nil {
			panic(err)
		}
	})
}

// Foods of a realistic week: chicken, salmon, rice, pasta, broccoli, courgette, carrot, olive oil.
var weekFoods = []int{36017, 26036, 9100, 9810, 20057, 20020, 20009, 17270}

// couple is two people with different goals: Alex 2,600 kcal, Sam 1,700 kcal (25 % protein:
// lunch and dinner carry more of it than the day, docs/nutrition.md "Meal profiles").
func couple() []batchcook.Person {
	return []batchcook.Person{
		{ID: uuid.New(), Name: "Alex", Daily: nutrition.Macros{Kcal: 2600, ProteinG: 163, FatG: 72, CarbsG: 325}, Split: nutrition.DefaultMealSplit},
		{ID: uuid.New(), Name: "Sam", Daily: nutrition.Macros{Kcal: 1700, ProteinG: 106, FatG: 57, CarbsG: 193}, Split: nutrition.DefaultMealSplit},
	}
}

// recipes makes n lunch/dinner recipes from the foods with the engine, as the meal prep does.
func recipes(t testing.TB, codes []int, n int, target nutrition.Macros) ([]batchcook.Recipe, map[int]nutrition.Food) {
	t.Helper()
	shipped(t)
	foods := map[int]nutrition.Food{}
	var list []nutrition.Food
	for _, c := range codes {
		f, ok := catalog[c]
		require.True(t, ok, "food %d", c)
		foods[c] = f
		list = append(list, f)
	}
	rs, err := nutrition.NewBuiltin(prices).Generate(context.Background(), nutrition.GenerateRequest{
		Foods: list, Category: nutrition.LunchDinner, Target: target, Count: n, Seed: 7, Servings: 4})
	require.NoError(t, err)
	require.Len(t, rs, n)
	out := make([]batchcook.Recipe, 0, n)
	for _, r := range rs {
		out = append(out, batchcook.Recipe{ID: uuid.New(), Name: r.Name.FR, Category: r.Category, Servings: r.Servings, Ingredients: r.Ingredients})
	}
	return out, foods
}

var lunchTarget = nutrition.Macros{Kcal: 700, ProteinG: 48, FatG: 20, CarbsG: 80}

func TestEveryPlateMeetsItsPersonsTarget(t *testing.T) {
	t.Parallel()
	rs, foods := recipes(t, weekFoods, 2, lunchTarget)
	plan, err := batchcook.Build(batchcook.Input{Days: 5, Sessions: 1, Recipes: rs, Foods: foods, People: couple(), Shelf: shelf})
	require.NoError(t, err)
	require.Len(t, plan.Plates, 2)
	for _, card := range plan.Plates {
		require.Len(t, card.Plates, 2)
		alex, sam := card.Plates[0], card.Plates[1]
		require.True(t, alex.Within, "%s: Alex %+v for %+v", card.Recipe, alex.Achieved, alex.Target)
		require.True(t, sam.Within, "%s: Sam %+v for %+v", card.Recipe, sam.Achieved, sam.Target)
		require.Greater(t, alex.Achieved.Kcal, sam.Achieved.Kcal, "one pan, two plates: Alex's is bigger")
	}
}

func TestBoxesBeyondShelfLifeGoToTheFreezer(t *testing.T) {
	t.Parallel()
	rs, foods := recipes(t, weekFoods, 2, lunchTarget)
	plan, err := batchcook.Build(batchcook.Input{Days: 5, Sessions: 1, Recipes: rs, Foods: foods, People: couple(), Shelf: shelf})
	require.NoError(t, err)
	// 5 days × lunch and dinner × 2 people.
	require.Len(t, plan.Boxes, 20)
	frozen := 0
	for _, b := range plan.Boxes {
		require.Equal(t, 1, b.CookedOn)
		if b.Freezer {
			frozen++
			require.Equal(t, b.Day-1, b.ThawNight, "thawed the night before")
			require.Equal(t, b.Day, b.EatBy)
			require.Greater(t, b.Day-b.CookedOn, 2, "nothing freezes that the fridge keeps")
		} else {
			require.LessOrEqual(t, b.Day, b.EatBy, "box %d eaten day %d after its eat-by %d", b.Number, b.Day, b.EatBy)
		}
	}
	require.Positive(t, frozen, "day 5 is beyond every cooked food's fridge days")
	require.Len(t, plan.Sessions, 1)
	require.Equal(t, 20, plan.Sessions[0].FridgeBoxes+plan.Sessions[0].FreezeBoxes)
}

func TestTwoSessionsKeepEveryBoxInTheFridge(t *testing.T) {
	t.Parallel()
	rs, foods := recipes(t, []int{36017, 9100, 9810, 20057, 20020, 17270}, 2, lunchTarget)
	plan, err := batchcook.Build(batchcook.Input{Days: 7, Sessions: 2, Recipes: rs, Foods: foods, People: couple(), Shelf: shelf})
	require.NoError(t, err)
	require.Len(t, plan.Sessions, 2)
	require.Equal(t, 4, plan.Sessions[1].Day)
	for _, b := range plan.Boxes {
		require.False(t, b.Freezer, "box %d day %d cooked day %d", b.Number, b.Day, b.CookedOn)
	}
}

func TestOvenAndHobWorkSideBySide(t *testing.T) {
	t.Parallel()
	rs, foods := recipes(t, weekFoods, 3, lunchTarget)
	plan, err := batchcook.Build(batchcook.Input{Days: 3, Sessions: 1, Recipes: rs, Foods: foods, People: couple(), Shelf: shelf})
	require.NoError(t, err)
	s := plan.Sessions[0]
	longest, total := 0, 0
	for _, st := range s.Steps {
		if st.Kind == "cook" {
			longest = max(longest, st.EndMin-st.StartMin)
			total += st.EndMin - st.StartMin
		}
	}
	require.Less(t, s.DurationMin, total, "cookings overlap: the session is shorter than their sum")
	require.GreaterOrEqual(t, s.DurationMin, longest)
	// Every pot of a food shared by recipes is cooked once.
	seen := map[string]bool{}
	for _, st := range s.Steps {
		key := st.Food.FR + st.Method.FR
		if st.Kind == "cook" {
			require.False(t, seen[key], "%s cooked twice", key)
			seen[key] = true
		}
	}
}

func TestBadInputIsRefused(t *testing.T) {
	t.Parallel()
	shipped(t)
	for _, d := range []int{0, 8, -1} {
		_, err := batchcook.Build(batchcook.Input{Days: d, Sessions: 1, People: couple(), Shelf: shelf})
		require.ErrorIs(t, err, batchcook.ErrDays)
	}
	_, err := batchcook.Build(batchcook.Input{Days: 3, Sessions: 3, People: couple(), Shelf: shelf})
	require.ErrorIs(t, err, batchcook.ErrSessions)
	nine := make([]batchcook.Person, 9)
	_, err = batchcook.Build(batchcook.Input{Days: 3, Sessions: 1, People: nine, Shelf: shelf})
	require.ErrorIs(t, err, batchcook.ErrPeople)
}

func TestShelfTableCoversEveryKind(t *testing.T) {
	t.Parallel()
	shipped(t)
	require.Equal(t, 2, shelf[batchcook.ShelfFish].FridgeDays)
	require.False(t, shelf[batchcook.ShelfEggs].Freezes)
	_, err := batchcook.ParseShelfTable(bytes.NewReader([]byte("kind,fridge_days,freezes,freezer_months,covers\ncooked_meat,3,yes,2,x\n")))
	require.ErrorIs(t, err, batchcook.ErrShelfTable)
}

// TestPrintPlan writes a plan to BATCHCOOK_PRINT when set, to read it as a cook.
func TestPrintPlan(t *testing.T) {
	path := os.Getenv("BATCHCOOK_PRINT")
	if path == "" {
		return
	}
	rs, foods := recipes(t, weekFoods, 2, lunchTarget)
	plan, err := batchcook.Build(batchcook.Input{Days: 5, Sessions: 1, Recipes: rs, Foods: foods, People: couple(), Shelf: shelf})
	require.NoError(t, err)
	b, _ := json.MarshalIndent(plan, "", " ")
	require.NoError(t, os.WriteFile(path, b, 0o600))
}

// TestCookedFoodsAreCookedFromWhatTheListBuys: a meal prep of cooked rice and grilled chicken
// (the CIQUAL rows as eaten) is bought as dry rice and raw chicken; the session cooks those, by
// their weight, and each plate still takes its share of the cooked pan.
func TestCookedFoodsAreCookedFromWhatTheListBuys(t *testing.T) {
	t.Parallel()
	const cookedRice, grilledChicken = 9104, 36018
	rs, foods := recipes(t, []int{grilledChicken, cookedRice, 20057, 17270}, 1, lunchTarget)
	plan, err := batchcook.Build(batchcook.Input{Days: 3, Sessions: 1, Recipes: rs, Foods: foods, People: couple(), Shelf: shelf})
	require.NoError(t, err)
	s := plan.Sessions[0]
	want := map[int]struct {
		name string
		per  float64 // grams bought per gram the recipe lists
	}{
		cookedRice:     {"riz sec", nutrition.DryGrams(foods[cookedRice], 1)},
		grilledChicken: {"filet de poulet cru", 1 / nutrition.CookedYield["cooked meat"]},
	}
	plated := map[int]int{} // grams on every plate of the session, as the recipe lists them
	for _, b := range plan.Boxes {
		for _, c := range plan.Plates[0].Plates[slices.IndexFunc(couple(), func(p batchcook.Person) bool { return p.Name == b.Person })].Components {
			plated[c.FoodCode] += c.Grams
		}
	}
	for code, w := range want {
		i := slices.IndexFunc(s.Recipes[0].Foods, func(f batchcook.CookedFood) bool { return f.FoodCode == code })
		require.GreaterOrEqual(t, i, 0)
		f := s.Recipes[0].Foods[i]
		require.Equal(t, w.name, f.Name.FR)
		require.InDelta(t, float64(plated[code])*w.per, f.Grams, 1, "%s: the pan holds what was bought", w.name)
		j := slices.IndexFunc(s.Steps, func(st batchcook.WorkStep) bool { return st.Kind == "cook" && st.Food.FR == w.name })
		require.GreaterOrEqual(t, j, 0, "a step cooks the %s", w.name)
		require.Equal(t, f.Grams, s.Steps[j].Grams)
	}
	require.Positive(t, s.Steps[slices.IndexFunc(s.Steps, func(st batchcook.WorkStep) bool { return st.Food.FR == "filet de poulet cru" })].EndMin)
	// The plates' shares of each cooked pan add up to the whole pan.
	for _, code := range []int{cookedRice, grilledChicken} {
		total := 0.0
		for _, b := range plan.Boxes {
			p := plan.Plates[0].Plates[slices.IndexFunc(couple(), func(p batchcook.Person) bool { return p.Name == b.Person })]
			for _, c := range p.Components {
				if c.FoodCode == code {
					require.True(t, c.ChangesWeight)
					require.Len(t, c.SharePct, 1)
					total += c.SharePct[0].Pct
				}
			}
		}
		require.InDelta(t, 100, total, 1.5, "food %d", code)
	}
}
