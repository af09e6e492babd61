package mealprep_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
)

// scenario is Given(past events) / When(behaviour) / Then(new events or an error).
type scenario struct {
	t     *testing.T
	given []mealprep.Event
}

func given(t *testing.T, events ...mealprep.Event) scenario {
	t.Helper()
	return scenario{t: t, given: events}
}

func (s scenario) when(behaviour func(m *mealprep.MealPrep) error) outcome {
	m := mealprep.FromHistory(mpID, s.given)
	return outcome{t: s.t, m: m, err: behaviour(m)}
}

type outcome struct {
	t   *testing.T
	m   *mealprep.MealPrep
	err error
}

func (o outcome) then(events ...mealprep.Event) {
	o.t.Helper()
	require.NoError(o.t, o.err)
	require.Equal(o.t, events, o.m.Changes())
}

func (o outcome) thenNothing() {
	o.t.Helper()
	require.NoError(o.t, o.err)
	require.Empty(o.t, o.m.Changes())
}

func (o outcome) thenError(target error) {
	o.t.Helper()
	require.ErrorIs(o.t, o.err, target)
	require.Empty(o.t, o.m.Changes(), "a refused command records nothing")
}

var (
	mpID    = uuid.MustParse("0190f000-0000-7000-8000-000000000001")
	owner   = uuid.MustParse("0190f000-0000-7000-8000-0000000000aa")
	reqID   = uuid.MustParse("0190f000-0000-7000-8000-000000000101")
	recipe1 = uuid.MustParse("0190f000-0000-7000-8000-000000000201")
	recipe2 = uuid.MustParse("0190f000-0000-7000-8000-000000000202")

	created   = mealprep.MealPrepCreated{OwnerID: owner}
	chicken   = mealprep.FoodAdded{FoodCode: 36018, Grams: 500}
	rice      = mealprep.FoodAdded{FoodCode: 9100, Grams: 300}
	requested = mealprep.RecipeGenerationRequested{RequestID: reqID, Category: mealprep.LunchDinner, Count: 2}
	deleted   = mealprep.MealPrepDeleted{}
)

func aRecipe(id uuid.UUID) mealprep.Recipe {
	return mealprep.Recipe{
		ID: id, Category: mealprep.LunchDinner, Servings: 1,
		Ingredients: []mealprep.Ingredient{{FoodCode: 36018, Grams: 150}, {FoodCode: 9100, Grams: 80}},
		Generator:   "builtin",
	}
}

func generated(index int, id uuid.UUID) mealprep.RecipeGenerated {
	return mealprep.RecipeGenerated{RequestID: reqID, Index: index, Recipe: aRecipe(id)}
}

func TestCreateRenameDelete(t *testing.T) {
	t.Parallel()
	t.Run("create records the owner, not the name", func(t *testing.T) {
		given(t).when(func(m *mealprep.MealPrep) error { return m.Create(owner, "  Semaine 1 ") }).then(created)
	})
	t.Run("empty name", func(t *testing.T) {
		given(t).when(func(m *mealprep.MealPrep) error { return m.Create(owner, "   ") }).thenError(mealprep.ErrInvalidName)
	})
	t.Run("over-long name", func(t *testing.T) {
		given(t).when(func(m *mealprep.MealPrep) error { return m.Create(owner, strings.Repeat("é", 81)) }).thenError(mealprep.ErrInvalidName)
	})
	t.Run("80 characters is fine", func(t *testing.T) {
		given(t).when(func(m *mealprep.MealPrep) error { return m.Create(owner, strings.Repeat("é", 80)) }).then(created)
	})
	t.Run("twice", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.Create(owner, "x") }).thenError(mealprep.ErrAlreadyExists)
	})
	t.Run("rename", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.Rename("Semaine 2") }).then(mealprep.MealPrepRenamed{})
	})
	t.Run("rename a missing meal prep", func(t *testing.T) {
		given(t).when(func(m *mealprep.MealPrep) error { return m.Rename("x") }).thenError(mealprep.ErrNotFound)
	})
	t.Run("delete", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.Delete() }).then(deleted)
	})
	t.Run("a deleted meal prep refuses changes", func(t *testing.T) {
		given(t, created, deleted).when(func(m *mealprep.MealPrep) error { return m.SetFood(1, 10) }).thenError(mealprep.ErrNotFound)
		given(t, created, deleted).when(func(m *mealprep.MealPrep) error { return m.Delete() }).thenError(mealprep.ErrNotFound)
	})
	t.Run("ownership", func(t *testing.T) {
		m := mealprep.FromHistory(mpID, []mealprep.Event{created})
		require.True(t, m.OwnedBy(owner))
		require.False(t, m.OwnedBy(uuid.New()))
		m = mealprep.FromHistory(mpID, []mealprep.Event{created, deleted})
		require.False(t, m.OwnedBy(owner), "a deleted meal prep is nobody's")
	})
}

