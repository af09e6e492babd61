package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// runNutrition handles `gamelle nutrition nutriscore|solve|needs`: the engine's faces for operators
// and for checking it from outside (docs/nutrition.md). Input is one JSON object on stdin, the
// answer one JSON object on stdout; bad input exits with status 2 and a message on stderr.
func runNutrition(ctx context.Context, args []string) error {
	if code := nutritionMain(ctx, args, os.Stdin, os.Stdout, os.Stderr); code != 0 {
		os.Exit(code)
	}
	return nil
}

// usageError is bad input: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func badInput(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// nutritionMain runs the command and returns the exit status (0 ok, 2 bad input, 1 failure).
func nutritionMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var err error
	switch {
	case len(args) > 0 && args[0] == "nutriscore":
		err = nutriscoreCmd(stdin, stdout)
	case len(args) > 0 && args[0] == "solve":
		err = solveCmd(ctx, args[1:], stdin, stdout)
	case len(args) > 0 && args[0] == "needs":
		err = needsCmd(stdin, stdout)
	default:
		err = badInput("usage: gamelle nutrition nutriscore|solve|needs [--lang fr|en] < input.json")
	}
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "gamelle nutrition:", err)
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

// decodeOne reads exactly one JSON object, refusing unknown fields so a typo is not silently 0.
func decodeOne(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badInput("input is not the expected JSON object: %v", err)
	}
	if dec.More() {
		return badInput("input has more than one JSON value")
	}
	return nil
}

func nutriscoreCmd(stdin io.Reader, stdout io.Writer) error {
	var in nutrition.ScoreInput
	if err := decodeOne(stdin, &in); err != nil {
		return err
	}
	kind, err := nutrition.ParseScoreKind(string(in.Kind))
	if err != nil {
		return badInput("kind %q: want general, cheese, red_meat or fats", in.Kind)
	}
	in.Kind = kind
	for name, v := range map[string]float64{"energyKj": in.EnergyKJ, "sugarsG": in.SugarsG, "satFatG": in.SatFatG,
		"saltG": in.SaltG, "fibreG": in.FibreG, "proteinG": in.ProteinG, "fvlPercent": in.FVLPercent, "fatG": in.FatG} {
		if v < 0 || math.IsNaN(v) {
			return badInput("%s must not be negative", name)
		}
	}
	if in.FVLPercent > 100 {
		return badInput("fvlPercent must be at most 100")
	}
	s := nutrition.NutriScore(in)
	return json.NewEncoder(stdout).Encode(struct {
		Score int    `json:"score"`
		Grade string `json:"grade"`
	}{s.Score, s.Grade})
}

// foodCode accepts a CIQUAL code as a JSON string ("20360") or number (20360).
type foodCode int

func (c *foodCode) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return fmt.Errorf("food code %s is not a CIQUAL code", b)
	}
	*c = foodCode(n)
	return nil
}

type solveInput struct {
	Foods      []foodCode        `json:"foods"`
	Target     *nutrition.Macros `json:"target"`
	Category   string            `json:"category"`
	PriceLimit *float64          `json:"priceLimit"`
	Seed       *int64            `json:"seed"`
	// Lang picks the language of name, steps and explanation: "fr" (default) or "en".
	Lang string `json:"lang"`
	// Diet is the account's diet: omnivore (default), vegetarian or vegan.
	Diet string `json:"diet"`
	// Month (1–12) sets the seasons, as the app does with the current month; none by default.
	Month *int `json:"month"`
	// Exclude are allergen ids (docs/nutrition.md, "Allergens"): foods containing one are left
	// out before solving, as the app does with a person's declared allergens.
	Exclude []string `json:"exclude"`
	// Pantry are staple ids (docs/nutrition.md, "Pantry staples"): the dish forms season with
	// them; absent, the recipe is the plate of separately cooked foods, as the app without one.
	Pantry []string `json:"pantry"`
	// Larger are CIQUAL codes of the foods to serve larger than usual (a "more_of" suggestion
	// applied, as the recipes page's button asks; docs/nutrition.md, "Accuracy and tolerance").
	Larger []foodCode `json:"larger"`
}

