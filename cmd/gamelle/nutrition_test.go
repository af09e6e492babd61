package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
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

// solve shows the whole recipe: name and steps in the input's language (French by default),
// weight, salt, price, Nutri-Score and feasibility, beside the fields it always had.
func TestNutritionSolveFaceShowsTheWholeRecipe(t *testing.T) {
	t.Parallel()
	in := `{"foods":["36017","9100","20057","17270"],"target":{"kcal":650,"proteinG":45,"fatG":20,"carbsG":70},"category":"lunch_dinner","seed":1%s}`
	code, out, errOut := runNutritionCLI(t, fmt.Sprintf(in, ""), "solve")
	require.Equal(t, 0, code, errOut)
	var keys map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(out), &keys))
	var names []string
	for k := range keys {
		names = append(names, k)
	}
	require.ElementsMatch(t, []string{"name", "ingredients", "steps", "nutrition", "weightG", "saltG", "priceEur", "nutriScore",
		"withinTolerance", "feasible", "allergens", "dish"}, names, "the field names are a contract")
	var fr struct {
		Name        string   `json:"name"`
		Steps       []string `json:"steps"`
		Ingredients []struct {
			Grams int `json:"grams"`
		} `json:"ingredients"`
		WeightG    int     `json:"weightG"`
		SaltG      float64 `json:"saltG"`
		PriceEUR   float64 `json:"priceEur"`
		NutriScore struct {
			Score *int   `json:"score"`
			Grade string `json:"grade"`
		} `json:"nutriScore"`
		Feasible bool `json:"feasible"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &fr))
	require.Contains(t, fr.Name, "oulet")
	require.Contains(t, strings.Join(fr.Steps, "\n"), "Rincez le riz", "raw rice is boiled, in French by default")
	sum := 0
	for _, ing := range fr.Ingredients {
		sum += ing.Grams
	}
	require.Equal(t, sum, fr.WeightG)
	require.Greater(t, fr.SaltG, 0.0)
	require.Less(t, fr.SaltG, 2.5)
	require.Greater(t, fr.PriceEUR, 0.0)
	require.NotNil(t, fr.NutriScore.Score)
	require.Contains(t, []string{"A", "B", "C", "D", "E"}, fr.NutriScore.Grade)
	require.True(t, fr.Feasible)

	code, out, errOut = runNutritionCLI(t, fmt.Sprintf(in, `,"lang":"en"`), "solve")
	require.Equal(t, 0, code, errOut)
	var en struct {
		Name  string   `json:"name"`
		Steps []string `json:"steps"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &en))
	require.Contains(t, en.Name, "hicken")
	require.Contains(t, strings.Join(en.Steps, "\n"), "Rinse the rice")
	require.Contains(t, strings.Join(en.Steps, "\n"), "74 °C (165 °F)")

	// A language the input does not name falls back to the --lang flag.
	code, out, _ = runNutritionCLI(t, fmt.Sprintf(in, ""), "solve", "--lang", "en")
	require.Equal(t, 0, code)
	require.Contains(t, out, "Rinse the rice")
}

