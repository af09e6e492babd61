package nutrition_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// dishPreps are meal preps shopped for a dish (a curry, a gratin, a bircher), by CIQUAL code.
var dishPreps = []struct {
	name  string
	codes []int
}{
	{"curry-chickpeas", []int{20532, 20059, 9119, 17270}},
	{"gratin-pasta", []int{9810, 20057, 12118, 36017}},
	{"hachis", []int{6252, 4008, 20009, 12118}},
	{"omelette", []int{22000, 20020, 12110, 7110}},
	{"clafoutis", []int{22000, 19041, 20020, 4008}},
	{"veloute", []int{20009, 4008, 36017, 16400}},
	{"taboule", []int{9681, 20385, 20019, 36017, 17270}},
	{"buddha", []int{9340, 20532, 20009, 20059, 19593}},
	{"fried-rice", []int{9100, 22000, 20084, 20009, 17270}},
	{"breakfast-oats", []int{32140, 19041, 13005, 13039, 19593, 22000}},
	{"tajine", []int{36017, 20009, 20020, 9681, 17270}},
	{"papillote", []int{26043, 20020, 9100}},
	{"soupe", []int{20009, 20061, 20532, 9810, 36017}},
	{"porridge", []int{32140, 19041, 13005, 15000}},
	{"pancakes", []int{32140, 22000, 13005, 19644}},
	{"bircher", []int{32140, 19593, 13039, 15000}},
	{"smoothie", []int{19593, 13014, 13005, 15000}},
}

// everyPrep is the golden meal preps and the dish ones.
func everyPrep() []struct {
	name  string
	codes []int
} {
	return append(slices.Clone(goldenPreps), dishPreps...)
}

// A dish form changes the texts, never the grams (docs/nutrition.md, "Dish forms"): the same
// request with a full pantry gives the same ingredients, nutrition, salt, price and tolerance
// as without one.
func TestDishKeepsGramsAndTotals(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	formed := 0
	for _, mp := range everyPrep() {
		for _, tg := range goldenTargets {
			req := nutrition.GenerateRequest{Foods: foodsOf(t, mp.codes...), Category: tg.cat, Target: tg.target,
				Currency: nutrition.EUR, Count: 2, Seed: 19, Servings: tg.servings}
			plain, err := gen.Generate(context.Background(), req)
			if err != nil {
				continue
			}
			req.Pantry = nutrition.StapleIDs()
			dishes, err := gen.Generate(context.Background(), req)
			require.NoError(t, err)
			require.Len(t, dishes, len(plain))
			for i := range plain {
				a, b := plain[i], dishes[i]
				require.Equal(t, nutrition.PlateDish, a.Dish, "no pantry: the plate")
				require.Equal(t, a.Ingredients, b.Ingredients, "%s %s", mp.name, b.Dish)
				require.Equal(t, a.Nutrition, b.Nutrition, "%s %s", mp.name, b.Dish)
				require.Equal(t, a.Achieved, b.Achieved)
				require.Equal(t, a.SaltG, b.SaltG, "%s %s: a staple's salt is the pinch's", mp.name, b.Dish)
				require.Equal(t, a.Price, b.Price)
				require.Equal(t, a.WithinTolerance, b.WithinTolerance)
				require.NotEmpty(t, b.Dish)
				if b.Dish != nutrition.PlateDish {
					formed++
				}
			}
		}
	}
	require.Greater(t, formed, 100, "most recipes take a dish form when the pantry is full")
}

// The repertoire holds at least 25 dish forms, each documented in docs/nutrition.md.
func TestDishRepertoireDocumented(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "nutrition.md"))
	require.NoError(t, err)
	ids := nutrition.DishIDs()
	require.GreaterOrEqual(t, len(ids)-1, 25)
	for _, id := range ids {
		require.Contains(t, string(doc), "| `"+id+"` |", "dish form %s is in docs/nutrition.md's table", id)
	}
	for _, id := range nutrition.StapleIDs() {
		require.Contains(t, string(doc), "| `"+id+"` |", "staple %s is in docs/nutrition.md's table", id)
	}
}

