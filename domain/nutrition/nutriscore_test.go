package nutrition_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// Reference cases with published expected results from Open Food Facts' Nutri-Score test suite
// (github.com/openfoodfacts/openfoodfacts-server, tests/unit/nutriscore.t inputs and
// tests/unit/expected_test_results/nutriscore/<name>.json, "2023" section), the implementation
// behind the grades shown on openfoodfacts.org.
func TestNutriScore2023PublishedReferences(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		in        nutrition.ScoreInput
		neg, pos  int
		score     int
		grade     string
		countsPro bool
	}{
		{
			// breakfast-cereals.json: 2450 kJ, sugars 31, sat. fat 1.03, salt 0.5525, fibre 6.9,
			// protein 10.3 → N 18 (7+8+1+2), protein not counted (N ≥ 11), P 4 → 14, D.
			name: "breakfast cereals",
			in: nutrition.ScoreInput{EnergyKJ: 2450, SugarsG: 31, SatFatG: 1.03, SaltG: 0.5525, FibreG: 6.9, ProteinG: 10.3,
				Kind: nutrition.ScoreGeneral},
			neg: 18, pos: 4, score: 14, grade: "D", countsPro: false,
		},
		{
			// en-red-meat-category-no-ingredients.json (beef steaks): 82 kJ, sat. fat 10, protein 50 →
			// N 9, protein capped at 2 points for red meat → 7, C.
			name: "beef steak (red meat cap)",
			in:   nutrition.ScoreInput{EnergyKJ: 82, SatFatG: 10, ProteinG: 50, Kind: nutrition.ScoreRedMeat},
			neg:  9, pos: 2, score: 7, grade: "C", countsPro: true,
		},
		{
			// en-olive-oil.json: fats category, sat. fat 17 of 91 g fat → energy from saturates 629 kJ
			// (5 points), ratio 18.7 % (2 points); 100 % olive counted as FVL (5 points); protein not
			// counted (N ≥ 7) → 2, B.
			name: "olive oil (fats)",
			in:   nutrition.ScoreInput{EnergyKJ: 3367, SatFatG: 17, FatG: 91, FVLPercent: 100, Kind: nutrition.ScoreFats},
			neg:  7, pos: 5, score: 2, grade: "B", countsPro: false,
		},
	}
	for _, c := range cases {
		got := nutrition.NutriScore(c.in)
		require.Equal(t, c.neg, got.Negative, c.name)
		require.Equal(t, c.pos, got.Positive, c.name)
		require.Equal(t, c.score, got.Score, c.name)
		require.Equal(t, c.grade, got.Grade, c.name)
		require.Equal(t, c.countsPro, got.ProteinCounted, c.name)
		require.Equal(t, "2023", got.Version)
	}
}

// The rules of the 2023 update, each on a case built to sit on its edge (derived from the
// thresholds, not from an outside source).
func TestNutriScore2023Rules(t *testing.T) {
	t.Parallel()
	// The same beef as a general food keeps its 7 protein points: 9 - 7 = 2, B.
	require.Equal(t, "B", nutrition.NutriScore(nutrition.ScoreInput{EnergyKJ: 82, SatFatG: 10, ProteinG: 50}).Grade)

	// N = 11 (energy 2400 kJ: 7, sugars 14.5: 4) drops protein for general foods, not for cheese.
	in := nutrition.ScoreInput{EnergyKJ: 2400, SugarsG: 14.5, ProteinG: 25}
	general := nutrition.NutriScore(in)
	require.Equal(t, 11, general.Negative)
	require.False(t, general.ProteinCounted)
	require.Equal(t, 11, general.Score)
	in.Kind = nutrition.ScoreCheese
	cheese := nutrition.NutriScore(in)
	require.True(t, cheese.ProteinCounted)
	require.Equal(t, 4, cheese.Score) // 11 - 7

	// Thresholds are "strictly greater than": exactly 3.4 g sugars is 0 points, 3.41 is 1.
	require.Equal(t, 0, nutrition.NutriScore(nutrition.ScoreInput{SugarsG: 3.4}).Negative)
	require.Equal(t, 1, nutrition.NutriScore(nutrition.ScoreInput{SugarsG: 3.41}).Negative)
	// Salt now scores up to 20 points (0.2 g steps).
	require.Equal(t, 20, nutrition.NutriScore(nutrition.ScoreInput{SaltG: 4.1}).Negative)
	// FVL: > 40 % 1, > 60 % 2, > 80 % 5.
	for pct, pts := range map[float64]int{40: 0, 41: 1, 61: 2, 80: 2, 81: 5} {
		require.Equal(t, -pts, nutrition.NutriScore(nutrition.ScoreInput{FVLPercent: pct}).Score, "fvl %v", pct)
	}
	// Grade boundaries for general foods: A ≤ 0, B 1–2, C 3–10, D 11–18, E ≥ 19.
	for score, grade := range map[float64]string{0: "A", 1: "B", 2: "B", 3: "C", 10: "C", 11: "D", 18: "D", 19: "E"} {
		// Salt points alone give any score from 0 to 20.
		salt := score * 0.2
		if score > 0 {
			salt += 0.01
		}
		s := nutrition.NutriScore(nutrition.ScoreInput{SaltG: salt})
		require.Equal(t, int(score), s.Score, "salt %v", salt)
		require.Equal(t, grade, s.Grade, "score %v", score)
	}
	// Fats: A only at -6 or below (FVL 5 + fibre 1 = -6), -5 is B; a general food at -5 is A.
	require.Equal(t, "A", nutrition.NutriScore(nutrition.ScoreInput{FVLPercent: 100, FibreG: 3.1, Kind: nutrition.ScoreFats}).Grade)
	require.Equal(t, "B", nutrition.NutriScore(nutrition.ScoreInput{FVLPercent: 100, Kind: nutrition.ScoreFats}).Grade)
	require.Equal(t, "A", nutrition.NutriScore(nutrition.ScoreInput{FVLPercent: 100}).Grade)
}