// A target whose kcal contradicts its macros (4/4/9 kcal per gram, beyond ±15 %) is bad input.
func TestNutritionSolveFaceRefusesEnergyThatContradictsTheMacros(t *testing.T) {
	t.Parallel()
	code, out, errOut := runNutritionCLI(t, `{"foods":["36017","9100"],"target":{"kcal":1200,"proteinG":30,"fatG":15,"carbsG":60},"category":"lunch_dinner"}`, "solve")
	require.Equal(t, 2, code)
	require.Empty(t, out)
	require.Contains(t, errOut, "target kcal 1200 does not match its macros")
	require.Contains(t, errOut, "495 kcal")
	// 14 % apart is accepted.
	code, _, errOut = runNutritionCLI(t, `{"foods":["36017","9100","17270"],"target":{"kcal":565,"proteinG":30,"fatG":15,"carbsG":60},"category":"lunch_dinner"}`, "solve")
	require.Equal(t, 0, code, errOut)
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
		"unknown language": `{"foods":["36017"],` + target + `,"lang":"de"}`,
		"kcal only":        `{"foods":["36017"],"target":{"kcal":500},"category":"snack"}`,
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

// `gamelle nutrition needs` gives the day's targets and each meal's, exactly those the app gives
// the engine once the needs are accepted as goals (app/mealprep Person.MealTarget), and says
// when a physiological bound moved the preset's split.
func TestNutritionNeedsFace(t *testing.T) {
	t.Parallel()
	in := `{"sex":"male","age":25,"weightKg":80,"heightCm":185,"activityLevel":"very_active","objective":"muscle_gain","macroPreset":"high_protein","mealSplit":{"breakfast":25,"lunch":35,"dinner":30,"snack":10}}`
	code, out, errOut := runNutritionCLI(t, in, "needs")
	require.Equal(t, 0, code, errOut)
	var got struct {
		Day     nutrition.Macros            `json:"day"`
		Meals   map[string]nutrition.Macros `json:"meals"`
		Bounded bool                        `json:"bounded"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&got))
	require.True(t, got.Bounded, "40 %% protein of 3,400 kcal is 4 g/kg: bounded to 2.2")
	require.InDelta(t, 176, got.Day.ProteinG, 0.5)

	n, err := nutrition.CalculateNeeds(nutrition.NeedsInput{Body: nutrition.Body{WeightKg: 80, HeightCm: 185, Age: 25, Sex: nutrition.Male},
		Activity: nutrition.VeryActive, Objective: nutrition.MuscleGain, Preset: nutrition.PresetHighProtein})
	require.NoError(t, err)
	g := n.Goals()
	p := mealprepapp.Person{Daily: mealprep.Macros{Kcal: float64(g.Kcal), ProteinG: float64(g.ProteinG), FatG: float64(g.FatG), CarbsG: float64(g.CarbsG)},
		Split: nutrition.DefaultMealSplit}
	require.Equal(t, nutrition.Macros(p.Daily), got.Day)
	require.Len(t, got.Meals, 3)
	for _, c := range []nutrition.Category{nutrition.Breakfast, nutrition.LunchDinner, nutrition.Snack} {
		require.Equal(t, nutrition.Macros(p.MealTarget(c)), got.Meals[string(c)], c)
	}
	require.Less(t, got.Meals["breakfast"].ProteinG/got.Meals["breakfast"].Kcal, got.Meals["lunch_dinner"].ProteinG/got.Meals["lunch_dinner"].Kcal)

	// mealSplit is optional; the default split gives the same answer here.
	code, out2, _ := runNutritionCLI(t, strings.Replace(in, `,"mealSplit":{"breakfast":25,"lunch":35,"dinner":30,"snack":10}`, "", 1), "needs")
	require.Equal(t, 0, code)
	require.JSONEq(t, out, out2)

	for _, bad := range []string{`not json`, `{"sex":"male"}`, strings.Replace(in, `"male"`, `"other"`, 1), strings.Replace(in, `"age":25`, `"age":5`, 1),
		strings.Replace(in, `"snack":10`, `"snack":20`, 1), strings.Replace(in, `high_protein`, `keto`, 1), strings.Replace(in, `very_active`, `athlete`, 1),
		strings.Replace(in, `muscle_gain`, `bulk`, 1), strings.Replace(in, `"age"`, `"ages"`, 1)} {
		code, out, errOut := runNutritionCLI(t, bad, "needs")
		require.Equal(t, 2, code, bad)
		require.Empty(t, out)
		require.NotEmpty(t, errOut)
	}
}

// solve takes the account's diet and the month, and a refusal carries its checked suggestion
// {action, foodCodes, priceLimit, text} (docs/nutrition.md, "Accuracy and tolerance").
func TestNutritionSolveSuggestion(t *testing.T) {
	t.Parallel()
	type out struct {
		Feasible   bool `json:"feasible"`
		Suggestion *struct {
			Action     string   `json:"action"`
			FoodCodes  []string `json:"foodCodes"`
			PriceLimit *float64 `json:"priceLimit"`
			Text       string   `json:"text"`
		} `json:"suggestion"`
	}
	run := func(in string) out {
		t.Helper()
		code, stdout, errOut := runNutritionCLI(t, in, "solve")
		require.Equal(t, 0, code, errOut)
		var o out
		require.NoError(t, json.Unmarshal([]byte(stdout), &o))
		return o
	}
	// Rice, broccoli, oil and eggs: 55 g of protein takes meat or fish; each code offered does
	// it, checked here by adding it.
	in := `{"foods":["9100","20057","17270","22000"%s],"target":{"kcal":700,"proteinG":55,"fatG":22,"carbsG":70},"category":"lunch_dinner","seed":1}`
	o := run(fmt.Sprintf(in, ""))
	require.False(t, o.Feasible)
	require.NotNil(t, o.Suggestion)
	require.Equal(t, "add_food", o.Suggestion.Action)
	require.Contains(t, o.Suggestion.FoodCodes, "36017")
	require.Contains(t, o.Suggestion.Text, "ajoutez")
	for _, c := range o.Suggestion.FoodCodes {
		require.True(t, run(fmt.Sprintf(in, `,"`+c+`"`)).Feasible, c)
	}
	// A vegan with rice, broccoli, oil and chickpeas is offered tofu, never meat or eggs.
	o = run(`{"foods":["9100","20057","17270","20532"],"target":{"kcal":650,"proteinG":40,"fatG":20,"carbsG":75},"category":"lunch_dinner","diet":"vegan","month":6,"lang":"en"}`)
	require.False(t, o.Feasible)
	require.Equal(t, "add_food", o.Suggestion.Action)
	require.Equal(t, []string{"20904"}, o.Suggestion.FoodCodes)
	require.Contains(t, o.Suggestion.Text, "legumes or tofu")
	// A price limit too low: the price that does.
	o = run(`{"foods":["36017","9100","20057","17270"],"target":{"kcal":650,"proteinG":45,"fatG":20,"carbsG":70},"category":"lunch_dinner","priceLimit":0.3,"seed":1}`)
	require.False(t, o.Feasible)
	require.Equal(t, "raise_price_limit", o.Suggestion.Action)
	require.NotNil(t, o.Suggestion.PriceLimit)
	require.Greater(t, *o.Suggestion.PriceLimit, 0.3)
	// Feasible: no suggestion.
	o = run(`{"foods":["36017","9100","20057","17270"],"target":{"kcal":650,"proteinG":45,"fatG":20,"carbsG":70},"category":"lunch_dinner","seed":1,"diet":"omnivore","month":1}`)
	require.True(t, o.Feasible)
	require.Nil(t, o.Suggestion)

	for _, bad := range []string{`"diet":"paleo"`, `"month":13`, `"month":0`} {
		code, stdout, errOut := runNutritionCLI(t, `{"foods":["36017","9100"],"target":{"kcal":650,"proteinG":45,"fatG":20,"carbsG":70},"category":"lunch_dinner",`+bad+`}`, "solve")
		require.Equal(t, 2, code, bad)
		require.Empty(t, stdout)
		require.NotEmpty(t, errOut)
	}
}

// solve's "exclude" leaves out foods holding an allergen before solving, and "allergens" lists
// what the recipe's foods contain (docs/nutrition.md, "Allergens"); an unknown id is bad input.
func TestNutritionSolveFaceAllergens(t *testing.T) {
	t.Parallel()
	const foods = `"foods":["36017","9811","9100","20009","17270"],"target":{"kcal":650,"proteinG":45,"fatG":20,"carbsG":70},"category":"lunch_dinner","seed":1`
	type answer struct {
		Ingredients []struct {
			FoodCode string `json:"foodCode"`
		} `json:"ingredients"`
		Allergens []string `json:"allergens"`
	}
	code, out, errOut := runNutritionCLI(t, `{`+foods+`,"exclude":["gluten"]}`, "solve")
	require.Equal(t, 0, code, errOut)
	var got answer
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.NotEmpty(t, got.Ingredients)
	for _, ing := range got.Ingredients {
		require.NotEqual(t, "9811", ing.FoodCode, "pasta holds gluten")
	}
	require.NotNil(t, got.Allergens)
	require.NotContains(t, got.Allergens, "gluten")

	// Wheat pasta alone: the recipe declares gluten.
	code, out, errOut = runNutritionCLI(t, `{"foods":["36017","9811","17270"],"target":{"kcal":650,"proteinG":45,"fatG":20,"carbsG":70},"category":"lunch_dinner","seed":1}`, "solve")
	require.Equal(t, 0, code, errOut)
	got = answer{}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.Equal(t, []string{"gluten"}, got.Allergens)

	for name, in := range map[string]string{
		"unknown allergen": `{` + foods + `,"exclude":["kiwi"]}`,
		"all excluded":     `{"foods":["9811"],"target":{"kcal":500,"proteinG":20,"fatG":5,"carbsG":90},"category":"lunch_dinner","exclude":["gluten"]}`,
	} {
		code, out, errOut := runNutritionCLI(t, in, "solve")
		require.Equal(t, 2, code, name)
		require.Empty(t, out, name)
		require.Contains(t, errOut, "gamelle nutrition:", name)
	}
	_, _, errOut = runNutritionCLI(t, `{`+foods+`,"exclude":["kiwi"]}`, "solve")
	require.Contains(t, errOut, `"kiwi"`)
}

// solve's "pantry" lets the recipe take a dish form, which "dish" names (docs/nutrition.md,
// "Dish forms"); the grams stay the solver's; an unknown staple is bad input.
func TestNutritionSolveFaceDish(t *testing.T) {
	t.Parallel()
	const foods = `"foods":["20532","20059","9119","17270"],"target":{"kcal":698,"proteinG":25,"fatG":22,"carbsG":100},"category":"lunch_dinner"`
	type answer struct {
		Name        string `json:"name"`
		Dish        string `json:"dish"`
		Ingredients []struct {
			FoodCode string `json:"foodCode"`
			Grams    int    `json:"grams"`
		} `json:"ingredients"`
		SaltG float64 `json:"saltG"`
	}
	solve := func(in string) answer {
		t.Helper()
		code, out, errOut := runNutritionCLI(t, in, "solve")
		require.Equal(t, 0, code, errOut)
		var got answer
		require.NoError(t, json.Unmarshal([]byte(out), &got))
		return got
	}
	plate := solve(`{` + foods + `,"seed":1}`)
	require.Equal(t, "assiette", plate.Dish, "no pantry: the plate")
	seen := map[string]bool{}
	for seed := 1; seed <= 8; seed++ {
		got := solve(fmt.Sprintf(`{%s,"seed":%d,"pantry":["curry_spices","garlic","cumin","herbes_de_provence","lemon"]}`, foods, seed))
		require.NotEmpty(t, got.Dish)
		seen[got.Dish] = true
		if got.Dish == "curry" {
			require.Equal(t, "Curry de pois chiches aux épinards et riz basmati", got.Name)
		}
		if seed == 1 {
			require.Equal(t, plate.Ingredients, got.Ingredients, "a dish changes the texts, not the grams")
			require.Equal(t, plate.SaltG, got.SaltG)
		}
	}
	require.True(t, seen["curry"], "%v", seen)

	code, out, errOut := runNutritionCLI(t, `{`+foods+`,"pantry":["garlic","truffle"]}`, "solve")
	require.Equal(t, 2, code)
	require.Empty(t, out)
	require.Contains(t, errOut, `"truffle"`)
	require.Contains(t, errOut, "gamelle nutrition:")
}
