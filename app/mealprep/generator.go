package mealprep

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/google/uuid"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
)

// FoodData is a food as the generator sees it: per-100 g nutrients (unknown values as 0) and
// the groups its rules use.
type FoodData struct {
	Code       int
	NameFR     string
	NameEN     string
	GroupEN    string
	SubgroupEN string
	Per100     mealprep.Nutrition
	// HasEnergy is false when CIQUAL gives no energy: such a food cannot count towards kcal.
	HasEnergy bool
	// Raw keeps which values are unknown, for generators that care (the recipe engine does).
	Raw nutritionapp.Nutrients
	// WaterG is CIQUAL's water per 100 g (nil when unknown): cooked grains and pulses are priced
	// and bought by their dry equivalent.
	WaterG *float64
	// HaveG is what the person has of the food, the most one recipe may use (0: no limit); set
	// when the data is loaded for the meal prep's foods.
	HaveG int
}

// GenerateInput is one request's recipes to make.
type GenerateInput struct {
	Foods    []FoodData
	Category mealprep.Category
	// Target is per serving.
	Target          mealprep.Macros
	Diet            nutrition.Diet
	PriceLimitCents int
	Currency        string
	// Count recipes, varied deterministically by Seed (the same request gives the same recipes,
	// so a retried job makes what the first attempt would have).
	Count int
	Seed  uint64
}

// Generator makes a request's recipes from the meal prep's foods; every number must come from
// food data. On error it may return the recipes made before the failure (index i of the slice
// is recipe i of the request): they are kept.
type Generator interface {
	Generate(ctx context.Context, in GenerateInput) ([]mealprep.Recipe, error)
}

// FewerDiagnoser is a Generator that can say what would let the foods make more distinct
// recipes, when it made made of the in.Count asked (empty when it cannot tell).
type FewerDiagnoser interface {
	DiagnoseFewer(in GenerateInput, made int) mealprep.Diagnosis
}