func TestFoods(t *testing.T) {
	t.Parallel()
	t.Run("add", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.SetFood(36018, 500) }).then(chicken)
	})
	t.Run("same food again changes the quantity", func(t *testing.T) {
		given(t, created, chicken).when(func(m *mealprep.MealPrep) error { return m.SetFood(36018, 250) }).
			then(mealprep.FoodQuantityChanged{FoodCode: 36018, Grams: 250})
	})
	t.Run("same quantity again records nothing", func(t *testing.T) {
		given(t, created, chicken).when(func(m *mealprep.MealPrep) error { return m.SetFood(36018, 500) }).thenNothing()
	})
	for _, g := range []int{-5, 5001} {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.SetFood(36018, g) }).thenError(mealprep.ErrInvalidGrams)
	}
	t.Run("no quantity: the person did not say what they have, no limit", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.SetFood(36018, 0) }).then(mealprep.FoodAdded{FoodCode: 36018, Grams: 0})
	})
	t.Run("5 kg is the limit", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.SetFood(1, 5000) }).then(mealprep.FoodAdded{FoodCode: 1, Grams: 5000})
	})
	t.Run("bad code", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.SetFood(0, 10) }).thenError(mealprep.ErrInvalidFoodCode)
	})
	t.Run("remove", func(t *testing.T) {
		o := given(t, created, chicken, rice).when(func(m *mealprep.MealPrep) error { return m.RemoveFood(36018) })
		o.then(mealprep.FoodRemoved{FoodCode: 36018})
		require.Equal(t, []mealprep.Ingredient{{FoodCode: 9100, Grams: 300}}, o.m.Foods())
	})
	t.Run("remove an absent food", func(t *testing.T) {
		given(t, created).when(func(m *mealprep.MealPrep) error { return m.RemoveFood(36018) }).thenError(mealprep.ErrFoodNotFound)
	})
	t.Run("too many foods", func(t *testing.T) {
		past := []mealprep.Event{created}
		for i := 1; i <= mealprep.MaxFoods; i++ {
			past = append(past, mealprep.FoodAdded{FoodCode: i, Grams: 10})
		}
		given(t, past...).when(func(m *mealprep.MealPrep) error { return m.SetFood(999, 10) }).thenError(mealprep.ErrTooManyFoods)
	})
}

func TestDuplicate(t *testing.T) {
	t.Parallel()
	src := mealprep.FromHistory(uuid.New(), []mealprep.Event{created, chicken, rice, requested, generated(0, recipe1)})
	copyID := uuid.New()
	m := mealprep.New(copyID)
	require.NoError(t, m.DuplicateFrom(src))
	require.Equal(t, []mealprep.Event{mealprep.MealPrepDuplicated{OwnerID: owner, FromID: src.ID()}, chicken, rice}, m.Changes())
	require.Empty(t, m.RecipeIDs(), "recipes are not copied")
	require.True(t, m.OwnedBy(owner))

	gone := mealprep.FromHistory(uuid.New(), []mealprep.Event{created, deleted})
	require.ErrorIs(t, mealprep.New(uuid.New()).DuplicateFrom(gone), mealprep.ErrNotFound)
}

