package nutrition_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// A person who counts in pounds reads oven and core temperatures in Fahrenheit first; metric
// texts stay as written.
func TestTemperaturesInThePersonsUnitFirst(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, imperial string }{
		{"Bake the chicken at 200 °C (400 °F) for 25 minutes, turning halfway.", "Bake the chicken at 400 °F (200 °C) for 25 minutes, turning halfway."},
		{"until the flesh flakes with a fork (63 °C / 145 °F in the centre).", "until the flesh flakes with a fork (145 °F / 63 °C in the centre)."},
		{"preheat the oven to 200 °C (400 °F)", "preheat the oven to 400 °F (200 °C)"},
		{"Faites cuire le poulet au four à 200\u00a0°C, 25\u00a0minutes.", "Faites cuire le poulet au four à 390\u00a0°F (200\u00a0°C), 25\u00a0minutes."},
		{"jusqu’à 74\u00a0°C à cœur", "jusqu’à 165\u00a0°F (74\u00a0°C) à cœur"},
		{"Cook over medium heat, 3 to 4 minutes a side.", "Cook over medium heat, 3 to 4 minutes a side."},
	}
	for _, c := range cases {
		require.Equal(t, c.imperial, nutrition.TemperaturesIn(c.in, nutrition.Imperial), c.in)
		require.Equal(t, c.in, nutrition.TemperaturesIn(c.in, nutrition.Metric), c.in)
	}
}
