package mealprep_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestDietConflict(t *testing.T) {
	t.Parallel()
	chicken := mealprep.FoodGroups{Group: "meat, egg and fish", Subgroup: "raw meat", NameEN: "Chicken, meat, raw"}
	salmon := mealprep.FoodGroups{Group: "meat, egg and fish", Subgroup: "fish, raw", NameEN: "Salmon, raw"}
	egg := mealprep.FoodGroups{Group: "meat, egg and fish", Subgroup: "eggs", NameEN: "Egg, raw"}
	milk := mealprep.FoodGroups{Group: "milk and milk products", Subgroup: "milk", NameEN: "Milk"}
	butter := mealprep.FoodGroups{Group: "fats and oils", Subgroup: "butters", NameEN: "Butter"}
	honey := mealprep.FoodGroups{Group: "sugar and confectionery", Subgroup: "sugars and honey", NameEN: "Honey"}
	melon := mealprep.FoodGroups{Group: "fruits, vegetables, legumes and nuts", Subgroup: "fruits", NameEN: "Melon, honeydew"}
	lentils := mealprep.FoodGroups{Group: "fruits, vegetables, legumes and nuts", Subgroup: "legumes, cooked", NameEN: "Lentils"}

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
	}
	for _, c := range cases {
		got, bad := mealprep.DietConflict(c.diet, c.food)
		require.Equal(t, c.want, got, "%s / %s", c.diet, c.food.NameEN)
		require.Equal(t, c.want != "", bad)
	}
}
