package mealprep_test

import (
	"context"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/projections"
)

// weekPrep is a meal prep with enough foods for several distinct lunches.
func weekPrep(t *testing.T, e env, owner uuid.UUID) uuid.UUID {
	t.Helper()
	id := e.mealPrep(t, owner)
	for _, code := range []int{9810, 20057, 20009, 20021} {
		_, err := e.svc.SetFood(t.Context(), owner, id, code, 0)
		require.NoError(t, err)
	}
	return id
}

// generatedWeek is the start of the batch-cooking tests: a person with tokens tokens, a weekPrep
// of theirs with n recipes generated from the shipped prices, and the read models caught up.
func generatedWeek(t *testing.T, tokens int64, n int) (e env, runner *projections.Runner, owner, id uuid.UUID) {
	t.Helper()
	e = setup(t)
	runner = runProjections(t, e)
	owner = e.person(t, tokens)
	id = weekPrep(t, e, owner)
	generate(t, e, owner, id, shippedPrices(t), n)
	waitAll(t, e, runner)
	return e, runner, owner, id
}

// eventsOf counts a meal prep's events of one type.
func eventsOf(t *testing.T, e env, id uuid.UUID, typ string) int {
	t.Helper()
	var n int
	require.NoError(t, e.pool.QueryRow(t.Context(), `SELECT count(*) FROM events WHERE stream_id = $1 AND event_type = $2`, mealprep.StreamID(id), typ).Scan(&n))
	return n
}

func TestKeepTwoAndRegenerateTheRest(t *testing.T) {
	t.Parallel()
	e, runner, owner, id := generatedWeek(t, 10, 3)
	ctx := t.Context()
	p, rs := keepTwo(t, e, owner, id)
	require.EqualValues(t, 7, e.balance(t, owner))
	rest := idsOf(rs[2:])
	n, _, err := e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id, RecipeIDs: rest, IdempotencyKey: "again"})
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.EqualValues(t, 6, e.balance(t, owner), "one token per regenerated recipe")
	// The same form sent twice charges once.
	n, _, err = e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id, RecipeIDs: rest, IdempotencyKey: "again"})
	require.NoError(t, err)
	require.Zero(t, n)
	require.EqualValues(t, 6, e.balance(t, owner))

	// The job makes the new recipe for the gap; the old one leaves the list, not the log.
	after := workLast(t, e, runner, nutrition.NewBuiltin(shippedPrices(t)), p, id)
	require.Len(t, after, 3)
	ids := []uuid.UUID{after[0].ID, after[1].ID, after[2].ID}
	require.Contains(t, ids, rs[0].ID)
	require.Contains(t, ids, rs[1].ID)
	require.NotContains(t, ids, rs[2].ID)
	require.True(t, after[0].Kept)
	// The new recipe aims at the gap the kept lunches leave, or at the lunch's own target when
	// its foods cannot meet that gap (TestAnUnreachableGapFallsBackToTheMealsTarget), within
	// tolerance either way.
	usual := mealprep.Macros(nutrition.MealTarget(nutrition.Macros(p.Daily), p.Split, nutrition.LunchDinner))
	made := after[slices.IndexFunc(after, func(r mealprepapp.RecipeView) bool { return r.ID != rs[0].ID && r.ID != rs[1].ID })]
	require.Contains(t, []mealprep.Macros{usual, regenerationTarget(t, e, id)}, made.Target)
	require.True(t, made.WithinTolerance)
	// The read model gives each recipe's dish form, which the schedule keeps apart (docs/mealprep.md, "The schedule").
	for _, r := range after {
		require.NotEmpty(t, r.Dish, r.Name)
	}
	require.Equal(t, 1, eventsOf(t, e, id, mealprep.TypeRecipeReplaced))
	require.Equal(t, 4, eventsOf(t, e, id, mealprep.TypeRecipeGenerated), "the replaced recipe stays in the log")

	// Nothing left to regenerate when everything is kept: a field error, nothing charged.
	for _, r := range after {
		_, err := e.svc.KeepRecipe(ctx, owner, id, r.ID, true)
		require.NoError(t, err)
	}
	_, _, err = e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id, RecipeIDs: idsOf(after[2:])})
	require.ErrorIs(t, err, mealprep.ErrNothingToRegenerate)
	_, _, err = e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id})
	require.ErrorIs(t, err, mealprep.ErrNothingToRegenerate, "a regeneration names its recipes")
	require.EqualValues(t, 6, e.balance(t, owner))
}

