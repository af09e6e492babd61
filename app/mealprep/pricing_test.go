package mealprep_test

import (
	"bytes"
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/projections"
)

func shippedPrices(t *testing.T) *nutrition.PriceTable {
	t.Helper()
	p, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	return p
}

func catalogue(t *testing.T) map[int]nutrition.Food {
	t.Helper()
	c, err := nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	require.NoError(t, err)
	return c
}

// eurCents prices ingredients with the full CIQUAL rows (water included) and the table.
func eurCents(t *testing.T, prices *nutrition.PriceTable, ings []mealprep.Ingredient) int {
	t.Helper()
	cat := catalogue(t)
	eur := 0.0
	for _, in := range ings {
		f, ok := cat[in.FoodCode]
		require.True(t, ok, "food %d", in.FoodCode)
		eur += prices.PerKgEUR(f) * float64(in.Grams) / 1000
	}
	return int(math.Round(eur * 100))
}

// runProjections keeps the read models up to date for the test's length.
func runProjections(t *testing.T, e env) *projections.Runner {
	t.Helper()
	runner, err := projections.NewRunner(e.pool, quiet(), projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	t.Cleanup(func() { cancel(); require.NoError(t, <-done) })
	return runner
}

func waitAll(t *testing.T, e env, runner *projections.Runner) {
	t.Helper()
	var pos int64
	require.NoError(t, e.pool.QueryRow(t.Context(), `SELECT coalesce(max(position), 0) FROM events`).Scan(&pos))
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	require.NoError(t, runner.WaitFor(ctx, pos))
}

// generate makes n lunch recipes with the recipe engine and commits them.
func generate(t *testing.T, e env, owner, id uuid.UUID, prices *nutrition.PriceTable, n int) {
	t.Helper()
	ctx := t.Context()
	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: n})
	require.NoError(t, err)
	work(t, e, nutrition.NewBuiltin(prices), owner, id, req)
}

// work runs request req's generation job with gen, as the worker does, and commits it.
func work(t *testing.T, e env, gen nutrition.Generator, owner, id, req uuid.UUID) {
	t.Helper()
	ctx := t.Context()
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, gen, 0))
	tx := workTx(t, e)
	_, err := w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
}

// TestEngineKeepsFoodsWater: cooked rice is priced by its dry equivalent, as the engine's price
// table says, because the adapter hands the engine the food's water. Before, the adapter dropped
// it and priced cooked rice as dry rice.
func TestEngineKeepsFoodsWater(t *testing.T) {
	t.Parallel()
	prices := shippedPrices(t)
	rs := engineLunches(t, mealprep.Macros{Kcal: 650, ProteinG: 45, FatG: 18, CarbsG: 75})
	withRice := 0
	for _, r := range rs {
		for _, in := range r.Ingredients {
			if in.FoodCode == riceCode {
				withRice++
			}
		}
		require.Equal(t, eurCents(t, prices, r.Ingredients), r.PriceCents, "%+v", r.Ingredients)
	}
	require.Positive(t, withRice, "the recipes hold the cooked rice")
	cooked := catalogue(t)[riceCode]
	require.Less(t, prices.PerKgEUR(cooked), 0.5*prices.PerKgEUR(catalogue(t)[9100]), "cooked rice costs less than half of raw rice per kg")
}

// TestShoppingListBuysCookedGrainsDry: the list buys the raw equivalent of cooked rice, in dry
// packs, at the dry price; it used to buy the cooked weight in 250 g steps at the dry price.
func TestShoppingListBuysCookedGrainsDry(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	prices := shippedPrices(t)
	runner := runProjections(t, e)
	owner := e.person(t, 5)
	id := e.mealPrep(t, owner)
	generate(t, e, owner, id, prices, 1)
	waitAll(t, e, runner)
	var cookedG float64
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT coalesce(sum((i->>'grams')::float8), 0) FROM recipes, jsonb_array_elements(ingredients) i
		WHERE mealprep_id = $1 AND (i->>'foodCode')::int = $2`, id, riceCode).Scan(&cookedG))
	require.Positive(t, cookedG, "the recipe holds cooked rice")
	list, err := e.svc.ShoppingList(ctx, owner, id, 7, nutrition.Pricing{Table: prices, Currency: nutrition.EUR}, nil)
	require.NoError(t, err)
	var rice *nutrition.ShoppingItem
	for _, a := range list.Aisles {
		for i, it := range a.Items {
			if it.FoodCode == riceCode {
				rice = &a.Items[i]
			}
		}
	}
	require.NotNil(t, rice)
	require.Equal(t, nutrition.BoughtDryForm, rice.Form, "cooked rice is bought dry")
	// One lunch/dinner recipe of one serving feeds both meals: 14 portions over 7 days.
	dry := cookedG * 14 * (100 - 61.4) / 88
	require.InDelta(t, dry, rice.FormG, 1)
	require.GreaterOrEqual(t, rice.PurchaseG, dry)
	require.Less(t, rice.PurchaseG-dry, 500.0, "whole dry packs, not the cooked weight")
	raw := catalogue(t)[9100]
	require.InDelta(t, prices.PerKgEUR(raw)*rice.PurchaseG/1000, rice.Cost, 0.01)
}

// TestRecipesUseConfiguredDollarRate: the recipes page converts with USD_PER_EUR, not the default.
func TestRecipesUseConfiguredDollarRate(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	prices := shippedPrices(t)
	e.svc = e.svc.WithPricing(prices, 1.5)
	runner := runProjections(t, e)
	owner := e.person(t, 5)
	id := e.mealPrep(t, owner)
	generate(t, e, owner, id, prices, 1)
	waitAll(t, e, runner)
	var cents int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT price_cents FROM recipes WHERE mealprep_id = $1`, id).Scan(&cents))
	rs, err := e.svc.Recipes(ctx, mealprepapp.Person{Currency: "USD"}, id, "en")
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Equal(t, "USD", rs[0].Currency)
	require.InDelta(t, math.Round(float64(cents)*1.5)/100, rs[0].Price, 1e-9)
}

