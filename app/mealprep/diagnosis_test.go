package mealprep_test

import (
	"bytes"
	"testing"

	"github.com/jackc/pgx/v5"
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

// TestRefusedRequestCarriesTheDiagnosis: rice and olive oil cannot make a lunch of 50 g of
// protein. The engine refuses the request with one diagnosis (add a protein food); the failure
// event and the read model keep it in French and English, and every token is refunded.
func TestRefusedRequestCarriesTheDiagnosis(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 2)
	// Daily goals whose lunch (65 % / 2 of the energy, its meal profile's protein: docs/nutrition.md,
	// "Meal profiles") is 700 kcal, 50 g protein, 20 g fat, 70 g carbs: a lunch chicken makes
	// with them (the advice is checked by solving again with it).
	_, err := e.pool.Exec(ctx, `UPDATE users SET calorie_goal = 2154, protein_goal = 127, fat_goal = 62, carb_goal = 243 WHERE id = $1`, owner)
	require.NoError(t, err)
	p, err := e.svc.Person(ctx, e.pool, owner)
	require.NoError(t, err)
	require.Equal(t, mealprep.Macros{Kcal: 700, ProteinG: 50, FatG: 20, CarbsG: 70}, p.MealTarget(mealprep.LunchDinner))

	id, _, err := e.svc.Create(ctx, owner, "Riz et huile")
	require.NoError(t, err)
	for code, g := range map[int]int{riceCode: 500, oilCode: 50} {
		_, err := e.svc.SetFood(ctx, owner, id, code, g)
		require.NoError(t, err)
	}
	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 2})
	require.NoError(t, err)
	require.Zero(t, e.balance(t, owner))

	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	engine := nutrition.NewBuiltin(prices)
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, engine, 0))
	tx := workTx(t, e)
	res, err := w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.Equal(t, river.EventKindJobCompleted, res.EventKind, "a refusal is final: no retry")
	require.NoError(t, tx.Commit(ctx))

	require.Zero(t, countRecipes(t, e, req))
	require.EqualValues(t, 2, refunds(t, e, req))
	require.EqualValues(t, 2, e.balance(t, owner))

	var reason, fr, en string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT payload->>'reason', coalesce(payload->>'diagnosisFr', ''), coalesce(payload->>'diagnosisEn', '')
		FROM events WHERE event_type = $1 AND payload->>'requestID' = $2`, mealprep.TypeRecipeGenerationFailed, req.String()).Scan(&reason, &fr, &en))
	require.Equal(t, string(mealprep.FailureNoFoods), reason)
	require.Contains(t, fr, "ajoutez un aliment protéiné")
	require.Contains(t, en, "add a protein food")

	// The read model shows it in the page's language.
	all, err := e.store.ReadAll(ctx, e.pool, 0, 10000)
	require.NoError(t, err)
	ps, err := projections.ByName("generation_requests")
	require.NoError(t, err)
	require.NoError(t, pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error { return ps[0].Apply(ctx, tx, all) }))
	for lang, want := range map[string]string{"fr": fr, "en": en, "de": fr} {
		h, err := e.svc.Owned(ctx, owner, id)
		require.NoError(t, err)
		views, err := e.svc.Requests(ctx, h, lang)
		require.NoError(t, err)
		require.Len(t, views, 1)
		v := views[0]
		require.True(t, v.Failed)
		require.Equal(t, 2, v.Refunded)
		require.Equal(t, string(mealprep.FailureNoFoods), v.Reason)
		require.Equal(t, want, v.Diagnosis, lang)
	}
}

// TestTooFewRecipesCarryWhatWouldMakeMore: chicken, rice and olive oil make one distinct lunch;
// asked for three, the two missing are refunded and the failure says which kind of food would
// make more, in French and English.
func TestTooFewRecipesCarryWhatWouldMakeMore(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := t.Context()
	owner := e.person(t, 3)
	id := e.mealPrep(t, owner)
	req, _, err := e.svc.Generate(ctx, mealprepapp.GenerateCommand{Owner: owner, MealPrepID: id, Category: mealprep.LunchDinner, Count: 3})
	require.NoError(t, err)
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	require.NoError(t, err)
	w := rivertest.NewWorker(t, riverpgxv5.New(e.pool), &river.Config{}, mealprepapp.NewWorker(e.svc, nutrition.NewBuiltin(prices), 0))
	tx := workTx(t, e)
	res, err := w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: req, MealPrepID: id, OwnerID: owner}, nil)
	require.NoError(t, err)
	require.Equal(t, river.EventKindJobCompleted, res.EventKind)
	require.NoError(t, tx.Commit(ctx))
	require.Equal(t, 1, countRecipes(t, e, req))
	require.EqualValues(t, 2, refunds(t, e, req))

	var reason, fr, en string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT payload->>'reason', coalesce(payload->>'diagnosisFr', ''), coalesce(payload->>'diagnosisEn', '')
		FROM events WHERE event_type = $1 AND payload->>'requestID' = $2`, mealprep.TypeRecipeGenerationFailed, req.String()).Scan(&reason, &fr, &en))
	require.Equal(t, string(mealprep.FailureTooFew), reason)
	require.Contains(t, fr, "ces aliments ne donnent qu’une recette")
	require.Contains(t, fr, "ajoutez ")
	require.Contains(t, en, "these foods make only one recipe")
	require.Contains(t, en, "; add ")
}
