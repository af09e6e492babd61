package nutrition_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/season"
)

// outOfSeason is the request's OutOfSeason for foods in month m, from the shipped calendar.
func outOfSeason(foods []nutrition.Food, m time.Month) map[int]bool {
	cal := season.MustParse(data.SeasonsCSV)
	out := map[int]bool{}
	for _, f := range foods {
		if cal.OutOfSeason(f.Code, m) {
			out[f.Code] = true
		}
	}
	return out
}

// A December meal prep holding summer and winter vegetables: the recipes take the winter ones
// (leek, carrot, cabbage), still within the tolerance; without the preference a courgette or a
// tomato plate comes up, so the test can fail.
func TestSeasonPreferenceWinterVegetablesFirst(t *testing.T) {
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	const courgette, tomato = 20020, 20385
	foods := foodsOf(t, 36017, 9100, courgette, tomato, 20039, 20009, 20069, 17270)
	target := nutrition.Macros{Kcal: 650, ProteinG: 45, FatG: 20, CarbsG: 70}
	req := nutrition.GenerateRequest{Foods: foods, Category: nutrition.LunchDinner, Target: target, Currency: nutrition.EUR, Count: 4, Seed: 7}

	summerIn := func(rs []nutrition.Recipe) int {
		n := 0
		for _, r := range rs {
			for _, in := range r.Ingredients {
				if in.FoodCode == courgette || in.FoodCode == tomato {
					n++
				}
			}
		}
		return n
	}
	plain, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.Positive(t, summerIn(plain), "without the preference, summer vegetables are used")

	req.OutOfSeason = outOfSeason(foods, time.December)
	require.True(t, req.OutOfSeason[courgette] && req.OutOfSeason[tomato])
	december, err := gen.Generate(context.Background(), req)
	require.NoError(t, err)
	require.Len(t, december, len(plain), "the preference costs no recipe")
	require.Zero(t, summerIn(december), "December's recipes take winter vegetables")
	for _, r := range december {
		require.True(t, r.WithinTolerance, "the preference never goes above the tolerance")
		t.Logf("December: %s", r.Name.FR)
	}
	for _, r := range plain {
		t.Logf("no preference: %s", r.Name.FR)
	}

	// In July the same meal prep may use them again.
	req.OutOfSeason = outOfSeason(foods, time.July)
	require.False(t, req.OutOfSeason[courgette])
}
