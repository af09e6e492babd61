package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestMainFoodsSpreadAcrossAWeek (docs/mealprep.md, "Main foods spread"): a 20-food meal prep
// (five proteins, five starches, vegetables, fats, breakfast foods), its lunch/dinner recipes
// asked for one at a time, as a person adds them; over the plan's week of 14 lunches and
// dinners, no main food (protein or starch) is in more than a third of them, and every lunch
// meets the target. The engine alone gave its best plate each time: the same chicken or rice in
// most of the week. Four of the proteins and starches make a lunch for this person (turkey and
// couscous here; chickpeas and wholemeal bread made none, and the spread then served a plate off
// its target to keep them apart).
func TestMainFoodsSpreadAcrossAWeek(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	runner := runProjections(t, e)
	prices := shippedPrices(t)
	cat := catalogue(t)
	owner := e.person(t, 10)
	id, _, err := e.svc.Create(ctx, owner, "Vingt aliments")
	require.NoError(t, err)
	twenty := []int{36017, 26036, 6252, 22000, 36304, 9100, 9810, 4008, 7001, 9681, 20057, 20009, 20020, 20041, 17270, 16400, 19041, 19593, 13005, 12066}
	for _, code := range twenty {
		_, err := e.svc.SetFood(ctx, owner, id, code, 0)
		require.NoError(t, err)
	}
	p0, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	week := mealprep.RecipesWanted(p0.Split, mealprep.PlanDays)[mealprep.LunchDinner]
	for range week {
		generate(t, e, owner, id, prices, 1)
	}
	waitAll(t, e, runner)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	recipes, err := e.svc.Recipes(ctx, p, id, "fr")
	require.NoError(t, err)
	require.Len(t, recipes, week)
	for _, r := range recipes {
		require.True(t, r.WithinTolerance, "%s: each lunch meets the target, spread or not", r.Name)
	}
	plan := mealprepapp.PlanOf(recipes, p, nil)
	foodsOf := map[string][]int{}
	for _, r := range recipes {
		for _, in := range r.Ingredients {
			foodsOf[r.ID.String()] = append(foodsOf[r.ID.String()], in.FoodCode)
		}
	}
	meals, in := 0, map[int]int{}
	for _, d := range plan.Schedule.Days {
		for _, m := range d.Meals {
			if m.Category != mealprep.LunchDinner {
				continue
			}
			meals += m.Portions
			for _, code := range foodsOf[m.RecipeID.String()] {
				if mealprep.MainGroupOf(cat[code]) != "" {
					in[code] += m.Portions
				}
			}
		}
	}
	require.Equal(t, 14, meals)
	for code, n := range in {
		require.LessOrEqual(t, 3*n, meals, "%s is in %d of the week's %d lunches and dinners", cat[code].Name.FR, n, meals)
	}
}

// TestSpreadNeverCostsTheTarget (docs/mealprep.md, "Main foods spread"): when the chicken, the beef
// and the salmon are each in a third of the meal prep's lunches, the main foods left (eggs,
// chickpeas) make no lunch within this eater's tolerance; the new lunch then comes from all the
// foods, within tolerance, rather than the closest plate of the foods left. Spreading took the
// closest plate: a lunch off its target while another plate met it.
func TestSpreadNeverCostsTheTarget(t *testing.T) {
	t.Parallel()
	cat := catalogue(t)
	gen := nutrition.NewBuiltin(shippedPrices(t))
	var foods []nutrition.Food
	for _, c := range []int{36017, 26036, 6252, 22000, 20532, 9100, 9810, 4008, 7001, 7110, 20057, 20009, 20020, 20041, 17270, 16400, 12066} {
		foods = append(foods, cat[c])
	}
	in := nutrition.GenerateRequest{Foods: foods, Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 597, ProteinG: 45, FatG: 17, CarbsG: 67},
		Currency: nutrition.EUR, Count: 1, Seed: 3, Servings: 4}
	prior := [][]int{{36017, 9810, 20009, 20020, 17270}, {6252, 9100, 20057}, {26036, 7001, 20057, 20041}}
	left := in
	left.Foods = mealprep.SpreadMains(foods, prior)
	alone, err := gen.Generate(t.Context(), left)
	require.NoError(t, err)
	require.False(t, alone[0].Feasible, "the premise: the foods left make no lunch within tolerance")
	rs, err := mealprepapp.GenerateSpread(t.Context(), gen, in, prior)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.True(t, rs[0].Feasible && rs[0].WithinTolerance, "%q", rs[0].Name.FR)
}
