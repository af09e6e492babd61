package nutrition_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// After a manual edit the numbers come from the food data again, per serving.
func TestRecomputeAfterEdit(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	foods := map[int]nutrition.Food{36017: cat[36017], 9100: cat[9100]}
	r := nutrition.Recipe{Servings: 1, Target: nutrition.Macros{Kcal: 500, ProteinG: 40, FatG: 5, CarbsG: 60},
		Ingredients: []nutrition.Ingredient{{FoodCode: 36017, Grams: 150}, {FoodCode: 9100, Grams: 80}}}
	pricing := nutrition.Pricing{Table: pt, Currency: nutrition.EUR}
	require.NoError(t, nutrition.Recompute(&r, foods, pricing))
	chicken, rice := cat[36017].Per100g, cat[9100].Per100g
	wantKcal := chicken.Kcal.V*1.5 + rice.Kcal.V*0.8
	require.InDelta(t, wantKcal, r.Nutrition.Kcal.V, 1e-9)
	require.InDelta(t, wantKcal, r.Achieved.Kcal, 0.05)
	one := r.Price.PerServing

	// Doubling the servings doubles the grams; each serving stays the same.
	nutrition.ScaleServings(&r, 2)
	require.Equal(t, 300, r.Ingredients[0].Grams)
	require.NoError(t, nutrition.Recompute(&r, foods, pricing))
	require.InDelta(t, wantKcal, r.Nutrition.Kcal.V, 1e-9)
	require.InDelta(t, one, r.Price.PerServing, 0.011)
	require.InDelta(t, 2*one, r.Price.Total, 0.02)

	// An unknown food is refused, not guessed.
	r.Ingredients = append(r.Ingredients, nutrition.Ingredient{FoodCode: 1, Grams: 10})
	require.ErrorIs(t, nutrition.Recompute(&r, foods, pricing), nutrition.ErrUnknownFood)
}

// Unknown CIQUAL values stay null in JSON and are reported as incomplete, never read as 0.
func TestUnknownNutrientsStayUnknown(t *testing.T) {
	t.Parallel()
	a := nutrition.Food{Code: 1, Per100g: nutrition.Nutrients{Kcal: nutrition.Of(100), ProteinG: nutrition.Of(10), FatG: nutrition.Of(1), CarbsG: nutrition.Of(10), FibreG: nutrition.Of(2)}}
	b := nutrition.Food{Code: 2, Per100g: nutrition.Nutrients{Kcal: nutrition.Of(50), ProteinG: nutrition.Of(1), FatG: nutrition.Of(1), CarbsG: nutrition.Of(10)}}
	r := nutrition.Recipe{Servings: 1, Ingredients: []nutrition.Ingredient{{FoodCode: 1, Grams: 100}, {FoodCode: 2, Grams: 100}}}
	require.NoError(t, nutrition.Recompute(&r, map[int]nutrition.Food{1: a, 2: b}, nutrition.Pricing{}))
	require.Equal(t, []string{"fibreG"}, r.IncompleteNutrients)
	raw, err := json.Marshal(r.Nutrition)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m))
	require.Nil(t, m["cholesterolMg"])
	require.EqualValues(t, 2, m["fibreG"])
	var back nutrition.Nutrients
	require.NoError(t, json.Unmarshal(raw, &back))
	require.Equal(t, r.Nutrition.FibreG, back.FibreG)
	require.False(t, back.SugarsG.Known)
}

func ExampleBuiltin_Generate() {
	foods := []nutrition.Food{
		{Code: 1, Name: nutrition.Text{FR: "Poulet, filet, cuit", EN: "Chicken, breast, cooked"}, Group: "meat, egg and fish", Subgroup: "cooked meat",
			Per100g: nutrition.Nutrients{Kcal: nutrition.Of(150), ProteinG: nutrition.Of(30), FatG: nutrition.Of(3), CarbsG: nutrition.Of(0)}},
		{Code: 2, Name: nutrition.Text{FR: "Riz, cuit", EN: "Rice, cooked"}, Group: "cereal products", Subgroup: "pasta, rice and grains",
			Per100g: nutrition.Nutrients{Kcal: nutrition.Of(130), ProteinG: nutrition.Of(3), FatG: nutrition.Of(0.3), CarbsG: nutrition.Of(28)}},
		{Code: 3, Name: nutrition.Text{FR: "Huile d'olive", EN: "Olive oil"}, Group: "fats and oils", Subgroup: "vegetable oils",
			Per100g: nutrition.Nutrients{Kcal: nutrition.Of(900), ProteinG: nutrition.Of(0), FatG: nutrition.Of(100), CarbsG: nutrition.Of(0)}},
	}
	rs, err := nutrition.NewBuiltin(nil).Generate(context.Background(), nutrition.GenerateRequest{
		Foods: foods, Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 600, ProteinG: 45, FatG: 18, CarbsG: 60}})
	if err != nil {
		panic(err)
	}
	r := rs[0]
	for _, ing := range r.Ingredients {
		fmt.Printf("%d: %d g\n", ing.FoodCode, ing.Grams)
	}
	fmt.Println(r.Name.EN, r.WithinTolerance)
	// Output:
	// 2: 215 g
	// 1: 125 g
	// 3: 15 g
	// Pan-fried chicken breast and rice plate true
}
