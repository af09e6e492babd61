package batchcook_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/batchcook"
)

// Per-person plates from one pan keep each food's share close to each person's share of the
// meal's energy (docs/mealprep.md, "Plates from one pan"): the smaller eater gets a smaller plate of
// the same dish, never twice the carrots of the bigger one. Over several meal preps and every
// food of every plate of the couple (Alex 2,600 kcal, Sam 1,700 kcal a day): Sam's share of the
// food (Sam's grams over both) is within 15 points of Sam's share of the meal's energy, and a
// plate the foods can reach is within tolerance.
func TestPlatesKeepEachFoodsShareOfTheMeal(t *testing.T) {
	t.Parallel()
	preps := [][]int{
		weekFoods,
		{36017, 9100, 20057, 20009, 17270},        // chicken, rice, broccoli, carrots, olive oil
		{26036, 9810, 20020, 20009, 17270},        // salmon, pasta, courgette, carrots, olive oil
		{36017, 26036, 9100, 20057, 20020, 17270}, // two proteins, rice, two vegetables
	}
	checked := 0
	for _, codes := range preps {
		rs, foods := recipes(t, codes, 3, lunchTarget)
		plan, err := batchcook.Build(batchcook.Input{Days: 5, Sessions: 1, Recipes: rs, Foods: foods, People: couple(), Shelf: shelf})
		require.NoError(t, err)
		for _, card := range plan.Plates {
			alex, sam := card.Plates[0], card.Plates[1]
			e := sam.Target.Kcal / (sam.Target.Kcal + alex.Target.Kcal)
			for i, a := range alex.Components {
				s := sam.Components[i]
				if a.Grams+s.Grams < 20 {
					continue // oil: 5 g steps make its share coarse
				}
				share := float64(s.Grams) / float64(s.Grams+a.Grams)
				assert.InDelta(t, e, share, 0.15, "%s, food %d: Sam %d g, Alex %d g (Sam's share of the energy %.2f)",
					card.Recipe, a.FoodCode, s.Grams, a.Grams, e)
				checked++
			}
			require.True(t, alex.Within || !alex.Reachable, "%s: Alex %+v for %+v", card.Recipe, alex.Achieved, alex.Target)
			require.True(t, sam.Within || !sam.Reachable, "%s: Sam %+v for %+v", card.Recipe, sam.Achieved, sam.Target)
		}
	}
	require.Greater(t, checked, 30)
}
