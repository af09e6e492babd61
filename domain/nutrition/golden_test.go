package nutrition_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// The golden set: meal preps filled the way people shop (breakfast, lunch and snack foods in
// one list) → the built-in generator's recipes, names, grams and steps in French and English,
// snapshotted in testdata/golden/*.json to be read as a cook would. When the engine or the
// texts change on purpose, regenerate with
//
//	go test ./domain/nutrition/ -run TestGoldenRecipes -update
//
// and read the diff before committing it.
var update = flag.Bool("update", false, "rewrite the golden recipe snapshots in testdata/golden")

// goldenPreps are meal preps as people shop, by CIQUAL code.
var goldenPreps = []struct {
	name  string
	codes []int
}{
	{"chicken-week", []int{36017, 9100, 20057, 17270, 13005, 32140, 19644, 15000, 31008}},
	{"lentils-veggie", []int{20535, 9119, 20009, 20034, 22000, 19593, 13039, 7110, 17130}},
	{"salmon-potatoes", []int{26036, 4008, 20061, 16400, 7001, 31024, 19041, 32004, 13034}},
	{"store-cupboard", []int{26039, 9810, 20385, 20019, 17270, 20532, 12066, 13014, 19860}},
	{"minced-beef", []int{6252, 4101, 20020, 17270, 22000, 7100, 16400, 2070, 15005}},
	{"tofu-vegan", []int{20904, 9340, 20041, 20059, 11104, 18901, 32140, 13028, 15202}},
	{"pork-turkey", []int{28204, 36304, 9870, 20016, 12120, 13037, 19646, 31034, 17270}},
	{"dry-chickpeas", []int{20516, 9690, 20053, 20385, 17270, 12115, 7110, 13005, 19023}},
	{"ready-foods", []int{9104, 20589, 26245, 20062, 22010, 28900, 20031, 13039, 19593}},
	{"green-lentils-sausage", []int{20585, 30110, 20009, 20039, 16400, 7001, 12110, 13395, 19041}},
	{"cod-couscous", []int{26043, 9681, 20138, 17270, 13021, 19664, 32108, 15004, 2013}},
	{"eggs-bread", []int{22000, 7111, 16400, 20172, 20272, 13024, 19041, 31034, 12118}},
	{"vegan-canned-chickpeas", []int{20532, 9690, 20020, 20041, 17270, 32140, 18899, 13005, 15202}},
	{"vegetarian-eggs-feta", []int{22000, 12066, 20585, 20385, 20019, 7110, 19860, 31008, 13039}},
	{"fish-heavy", []int{26036, 26040, 9119, 20061, 4023, 17270, 19593, 13021, 15000}},
	{"budget", []int{9810, 22000, 20535, 20009, 20034, 17440, 19041, 32140, 13005, 7001}},
	{"high-protein", []int{36017, 6250, 19644, 22000, 9102, 20057, 15000, 32140, 13028}},
	{"gluten-free", []int{9100, 4008, 9340, 36304, 20020, 20009, 19593, 13014, 15000, 17270}},
	{"student-cupboard", []int{26034, 9810, 20066, 20036, 22000, 19041, 32005, 13038, 7200}},
	{"family-week", []int{36002, 4008, 20061, 20009, 16400, 28900, 12118, 19023, 7001, 31024, 13039, 19593}},
	{"mediterranean", []int{20532, 9681, 20053, 20020, 20385, 12066, 17270, 19860, 31008, 13034}},
	{"smoked-tofu", []int{20912, 9102, 20056, 20039, 11104, 17130, 18901, 32004, 13015, 15054}},
	{"pork-chop-lentils", []int{28100, 20585, 20009, 20034, 7100, 12001, 19646, 13037, 16400}},
	{"turkey-sweet-potato", []int{36304, 4101, 20059, 17130, 19644, 32004, 13028, 15004}},
	{"canned-mackerel", []int{26123, 4023, 20031, 20172, 7110, 19644, 13005, 15004, 17270}},
	{"prawns-rice", []int{10021, 9124, 20084, 20087, 17270, 19593, 13024, 32108}},
	{"steak-potatoes", []int{6206, 4008, 20061, 16400, 22000, 7100, 2070, 19646, 13014}},
	{"vegan-lentils-rice", []int{20535, 9119, 20059, 20385, 17130, 18901, 32004, 13005, 15005}},
	{"ham-pasta", []int{28900, 9870, 20084, 20056, 19410, 12110, 19041, 7001, 16400}},
	{"red-beans", []int{20524, 9100, 20066, 20041, 13004, 17270, 19593, 13025, 7110}},
	{"white-fish", []int{26129, 4008, 20009, 16400, 19644, 13037, 32140, 19041}},
	{"mozzarella-pasta", []int{19590, 9810, 20385, 20020, 17270, 22000, 7001, 19593, 13014, 12805}},
}