// Each staple counts as the CIQUAL food it names, with that food's energy and salt, and the
// amount a dish uses keeps it a seasoning or a pinch's worth of salt, or marks it as energy.
func TestPantryStaplesMatchCIQUAL(t *testing.T) {
	t.Parallel()
	cat, _ := shipped(t)
	require.True(t, nutrition.ValidStaple("curry_spices"))
	require.False(t, nutrition.ValidStaple("peanut_butter"))
	_, err := nutrition.ParsePantry([]string{"garlic", "nope"})
	require.ErrorContains(t, err, "nope")
	for _, s := range nutrition.Staples {
		f, ok := cat[s.Code]
		require.True(t, ok, "%s counts as CIQUAL %d", s.ID, s.Code)
		if f.Per100g.Kcal.Known {
			assert.InDelta(t, f.Per100g.Kcal.V, s.KcalPer100, 0.05, s.ID)
		}
		assert.InDelta(t, nutrition.SaltOf(f.Per100g).Or(0), s.SaltPer100, 0.01, s.ID)
		kcal := s.Grams * s.KcalPer100 / 100
		require.True(t, s.Energy || kcal < 5, "%s brings %.1f kcal a serving: an energy staple", s.ID, kcal)
		if s.Salty {
			require.LessOrEqual(t, s.Grams*s.SaltPer100/100, 0.4+1e-9, "%s holds no more salt than the pinch", s.ID)
		}
		require.NotEmpty(t, s.Name.FR)
		require.NotEmpty(t, s.Measure.EN)
	}
}

// The pantry decides: chickpeas, spinach and basmati rice make a curry only with curry powder
// in the cupboard; a curry the week already holds gives way to another dish.
func TestDishNeedsThePantryAndVaries(t *testing.T) {
	t.Parallel()
	_, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	req := nutrition.GenerateRequest{Foods: foodsOf(t, 20532, 20059, 9119, 17270), Category: nutrition.LunchDinner,
		Target: nutrition.Macros{Kcal: 698, ProteinG: 25, FatG: 22, CarbsG: 100}, Currency: nutrition.EUR, Count: 1, Servings: 2}
	curry := func(pantry, recent []string) (int, string) {
		n, name := 0, ""
		for seed := int64(1); seed <= 12; seed++ {
			req.Seed, req.Pantry, req.RecentDishes = seed, pantry, recent
			rs, err := gen.Generate(context.Background(), req)
			require.NoError(t, err)
			if rs[0].Dish == "curry" {
				n++
				name = rs[0].Name.FR
			}
		}
		return n, name
	}
	n, _ := curry([]string{}, nil)
	require.Zero(t, n, "no curry powder, no curry")
	n, name := curry([]string{"curry_spices", "garlic", "ginger"}, nil)
	require.Positive(t, n)
	require.Equal(t, "Curry de pois chiches aux épinards et riz basmati", name)
	n, _ = curry([]string{"curry_spices", "garlic", "ginger"}, []string{"curry"})
	require.Zero(t, n, "the week holds a curry: another dish")
}

type dishGolden struct {
	MealPrep string             `json:"mealPrep"`
	Category string             `json:"category"`
	Pantry   string             `json:"pantry"`
	Dish     string             `json:"dish"`
	Name     nutrition.Text     `json:"name"`
	Foods    []goldenIngredient `json:"ingredients"`
	Steps    nutrition.Steps    `json:"steps"`
	Minutes  int                `json:"durationMin"`
}

// pantries are the cupboards of the golden dishes: everything, and a plain one.
var pantries = []struct {
	name string
	ids  []string
}{
	{"full", nutrition.StapleIDs()},
	{"basic", []string{"garlic", "lemon", "vinegar", "mustard", "herbes_de_provence", "cinnamon"}},
}