func TestRequestGeneration(t *testing.T) {
	t.Parallel()
	req := func(cat mealprep.Category, n int) func(*mealprep.MealPrep) error {
		return func(m *mealprep.MealPrep) error { return m.RequestGeneration(reqID, cat, n) }
	}
	t.Run("requested", func(t *testing.T) {
		given(t, created, chicken).when(req(mealprep.LunchDinner, 2)).then(requested)
	})
	t.Run("no foods", func(t *testing.T) {
		given(t, created).when(req(mealprep.LunchDinner, 2)).thenError(mealprep.ErrNoFoods)
		given(t, created, chicken, mealprep.FoodRemoved{FoodCode: 36018}).when(req(mealprep.Snack, 1)).thenError(mealprep.ErrNoFoods)
	})
	for _, n := range []int{0, 11, -1} {
		given(t, created, chicken).when(req(mealprep.Snack, n)).thenError(mealprep.ErrInvalidCount)
	}
	t.Run("1 and 10 are fine", func(t *testing.T) {
		given(t, created, chicken).when(req(mealprep.Breakfast, 1)).then(mealprep.RecipeGenerationRequested{RequestID: reqID, Category: mealprep.Breakfast, Count: 1})
		given(t, created, chicken).when(req(mealprep.Breakfast, 10)).then(mealprep.RecipeGenerationRequested{RequestID: reqID, Category: mealprep.Breakfast, Count: 10})
	})
	t.Run("unknown category", func(t *testing.T) {
		given(t, created, chicken).when(req("dinner", 1)).thenError(mealprep.ErrInvalidCategory)
	})
	t.Run("same request twice", func(t *testing.T) {
		given(t, created, chicken, requested).when(req(mealprep.LunchDinner, 2)).thenError(mealprep.ErrRequestExists)
	})
	t.Run("deleted", func(t *testing.T) {
		given(t, created, chicken, deleted).when(req(mealprep.LunchDinner, 2)).thenError(mealprep.ErrNotFound)
	})
}

func record(index int, id uuid.UUID) func(*mealprep.MealPrep) error {
	return func(m *mealprep.MealPrep) error { _, err := m.RecordRecipe(reqID, index, aRecipe(id)); return err }
}

func TestRecordRecipe(t *testing.T) {
	t.Parallel()
	t.Run("first recipe", func(t *testing.T) {
		given(t, created, chicken, requested).when(record(0, recipe1)).then(generated(0, recipe1))
	})
	t.Run("a retried job records nothing for an index already made", func(t *testing.T) {
		o := given(t, created, chicken, requested, generated(0, recipe1)).when(record(0, recipe2))
		o.thenNothing()
		added, err := o.m.RecordRecipe(reqID, 0, aRecipe(uuid.New()))
		require.NoError(t, err)
		require.False(t, added)
	})
	t.Run("second index", func(t *testing.T) {
		o := given(t, created, chicken, requested, generated(0, recipe1)).when(record(1, recipe2))
		o.then(generated(1, recipe2))
		require.True(t, o.m.Request(reqID).Finished())
	})
	t.Run("index outside the request", func(t *testing.T) {
		given(t, created, chicken, requested).when(record(2, recipe1)).thenError(mealprep.ErrIndexOutOfRange)
		given(t, created, chicken, requested).when(record(-1, recipe1)).thenError(mealprep.ErrIndexOutOfRange)
	})
	t.Run("unknown request", func(t *testing.T) {
		given(t, created, chicken).when(record(0, recipe1)).thenError(mealprep.ErrRequestNotFound)
	})
	t.Run("after a failure", func(t *testing.T) {
		failed := mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureTimeout, Unfulfilled: 2}
		given(t, created, chicken, requested, failed).when(record(0, recipe1)).thenError(mealprep.ErrRequestClosed)
	})
	t.Run("on a deleted meal prep", func(t *testing.T) {
		given(t, created, chicken, requested, deleted).when(record(0, recipe1)).thenError(mealprep.ErrNotFound)
	})
	t.Run("bad recipe", func(t *testing.T) {
		given(t, created, chicken, requested).when(func(m *mealprep.MealPrep) error {
			r := aRecipe(recipe1)
			r.Ingredients = []mealprep.Ingredient{{FoodCode: 1, Grams: 0}}
			_, err := m.RecordRecipe(reqID, 0, r)
			return err
		}).thenError(mealprep.ErrInvalidGrams)
	})
}