// goldenTargets are one serving's targets per meal, each consistent with 4/4/9 kcal per gram.
var goldenTargets = []struct {
	cat      nutrition.Category
	target   nutrition.Macros
	servings int
}{
	{nutrition.Breakfast, nutrition.Macros{Kcal: 495, ProteinG: 25, FatG: 15, CarbsG: 65}, 1},
	{nutrition.LunchDinner, nutrition.Macros{Kcal: 698, ProteinG: 45, FatG: 22, CarbsG: 80}, 3},
	{nutrition.Snack, nutrition.Macros{Kcal: 249, ProteinG: 12, FatG: 9, CarbsG: 30}, 1},
}

type goldenIngredient struct {
	Code  int    `json:"code"`
	Food  string `json:"food"`
	Grams int    `json:"grams"`
}

type goldenRecipe struct {
	Name            nutrition.Text     `json:"name"`
	Ingredients     []goldenIngredient `json:"ingredients"`
	Steps           nutrition.Steps    `json:"steps"`
	DurationMin     int                `json:"durationMin"`
	Servings        int                `json:"servings"`
	WithinTolerance bool               `json:"withinTolerance"`
}

type goldenCase struct {
	MealPrep []string           `json:"mealPrep"`
	Category nutrition.Category `json:"category"`
	Target   nutrition.Macros   `json:"target"`
	Recipes  []goldenRecipe     `json:"recipes"`
}

func TestGoldenRecipes(t *testing.T) {
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	require.GreaterOrEqual(t, len(goldenPreps), 30, "the golden set holds at least 30 distinct meal preps")
	seen := map[string]bool{}
	for _, mp := range goldenPreps {
		key := fmt.Sprint(slices.Sorted(slices.Values(mp.codes)))
		require.False(t, seen[key], "%s repeats another meal prep", mp.name)
		seen[key] = true
	}
	for _, mp := range goldenPreps {
		for _, tg := range goldenTargets {
			name := fmt.Sprintf("%s-%s", mp.name, tg.cat)
			t.Run(name, func(t *testing.T) {
				foods := foodsOf(t, mp.codes...)
				rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: tg.cat,
					Target: tg.target, Currency: nutrition.EUR, Count: 2, Seed: 19, Servings: tg.servings})
				require.NoError(t, err)
				got := goldenCase{Category: tg.cat, Target: tg.target}
				for _, f := range foods {
					got.MealPrep = append(got.MealPrep, fmt.Sprintf("%d %s", f.Code, f.Name.FR))
				}
				for _, r := range rs {
					g := goldenRecipe{Name: r.Name, Steps: r.Steps, DurationMin: r.DurationMin, Servings: r.Servings, WithinTolerance: r.WithinTolerance}
					for _, ing := range r.Ingredients {
						g.Ingredients = append(g.Ingredients, goldenIngredient{Code: ing.FoodCode, Food: cat[ing.FoodCode].Name.FR, Grams: ing.Grams})
					}
					got.Recipes = append(got.Recipes, g)
				}
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				enc.SetIndent("", "  ")
				require.NoError(t, enc.Encode(got))
				path := filepath.Join("testdata", "golden", name+".json")
				if *update {
					require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
					require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
					return
				}
				want, err := os.ReadFile(path)
				require.NoError(t, err, "no snapshot: run go test ./domain/nutrition/ -run TestGoldenRecipes -update")
				if diff := firstDiff(string(want), buf.String()); diff != "" {
					t.Fatalf("recipes changed: read them as a cook, then -update\n%s", diff)
				}
			})
		}
	}
}

// firstDiff shows the first lines where two snapshots differ, with some context, or "".
func firstDiff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	lo := max(i-3, 0)
	var b strings.Builder
	for j := lo; j < min(i+8, max(len(w), len(g))); j++ {
		if j < len(w) && (j >= len(g) || w[j] != g[j]) {
			fmt.Fprintf(&b, "-%4d %s\n", j+1, w[j])
		}
		if j < len(g) && (j >= len(w) || w[j] != g[j]) {
			fmt.Fprintf(&b, "+%4d %s\n", j+1, g[j])
		}
		if j < len(w) && j < len(g) && w[j] == g[j] {
			fmt.Fprintf(&b, " %4d %s\n", j+1, w[j])
		}
	}
	return b.String()
}
