package mealprep_test

import (
	"testing"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/internal/fuzzevents"
)

// FuzzDecode: a stored meal-prep payload, however damaged, decodes into its type or fails with
// an error, never a panic (the promises are fuzzevents.Decode's).
func FuzzDecode(f *testing.F) {
	fuzzevents.Decode(f, mealprep.Decode, mealprep.ErrUnknownEventType,
		mealprep.TypeMealPrepCreated, mealprep.TypeMealPrepRenamed, mealprep.TypeMealPrepDuplicated, mealprep.TypeMealPrepDeleted,
		mealprep.TypeFoodAdded, mealprep.TypeFoodQuantityChanged, mealprep.TypeFoodRemoved,
		mealprep.TypeRecipeGenerationRequested, mealprep.TypeRecipeGenerated, mealprep.TypeRecipeGenerationFailed,
		mealprep.TypeRecipeUpdated, mealprep.TypeRecipeDeleted, mealprep.TypeRecipeKept, mealprep.TypeRecipeReplaced, mealprep.TypeRecipeFoodSwapped,
		mealprep.TypeShoppingItemTicked)
}