// goldenDishCases are the golden dishes' requests: the golden meal preps' lunches with a full
// pantry, and the preps shopped for a dish at every meal with a full pantry, their lunches with
// a basic one too.
func goldenDishCases() (cases []struct {
	pantry string
	ids    []string
	prep   string
	codes  []int
	cat    int
}) {
	add := func(pa int, name string, codes []int, cat int) {
		cases = append(cases, struct {
			pantry string
			ids    []string
			prep   string
			codes  []int
			cat    int
		}{pantries[pa].name, pantries[pa].ids, name, codes, cat})
	}
	for _, mp := range goldenPreps {
		add(0, mp.name, mp.codes, 1)
	}
	for _, mp := range dishPreps {
		for cat := range goldenTargets {
			add(0, mp.name, mp.codes, cat)
		}
		add(1, mp.name, mp.codes, 1)
	}
	return cases
}

// The golden dishes (testdata/dishes/*.json), each request twice in a row as a week asks
// (RecentDishes), read as a cook. Regenerate with -update and read the diff.
func TestGoldenDishes(t *testing.T) {
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	forms := map[string]int{}
	total := 0
	for _, c := range goldenDishCases() {
		tg := goldenTargets[c.cat]
		var recent []string
		var got []dishGolden
		for seed := int64(1); seed <= 2; seed++ {
			rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foodsOf(t, c.codes...), Category: tg.cat,
				Target: tg.target, Currency: nutrition.EUR, Count: 1, Seed: seed, Servings: tg.servings, Pantry: c.ids, RecentDishes: recent})
			if err != nil {
				continue
			}
			r := rs[0]
			recent = append(recent, r.Dish)
			if r.Dish == nutrition.PlateDish {
				continue
			}
			forms[r.Dish]++
			checkDishSafe(t, r)
			assert.Empty(t, dishLeftOut(cat, r), "%s %s: %q", c.prep, r.Dish, r.Name.FR)
			g := dishGolden{MealPrep: c.prep, Category: string(tg.cat), Pantry: c.pantry, Dish: r.Dish, Name: r.Name, Steps: r.Steps, Minutes: r.DurationMin}
			for _, ing := range r.Ingredients {
				g.Foods = append(g.Foods, goldenIngredient{Code: ing.FoodCode, Food: cat[ing.FoodCode].Name.FR, Grams: ing.Grams})
			}
			got = append(got, g)
		}
		if len(got) == 0 {
			continue
		}
		total += len(got)
		compareGolden(t, filepath.Join("testdata", "dishes", fmt.Sprintf("%s-%s-%s.json", c.pantry, c.prep, tg.cat)), got)
	}
	require.GreaterOrEqual(t, total, 40, "at least 40 golden dishes")
	require.GreaterOrEqual(t, len(forms), 20, "the golden dishes cover at least 20 forms: %v", forms)
}

// checkDishSafe: beaten eggs are cooked until set (72 °C at the core), every recipe keeps its
// safe temperatures from the foods' own steps.
func checkDishSafe(t *testing.T, r nutrition.Recipe) {
	t.Helper()
	steps := strings.Join(r.Steps.FR, "\n")
	switch r.Dish {
	case "omelette", "frittata", "clafoutis_sale", "fried_rice":
		require.Contains(t, steps, "72\u00a0°C à cœur", "%s: %s", r.Dish, steps)
	case "pancakes":
		require.Contains(t, steps, "cuits à cœur")
	}
	require.NotContains(t, steps, "de les ")
	require.NotContains(t, steps, "à feu moyen, à feu")
}

func compareGolden(t *testing.T, path string, got any) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	require.NoError(t, enc.Encode(got))
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "no snapshot: run go test ./domain/nutrition/ -run TestGoldenDishes -update")
	if diff := firstDiff(string(want), buf.String()); diff != "" {
		t.Fatalf("%s changed: read the dishes as a cook, then -update\n%s", path, diff)
	}
}

