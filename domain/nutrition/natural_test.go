package nutrition

import "testing"

func TestNaturalUnitOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, subgroup string
		want           NaturalUnit
		ok             bool
	}{
		{"Egg, raw", "eggs", NaturalUnit{"piece", EggGrams}, true},
		{"Egg, hard-boiled", "eggs", NaturalUnit{"piece", EggGrams}, true},
		{"Egg white, raw", "eggs", NaturalUnit{}, false},
		{"Egg yolk, raw", "eggs", NaturalUnit{}, false},
		{"Egg, powder", "eggs", NaturalUnit{}, false},
		{"Egg roll or nem, prepacked, cooked (average)", "dishes", NaturalUnit{}, false},
		{"Olive oil, extra virgin", "vegetable oils", NaturalUnit{"ml", OilGramsPML}, true},
		{"Salmon oil", "fish oils", NaturalUnit{"ml", OilGramsPML}, true},
		{"Butter, 80% fat minimum, unsalted", "butters", NaturalUnit{}, false},
		{"Chicken, meat, raw", "raw meat", NaturalUnit{}, false},
	} {
		got, ok := NaturalUnitOf(c.name, c.subgroup)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: got %+v %v, want %+v %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
