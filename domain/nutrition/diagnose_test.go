package nutrition_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// Rice, olive oil and broccoli cannot make a 45 g-protein lunch: one sentence names the fix, a
// protein food, not a list of every value off (the example of docs/nutrition.md). Without a protein food they
// make no lunch at all, so the request is refused with that reason (and refunded).
func TestDiagnosisNamesTheMissingKindOfFood(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	lunch := nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 20, CarbsG: 70}
	_, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 9100, 17270, 20057),
		Category: nutrition.LunchDinner, Target: lunch})
	var u *nutrition.Unsolvable
	require.True(t, errors.As(err, &u))
	require.Equal(t, "no_plate", u.Code)
	require.Equal(t, nutrition.Text{
		FR: "Ces aliments ne permettent pas d’atteindre l’objectif de ce repas\u202f: ajoutez un aliment protéiné (viande, poisson, œufs, légumineuses ou tofu).",
		EN: "These foods cannot meet this meal’s target: add a protein food (meat, fish, eggs, legumes or tofu).",
	}, u.Reason)

	// Chicken, rice and broccoli without a fat source miss a 20 g-fat target: add a fat.
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 36017, 9100, 20057),
		Category: nutrition.LunchDinner, Target: lunch})
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.False(t, rs[0].Feasible)
	require.Equal(t, "These foods cannot meet this meal’s target: add a fat (olive or rapeseed oil, or butter).", rs[0].Explanation.EN)

	// A vegan is never told to add meat or eggs.
	_, err = gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 9100, 17270, 20057),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 600, ProteinG: 30, FatG: 15, CarbsG: 85}, Diet: nutrition.Vegan})
	require.True(t, errors.As(err, &u))
	require.Contains(t, u.Reason.EN, "add a protein food (legumes or tofu)")

	// A breakfast is never told to add meat or fish.
	// Oats and a banana make no breakfast at all (flakes are not eaten dry).
	_, err = gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 32140, 13005),
		Category: nutrition.Breakfast, Target: nutrition.Macros{Kcal: 500, ProteinG: 25, FatG: 12, CarbsG: 72}})
	require.True(t, errors.As(err, &u))
	require.Equal(t, "no_plate", u.Code)
	require.Equal(t, "These foods cannot meet this meal’s target: add a protein-rich dairy food (skyr, quark).", u.Reason.EN)
	require.Equal(t, "Ces aliments ne permettent pas d’atteindre l’objectif de ce repas\u202f: ajoutez un laitage riche en protéines (skyr, fromage blanc).", u.Reason.FR)
}

// When no change of one or two foods is enough, it says so, with the value that misses most.
// (A 1,000-kcal snack is four usual ones: its fruit portions grow to twice the table's.)
func TestDiagnosisFallsBackToTheWorstValue(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 13000, 13039, 13005),
		Category: nutrition.Snack, Target: nutrition.Macros{Kcal: 1000, ProteinG: 200, FatG: 10, CarbsG: 50}})
	require.NoError(t, err)
	require.Equal(t, nutrition.Text{
		FR: "Ces aliments ne permettent pas d’atteindre l’objectif de ce repas\u202f: aucun changement d’un ou deux aliments ne suffit (il manque 195\u00a0g de protéines).",
		EN: "These foods cannot meet this meal’s target: no change of one or two foods is enough (Protein is 195 g short).",
	}, *rs[0].Explanation)
}

// The price limit is named only when it is what blocks, with the price that would do.
func TestDiagnosisNamesThePriceLimit(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 36017, 9100, 17270, 20057),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 20, CarbsG: 70}, PriceLimit: 0.5})
	require.NoError(t, err)
	require.False(t, rs[0].Feasible)
	// 80 g of chicken alone costs more than 0.50: the closest plate is over the limit, and says so.
	require.Regexp(t, `^These foods cannot meet this meal’s target: the price limit is too low; it takes about \d+\.\d\d EUR per serving\.$`, rs[0].Explanation.EN)
	require.Regexp(t, "^Ces aliments ne permettent pas d’atteindre l’objectif de ce repas\u202f: la limite de prix est trop basse\u202f; il faut environ \\d+,\\d\\d\u00a0EUR par portion\\.$", rs[0].Explanation.FR)
}

// A target whose kcal contradicts its macros (4/9/4 kcal per g, beyond 15 %) is refused, and the
// reason states the kcal the macros make.
func TestInconsistentTargetIsRefused(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	_, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 36017, 9100, 17270, 20057),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 400, ProteinG: 45, FatG: 20, CarbsG: 70}})
	var u *nutrition.Unsolvable
	require.True(t, errors.As(err, &u))
	require.Equal(t, "inconsistent_target", u.Code)
	require.Contains(t, u.Reason.EN, "640 kcal")
	require.Contains(t, u.Reason.FR, "640\u00a0kcal")
	// Within 15 %: accepted.
	_, err = gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 36017, 9100, 17270, 20057),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 600, ProteinG: 45, FatG: 20, CarbsG: 70}})
	require.NoError(t, err)
}

// Foods that make no plate for the meal (honey and apples for a lunch) are refused with the fix.
func TestNoPlateIsRefusedWithTheFix(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	_, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, 31008, 13039, 9100),
		Category: nutrition.LunchDinner, Target: nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 20, CarbsG: 70}})
	var u *nutrition.Unsolvable
	require.True(t, errors.As(err, &u))
	require.Equal(t, "no_plate", u.Code)
	// Chicken alone gives a plate, not the 20 g of fat: the checked advice names both.
	require.True(t, strings.HasSuffix(u.Reason.EN, "no single food is enough; add a protein food (meat, fish, eggs, legumes or tofu) and a fat (olive or rapeseed oil, or butter)."), u.Reason.EN)
	require.NotNil(t, u.Suggestion)
	require.Equal(t, nutrition.ActionAddFood, u.Suggestion.Action)
	require.Equal(t, []int{36017, 17270}, u.Suggestion.FoodCodes)
}
