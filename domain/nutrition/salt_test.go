package nutrition_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// saltLunch is a one-serving lunch of raw chicken, broccoli, dry rice and olive oil (and extra
// foods), its texts and figures written as the generator writes them.
func saltLunch(t *testing.T, extra ...nutrition.Ingredient) (nutrition.Recipe, float64) {
	t.Helper()
	cat, pt := shipped(t)
	r := nutrition.Recipe{Category: nutrition.LunchDinner, Servings: 1, Target: nutrition.Macros{Kcal: 700},
		Ingredients: append([]nutrition.Ingredient{{FoodCode: 36017, Grams: 145}, {FoodCode: 20057, Grams: 110},
			{FoodCode: 9100, Grams: 70}, {FoodCode: 17270, Grams: 15}}, extra...)}
	var foodsSalt float64
	for _, ing := range r.Ingredients {
		foodsSalt += nutrition.SaltOf(cat[ing.FoodCode].Per100g).Or(0) * float64(ing.Grams) / 100
	}
	require.NoError(t, nutrition.Recompute(&r, cat, nutrition.Pricing{Table: pt, Currency: nutrition.EUR}))
	nutrition.WriteTexts(&r, cat, 1)
	return r, foodsSalt
}

// A rice lunch cooked in salted water and seasoned with a pinch shows the salt as eaten: its
// foods' salt, the pinch (0.4 g) and the water the rice takes up (70 g dry × 1.5 mL × 10 g/L).
func TestSaltCountsThePinchAndTheRiceWater(t *testing.T) {
	r, foodsSalt := saltLunch(t)
	steps := strings.Join(r.Steps.FR, "\n")
	require.Contains(t, steps, "d’eau salée")
	require.Contains(t, steps, "Salez d’une pincée de sel")
	require.InDelta(t, foodsSalt+0.4+70*1.5*10/1000, r.SaltG, 0.01)
	require.InDelta(t, r.SaltG, r.Nutrition.SaltG.Or(0), 0.01, "the nutrition table shows the same salt")
}

// Near the cap the steps cook in unsalted water and keep the pinch, and say why: the rice's
// water (1.05 g) would take the plate over its 2.5 g cap, the pinch alone does not (before, the
// plate lost both and was told it "already holds this meal's share of salt" at 1.5 g).
func TestSaltNearTheCapCooksInUnsaltedWaterAndKeepsThePinch(t *testing.T) {
	r, foodsSalt := saltLunch(t, nutrition.Ingredient{FoodCode: 7001, Grams: 100})
	require.Greater(t, foodsSalt+0.4+70*1.5*10/1000, 2.5)
	steps := strings.Join(r.Steps.FR, "\n")
	require.Contains(t, steps, "d’eau non salée")
	require.Contains(t, steps, "Salez d’une pincée de sel et poivrez\u202f: l’eau de cuisson reste sans sel")
	require.NotContains(t, steps, "Ne salez pas")
	require.Contains(t, strings.Join(r.Steps.EN, "\n"), "the cooking water stays unsalted")
	require.InDelta(t, foodsSalt+0.4, r.SaltG, 0.01)
	require.LessOrEqual(t, r.SaltG, nutrition.SaltCapFor(r.Category, r.Target)+0.005)
}

// At the cap the steps add no salt at all and say so; the figure is the foods' salt alone,
// within the engine's cap for the plate.
func TestSaltAtTheCapAddsNone(t *testing.T) {
	r, foodsSalt := saltLunch(t, nutrition.Ingredient{FoodCode: 7001, Grams: 150})
	require.Greater(t, foodsSalt+0.4, 2.5)
	steps := strings.Join(r.Steps.FR, "\n")
	require.Contains(t, steps, "d’eau non salée")
	require.NotContains(t, steps, "pincée de sel")
	require.Contains(t, steps, "Ne salez pas\u202f: le plat contient déjà la part de sel de ce repas")
	require.Contains(t, strings.Join(r.Steps.EN, "\n"), "unsalted water")
	require.InDelta(t, foodsSalt, r.SaltG, 0.01)
	require.LessOrEqual(t, r.SaltG, nutrition.SaltCapFor(r.Category, r.Target)+0.005)
}

// The steps' cap is the engine's, which grows with the meal's energy: the same plate for a
// 1,600 kcal lunch (cap 4 g) is salted, though its foods and a pinch pass a 2.5 g cap.
func TestSaltCapOfTheStepsGrowsWithTheMeal(t *testing.T) {
	cat, pt := shipped(t)
	r, foodsSalt := saltLunch(t, nutrition.Ingredient{FoodCode: 7001, Grams: 150})
	require.Greater(t, foodsSalt+0.4, 2.5)
	r.Target.Kcal = 1600
	require.NoError(t, nutrition.Recompute(&r, cat, nutrition.Pricing{Table: pt, Currency: nutrition.EUR}))
	nutrition.WriteTexts(&r, cat, 1)
	require.Contains(t, strings.Join(r.Steps.FR, "\n"), "d’eau salée")
	require.Contains(t, strings.Join(r.Steps.FR, "\n"), "Salez d’une pincée de sel")
	require.InDelta(t, foodsSalt+0.4+70*1.5*10/1000, r.SaltG, 0.01)
}

// The Nutri-Score reads the salt as eaten, per 100 g of the plate.
func TestNutriScoreReadsTheSaltAsEaten(t *testing.T) {
	cat, _ := shipped(t)
	r, foodsSalt := saltLunch(t)
	eaten := foodsSalt + 0.4 + 70*1.5*10/1000
	var grams, fvl float64
	for _, ing := range r.Ingredients {
		grams += float64(ing.Grams)
		fvl += nutrition.FVLShare(cat[ing.FoodCode]) / 100 * float64(ing.Grams)
	}
	n := r.Nutrition
	score := func(salt float64) nutrition.HealthScore {
		return nutrition.NutriScore(nutrition.ScoreInput{EnergyKJ: n.Kcal.Or(0) * 100 / grams * nutrition.KcalToKJ,
			SugarsG: n.SugarsG.Or(0) * 100 / grams, SatFatG: n.SatFatG.Or(0) * 100 / grams, SaltG: salt * 100 / grams,
			FibreG: n.FibreG.Or(0) * 100 / grams, ProteinG: n.ProteinG.Or(0) * 100 / grams, FVLPercent: fvl * 100 / grams,
			Kind: nutrition.ScoreGeneral})
	}
	require.Equal(t, score(eaten), r.HealthScore)
	require.Greater(t, score(eaten).Negative, score(foodsSalt).Negative, "the added salt earns points")
}
