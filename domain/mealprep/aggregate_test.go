package mealprep_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/internal/gwt"
)

// given starts a Given/When/Then scenario (internal/gwt) on the meal prep mpID.
func given(t *testing.T, events ...mealprep.Event) gwt.Scenario[*mealprep.MealPrep, mealprep.Event] {
	t.Helper()
	return gwt.Given(t, func(h []mealprep.Event) *mealprep.MealPrep { return mealprep.FromHistory(mpID, h) }, events...)
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
		given(t).When(func(m *mealprep.MealPrep) error { return m.Create(owner, "  Semaine 1 ") }).Then(created)
	})
	t.Run("empty name", func(t *testing.T) {
		given(t).When(func(m *mealprep.MealPrep) error { return m.Create(owner, "   ") }).ThenError(mealprep.ErrInvalidName)
	})
	t.Run("over-long name", func(t *testing.T) {
		given(t).When(func(m *mealprep.MealPrep) error { return m.Create(owner, strings.Repeat("é", 81)) }).ThenError(mealprep.ErrInvalidName)
	})
	t.Run("80 characters is fine", func(t *testing.T) {
		given(t).When(func(m *mealprep.MealPrep) error { return m.Create(owner, strings.Repeat("é", 80)) }).Then(created)
	})
	t.Run("twice", func(t *testing.T) {
		given(t, created).When(func(m *mealprep.MealPrep) error { return m.Create(owner, "x") }).ThenError(mealprep.ErrAlreadyExists)
	})
	t.Run("rename", func(t *testing.T) {
		given(t, created).When(func(m *mealprep.MealPrep) error { return m.Rename("Semaine 2") }).Then(mealprep.MealPrepRenamed{})
	})
	t.Run("rename a missing meal prep", func(t *testing.T) {
		given(t).When(func(m *mealprep.MealPrep) error { return m.Rename("x") }).ThenError(mealprep.ErrNotFound)
	})
	t.Run("delete", func(t *testing.T) {
		given(t, created).When(func(m *mealprep.MealPrep) error { return m.Delete() }).Then(deleted)
	})
	t.Run("a deleted meal prep refuses changes", func(t *testing.T) {
		given(t, created, deleted).When(func(m *mealprep.MealPrep) error { return m.SetFood(1, 10) }).ThenError(mealprep.ErrNotFound)
		given(t, created, deleted).When(func(m *mealprep.MealPrep) error { return m.Delete() }).ThenError(mealprep.ErrNotFound)
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
		given(t, created).When(func(m *mealprep.MealPrep) error { return m.SetFood(36018, 500) }).Then(chicken)
	})
	t.Run("same food again changes the quantity", func(t *testing.T) {
		given(t, created, chicken).When(func(m *mealprep.MealPrep) error { return m.SetFood(36018, 250) }).
			Then(mealprep.FoodQuantityChanged{FoodCode: 36018, Grams: 250})
	})
	t.Run("same quantity again records nothing", func(t *testing.T) {
		given(t, created, chicken).When(func(m *mealprep.MealPrep) error { return m.SetFood(36018, 500) }).Then()
	})
	for _, g := range []int{-5, 5001} {
		given(t, created).When(func(m *mealprep.MealPrep) error { return m.SetFood(36018, g) }).ThenError(mealprep.ErrInvalidGrams)
	}
	t.Run("no quantity: the person did not say what they have, no limit", func(t *testing.T) {
		given(t, created).When(func(m *mealprep.MealPrep) error { return m.SetFood(36018, 0) }).Then(mealprep.FoodAdded{FoodCode: 36018, Grams: 0})
	})
	t.Run("5 kg is the limit", func(t *testing.T) {
		given(t, created).When(func(m *mealprep.MealPrep) error { return m.SetFood(1, 5000) }).Then(mealprep.FoodAdded{FoodCode: 1, Grams: 5000})
	})
	t.Run("bad code", func(t *testing.T) {
		given(t, created).When(func(m *mealprep.MealPrep) error { return m.SetFood(0, 10) }).ThenError(mealprep.ErrInvalidFoodCode)
	})
	t.Run("remove", func(t *testing.T) {
		o := given(t, created, chicken, rice).When(func(m *mealprep.MealPrep) error { return m.RemoveFood(36018) })
		o.Then(mealprep.FoodRemoved{FoodCode: 36018})
		require.Equal(t, []mealprep.Ingredient{{FoodCode: 9100, Grams: 300}}, o.Aggregate().Foods())
	})
	t.Run("remove an absent food", func(t *testing.T) {
		given(t, created).When(func(m *mealprep.MealPrep) error { return m.RemoveFood(36018) }).ThenError(mealprep.ErrFoodNotFound)
	})
	t.Run("too many foods", func(t *testing.T) {
		past := []mealprep.Event{created}
		for i := 1; i <= mealprep.MaxFoods; i++ {
			past = append(past, mealprep.FoodAdded{FoodCode: i, Grams: 10})
		}
		given(t, past...).When(func(m *mealprep.MealPrep) error { return m.SetFood(999, 10) }).ThenError(mealprep.ErrTooManyFoods)
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
		return func(m *mealprep.MealPrep) error { return m.RequestGeneration(reqID, cat, n, nil) }
	}
	t.Run("larger servings of the meal prep's own foods, once each", func(t *testing.T) {
		larger := func(codes ...int) func(*mealprep.MealPrep) error {
			return func(m *mealprep.MealPrep) error { return m.RequestGeneration(reqID, mealprep.LunchDinner, 1, codes) }
		}
		given(t, created, chicken).When(larger(36018, 36018)).
			Then(mealprep.RecipeGenerationRequested{RequestID: reqID, Category: mealprep.LunchDinner, Count: 1, Larger: []int{36018}})
		given(t, created, chicken).When(larger(20360)).ThenError(mealprep.ErrFoodNotFound)
	})
	t.Run("requested", func(t *testing.T) {
		given(t, created, chicken).When(req(mealprep.LunchDinner, 2)).Then(requested)
	})
	t.Run("no foods", func(t *testing.T) {
		given(t, created).When(req(mealprep.LunchDinner, 2)).ThenError(mealprep.ErrNoFoods)
		given(t, created, chicken, mealprep.FoodRemoved{FoodCode: 36018}).When(req(mealprep.Snack, 1)).ThenError(mealprep.ErrNoFoods)
	})
	for _, n := range []int{0, 11, -1} {
		given(t, created, chicken).When(req(mealprep.Snack, n)).ThenError(mealprep.ErrInvalidCount)
	}
	t.Run("1 and 10 are fine", func(t *testing.T) {
		given(t, created, chicken).When(req(mealprep.Breakfast, 1)).Then(mealprep.RecipeGenerationRequested{RequestID: reqID, Category: mealprep.Breakfast, Count: 1})
		given(t, created, chicken).When(req(mealprep.Breakfast, 10)).Then(mealprep.RecipeGenerationRequested{RequestID: reqID, Category: mealprep.Breakfast, Count: 10})
	})
	t.Run("unknown category", func(t *testing.T) {
		given(t, created, chicken).When(req("dinner", 1)).ThenError(mealprep.ErrInvalidCategory)
	})
	t.Run("same request twice", func(t *testing.T) {
		given(t, created, chicken, requested).When(req(mealprep.LunchDinner, 2)).ThenError(mealprep.ErrRequestExists)
	})
	t.Run("deleted", func(t *testing.T) {
		given(t, created, chicken, deleted).When(req(mealprep.LunchDinner, 2)).ThenError(mealprep.ErrNotFound)
	})
}

