package mealprep

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/projections/mealpreps"
)

// List is the person's meal preps, most recently changed first.
func (s *Service) List(ctx context.Context, owner uuid.UUID) ([]mealpreps.Summary, error) {
	return mealpreps.ListOf(ctx, s.pool, owner)
}

// Name is the name the person gave a meal prep or a recipe ("" when none).
func (s *Service) Name(ctx context.Context, subject uuid.UUID) (string, error) {
	return mealpreps.Name(ctx, s.pool, subject)
}

// Owned reads the header of the owner's meal prep from the read model, in one statement:
// another person's, a deleted one or an unknown id is mealprep.ErrNotFound. Pages check
// ownership with it instead of replaying the stream. When the read models have not caught up
// with the stream (a write a moment ago, a busy server) it replays the stream instead, so a page
// never shows a meal prep as it was before the person's last change: the returned header is not
// Current and FoodsOf reads the stream too.
func (s *Service) Owned(ctx context.Context, owner, id uuid.UUID) (mealpreps.Header, error) {
	h, err := mealpreps.Owned(ctx, s.pool, owner, id)
	if err == nil && h.Current || err != nil && !errors.Is(err, mealpreps.ErrBehind) {
		return h, err
	}
	m, err := s.Load(ctx, owner, id)
	if err != nil {
		return mealpreps.Header{}, err
	}
	name, err := mealpreps.Name(ctx, s.pool, id)
	if err != nil {
		return mealpreps.Header{}, err
	}
	return mealpreps.Header{ID: id, Owner: owner, Name: name, FoodCount: len(m.Foods())}, nil
}

// FoodsOf are the foods of the meal prep h (from Owned) with what the person has of each, in
// the order they were added: from the read model, or from the stream when the read model is
// behind.
func (s *Service) FoodsOf(ctx context.Context, h mealpreps.Header) ([]mealprep.Ingredient, error) {
	if h.Current {
		return mealpreps.Foods(ctx, s.pool, h.ID)
	}
	m, err := s.Load(ctx, h.Owner, h.ID)
	if err != nil {
		return nil, err
	}
	return m.Foods(), nil
}

// HasRecipe reports whether the meal prep h (from Owned) has recipe id: the recipes read model
// answers when it is current; otherwise the stream does, so a recipe deleted a moment ago is
// gone.
func (s *Service) HasRecipe(ctx context.Context, h mealpreps.Header, recipeID uuid.UUID) (bool, error) {
	if h.Current {
		return true, nil // the read model's answer comes with the recipe itself
	}
	m, err := s.Load(ctx, h.Owner, h.ID)
	if err != nil {
		return false, err
	}
	return m.Recipe(recipeID) != nil, nil
}

// Requests lists the running requests of the meal prep h (from Owned) and those finished in the
// last ten minutes, newest first, diagnoses in lang: what the recipes page follows, and what
// starts its poll. From the read model when h is Current, from the stream otherwise, so a
// request paid for a moment ago is always there.
func (s *Service) Requests(ctx context.Context, h mealpreps.Header, lang string) ([]mealpreps.RequestView, error) {
	var vs []mealpreps.RequestView
	if h.Current {
		var err error
		if vs, err = mealpreps.RequestsOf(ctx, s.pool, h.ID, lang); err != nil {
			return nil, err
		}
	} else {
		f, err := s.fold(ctx, h.ID)
		if err != nil {
			return nil, err
		}
		vs = f.Requests(lang, time.Now())
	}
	return vs, s.nameAdvice(ctx, h.Owner, lang, vs)
}

// nameAdvice names the foods the requests' suggestions offer, in lang; a food no longer in the
// catalogue keeps its code and no name, and the page leaves it out.
func (s *Service) nameAdvice(ctx context.Context, owner uuid.UUID, lang string, vs []mealpreps.RequestView) error {
	var codes []int
	for _, v := range vs {
		if v.Suggestion != nil {
			for _, f := range v.Suggestion.Foods {
				codes = append(codes, f.Code)
			}
		}
	}
	if len(codes) == 0 {
		return nil
	}
	known, err := s.foods.ByCodes(ctx, s.pool, lang, owner, codes)
	if err != nil {
		return fmt.Errorf("name suggested foods: %w", err)
	}
	for _, v := range vs {
		if v.Suggestion != nil {
			for i, f := range v.Suggestion.Foods {
				v.Suggestion.Foods[i].Name = known[f.Code].Name
			}
		}
	}
	return nil
}