func TestFailGeneration(t *testing.T) {
	t.Parallel()
	fail := func(m *mealprep.MealPrep) error {
		_, err := m.FailGeneration(reqID, mealprep.FailureTimeout, mealprep.Diagnosis{})
		return err
	}
	t.Run("nothing made: both tokens owed", func(t *testing.T) {
		o := given(t, created, chicken, requested).when(fail)
		o.then(mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureTimeout, Unfulfilled: 2})
	})
	t.Run("one made: one token owed", func(t *testing.T) {
		m := mealprep.FromHistory(mpID, []mealprep.Event{created, chicken, requested, generated(0, recipe1)})
		n, err := m.FailGeneration(reqID, mealprep.FailureGenerator, mealprep.Diagnosis{})
		require.NoError(t, err)
		require.Equal(t, 1, n)
	})
	t.Run("failing twice refunds once", func(t *testing.T) {
		failed := mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureTimeout, Unfulfilled: 2}
		m := mealprep.FromHistory(mpID, []mealprep.Event{created, chicken, requested, failed})
		n, err := m.FailGeneration(reqID, mealprep.FailureTimeout, mealprep.Diagnosis{})
		require.NoError(t, err)
		require.Zero(t, n)
		require.Empty(t, m.Changes())
	})
	t.Run("a complete request owes nothing", func(t *testing.T) {
		given(t, created, chicken, requested, generated(0, recipe1), generated(1, recipe2)).when(fail).thenNothing()
	})
	t.Run("the engine's diagnosis is recorded in both languages", func(t *testing.T) {
		why := mealprep.Diagnosis{FR: "Ajoutez un aliment protéiné.", EN: "Add a protein food."}
		given(t, created, chicken, requested).when(func(m *mealprep.MealPrep) error {
			_, err := m.FailGeneration(reqID, mealprep.FailureNoFoods, why)
			return err
		}).then(mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureNoFoods, Unfulfilled: 2, DiagnosisFR: why.FR, DiagnosisEN: why.EN})
	})
	t.Run("a deleted meal prep still refunds", func(t *testing.T) {
		given(t, created, chicken, requested, deleted).when(func(m *mealprep.MealPrep) error {
			_, err := m.FailGeneration(reqID, mealprep.FailureDeleted, mealprep.Diagnosis{})
			return err
		}).then(mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureDeleted, Unfulfilled: 2})
	})
}