func record(index int, id uuid.UUID) func(*mealprep.MealPrep) error {
	return func(m *mealprep.MealPrep) error { _, err := m.RecordRecipe(reqID, index, aRecipe(id)); return err }
}

func TestRecordRecipe(t *testing.T) {
	t.Parallel()
	t.Run("first recipe", func(t *testing.T) {
		given(t, created, chicken, requested).When(record(0, recipe1)).Then(generated(0, recipe1))
	})
	t.Run("a retried job records nothing for an index already made", func(t *testing.T) {
		o := given(t, created, chicken, requested, generated(0, recipe1)).When(record(0, recipe2))
		o.Then()
		added, err := o.Aggregate().RecordRecipe(reqID, 0, aRecipe(uuid.New()))
		require.NoError(t, err)
		require.False(t, added)
	})
	t.Run("second index", func(t *testing.T) {
		o := given(t, created, chicken, requested, generated(0, recipe1)).When(record(1, recipe2))
		o.Then(generated(1, recipe2))
		require.True(t, o.Aggregate().Request(reqID).Finished())
	})
	t.Run("index outside the request", func(t *testing.T) {
		given(t, created, chicken, requested).When(record(2, recipe1)).ThenError(mealprep.ErrIndexOutOfRange)
		given(t, created, chicken, requested).When(record(-1, recipe1)).ThenError(mealprep.ErrIndexOutOfRange)
	})
	t.Run("unknown request", func(t *testing.T) {
		given(t, created, chicken).When(record(0, recipe1)).ThenError(mealprep.ErrRequestNotFound)
	})
	t.Run("after a failure", func(t *testing.T) {
		failed := mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureTimeout, Unfulfilled: 2}
		given(t, created, chicken, requested, failed).When(record(0, recipe1)).ThenError(mealprep.ErrRequestClosed)
	})
	t.Run("on a deleted meal prep", func(t *testing.T) {
		given(t, created, chicken, requested, deleted).When(record(0, recipe1)).ThenError(mealprep.ErrNotFound)
	})
	t.Run("bad recipe", func(t *testing.T) {
		given(t, created, chicken, requested).When(func(m *mealprep.MealPrep) error {
			r := aRecipe(recipe1)
			r.Ingredients = []mealprep.Ingredient{{FoodCode: 1, Grams: 0}}
			_, err := m.RecordRecipe(reqID, 0, r)
			return err
		}).ThenError(mealprep.ErrInvalidGrams)
	})
}

