package nutrition_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// TestPantryOilMakesAFatlessLunch: chicken, rice and broccoli cannot carry a lunch's 25 % of
// energy from fat; the cupboard's oil does, counted and marked as the pantry's. Without oil in
// the pantry the same request is told to add a fat; with oil in the meal prep the cupboard's is
// not added (docs/nutrition.md, "Pantry staples").
func TestPantryOilMakesAFatlessLunch(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	const oil, butter = 17270, 16400
	req := signedUpRequest(t, nutrition.LunchDinner, nutrition.Macros{Kcal: 700, ProteinG: 45, FatG: 20, CarbsG: 85}, 36017, 9100, 20057)
	require.Equal(t, []int{oil, butter}, nutrition.PantryFoodCodes(nutrition.DefaultPantry))

	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.True(t, rs[0].Feasible && rs[0].WithinTolerance, "%+v", rs[0].Explanation)
	var fromPantry []int
	for _, in := range rs[0].Ingredients {
		if in.Pantry {
			fromPantry = append(fromPantry, in.FoodCode)
			require.Positive(t, in.Grams)
		}
	}
	require.Equal(t, []int{oil}, fromPantry, "the oil, not the butter, cooks a lunch: %+v", rs[0].Ingredients)

	without := req
	without.Pantry, without.PantryFoods = []string{"garlic"}, nil
	rs, err = gen.Generate(context.Background(), without)
	require.NoError(t, err)
	require.False(t, rs[0].Feasible)
	require.Contains(t, rs[0].Suggestion.Text.EN, "add a fat", "no oil in the cupboard: the advice says so")

	held := req
	held.Foods = foodsOf(t, 36017, 9100, 20057, 17130) // rapeseed oil in the meal prep
	rs, err = gen.Generate(context.Background(), held)
	require.NoError(t, err)
	for _, in := range rs[0].Ingredients {
		require.False(t, in.Pantry, "the meal prep's own oil is used: %+v", rs[0].Ingredients)
		require.NotEqual(t, oil, in.FoodCode)
	}
}

// TestPantryButterGoesOnASnacksBread: a snack of bread and yoghurt takes the cupboard's butter on
// its tartine when the target asks for fat the two cannot bring; oil never joins a snack.
func TestPantryButterGoesOnASnacksBread(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	req := signedUpRequest(t, nutrition.Snack, nutrition.Macros{Kcal: 384, ProteinG: 11, FatG: 12, CarbsG: 59}, 7001, 19593)
	rs, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.True(t, rs[0].WithinTolerance, "%+v", rs[0].Explanation)
	pantry := map[int]bool{}
	for _, in := range rs[0].Ingredients {
		pantry[in.FoodCode] = in.Pantry
	}
	require.Equal(t, map[int]bool{7001: false, 19593: false, 16400: true}, pantry)
	require.Contains(t, rs[0].Steps.FR, "Faites griller le pain et tartinez de beurre.")
}