func TestRegenerateWithoutTokensWritesNothing(t *testing.T) {
	t.Parallel()
	e, _, owner, id := generatedWeek(t, 2, 2)
	ctx := t.Context()
	require.Zero(t, e.balance(t, owner))
	before := eventsOf(t, e, id, mealprep.TypeRecipeGenerationRequested)
	_, rs := personRecipes(t, e, owner, id)
	_, _, err := e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id, RecipeIDs: idsOf(rs)})
	require.ErrorIs(t, err, ledger.ErrInsufficientTokens)
	require.Equal(t, before, eventsOf(t, e, id, mealprep.TypeRecipeGenerationRequested))
}

func TestSwapChickenForTurkeyStaysWithinTolerance(t *testing.T) {
	t.Parallel()
	e, runner, owner, id := generatedWeek(t, 5, 1)
	ctx := t.Context()
	p, rs := personRecipes(t, e, owner, id)
	r := rs[0]
	const turkey = 36306 // Dinde, escalope grillée/poêlée
	_, err := e.svc.SwapFood(ctx, mealprepapp.SwapFoodInput{Owner: owner, MealPrepID: id, RecipeID: r.ID, From: chickenCode, To: turkey})
	require.NoError(t, err)
	waitAll(t, e, runner)
	got, err := e.svc.Recipe(ctx, p, id, r.ID, "fr")
	require.NoError(t, err)
	codes := []int{}
	for _, in := range got.Ingredients {
		codes = append(codes, in.FoodCode)
	}
	require.Contains(t, codes, turkey)
	require.NotContains(t, codes, chickenCode)
	require.True(t, got.WithinTolerance)
	require.True(t, nutrition.WithinTolerance(nutrition.Macros(got.Target), nutrition.Macros(got.PerServing.Macros)), "%+v for %+v", got.PerServing.Macros, got.Target)
	require.Contains(t, got.Name, "dinde")
	require.EqualValues(t, 4, e.balance(t, owner), "a swap is free")

	// A vegetarian cannot swap to fish: a field error, nothing written.
	_, err = e.pool.Exec(ctx, `UPDATE users SET diet = 'vegetarian' WHERE id = $1`, owner)
	require.NoError(t, err)
	before := eventsOf(t, e, id, mealprep.TypeRecipeFoodSwapped)
	_, err = e.svc.SwapFood(ctx, mealprepapp.SwapFoodInput{Owner: owner, MealPrepID: id, RecipeID: r.ID, From: turkey, To: 26036})
	require.ErrorIs(t, err, mealprepapp.ErrSwapDiet)
	// Nor can someone who declares fish (docs/mealprep.md, "Allergens").
	_, err = e.pool.Exec(ctx, `UPDATE users SET diet = 'omnivore', allergens = '{fish}' WHERE id = $1`, owner)
	require.NoError(t, err)
	_, err = e.svc.SwapFood(ctx, mealprepapp.SwapFoodInput{Owner: owner, MealPrepID: id, RecipeID: r.ID, From: turkey, To: 26036})
	require.ErrorIs(t, err, mealprepapp.ErrSwapAllergen)
	// Fruit has no place in a lunch.
	_, err = e.pool.Exec(ctx, `UPDATE users SET allergens = '{}' WHERE id = $1`, owner)
	require.NoError(t, err)
	_, err = e.svc.SwapFood(ctx, mealprepapp.SwapFoodInput{Owner: owner, MealPrepID: id, RecipeID: r.ID, From: turkey, To: 13005})
	require.ErrorIs(t, err, mealprepapp.ErrSwapMeal)
	require.Equal(t, before, eventsOf(t, e, id, mealprep.TypeRecipeFoodSwapped))
}