func TestFailGeneration(t *testing.T) {
	t.Parallel()
	fail := func(m *mealprep.MealPrep) error {
		_, err := m.FailGeneration(reqID, mealprep.FailureTimeout, mealprep.Diagnosis{})
		return err
	}
	t.Run("nothing made: both tokens owed", func(t *testing.T) {
		o := given(t, created, chicken, requested).When(fail)
		o.Then(mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureTimeout, Unfulfilled: 2})
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
		given(t, created, chicken, requested, generated(0, recipe1), generated(1, recipe2)).When(fail).Then()
	})
	t.Run("the engine's diagnosis is recorded in both languages", func(t *testing.T) {
		why := mealprep.Diagnosis{FR: "Ajoutez un aliment protéiné.", EN: "Add a protein food."}
		given(t, created, chicken, requested).When(func(m *mealprep.MealPrep) error {
			_, err := m.FailGeneration(reqID, mealprep.FailureNoFoods, why)
			return err
		}).Then(mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureNoFoods, Unfulfilled: 2, DiagnosisFR: why.FR, DiagnosisEN: why.EN})
	})
	t.Run("a deleted meal prep still refunds", func(t *testing.T) {
		given(t, created, chicken, requested, deleted).When(func(m *mealprep.MealPrep) error {
			_, err := m.FailGeneration(reqID, mealprep.FailureDeleted, mealprep.Diagnosis{})
			return err
		}).Then(mealprep.RecipeGenerationFailed{RequestID: reqID, Reason: mealprep.FailureDeleted, Unfulfilled: 2})
	})
}

func TestUpdateAndDeleteRecipes(t *testing.T) {
	t.Parallel()
	past := []mealprep.Event{created, chicken, requested, generated(0, recipe1), generated(1, recipe2)}
	two := 2
	name := "Mon poulet"
	t.Run("servings", func(t *testing.T) {
		given(t, past...).When(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Servings: &two})
		}).Then(mealprep.RecipeUpdated{RecipeID: recipe1, Servings: 2})
	})
	t.Run("rename records no text", func(t *testing.T) {
		given(t, past...).When(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Name: &name})
		}).Then(mealprep.RecipeUpdated{RecipeID: recipe1, Renamed: true})
	})
	t.Run("ingredients with recomputed nutrition", func(t *testing.T) {
		ings := []mealprep.Ingredient{{FoodCode: 36018, Grams: 200}}
		nut := &mealprep.Nutrition{Macros: mealprep.Macros{Kcal: 300}}
		given(t, past...).When(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Ingredients: ings, Nutrition: nut})
		}).Then(mealprep.RecipeUpdated{RecipeID: recipe1, Ingredients: ings, Nutrition: nut})
	})
	t.Run("no change records nothing", func(t *testing.T) {
		one := 1
		given(t, past...).When(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Servings: &one, Ingredients: aRecipe(recipe1).Ingredients})
		}).Then()
	})
	t.Run("bad values", func(t *testing.T) {
		zero, empty := 0, ""
		given(t, past...).When(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Servings: &zero})
		}).ThenError(mealprep.ErrInvalidServings)
		given(t, past...).When(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Name: &empty})
		}).ThenError(mealprep.ErrInvalidName)
		given(t, past...).When(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(recipe1, mealprep.RecipeChange{Ingredients: []mealprep.Ingredient{{FoodCode: 1, Grams: 6000}}})
		}).ThenError(mealprep.ErrInvalidGrams)
	})
	t.Run("unknown recipe", func(t *testing.T) {
		given(t, past...).When(func(m *mealprep.MealPrep) error {
			return m.UpdateRecipe(uuid.New(), mealprep.RecipeChange{Servings: &two})
		}).ThenError(mealprep.ErrRecipeNotFound)
		given(t, past...).When(func(m *mealprep.MealPrep) error { return m.DeleteRecipe(uuid.New()) }).ThenError(mealprep.ErrRecipeNotFound)
	})
	t.Run("delete one", func(t *testing.T) {
		given(t, past...).When(func(m *mealprep.MealPrep) error { return m.DeleteRecipe(recipe2) }).Then(mealprep.RecipeDeleted{RecipeID: recipe2})
	})
	t.Run("delete all", func(t *testing.T) {
		given(t, past...).When(func(m *mealprep.MealPrep) error { return m.DeleteAllRecipes() }).
			Then(mealprep.RecipeDeleted{RecipeID: recipe1}, mealprep.RecipeDeleted{RecipeID: recipe2})
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