// TestEditedRecipeIsRepricedLikeGenerated: an edited recipe is priced from the same table as a
// generated one (admins' overrides included) and its Nutri-Score is recomputed.
func TestEditedRecipeIsRepricedLikeGenerated(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	prices := shippedPrices(t)
	e.svc = e.svc.WithPricing(prices, 0)
	runner := runProjections(t, e)
	owner := e.person(t, 5)
	id := e.mealPrep(t, owner)
	generate(t, e, owner, id, prices, 1)
	waitAll(t, e, runner)
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	recipe := m.RecipeIDs()[0]

	// An admin doubles the price of raw meat; then the person edits the recipe.
	sub := catalogue(t)[chickenCode].Subgroup
	row, ok := prices.Shipped("meat, egg and fish", sub)
	require.True(t, ok)
	require.NoError(t, prices.Apply([]nutrition.PriceRow{{Group: row.Group, Subgroup: row.Subgroup, EURPerKg: 2 * row.EURPerKg}}))
	ings := []mealprep.Ingredient{{FoodCode: chickenCode, Grams: 200}, {FoodCode: riceCode, Grams: 250}, {FoodCode: oilCode, Grams: 10}}
	_, err = e.svc.UpdateRecipe(ctx, owner, id, recipe, mealprep.RecipeChange{Ingredients: ings})
	require.NoError(t, err)
	waitAll(t, e, runner)
	var cents int
	var score *int
	var grade string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT price_cents, health_score, health_grade FROM recipes WHERE id = $1`, recipe).Scan(&cents, &score, &grade))
	require.Equal(t, eurCents(t, prices, ings), cents, "the edited recipe is priced with the admin's override")

	// The Nutri-Score is the engine's for these ingredients, with the salt the steps add for
	// the recipe's meal and target.
	stored := m.Recipe(recipe)
	want := nutrition.Recipe{Category: stored.Category, Target: nutrition.Macros(stored.Target), Servings: stored.Servings}
	for _, in := range ings {
		want.Ingredients = append(want.Ingredients, nutrition.Ingredient{FoodCode: in.FoodCode, Grams: in.Grams})
	}
	require.NoError(t, nutrition.Recompute(&want, catalogue(t), nutrition.Pricing{Table: prices}))
	require.NotNil(t, score)
	require.Equal(t, want.HealthScore.Score, *score)
	require.Equal(t, want.HealthScore.Grade, grade)
	// Salt is sodium × 2.5, the salt the engine caps and the Nutri-Score counts.
	var salt float64
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT (nutrition->>'saltG')::float8 FROM recipes WHERE id = $1`, recipe).Scan(&salt))
	require.InDelta(t, math.Round(want.Nutrition.SodiumMg.V*float64(stored.Servings)*2.5/10)/100, salt, 1e-9)

	// Oil alone scores differently: the score follows the edit.
	_, err = e.svc.UpdateRecipe(ctx, owner, id, recipe, mealprep.RecipeChange{Ingredients: []mealprep.Ingredient{{FoodCode: oilCode, Grams: 30}}})
	require.NoError(t, err)
	waitAll(t, e, runner)
	var grade2 string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT health_grade FROM recipes WHERE id = $1`, recipe).Scan(&grade2))
	require.NotEqual(t, grade, grade2)
}

// TestEditedRecipeKeepsTheAddedSalt: an edit recomputes a recipe with its meal and target, so
// the salt its steps add (the pinch, the salted cooking water; docs/nutrition.md, "Salt as
// eaten") stays counted: re-saving a generated lunch's own ingredients leaves its salt as it
// was. It used to drop to the foods' salt alone.
func TestEditedRecipeKeepsTheAddedSalt(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	prices := shippedPrices(t)
	e.svc = e.svc.WithPricing(prices, 0)
	runner := runProjections(t, e)
	owner := e.person(t, 5)
	id := e.mealPrep(t, owner)
	generate(t, e, owner, id, prices, 1)
	waitAll(t, e, runner)
	m, err := e.svc.Load(ctx, owner, id)
	require.NoError(t, err)
	recipe := m.RecipeIDs()[0]
	stored := m.Recipe(recipe)
	saltOf := func() float64 {
		var salt float64
		require.NoError(t, e.pool.QueryRow(ctx, `SELECT (nutrition->>'saltG')::float8 FROM recipes WHERE id = $1`, recipe).Scan(&salt))
		return salt
	}
	before := saltOf()
	foodsOnly := 0.0
	for _, in := range stored.Ingredients {
		foodsOnly += nutrition.SaltOf(catalogue(t)[in.FoodCode].Per100g).Or(0) * float64(in.Grams) / 100
	}
	require.Greater(t, before, foodsOnly+0.1, "the generated lunch's steps add salt")

	// Five grams more of the first food: a real edit (an unchanged list records nothing).
	ings := slices.Clone(stored.Ingredients)
	ings[0].Grams += 5
	_, err = e.svc.UpdateRecipe(ctx, owner, id, recipe, mealprep.RecipeChange{Ingredients: ings})
	require.NoError(t, err)
	waitAll(t, e, runner)
	require.InDelta(t, before, saltOf(), 0.05, "five grams more, the same salt as eaten give or take the food's own")
}
