package nutrition_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// leftOut lists the foods of 50 g or more per serving that r's French name does not name
// (docs/nutrition.md, "Names, steps, duration").
func leftOut(cat map[int]nutrition.Food, name string, servings int, ings []nutrition.Ingredient) []string {
	var out []string
	low := strings.ToLower(name)
	for _, ing := range ings {
		if float64(ing.Grams)/float64(max(servings, 1)) < 50 {
			continue
		}
		n := strings.ToLower(nutrition.CulinaryNameOf(cat[ing.FoodCode]).FR)
		toast := strings.HasPrefix(n, "pain") && strings.Contains(low, "pain grillé") // "Œufs brouillés, pain grillé"
		milk := strings.HasPrefix(n, "lait") && strings.Contains(low, " au lait")     // "Muesli au lait"
		if !strings.Contains(low, n) && !toast && !milk {
			out = append(out, n)
		}
	}
	return out
}

// A recipe's name never leaves out a food of 50 g or more per serving: over the golden recipes.
func TestNameNamesEveryFoodOf50GOrMoreGolden(t *testing.T) {
	cat, _ := shipped(t)
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		var g goldenCase
		require.NoError(t, json.Unmarshal(b, &g))
		for _, r := range g.Recipes {
			var ings []nutrition.Ingredient
			for _, in := range r.Ingredients {
				ings = append(ings, nutrition.Ingredient{FoodCode: in.Code, Grams: in.Grams})
			}
			assert.Empty(t, leftOut(cat, r.Name.FR, r.Servings, ings), "%s: %q", file, r.Name.FR)
		}
	}
}

// Over many random requests: no name leaves out a food of 50 g or more per serving, and two
// recipes of one request never share a name (in either language).
func TestNamesOfRandomRequests(t *testing.T) {
	cat, pt := shipped(t)
	pool := nutritiontest.MealPrepFoods(cat)
	gen := nutrition.NewBuiltin(pt)
	rng := rand.New(rand.NewPCG(29, 8))
	for i := 0; i < 300; i++ {
		c := nutritiontest.Category(rng)
		foods, target := nutritiontest.PlateCase(rng, pool, 6+rng.IntN(15), c)
		rs, err := gen.Generate(context.Background(), nutrition.GenerateRequest{Foods: foods, Category: c, Target: target,
			Seed: int64(i), Count: 2 + rng.IntN(9), Servings: 1 + rng.IntN(4)})
		var u *nutrition.Unsolvable
		if errors.As(err, &u) {
			continue
		}
		require.NoError(t, err)
		fr, en := map[string]bool{}, map[string]bool{}
		for _, r := range rs {
			assert.Empty(t, leftOut(cat, r.Name.FR, r.Servings, r.Ingredients), "case %d (%s): %q %v", i, c, r.Name.FR, r.Ingredients)
			assert.False(t, fr[r.Name.FR], "case %d (%s): two recipes named %q", i, c, r.Name.FR)
			assert.False(t, en[r.Name.EN], "case %d (%s): two recipes named %q", i, c, r.Name.EN)
			fr[r.Name.FR], en[r.Name.EN] = true, true
		}
	}
}
