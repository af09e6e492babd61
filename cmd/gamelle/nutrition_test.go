package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func runNutritionCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := nutritionMain(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestNutritionNutriscoreFace(t *testing.T) {
	t.Parallel()
	// Open Food Facts' 2023 breakfast-cereals reference: 14, D.
	code, out, _ := runNutritionCLI(t, `{"energyKj":2450,"sugarsG":31,"satFatG":1.03,"saltG":0.5525,"fibreG":6.9,"proteinG":10.3,"fvlPercent":0,"kind":"general"}`, "nutriscore")
	require.Equal(t, 0, code)
	require.JSONEq(t, `{"score":14,"grade":"D"}`, out)

	// Missing values count as 0 points.
	code, out, _ = runNutritionCLI(t, `{"energyKj":82,"satFatG":10,"proteinG":50,"kind":"red_meat"}`, "nutriscore")
	require.Equal(t, 0, code)
	require.JSONEq(t, `{"score":7,"grade":"C"}`, out)

	for _, bad := range []string{`{"kind":"beverage"}`, `{"energyKj":-1}`, `not json`, `{"sugar":3}`} {
		code, out, errOut := runNutritionCLI(t, bad, "nutriscore")
		require.Equal(t, 2, code, bad)
		require.Empty(t, out)
		require.NotEmpty(t, errOut)
	}
}

func TestNutritionSolveFace(t *testing.T) {
	t.Parallel()
	code, out, errOut := runNutritionCLI(t, `{"foods":["36017","9100","20057","17270"],"target":{"kcal":650,"proteinG":45,"fatG":20,"carbsG":70},"category":"lunch_dinner","priceLimit":5,"seed":1}`, "solve")
	require.Equal(t, 0, code, errOut)
	var got struct {
		Ingredients []struct {
			FoodCode string `json:"foodCode"`
			Grams    int    `json:"grams"`
		} `json:"ingredients"`
		Nutrition       map[string]float64 `json:"nutrition"`
		WithinTolerance bool               `json:"withinTolerance"`
		Explanation     *string            `json:"explanation"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.True(t, got.WithinTolerance)
	require.Nil(t, got.Explanation)
	require.GreaterOrEqual(t, len(got.Ingredients), 2)
	for _, ing := range got.Ingredients {
		require.Contains(t, []string{"36017", "9100", "20057", "17270"}, ing.FoodCode)
		require.Zero(t, ing.Grams%5)
	}
	require.InDelta(t, 650, got.Nutrition["kcal"], 32.5)
	require.InDelta(t, 45, got.Nutrition["proteinG"], 3)

	// 200 g protein from fruit: closest recipe, explained, exit 0.
	code, out, _ = runNutritionCLI(t, `{"foods":["13000","13039","13005"],"target":{"kcal":1000,"proteinG":200,"fatG":10,"carbsG":20},"category":"snack"}`, "solve", "--lang", "fr")
	require.Equal(t, 0, code)
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.False(t, got.WithinTolerance)
	require.NotNil(t, got.Explanation)
	require.Contains(t, *got.Explanation, "protéines")
}

func TestNutritionSolveFaceRefusesBadInput(t *testing.T) {
	t.Parallel()
	target := `"target":{"kcal":500,"proteinG":30,"fatG":15,"carbsG":60},"category":"snack"`
	for name, in := range map[string]string{
		"unknown code":     `{"foods":["36017","99999999"],` + target + `}`,
		"empty list":       `{"foods":[],` + target + `}`,
		"no foods":         `{` + target + `}`,
		"bad category":     `{"foods":["36017"],"target":{"kcal":500},"category":"brunch"}`,
		"no target":        `{"foods":["36017"],"category":"snack"}`,
		"negative target":  `{"foods":["36017"],"target":{"kcal":-5},"category":"snack"}`,
		"not a code":       `{"foods":["chicken"],` + target + `}`,
		"two objects":      `{"foods":["36017"],` + target + `}{}`,
		"no usable energy": `{"foods":["18066"],` + target + `}`,
	} {
		code, out, errOut := runNutritionCLI(t, in, "solve")
		require.Equal(t, 2, code, name)
		require.Empty(t, out, name)
		require.Contains(t, errOut, "gamelle nutrition:", name)
	}
	code, _, errOut := runNutritionCLI(t, "{}", "cook")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "usage")
}