// fold reads the meal prep's stream as the recipes and requests read models will hold it.
func (s *Service) fold(ctx context.Context, id uuid.UUID) (mealpreps.Folded, error) {
	events, err := s.store.Load(ctx, s.pool, mealprep.StreamID(id), 1)
	if err != nil {
		return mealpreps.Folded{}, fmt.Errorf("mealprep %s: %w", id, err)
	}
	return mealpreps.Fold(events)
}

// recipeRows reads a meal prep's recipes (or only recipeID) in lang and its owner: from the
// recipes read model when the read models are current, from the stream otherwise, like Owned.
func (s *Service) recipeRows(ctx context.Context, mealPrepID, recipeID uuid.UUID, lang string) ([]mealpreps.RecipeRow, uuid.UUID, error) {
	cur, err := mealpreps.Current(ctx, s.pool, mealPrepID)
	if err != nil {
		return nil, uuid.Nil, err
	}
	if cur {
		rows, err := mealpreps.RecipeRows(ctx, s.pool, mealPrepID, recipeID, lang)
		if err != nil {
			return nil, uuid.Nil, fmt.Errorf("mealprep: %w", err)
		}
		owner, err := mealpreps.OwnerOf(ctx, s.pool, mealPrepID)
		return rows, owner, err
	}
	f, err := s.fold(ctx, mealPrepID)
	if err != nil {
		return nil, uuid.Nil, err
	}
	names, err := mealpreps.TextsOf(ctx, s.pool, f.RecipeIDs())
	if err != nil {
		return nil, uuid.Nil, err
	}
	return f.RecipeRows(recipeID, lang, names), f.Owner, nil
}

// RecentRecipes is the owner's latest recipes across their meal preps, newest first, at most
// limit (1..20), named in lang.
func (s *Service) RecentRecipes(ctx context.Context, owner uuid.UUID, lang string, limit int) ([]mealpreps.RecentRecipe, error) {
	return mealpreps.RecentRecipes(ctx, s.pool, owner, lang, limit)
}

// Projections are the meal-prep read models' names, for read-your-writes waits.
var Projections = []string{mealpreps.ListName, mealpreps.DetailName, mealpreps.RecipesName, mealpreps.RequestsName}

// WaitForReadModels waits (bounded by ctx) until the meal-prep read models include position.
func (s *Service) WaitForReadModels(ctx context.Context, position int64) error {
	if position <= 0 {
		return nil
	}
	return projections.WaitFor(ctx, s.pool, position, Projections...)
}

// IngredientView is an ingredient with its food's name.
type IngredientView struct {
	FoodCode int    `json:"foodCode"`
	Name     string `json:"name"`
	Grams    int    `json:"grams"`
	// Natural is how people count the food (eggs by the piece, oils in ml), nil for grams only.
	Natural *nutrition.NaturalUnit `json:"natural"`
	// FromPantry: a cooking fat from the person's cupboard, not one of the meal prep's foods
	// (docs/nutrition.md, "Pantry staples"); the shopping list does not buy it.
	FromPantry bool `json:"fromPantry"`
}

// RecipeView is a recipe as pages show it (read model recipes).
type RecipeView struct {
	ID          uuid.UUID          `json:"id"`
	RequestID   uuid.UUID          `json:"requestId"`
	Name        string             `json:"name"`
	Category    mealprep.Category  `json:"category"`
	Servings    int                `json:"servings"`
	Ingredients []IngredientView   `json:"ingredients"`
	Target      mealprep.Macros    `json:"target"`
	Nutrition   mealprep.Nutrition `json:"nutrition"`
	PerServing  mealprep.Nutrition `json:"perServing"`
	// WithinTolerance and Refunded: a miss on a feasible target refunded its token.
	WithinTolerance bool   `json:"withinTolerance"`
	Refunded        bool   `json:"refunded"`
	Explanation     string `json:"explanation"`
	DurationMin     int    `json:"durationMin"`
	// Price of the whole recipe, in the person's currency (an estimate).
	Price       float64  `json:"price"`
	Currency    string   `json:"currency"`
	HealthScore *int     `json:"healthScore"`
	HealthGrade string   `json:"healthGrade"`
	Generator   string   `json:"generator"`
	Steps       []string `json:"steps"`
	// Kept: "regenerate the rest" leaves it.
	Kept bool `json:"kept"`
	// Dish is the recipe's dish form, for the schedule (not shown: the name says it).
	Dish string `json:"-"`
}

// Recipes lists a meal prep's recipes in lang, oldest first. Callers check ownership first.
func (s *Service) Recipes(ctx context.Context, p Person, mealPrepID uuid.UUID, lang string) ([]RecipeView, error) {
	return s.recipes(ctx, p, mealPrepID, uuid.Nil, lang)
}

