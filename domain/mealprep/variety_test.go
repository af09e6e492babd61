package mealprep_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

func TestSpreadMains(t *testing.T) {
	t.Parallel()
	food := func(code int, subgroup string) nutrition.Food {
		return nutrition.Food{Code: code, Subgroup: subgroup}
	}
	chicken, salmon := food(1, "raw meat"), food(2, "fish, raw")
	rice, pasta := food(3, "pasta, rice and grains"), food(4, "potatoes and other tubers")
	carrot := food(5, "vegetables")
	require.Equal(t, mealprep.MainProtein, mealprep.MainGroupOf(chicken))
	require.Equal(t, mealprep.MainStarch, mealprep.MainGroupOf(pasta))
	require.Empty(t, mealprep.MainGroupOf(food(5, "vegetables")))
	foods := []nutrition.Food{chicken, salmon, rice, pasta, carrot}
	codes := func(fs []nutrition.Food) []int {
		var out []int
		for _, f := range fs {
			out = append(out, f.Code)
		}
		return out
	}
	require.Equal(t, []int{1, 2, 3, 4, 5}, codes(mealprep.SpreadMains(foods, nil)), "no recipe yet: every food")
	// Chicken and rice in 1 of 3 recipes (a third), salmon and potatoes in 2 of them: all four
	// are that common, so the least used stay, never a plate without a protein or a starch.
	three := [][]int{{1, 3, 5}, {2, 4, 5}, {2, 4}}
	require.Equal(t, []int{1, 3, 5}, codes(mealprep.SpreadMains(foods, three)))
	// Chicken and rice in 1 of 4 recipes (under a third) stay; salmon and potatoes in 3 of 4 go.
	require.Equal(t, []int{1, 3, 5}, codes(mealprep.SpreadMains(foods, [][]int{{1, 3, 5}, {2, 4}, {2, 4}, {2, 4}})))
	// One recipe: its chicken and rice go for the salmon and the potatoes.
	require.Equal(t, []int{2, 4, 5}, codes(mealprep.SpreadMains(foods, [][]int{{1, 3, 5}})))
	// The carrot in every recipe is no main food: it stays.
	require.Contains(t, codes(mealprep.SpreadMains(foods, [][]int{{1, 3, 5}})), 5)
	// A fortnight's 14th lunch: chicken is in 4 of the 13 before, under a third of them, but a
	// 5th would be in over a third of the 14 (5 of 14) while salmon and beef are in 3: it goes,
	// as the rice of 7. It used to stay (4 of 13 is under a third), and a fortnight from 25 foods
	// held one main food in 5 or 6 of its 14 lunches.
	beef := food(6, "raw meat")
	var fortnight [][]int
	for range 4 {
		fortnight = append(fortnight, []int{1, 3})
	}
	for range 3 {
		fortnight = append(fortnight, []int{2, 4}, []int{6, 3}, []int{5})
	}
	require.Len(t, fortnight, 13)
	require.Equal(t, []int{2, 4, 5, 6}, codes(mealprep.SpreadMains(append(slices.Clone(foods), beef), fortnight)))
}