// solveSuggestion is the refusal's checked change (docs/nutrition.md, "Accuracy and tolerance").
type solveSuggestion struct {
	Action     string   `json:"action"`
	FoodCodes  []string `json:"foodCodes"`
	PriceLimit *float64 `json:"priceLimit,omitempty"`
	Text       string   `json:"text"`
}

type solveIngredient struct {
	FoodCode string `json:"foodCode"`
	Grams    int    `json:"grams"`
	// Pantry: a cooking fat taken from the pantry (docs/nutrition.md, "Pantry staples").
	Pantry bool `json:"pantry,omitempty"`
}

type solveNutriScore struct {
	Score int    `json:"score"`
	Grade string `json:"grade"`
}

// solveOutput is the answer of `gamelle nutrition solve`; its field names are a contract
// (docs/nutrition.md): new fields may be added, none renamed.
type solveOutput struct {
	Name string `json:"name"`
	// Dish is the id of the recipe's dish form (docs/nutrition.md, "Dish forms").
	Dish            string            `json:"dish"`
	Ingredients     []solveIngredient `json:"ingredients"`
	Steps           []string          `json:"steps"`
	Nutrition       nutrition.Macros  `json:"nutrition"`
	WeightG         int               `json:"weightG"`
	SaltG           float64           `json:"saltG"`
	PriceEUR        float64           `json:"priceEur"`
	NutriScore      solveNutriScore   `json:"nutriScore"`
	WithinTolerance bool              `json:"withinTolerance"`
	Feasible        bool              `json:"feasible"`
	Explanation     string            `json:"explanation,omitempty"`
	Suggestion      *solveSuggestion  `json:"suggestion,omitempty"`
	// Allergens are the ids of the 14 the recipe's foods contain, in Annex II's order.
	Allergens []nutrition.Allergen `json:"allergens"`
}

func suggestionOut(s *nutrition.Suggestion, lang string) *solveSuggestion {
	if s == nil {
		return nil
	}
	out := &solveSuggestion{Action: s.Action, FoodCodes: []string{}, Text: s.Text.In(lang)}
	for _, c := range s.FoodCodes {
		out.FoodCodes = append(out.FoodCodes, strconv.Itoa(c))
	}
	if s.Action == nutrition.ActionRaisePriceLimit {
		out.PriceLimit = &s.PriceLimit
	}
	return out
}

// checkEnergy refuses a target whose kcal contradicts its macros (the engine's own rule,
// nutrition.ConsistentTarget): no recipe can meet both.
func checkEnergy(t nutrition.Macros) error {
	if nutrition.ConsistentTarget(t) {
		return nil
	}
	return badInput("target kcal %.0f does not match its macros: 4 × %.0f g protein + 4 × %.0f g carbs + 9 × %.0f g fat = %.0f kcal, more than 15 %% apart",
		t.Kcal, t.ProteinG, t.CarbsG, t.FatG, nutrition.KcalFromMacros(t))
}