// ErrRecipeNotFound: no such recipe in this meal prep.
var ErrRecipeNotFound = mealprep.ErrRecipeNotFound

// Recipe reads one recipe of a meal prep.
func (s *Service) Recipe(ctx context.Context, p Person, mealPrepID, recipeID uuid.UUID, lang string) (RecipeView, error) {
	rs, err := s.recipes(ctx, p, mealPrepID, recipeID, lang)
	if err != nil {
		return RecipeView{}, err
	}
	if len(rs) == 0 {
		return RecipeView{}, fmt.Errorf("%w: %s", ErrRecipeNotFound, recipeID)
	}
	return rs[0], nil
}

// recipes reads the recipes (recipeRows) and names the ingredients' foods (the owner's own
// included) in lang, with prices in the person's currency.
func (s *Service) recipes(ctx context.Context, p Person, mealPrepID, recipeID uuid.UUID, lang string) ([]RecipeView, error) {
	if lang != "en" {
		lang = "fr"
	}
	rows, owner, err := s.recipeRows(ctx, mealPrepID, recipeID, lang)
	if err != nil {
		return nil, err
	}
	var codes []int
	for _, r := range rows {
		for _, in := range r.Ingredients {
			codes = append(codes, in.FoodCode)
		}
	}
	names, err := s.foods.ByCodes(ctx, s.pool, lang, owner, codes)
	if err != nil {
		return nil, err
	}
	cupboard, err := s.cupboardOf(ctx, p, mealPrepID, codes)
	if err != nil {
		return nil, err
	}
	rate := 1.0
	cur := "EUR"
	if p.Currency == "USD" {
		rate, cur = s.usdPerEUR, "USD"
	}
	out := make([]RecipeView, 0, len(rows))
	for _, r := range rows {
		v := RecipeView{
			ID: r.ID, RequestID: r.RequestID, Name: r.Name, Category: r.Category, Servings: r.Servings,
			Target: r.Target, Nutrition: r.Nutrition, PerServing: mealprep.PerServing(r.Nutrition, r.Servings),
			WithinTolerance: r.WithinTolerance, Refunded: r.Feasible && !r.WithinTolerance, Explanation: r.Explanation,
			DurationMin: r.DurationMin, Price: math.Round(float64(r.PriceCents)*rate) / 100, Currency: cur,
			HealthScore: r.HealthScore, HealthGrade: r.HealthGrade, Generator: r.Generator, Steps: r.Steps, Kept: r.Kept,
			Dish: r.Dish,
		}
		for _, in := range r.Ingredients {
			v.Ingredients = append(v.Ingredients, IngredientView{FoodCode: in.FoodCode, Name: names[in.FoodCode].Name, Grams: in.Grams, Natural: names[in.FoodCode].Natural,
				FromPantry: cupboard[in.FoodCode]})
		}
		out = append(out, v)
	}
	return out, nil
}

// cupboardOf are the cooking fats of p's cupboard among the recipes' food codes that the meal
// prep does not hold (cupboardFats); the meal prep's foods are read only when a recipe holds one.
func (s *Service) cupboardOf(ctx context.Context, p Person, mealPrepID uuid.UUID, codes []int) (map[int]bool, error) {
	fats := nutrition.PantryFoodCodes(p.Pantry)
	if !slices.ContainsFunc(codes, func(c int) bool { return slices.Contains(fats, c) }) {
		return nil, nil
	}
	foods, err := mealpreps.Foods(ctx, s.pool, mealPrepID)
	if err != nil {
		return nil, fmt.Errorf("mealprep %s: foods: %w", mealPrepID, err)
	}
	return cupboardFats(p.Pantry, foods), nil
}

// Plan is PlanOf with each lunch's keeping time (batchcook.KeepDays, from the recipe's foods):
// the plan page lays the days out as the batch-cooking plan eats them, a salmon dish within the
// 2 days it keeps after each cooking day.
func (s *Service) Plan(ctx context.Context, owner uuid.UUID, recipes []RecipeView, p Person, foods []mealprep.Ingredient) (mealprep.Plan, error) {
	in, err := s.cookInput(ctx, owner, recipes)
	if err != nil {
		return mealprep.Plan{}, fmt.Errorf("plan: foods: %w", err)
	}
	return planOf(recipes, p, foods, batchcook.KeepDays(in)), nil
}

// PlanOf computes the meal prep's plan against the person's daily goals, laid out over
// mealprep.PlanDays days with the person's meal split, and the foods (the meal prep's, with
// what the person has) its days need more of; without keeping times (Plan has them).
func PlanOf(recipes []RecipeView, p Person, foods []mealprep.Ingredient) mealprep.Plan {
	return planOf(recipes, p, foods, nil)
}

