package batchcook_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// A two-person week buys what the cooking plan cooks: every lunch and dinner pan of every
// session, food by food, is what Eaten lists for those meals (the shopping list's input).
func TestEatenIsWhatThePlanCooks(t *testing.T) {
	t.Parallel()
	rs, foods := recipes(t, weekFoods, 2, lunchTarget)
	for _, sessions := range []int{1, 2} {
		in := batchcook.Input{Days: 5, Sessions: sessions, Recipes: rs, Foods: foods, People: couple(), Shelf: shelf}
		plan, err := batchcook.Build(in)
		require.NoError(t, err)
		eaten, portions, err := batchcook.Eaten(in, in.Days)
		require.NoError(t, err)
		require.Len(t, portions, len(eaten))
		bought := map[int]float64{}
		for i, r := range eaten {
			for _, ing := range r.Ingredients {
				bought[ing.FoodCode] += float64(ing.Grams * portions[i])
			}
		}
		cooked := map[int]float64{}
		for _, s := range plan.Sessions {
			for _, cr := range s.Recipes {
				tasks := nutrition.CookTasks(nutrition.LunchDinner, rs[0].Ingredients, foods, rs[0].Servings)
				if cr.RecipeID == rs[1].ID {
					tasks = nutrition.CookTasks(nutrition.LunchDinner, rs[1].Ingredients, foods, rs[1].Servings)
				}
				for _, f := range cr.Foods {
					per := 1.0
					for _, t := range tasks {
						if t.FoodCode == f.FoodCode && t.StartPerGram > 0 {
							per = t.StartPerGram
						}
					}
					cooked[f.FoodCode] += float64(f.Grams) / per // back to the grams the recipe lists
				}
			}
		}
		require.NotEmpty(t, cooked)
		for code, g := range cooked {
			require.InDelta(t, g, bought[code], 2*float64(sessions), "food %d, %d session(s): the list buys what the pans cook", code, sessions)
		}
		// The one-person list would have bought Alex's share only: Sam's plates are in it too.
		one, onePortions, err := batchcook.Eaten(batchcook.Input{Recipes: rs, Foods: foods, People: couple()[:1]}, in.Days)
		require.NoError(t, err)
		alone := 0.0
		for i, r := range one {
			for _, ing := range r.Ingredients {
				alone += float64(ing.Grams * onePortions[i])
			}
		}
		all := 0.0
		for _, g := range bought {
			all += g
		}
		require.Greater(t, all, alone*1.4, "two people eat more than one")
	}
}

// A person whose split has no breakfast is bought none; a snack eaten by both is bought twice.
func TestEatenFollowsEachPersonsMeals(t *testing.T) {
	t.Parallel()
	rs, foods := recipes(t, weekFoods, 1, lunchTarget)
	bf := batchcook.Recipe{ID: uuid.New(), Name: "Porridge", Category: nutrition.Breakfast, Servings: 1,
		Ingredients: []nutrition.Ingredient{{FoodCode: 9100, Grams: 60}}}
	people := couple()
	people[1].Split = nutrition.MealSplit{Breakfast: 0, Lunch: 45, Dinner: 45, Snack: 10}
	eaten, portions, err := batchcook.Eaten(batchcook.Input{Recipes: append(rs, bf), Foods: foods, People: people}, 7)
	require.NoError(t, err)
	// Order: recipe by recipe, person by person.
	require.Len(t, eaten, 4)
	require.Equal(t, 14, portions[0], "Alex eats the one lunch/dinner recipe twice a day")
	require.Equal(t, 14, portions[1], "and so does Sam")
	require.Equal(t, 7, portions[2], "Alex's breakfasts")
	require.Equal(t, 0, portions[3], "Sam eats no breakfast")
	require.Equal(t, nutrition.Breakfast, eaten[2].Category)
	_, _, err = batchcook.Eaten(batchcook.Input{Recipes: rs, Foods: foods, People: people}, 15)
	require.ErrorIs(t, err, nutrition.ErrDaysOutOfRange)
}