func TestCookPlanOfAMealPrep(t *testing.T) {
	t.Parallel()
	e, _, owner, id := generatedWeek(t, 5, 2)
	ctx := t.Context()
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	people := []batchcook.Person{p.Self(owner, "Vous"), {ID: uuid.New(), Name: "Sam", Split: nutrition.DefaultMealSplit,
		Daily: nutrition.Macros{Kcal: 1700, ProteinG: 128, FatG: 57, CarbsG: 170}}}
	plan, err := e.svc.CookPlan(ctx, p, mealprepapp.CookPlanInput{Owner: owner, MealPrepID: id, Lang: "fr", Days: 5, Sessions: 1, People: people})
	require.NoError(t, err)
	require.Len(t, plan.Boxes, 20)
	_, err = e.svc.CookPlan(ctx, p, mealprepapp.CookPlanInput{Owner: owner, MealPrepID: id, Lang: "fr", Days: 8, Sessions: 1, People: people})
	require.ErrorIs(t, err, batchcook.ErrDays)
}

// personRecipes reads the owner as the pages do and the meal prep's recipes (French).
func personRecipes(t *testing.T, e env, owner, id uuid.UUID) (mealprepapp.Person, []mealprepapp.RecipeView) {
	t.Helper()
	p, err := e.svc.Person(t.Context(), e.pool, owner)
	require.NoError(t, err)
	rs, err := e.svc.Recipes(t.Context(), p, id, "fr")
	require.NoError(t, err)
	return p, rs
}

// keepTwo reads the person and the meal prep's three recipes, and keeps the first two.
func keepTwo(t *testing.T, e env, owner, id uuid.UUID) (mealprepapp.Person, []mealprepapp.RecipeView) {
	t.Helper()
	ctx := t.Context()
	p, rs := personRecipes(t, e, owner, id)
	require.Len(t, rs, 3)
	for _, r := range rs[:2] {
		_, err := e.svc.KeepRecipe(ctx, owner, id, r.ID, true)
		require.NoError(t, err)
	}
	return p, rs
}

// workLast runs the last job asked for with gen, lets the read models catch up and reads the
// meal prep's recipes.
func workLast(t *testing.T, e env, runner *projections.Runner, gen nutrition.Generator, p mealprepapp.Person, id uuid.UUID) []mealprepapp.RecipeView {
	t.Helper()
	ctx := t.Context()
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, gen, 0))
	jobs := e.jobs.taken()
	tx := workTx(t, e)
	_, err := w.Work(ctx, t, tx, jobs[len(jobs)-1], nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
	waitAll(t, e, runner)
	after, err := e.svc.Recipes(ctx, p, id, "fr")
	require.NoError(t, err)
	return after
}

// regenerationTarget is the target the meal prep's last generation request was asked with.
func regenerationTarget(t *testing.T, e env, id uuid.UUID) mealprep.Macros {
	t.Helper()
	var target mealprep.Macros
	require.NoError(t, e.pool.QueryRow(t.Context(), `SELECT payload->'target' FROM events WHERE stream_id = $1 AND event_type = $2
		ORDER BY stream_version DESC LIMIT 1`, mealprep.StreamID(id), mealprep.TypeRecipeGenerationRequested).Scan(&target))
	return target
}

// mealTargetsOnly is the built-in engine for an engine that meets no target but a meal's own:
// any other it answers with its closest plate and a diagnosis, as the engine does for a target
// the foods cannot meet.
type mealTargetsOnly struct {
	nutrition.Generator
	usual nutrition.Macros
}

func (g mealTargetsOnly) Generate(ctx context.Context, req nutrition.GenerateRequest) ([]nutrition.Recipe, error) {
	rs, err := g.Generator.Generate(ctx, req)
	if err == nil && req.Target != g.usual {
		for i := range rs {
			rs[i].Feasible, rs[i].WithinTolerance = false, false
			rs[i].Explanation = &nutrition.Text{FR: "objectif hors d’atteinte", EN: "target out of reach"}
		}
	}
	return rs, err
}

