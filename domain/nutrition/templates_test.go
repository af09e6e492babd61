package nutrition_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// Golden names and steps for a fixed recipe, both languages.
func TestWriteTextsGolden(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	foods := map[int]nutrition.Food{36017: cat[36017], 9100: cat[9100], 20057: cat[20057], 17270: cat[17270]}
	r := nutrition.Recipe{Category: nutrition.LunchDinner, Servings: 2, Ingredients: []nutrition.Ingredient{
		{FoodCode: 9100, Grams: 160}, {FoodCode: 36017, Grams: 300}, {FoodCode: 20057, Grams: 200}, {FoodCode: 17270, Grams: 20}}}
	nutrition.WriteTexts(&r, foods, 1)
	require.Equal(t, nutrition.Text{FR: "Poulet et riz blanc, façon meal prep", EN: "Meal-prep chicken and rice"}, r.Name)
	require.Equal(t, []string{
		"Pesez chaque ingrédient selon les quantités de la recette.",
		"Faites cuire à l’eau bouillante salée selon le temps indiqué sur l’emballage, puis égouttez : riz blanc.",
		"Faites cuire à la poêle à feu moyen, 5 à 7 minutes par face, jusqu’à cuisson à cœur : poulet.",
		"Lavez, coupez puis faites sauter 8 à 10 minutes : brocoli.",
		"Assaisonnez avec : huile d'olive vierge extra.",
		"Dressez l’assiette ou la boîte et servez chaud ou froid.",
		"Répartissez en 2 boîtes hermétiques ; elles se gardent 3 jours au réfrigérateur.",
	}, r.Steps.FR)
	require.Equal(t, []string{
		"Weigh each ingredient as the recipe lists it.",
		"Cook in boiling salted water for the time on the package, then drain: rice.",
		"Cook in a pan over medium heat, 5 to 7 minutes a side, until cooked through: chicken.",
		"Wash, cut, then sauté for 8 to 10 minutes: broccoli.",
		"Season with: olive oil.",
		"Arrange on a plate or in a box and serve hot or cold.",
		"Divide into 2 airtight boxes; they keep for 3 days in the fridge.",
	}, r.Steps.EN)
	// 5 set-up + 4 × 2 weighing + 15 cooking (raw chicken) + 1 extra serving = 29 → 30.
	require.Equal(t, 30, nutrition.Duration(r.Ingredients, foods, r.Servings))
}

func TestShortName(t *testing.T) {
	t.Parallel()
	require.Equal(t, "poulet", nutrition.ShortName("Poulet, filet sans peau cru"))
	require.Equal(t, "lentille", nutrition.ShortName("Lentille, bouillie/cuite à l'eau (aliment moyen)"))
	require.Equal(t, "UHT milk", nutrition.ShortName("UHT milk, semi-skimmed"))
}

// Golden explanations: which value is off, by how much, what fixes it; and the price limit when
// it is the obstacle.
func TestExplanationGolden(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 13000, 13039, 13005),
		Category: nutrition.Snack, Target: nutrition.Macros{Kcal: 1000, ProteinG: 200, FatG: 10, CarbsG: 20}})
	require.NoError(t, err)
	require.Equal(t, nutrition.Text{
		FR: "Ces aliments ne permettent pas d’atteindre l’objectif. Il manque 833\u00a0kcal d’énergie : ajoutez un aliment plus énergétique (féculents, oléagineux, huile). Il manque 197\u00a0g de protéines : ajoutez un aliment riche en protéines (viande, poisson, œufs, tofu, légumineuses, skyr). Il manque 8\u00a0g de lipides : ajoutez une source de lipides (huile, beurre, oléagineux, fromage). 15\u00a0g de glucides en trop : remplacez une partie par des aliments pauvres en glucides (viande, poisson, œufs, légumes verts, huile).",
		EN: "These foods cannot meet the target. Energy is 833 kcal short: add a more energy-dense food (starches, nuts, oil). Protein is 197 g short: add a protein-rich food (meat, fish, eggs, tofu, legumes, skyr). Fat is 8 g short: add a fat source (oil, butter, nuts, cheese). Carbohydrates are 15 g over: swap some for low-carbohydrate foods (meat, fish, eggs, green vegetables, oil).",
	}, *rs[0].Explanation)

	rs, err = gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 36017, 9100, 17270),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 20, CarbsG: 70}, PriceLimit: 0.5})
	require.NoError(t, err)
	require.False(t, rs[0].Feasible)
	require.LessOrEqual(t, rs[0].Price.PerServing, 0.5)
	require.Contains(t, rs[0].Explanation.EN, "The price limit is too low for these foods: raise it or add cheaper foods (legumes, eggs, grains).")
	require.Contains(t, rs[0].Explanation.FR, "La limite de prix est trop basse pour ces aliments : augmentez-la ou ajoutez des aliments moins chers (légumineuses, œufs, céréales).")
}