func planOf(recipes []RecipeView, p Person, foods []mealprep.Ingredient, keep map[uuid.UUID]int) mealprep.Plan {
	in := make([]mealprep.PlanRecipe, 0, len(recipes))
	stock := make([]mealprep.StockRecipe, 0, len(recipes))
	names := map[int]string{}
	for _, r := range recipes {
		in = append(in, mealprep.PlanRecipe{ID: r.ID, Category: r.Category, Servings: r.Servings, PerServing: r.PerServing.Macros, Dish: r.Dish, KeepDays: keep[r.ID]})
		sr := mealprep.StockRecipe{ID: r.ID, Servings: r.Servings}
		for _, ing := range r.Ingredients {
			sr.Ingredients = append(sr.Ingredients, mealprep.Ingredient{FoodCode: ing.FoodCode, Grams: ing.Grams})
			names[ing.FoodCode] = ing.Name
		}
		stock = append(stock, sr)
	}
	plan := mealprep.PlanOf(in, p.Daily, p.Split, mealprep.PlanDays)
	plan.Stock = mealprep.NeedsBeyondStock(foods, stock, plan.Schedule)
	for i := range plan.Stock {
		plan.Stock[i].Name = names[plan.Stock[i].FoodCode]
	}
	return plan
}

// PersonalExport is what the person's data export holds for meal preps: their meal preps with
// the names they gave, foods and recipes, and the foods they added.
type PersonalExport struct {
	MealPreps   []ExportedMealPrep `json:"mealPreps"`
	CustomFoods []map[string]any   `json:"customFoods"`
}

// ExportedMealPrep is one meal prep in the export.
type ExportedMealPrep struct {
	ID      uuid.UUID             `json:"id"`
	Name    string                `json:"name"`
	Foods   []mealprep.Ingredient `json:"foods"`
	Recipes []string              `json:"recipes"`
}

// Export gathers the person's meal-prep data (identity's data export calls it). Deleting the
// person needs no eraser: names and custom foods go with the users row (ON DELETE CASCADE) and
// the log and read models hold only the pseudonymous id.
func (s *Service) Export(ctx context.Context, q eventstore.DBTX, owner uuid.UUID) (any, error) {
	out := PersonalExport{MealPreps: []ExportedMealPrep{}, CustomFoods: []map[string]any{}}
	rows, err := q.Query(ctx, `SELECT l.id, coalesce(t.name, '') FROM mealprep_list l LEFT JOIN mealprep_texts t ON t.subject_id = l.id
		WHERE l.owner_id = $1 AND NOT l.deleted ORDER BY l.created_at`, owner)
	if err != nil {
		return nil, fmt.Errorf("mealprep: export of %s: %w", owner, err)
	}
	for rows.Next() {
		var m ExportedMealPrep
		if err := rows.Scan(&m.ID, &m.Name); err != nil {
			rows.Close()
			return nil, fmt.Errorf("mealprep: export of %s: %w", owner, err)
		}
		out.MealPreps = append(out.MealPreps, m)
	}
	rows.Close()
	for i := range out.MealPreps {
		m := &out.MealPreps[i]
		mp, err := s.runner.Load(ctx, q, mealprep.StreamID(m.ID))
		if err != nil {
			return nil, fmt.Errorf("mealprep: export %s: %w", m.ID, err)
		}
		m.Foods = mp.Foods()
		rs, err := q.Query(ctx, `SELECT coalesce(t.name, r.name_fr) FROM recipes r LEFT JOIN mealprep_texts t ON t.subject_id = r.id WHERE r.mealprep_id = $1 ORDER BY r.created_at`, m.ID)
		if err != nil {
			return nil, fmt.Errorf("mealprep: export recipes of %s: %w", m.ID, err)
		}
		m.Recipes, err = pgx.CollectRows(rs, pgx.RowTo[string])
		if err != nil {
			return nil, fmt.Errorf("mealprep: export recipes of %s: %w", m.ID, err)
		}
	}
	rows, err = q.Query(ctx, `SELECT code, name, producer, country, language, unit, kcal::float8, protein_g::float8, fat_g::float8, carbs_g::float8
		FROM custom_foods WHERE owner_id = $1 ORDER BY code`, owner)
	if err != nil {
		return nil, fmt.Errorf("mealprep: export custom foods of %s: %w", owner, err)
	}
	out.CustomFoods, err = pgx.CollectRows(rows, pgx.RowToMap)
	if err != nil {
		return nil, fmt.Errorf("mealprep: export custom foods of %s: %w", owner, err)
	}
	return out, nil
}