// impliedBy are the foods a dish's name implies ("Omelette" holds eggs, "Hachis parmentier"
// minced beef and potatoes), by words of their names.
var impliedBy = map[string][]string{
	"omelette": {"œuf"}, "frittata": {"œuf"}, "clafoutis_sale": {"œuf", "lait", "crème"}, "fried_rice": {"œuf", "riz"},
	"oeufs_brouilles": {"œuf", "pain"}, "porridge": {"avoine", "lait", "boisson"}, "overnight_oats": {"avoine", "lait", "boisson"},
	"bircher": {"avoine", "lait"}, "pancakes": {"avoine", "œuf", "lait"}, "hachis_parmentier": {"haché", "pommes de terre"},
	"chili": {"haricot", "haché"}, "taboule": {"semoule", "boulgour"},
}

// dishLeftOut are the foods of 50 g or more a dish's name neither names nor implies.
func dishLeftOut(cat map[int]nutrition.Food, r nutrition.Recipe) []string {
	var out []string
	for _, n := range leftOut(cat, r.Name.FR, r.Servings, r.Ingredients) {
		implied := false
		for _, w := range impliedBy[r.Dish] {
			implied = implied || strings.Contains(n, w)
		}
		if !implied {
			out = append(out, n)
		}
	}
	return out
}

// Over random requests with a full pantry: a dish's name never leaves out a food of 50 g or more
// that its form does not imply, two dishes of one request never share a name, and beaten eggs
// are cooked until set.
func TestDishNamesOfRandomRequests(t *testing.T) {
	cat, pt := shipped(t)
	pool := nutritiontest.MealPrepFoods(cat)
	gen := nutrition.NewBuiltin(pt)
	rng := rand.New(rand.NewPCG(31, 8))
	forms := map[string]bool{}
	for i := 0; i < 300; i++ {
		c := nutritiontest.Category(rng)
		foods, target := nutritiontest.PlateCase(rng, pool, 6+rng.IntN(15), c)
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: c, Target: target,
			Seed: int64(i), Count: 2 + rng.IntN(9), Servings: 1 + rng.IntN(4), Pantry: nutrition.StapleIDs()})
		var u *nutrition.Unsolvable
		if errors.As(err, &u) {
			continue
		}
		require.NoError(t, err)
		fr, en := map[string]bool{}, map[string]bool{}
		for _, r := range rs {
			forms[r.Dish] = true
			checkDishSafe(t, r)
			assert.Empty(t, dishLeftOut(cat, r), "case %d (%s) %s: %q %v", i, c, r.Dish, r.Name.FR, r.Ingredients)
			assert.False(t, fr[r.Name.FR], "case %d (%s): two recipes named %q", i, c, r.Name.FR)
			assert.False(t, en[r.Name.EN], "case %d (%s): two recipes named %q", i, c, r.Name.EN)
			fr[r.Name.FR], en[r.Name.EN] = true, true
		}
	}
	assert.Greater(t, len(forms), 15, "%v", forms)
}

// A plate holding cheese is never a curry, dahl, stir-fry, tajine or fried rice: December's pork,
// butternut, leek and potatoes with 30 g of emmental was a curry « parsemé d'emmental ».
func TestSpicedDishesTakeNoCheese(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	gen := nutrition.NewBuiltin(pt)
	spiced := map[string]bool{"curry": true, "dahl": true, "stir_fry": true, "tajine": true, "fried_rice": true}
	n := 0
	for _, c := range nutritiontest.AvailabilityCases() {
		if c.Meal != nutrition.LunchDinner {
			continue
		}
		o := nutritiontest.Run(context.Background(), gen, cat, c)
		for _, r := range o.Recipes {
			cheese := slices.ContainsFunc(r.Ingredients, func(in nutrition.Ingredient) bool { return nutrition.KindOf(cat[in.FoodCode]) == nutrition.KindCheese })
			if cheese {
				n++
				assert.False(t, spiced[r.Dish], "%s, %s, %s: %q", c.Prep.Name, c.Eater.Name, c.Preset, r.Name.FR)
			}
		}
	}
	require.Positive(t, n, "the sweep serves lunches with cheese")
}
