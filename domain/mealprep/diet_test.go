package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestDietConflict(t *testing.T) {
	t.Parallel()
	chicken := mealprep.FoodGroups{Code: 36017, Group: "meat, egg and fish", Subgroup: "raw meat", NameEN: "Chicken, meat, raw"}
	salmon := mealprep.FoodGroups{Group: "meat, egg and fish", Subgroup: "fish, raw", NameEN: "Salmon, raw"}
	egg := mealprep.FoodGroups{Group: "meat, egg and fish", Subgroup: "eggs", NameEN: "Egg, raw"}
	milk := mealprep.FoodGroups{Group: "milk and milk products", Subgroup: "milk", NameEN: "Milk"}
	butter := mealprep.FoodGroups{Group: "fats and oils", Subgroup: "butters", NameEN: "Butter"}
	honey := mealprep.FoodGroups{Code: 31008, Group: "sugar and confectionery", Subgroup: "sugars and honey", NameEN: "Honey"}
	melon := mealprep.FoodGroups{Code: 13742, Group: "fruits, vegetables, legumes and nuts", Subgroup: "fruits", NameEN: "Melon, honeydew"}
	lentils := mealprep.FoodGroups{Group: "fruits, vegetables, legumes and nuts", Subgroup: "legumes", NameEN: "Lentils"}
	// The word "lait" in "laitue" and "bœuf" in "cœur de bœuf" no longer exclude them.
	lettuce := mealprep.FoodGroups{Code: 20031, Group: "fruits, vegetables, legumes and nuts", Subgroup: "vegetables", NameEN: "Lettuce, raw"}
	tomato := mealprep.FoodGroups{Code: 20192, Group: "fruits, vegetables, legumes and nuts", Subgroup: "vegetables", NameEN: "Tomato, beef heart, raw"}
	veganSausage := mealprep.FoodGroups{Code: 20337, Group: "meat, egg and fish", Subgroup: "delicatessen meat and similar", NameEN: "Plant-based sausage with tofu (vegan), prepacked"}
	veganCheese := mealprep.FoodGroups{Code: 1028, Group: "milk and milk products", Subgroup: "cheese and similar", NameEN: "Plant-based cheese, with cashew, prepacked"}

	cases := []struct {
		diet nutrition.Diet
		food mealprep.FoodGroups
		want mealprep.Exclusion
	}{
		{nutrition.Omnivore, chicken, ""},
		{nutrition.Vegetarian, chicken, mealprep.ExcludedMeat},
		{nutrition.Vegetarian, salmon, mealprep.ExcludedFish},
		{nutrition.Vegetarian, egg, ""},
		{nutrition.Vegetarian, milk, ""},
		{nutrition.Vegan, egg, mealprep.ExcludedEgg},
		{nutrition.Vegan, milk, mealprep.ExcludedDairy},
		{nutrition.Vegan, butter, mealprep.ExcludedDairy},
		{nutrition.Vegan, honey, mealprep.ExcludedHoney},
		{nutrition.Vegan, melon, ""},
		{nutrition.Vegan, lentils, ""},
		{nutrition.Vegan, chicken, mealprep.ExcludedMeat},
		{nutrition.Vegan, lettuce, ""},
		{nutrition.Vegan, tomato, ""},
		{nutrition.Vegetarian, veganSausage, ""},
		{nutrition.Vegan, veganSausage, ""},
		{nutrition.Vegan, veganCheese, ""},
	}
	for _, c := range cases {
		got, bad := mealprep.DietConflict(c.diet, c.food)
		require.Equal(t, c.want, got, "%s / %s", c.diet, c.food.NameEN)
		require.Equal(t, c.want != "", bad)
	}
}