func solveCmd(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("nutrition solve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	lang := fs.String("lang", "", "language of name, steps and explanation (fr or en); the input's lang wins")
	if err := fs.Parse(args); err != nil {
		return badInput("%v", err)
	}
	var in solveInput
	if err := decodeOne(stdin, &in); err != nil {
		return err
	}
	if len(in.Foods) == 0 {
		return badInput("foods is empty: give at least one CIQUAL code")
	}
	if in.Target == nil {
		return badInput("target is missing")
	}
	if in.Lang == "" {
		in.Lang = *lang
	}
	switch in.Lang {
	case "":
		in.Lang = "fr"
	case "fr", "en":
	default:
		return badInput("lang %q: want fr or en", in.Lang)
	}
	for _, v := range []float64{in.Target.Kcal, in.Target.ProteinG, in.Target.FatG, in.Target.CarbsG} {
		if v < 0 || math.IsNaN(v) {
			return badInput("target values must not be negative")
		}
	}
	if err := checkEnergy(*in.Target); err != nil {
		return err
	}
	cat, err := nutrition.ParseCategory(in.Category)
	if err != nil {
		return badInput("category %q: want breakfast, lunch_dinner or snack", in.Category)
	}
	catalog, err := nutrition.ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	if err != nil {
		return fmt.Errorf("read the shipped CIQUAL table: %w", err)
	}
	prices, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	if err != nil {
		return fmt.Errorf("read the shipped price table: %w", err)
	}
	diet := nutrition.Omnivore
	if in.Diet != "" {
		if diet, err = nutrition.ParseDiet(in.Diet); err != nil {
			return badInput("diet %q: want omnivore, vegetarian or vegan", in.Diet)
		}
	}
	if in.Month != nil && (*in.Month < 1 || *in.Month > 12) {
		return badInput("month %d: want 1 to 12", *in.Month)
	}
	exclude, err := nutrition.ParseAllergens(in.Exclude)
	if err != nil {
		return badInput("exclude: %v; want ids among %v", err, nutrition.Allergens)
	}
	req := nutrition.GenerateRequest{Category: cat, Target: *in.Target, Currency: nutrition.EUR, Count: 1, Diet: diet, Exclude: exclude}
	if in.Pantry != nil {
		if req.Pantry, err = nutrition.ParsePantry(in.Pantry); err != nil {
			return badInput("pantry: %v; want ids among %v", err, nutrition.StapleIDs())
		}
		req.Pantry = nutrition.SafePantry(req.Pantry, exclude) // as the app seasons for a person
		req.PantryFoods = nutrition.PantryFoods(req.Pantry, catalog)
	}
	for _, c := range in.Larger {
		if !slices.Contains(in.Foods, c) {
			return badInput("larger %d: not one of the foods", c)
		}
		req.Larger = append(req.Larger, int(c))
	}
	for _, c := range in.Foods {
		f, ok := catalog[int(c)]
		if !ok {
			return badInput("unknown CIQUAL code %d", c)
		}
		if !nutrition.ContainsAny(f, exclude) {
			req.Foods = append(req.Foods, f)
		}
	}
	if len(req.Foods) == 0 {
		return badInput("every food contains an excluded allergen (%v)", exclude)
	}
	if in.PriceLimit != nil {
		if *in.PriceLimit <= 0 {
			return badInput("priceLimit must be positive")
		}
		req.PriceLimit = *in.PriceLimit
	}
	if in.Seed != nil {
		req.Seed = *in.Seed
	}
	if in.Month != nil {
		// The app's rule (app/mealprep season.go): produce out of season this month.
		cal := nutritionapp.Seasons()
		for _, f := range req.Foods {
			if cal.OutOfSeason(f.Code, time.Month(*in.Month)) {
				if req.OutOfSeason == nil {
					req.OutOfSeason = map[int]bool{}
				}
				req.OutOfSeason[f.Code] = true
			}
		}
	}
	recipes, err := nutrition.NewBuiltin(prices).Generate(ctx, req)
	var u *nutrition.Unsolvable
	if errors.As(err, &u) {
		return badInput("%s", u.Reason.In(in.Lang))
	}
	if err != nil {
		return err
	}
	r := recipes[0]
	out := solveOutput{Name: r.Name.In(in.Lang), Dish: r.Dish, Nutrition: r.Achieved, WithinTolerance: r.WithinTolerance, Feasible: r.Feasible,
		Ingredients: []solveIngredient{}, Steps: r.Steps.FR, SaltG: r.SaltG,
		PriceEUR: r.Price.EURPerServing, NutriScore: solveNutriScore{Score: r.HealthScore.Score, Grade: r.HealthScore.Grade}}
	if in.Lang == "en" {
		out.Steps = r.Steps.EN
	}
	if out.Steps == nil {
		out.Steps = []string{}
	}
	has := map[nutrition.Allergen]bool{}
	for _, ing := range r.Ingredients {
		out.Ingredients = append(out.Ingredients, solveIngredient{FoodCode: strconv.Itoa(ing.FoodCode), Grams: ing.Grams, Pantry: ing.Pantry})
		out.WeightG += ing.Grams
		for _, a := range nutrition.AllergensOf(catalog[ing.FoodCode]) {
			has[a] = true
		}
	}
	out.Allergens = []nutrition.Allergen{}
	for _, a := range nutrition.Allergens {
		if has[a] {
			out.Allergens = append(out.Allergens, a)
		}
	}
	out.WeightG /= max(r.Servings, 1)
	if r.Explanation != nil {
		out.Explanation = r.Explanation.In(in.Lang)
	}
	if !r.Feasible {
		out.Suggestion = suggestionOut(r.Suggestion, in.Lang)
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// needsInput is the survey as `gamelle nutrition needs` reads it (docs/nutrition.md, "Targets a
// plate can meet"); mealSplit is optional (the default split).
type needsInput struct {
	Sex           string               `json:"sex"`
	Age           *int                 `json:"age"`
	WeightKg      *float64             `json:"weightKg"`
	HeightCm      *float64             `json:"heightCm"`
	ActivityLevel string               `json:"activityLevel"`
	Objective     string               `json:"objective"`
	MacroPreset   string               `json:"macroPreset"`
	MealSplit     *nutrition.MealSplit `json:"mealSplit"`
}

// needsOutput is the day's targets and each meal's, exactly those the app gives the engine.
type needsOutput struct {
	Day     nutrition.Macros            `json:"day"`
	Meals   map[string]nutrition.Macros `json:"meals"`
	Bounded bool                        `json:"bounded"`
}

func needsCmd(stdin io.Reader, stdout io.Writer) error {
	var in needsInput
	if err := decodeOne(stdin, &in); err != nil {
		return err
	}
	switch {
	case in.Age == nil:
		return badInput("age is missing")
	case in.WeightKg == nil:
		return badInput("weightKg is missing")
	case in.HeightCm == nil:
		return badInput("heightCm is missing")
	}
	body := nutrition.Body{WeightKg: *in.WeightKg, HeightCm: *in.HeightCm, Age: *in.Age, Sex: nutrition.Sex(in.Sex)}
	if _, err := nutrition.ParseSex(in.Sex); err != nil {
		return badInput("sex %q: want female or male", in.Sex)
	}
	if err := body.Validate(); err != nil {
		return badInput("%v: weightKg %g–%g, heightCm %g–%g, age %d–%d", err, float64(nutrition.MinWeightKg), float64(nutrition.MaxWeightKg),
			float64(nutrition.MinHeightCm), float64(nutrition.MaxHeightCm), nutrition.MinAge, nutrition.MaxAge)
	}
	if _, _, err := nutrition.ParseActivityLevel(in.ActivityLevel); err != nil {
		return badInput("activityLevel %q: want sedentary, light, moderate, active or very_active", in.ActivityLevel)
	}
	if _, err := nutrition.ParseObjective(in.Objective); err != nil {
		return badInput("objective %q: want weight_loss, maintenance, muscle_gain or recomposition", in.Objective)
	}
	if _, _, err := nutrition.ParsePreset(in.MacroPreset); err != nil {
		return badInput("macroPreset %q: want default, high_protein, high_carbs, low_carbs or balanced", in.MacroPreset)
	}
	split := nutrition.DefaultMealSplit
	if in.MealSplit != nil {
		if err := in.MealSplit.Validate(); err != nil {
			return badInput("mealSplit: %v", err)
		}
		split = *in.MealSplit
	}
	n, err := nutrition.CalculateNeeds(nutrition.NeedsInput{Body: body, Activity: nutrition.ActivityLevel(in.ActivityLevel),
		Objective: nutrition.Objective(in.Objective), Preset: nutrition.MacroPreset(in.MacroPreset)})
	if err != nil {
		return badInput("%v", err)
	}
	// The app stores the needs as the person's goals (whole numbers) and takes each meal's target
	// from them with nutrition.MealTarget: the same two steps here.
	day := n.Goals().Macros()
	out := needsOutput{Day: day, Bounded: n.Bounded, Meals: map[string]nutrition.Macros{}}
	for c, m := range nutrition.MealTargets(day, split) {
		out.Meals[string(c)] = m
	}
	return json.NewEncoder(stdout).Encode(out)
}