func val(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

func foodData(f nutritionapp.Food) FoodData {
	n := f.Per100g
	return FoodData{
		Code: f.Code, NameFR: f.Name, NameEN: f.NameEN, GroupEN: f.GroupEN, SubgroupEN: f.SubgroupEN, HasEnergy: n.Kcal != nil, Raw: n, WaterG: f.WaterG,
		Per100: mealprep.Nutrition{
			Macros:  mealprep.Macros{Kcal: val(n.Kcal), ProteinG: val(n.ProteinG), FatG: val(n.FatG), CarbsG: val(n.CarbsG)},
			SatFatG: val(n.SatFatG), FibreG: val(n.FibreG), SugarsG: val(n.SugarsG), SaltG: val(n.SaltG), SodiumMg: val(n.SodiumMg),
		},
	}
}

// FoodData loads foods of a meal prep (the owner's custom foods included), in order.
func (s *Service) FoodData(ctx context.Context, owner uuid.UUID, ings []mealprep.Ingredient) ([]FoodData, error) {
	return s.foodData(ctx, s.pool, owner, ings)
}

// foodData loads the meal prep's foods, in order, with French names (FoodData.NameFR) and English
// names (NameEN).
func (s *Service) foodData(ctx context.Context, db eventstore.DBTX, owner uuid.UUID, ings []mealprep.Ingredient) ([]FoodData, error) {
	codes := make([]int, len(ings))
	for i, in := range ings {
		codes[i] = in.FoodCode
	}
	known, err := s.foods.ByCodes(ctx, db, "fr", owner, codes)
	if err != nil {
		return nil, err
	}
	out := make([]FoodData, 0, len(codes))
	for i, c := range codes {
		if f, ok := known[c]; ok {
			d := foodData(f)
			d.HaveG = ings[i].Grams
			out = append(out, d)
		}
	}
	return out, nil
}

// Recomputed is what a recipe's ingredients give: the whole recipe's nutrition, its price (EUR
// cents) and its Nutri-Score.
type Recomputed struct {
	Nutrition   mealprep.Nutrition
	PriceCents  int
	HealthScore *int
	HealthGrade string
}

// Recompute is the one path from ingredients to numbers, for generated and edited recipes alike:
// the recipe engine's nutrition.Recompute over the foods (water included), with the price table
// the process shares (admins' overrides included) and the engine's Nutri-Score. foods[i] is
// ingredient i's food.
func Recompute(foods []FoodData, ings []mealprep.Ingredient, servings int, prices *nutrition.PriceTable) (Recomputed, error) {
	r := nutrition.Recipe{Servings: max(servings, 1)}
	byCode := make(map[int]nutrition.Food, len(foods))
	for i, in := range ings {
		if i >= len(foods) {
			break
		}
		byCode[in.FoodCode] = engineFood(foods[i])
		r.Ingredients = append(r.Ingredients, nutrition.Ingredient{FoodCode: in.FoodCode, Grams: in.Grams})
	}
	if err := nutrition.Recompute(&r, byCode, nutrition.Pricing{Table: prices, Currency: nutrition.EUR}); err != nil {
		return Recomputed{}, fmt.Errorf("mealprep: recompute: %w", err)
	}
	out := fromEngine(r)
	return Recomputed{Nutrition: out.Nutrition, PriceCents: out.PriceCents, HealthScore: out.HealthScore, HealthGrade: out.HealthGrade}, nil
}

// WithinTolerance reports whether got is within the recipe engine's published tolerance of want
// (nutrition.WithinTolerance: 5 % or 3 g per macro, 5 % or 12 kcal for energy), so a recipe
// edited by hand is judged by the same rule as a generated one.
func WithinTolerance(got, want mealprep.Macros) bool {
	return nutrition.WithinTolerance(nutrition.Macros(want), nutrition.Macros(got))
}

// ScaledGenerator is the simple built-in generator: it picks up to four foods with energy
// (rotating through the meal prep's foods with the seed, so recipes of one request differ) and
// scales their quantities, in 5 g steps, to the target energy with an equal share of energy
// each. It does not aim at the macros; the recipe engine's solver does. It never claims a
// target was feasible, so it never triggers a tolerance refund. Prices is the price table
// (nil: the shipped one).
type ScaledGenerator struct {
	Prices *nutrition.PriceTable
}

// Generate implements Generator.
func (g ScaledGenerator) Generate(_ context.Context, in GenerateInput) ([]mealprep.Recipe, error) {
	out := make([]mealprep.Recipe, 0, in.Count)
	for i := range in.Count {
		r, err := g.one(in, in.Seed+uint64(i))
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

func (sg ScaledGenerator) one(in GenerateInput, seed uint64) (mealprep.Recipe, error) {
	var usable []FoodData
	for _, f := range in.Foods {
		if f.HasEnergy && f.Per100.Kcal > 0 {
			usable = append(usable, f)
		}
	}
	if len(usable) == 0 {
		return mealprep.Recipe{}, fmt.Errorf("no food with energy among %d", len(in.Foods))
	}
	n := min(len(usable), 4)
	start := int(seed % uint64(len(usable)))
	picked := make([]FoodData, 0, n)
	for i := range n {
		picked = append(picked, usable[(start+i)%len(usable)])
	}
	share := in.Target.Kcal / float64(n)
	ings := make([]mealprep.Ingredient, 0, n)
	for _, f := range picked {
		g := share / f.Per100.Kcal * 100
		g = math.Round(g/5) * 5
		g = min(max(g, 5), 500)
		ings = append(ings, mealprep.Ingredient{FoodCode: f.Code, Grams: int(g)})
	}
	prices := sg.Prices
	if prices == nil {
		prices = ShippedPrices()
	}
	nums, err := Recompute(picked, ings, 1, prices)
	if err != nil {
		return mealprep.Recipe{}, err
	}
	nut := nums.Nutrition
	names := func(fr bool) string {
		var parts []string
		for _, f := range picked[:min(2, len(picked))] {
			name := f.NameEN
			if fr {
				name = f.NameFR
			}
			name, _, _ = strings.Cut(name, ",")
			parts = append(parts, strings.TrimSpace(name))
		}
		if fr {
			return strings.Join(parts, " et ")
		}
		return strings.Join(parts, " and ")
	}
	var fr, en string
	switch in.Category {
	case mealprep.Breakfast:
		fr, en = "Petit-déjeuner : "+names(true), "Breakfast: "+names(false)
	case mealprep.Snack:
		fr, en = "En-cas : "+names(true), "Snack: "+names(false)
	default:
		fr, en = "Assiette : "+names(true), "Plate: "+names(false)
	}
	steps := func(fr bool) []string {
		out := make([]string, 0, len(picked)+1)
		for i, f := range picked {
			if fr {
				out = append(out, fmt.Sprintf("Peser %d g de %s.", ings[i].Grams, strings.ToLower(f.NameFR)))
			} else {
				out = append(out, fmt.Sprintf("Weigh %d g of %s.", ings[i].Grams, strings.ToLower(f.NameEN)))
			}
		}
		if fr {
			return append(out, "Cuire ce qui doit l’être, assembler et servir.")
		}
		return append(out, "Cook what needs cooking, assemble and serve.")
	}
	return mealprep.Recipe{
		Category: in.Category, Servings: 1, Ingredients: ings, Target: in.Target, Nutrition: nut,
		WithinTolerance: WithinTolerance(nut.Macros, in.Target), Feasible: false,
		DurationMin: 5 + 5*len(picked), PriceCents: nums.PriceCents, HealthScore: nums.HealthScore, HealthGrade: nums.HealthGrade, Generator: "builtin",
		NameFR: fr, NameEN: en, StepsFR: steps(true), StepsEN: steps(false),
	}, nil
}