// TestAnUnreachableGapFallsBackToTheMealsTarget: kept lunches a little off their targets can
// leave the one regenerated a gap its foods cannot meet (its fat a fifth under the lunch's).
// The regeneration then aims at the lunch's own target, as the first generation did, and is
// served; it used to be refused (token back, nothing replaced).
func TestAnUnreachableGapFallsBackToTheMealsTarget(t *testing.T) {
	t.Parallel()
	e, runner, owner, id := generatedWeek(t, 10, 3)
	ctx := t.Context()
	p, rs := keepTwo(t, e, owner, id)
	_, _, err := e.svc.Regenerate(ctx, mealprepapp.RegenerateInput{Owner: owner, MealPrepID: id, RecipeIDs: idsOf(rs[2:]), IdempotencyKey: "gap"})
	require.NoError(t, err)
	usual := nutrition.MealTarget(nutrition.Macros(p.Daily), p.Split, nutrition.LunchDinner)
	require.NotEqual(t, mealprep.Macros(usual), regenerationTarget(t, e, id), "the kept lunches leave a gap of its own")

	after := workLast(t, e, runner, mealTargetsOnly{Generator: nutrition.NewBuiltin(shippedPrices(t)), usual: usual}, p, id)
	require.Len(t, after, 3)
	made := after[slices.IndexFunc(after, func(r mealprepapp.RecipeView) bool { return r.ID != rs[0].ID && r.ID != rs[1].ID })]
	require.NotEqual(t, rs[2].ID, made.ID, "replaced")
	require.Equal(t, mealprep.Macros(usual), made.Target)
	require.True(t, made.WithinTolerance)
	require.EqualValues(t, 6, e.balance(t, owner), "charged, not refunded")
}

// TestThePlanPageEatsEachLunchWithinItsKeepingTime: the plan page lays the week out as the
// batch-cooking plan eats it. A cod lunch (a fish box keeps 2 days) made first, then two chicken
// lunches: the cod is eaten within 2 days of each cooking day (day 1, day 4 of 7). The plan
// page's schedule knew no keeping time and put it on day 7, three days after it was cooked.
func TestThePlanPageEatsEachLunchWithinItsKeepingTime(t *testing.T) {
	t.Parallel()
	e := setup(t)
	runner := runProjections(t, e)
	owner := e.person(t, 10)
	ctx := t.Context()
	const cod = 26043
	id := e.mealPrepOf(t, owner, "Poisson et poulet", cod, 9100, 20057, 17270)
	generate(t, e, owner, id, shippedPrices(t), 1)
	for _, code := range []int{36017, 9810, 20009} {
		_, err := e.svc.SetFood(ctx, owner, id, code, 0)
		require.NoError(t, err)
	}
	generate(t, e, owner, id, shippedPrices(t), 2)
	waitAll(t, e, runner)
	p, rs := personRecipes(t, e, owner, id)
	require.Len(t, rs, 3)
	fish := rs[0]
	require.True(t, slices.ContainsFunc(fish.Ingredients, func(in mealprepapp.IngredientView) bool { return in.FoodCode == cod }), fish.Name)

	plan, err := e.svc.Plan(ctx, owner, rs, p, nil)
	require.NoError(t, err)
	var days []int
	for _, d := range plan.Schedule.Days {
		for _, m := range d.Meals {
			if m.RecipeID == fish.ID {
				days = append(days, d.Day)
				require.LessOrEqual(t, d.Day-mealprep.CookDay(d.Day, mealprep.PlanDays), 2, "%s on days %v", fish.Name, days)
			}
		}
	}
	require.NotEmpty(t, days)
	// The same counts as the plan without keeping times: the shopping list buys the same.
	require.Equal(t, mealprepapp.PlanOf(rs, p, nil).Schedule.Totals, plan.Schedule.Totals)
}