func TestUpdateAndDeleteRecipes(t *testing.T) {
	t.Parallel()
	past := []mealprep.Event{created, chicken, requested, generated(0, recipe1), generated(1, recipe2)}
	two := 2
	name := "Mon poulet"
	t.Run("servings", func(t *testing.T) {
		given(t, past...).when(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Servings: &two})
		}).then(mealprep.RecipeUpdated{RecipeID: recipe1, Servings: 2})
	})
	t.Run("rename records no text", func(t *testing.T) {
		given(t, past...).when(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Name: &name})
		}).then(mealprep.RecipeUpdated{RecipeID: recipe1, Renamed: true})
	})
	t.Run("ingredients with recomputed nutrition", func(t *testing.T) {
		ings := []mealprep.Ingredient{{FoodCode: 36018, Grams: 200}}
		nut := &mealprep.Nutrition{Macros: mealprep.Macros{Kcal: 300}}
		given(t, past...).when(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Ingredients: ings, Nutrition: nut})
		}).then(mealprep.RecipeUpdated{RecipeID: recipe1, Ingredients: ings, Nutrition: nut})
	})
	t.Run("no change records nothing", func(t *testing.T) {
		one := 1
		given(t, past...).when(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Servings: &one, Ingredients: aRecipe(recipe1).Ingredients})
		}).thenNothing()
	})
	t.Run("bad values", func(t *testing.T) {
		zero, empty := 0, ""
		given(t, past...).when(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Servings: &zero})
		}).thenError(mealprep.ErrInvalidServings)
		given(t, past...).when(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Name: &empty})
		}).thenError(mealprep.ErrInvalidName)
		given(t, past...).when(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Ingredients: []mealprep.Ingredient{{FoodCode: 1, Grams: 6000}}})
		}).thenError(mealprep.ErrInvalidGrams)
	})
	t.Run("unknown recipe", func(t *testing.T) {
		given(t, past...).when(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(uuid.New(), mealprep.RecipeChange{Servings: &two})
		}).thenError(mealprep.ErrRecipeNotFound)
		given(t, past...).when(func(m *mealprep.MealPrep) error { return m.DeleteRecipe(uuid.New()) }).thenError(mealprep.ErrRecipeNotFound)
	})
	t.Run("delete one", func(t *testing.T) {
		given(t, past...).when(func(m *mealprep.MealPrep) error { return m.DeleteRecipe(recipe2) }).then(mealprep.RecipeDeleted{RecipeID: recipe2})
	})
	t.Run("delete all", func(t *testing.T) {
		given(t, past...).when(func(m *mealprep.MealPrep) error { return m.DeleteAllRecipes() }).
			then(mealprep.RecipeDeleted{RecipeID: recipe1}, mealprep.RecipeDeleted{RecipeID: recipe2})
	})
}

func TestEventsRoundTripAndCarryNoText(t *testing.T) {
	t.Parallel()
	events := []mealprep.Event{created, mealprep.MealPrepRenamed{}, mealprep.MealPrepDuplicated{OwnerID: owner, FromID: mpID},
		chicken, mealprep.FoodQuantityChanged{FoodCode: 1, Grams: 2}, mealprep.FoodRemoved{FoodCode: 1}, requested,
		generated(0, recipe1), mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureTimeout, Unfulfilled: 1},
		mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureNoFoods, Unfulfilled: 1, DiagnosisFR: "Ajoutez un légume.", DiagnosisEN: "Add a vegetable."},
		mealprep.RecipeUpdated{RecipeID: recipe1, Renamed: true}, mealprep.RecipeDeleted{RecipeID: recipe1}, deleted}
	for _, e := range events {
		b, err := json.Marshal(e)
		require.NoError(t, err)
		back, err := mealprep.Decode(e.EventType(), b)
		require.NoError(t, err)
		require.Equal(t, e, back)
		require.True(t, mealprep.IsMealPrepEvent(e.EventType()))
		require.NotContains(t, string(b), "name\"", "%s carries no typed name", e.EventType())
	}
	_, err := mealprep.Decode("Nope.v1", []byte(`{}`))
	require.ErrorIs(t, err, mealprep.ErrUnknownEventType)

	// A failure recorded before diagnoses existed still decodes, with none; a failure without
	// one writes no diagnosis keys.
	old, err := mealprep.Decode(mealprep.TypeRecipeGenerationFailed, []byte(`{"requestID":"`+reqID.String()+`","reason":"no_foods","unfulfilled":2}`))
	require.NoError(t, err)
	require.Equal(t, mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureNoFoods, Unfulfilled: 2}, old)
	b, err := json.Marshal(mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureTimeout, Unfulfilled: 1})
	require.NoError(t, err)
	require.NotContains(t, string(b), "diagnosis")
}

func TestStreamID(t *testing.T) {
	t.Parallel()
	id, err := mealprep.IDFromStream(mealprep.StreamID(mpID))
	require.NoError(t, err)
	require.Equal(t, mpID, id)
	_, err = mealprep.IDFromStream("wallet-" + mpID.String())
	require.Error(t, err)
}
