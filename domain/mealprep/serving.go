package mealprep

import "math"

// PerServing is one serving's share of a whole recipe's nutrition: kcal rounded to the unit,
// salt to the hundredth of a gram, the other values to the tenth.
func PerServing(n Nutrition, servings int) Nutrition {
	k := float64(max(servings, 1))
	r := func(v float64) float64 { return math.Round(v/k*10) / 10 }
	return Nutrition{
		Macros:  Macros{Kcal: math.Round(n.Kcal / k), ProteinG: r(n.ProteinG), FatG: r(n.FatG), CarbsG: r(n.CarbsG)},
		SatFatG: r(n.SatFatG), FibreG: r(n.FibreG), SugarsG: r(n.SugarsG), SaltG: math.Round(n.SaltG/k*100) / 100, SodiumMg: math.Round(n.SodiumMg / k),
	}
}
