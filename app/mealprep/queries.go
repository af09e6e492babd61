package mealprep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/projections/mealpreps"
)

// Summary is one meal prep in the person's list.
type Summary struct {
	ID          uuid.UUID `json:"id"`
	Name        string    `json:"name"`
	FoodCount   int       `json:"foodCount"`
	RecipeCount int       `json:"recipeCount"`
	Running     int       `json:"running"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// List is the person's meal preps, most recently changed first (read model mealprep_list).
func (s *Service) List(ctx context.Context, owner uuid.UUID) ([]Summary, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT l.id, coalesce(t.name, ''), l.food_count, l.recipe_count,
		       (SELECT count(*) FROM generation_requests g WHERE g.mealprep_id = l.id AND NOT g.failed AND g.done < g.count),
		       l.updated_at
		FROM mealprep_list l LEFT JOIN mealprep_texts t ON t.subject_id = l.id
		WHERE l.owner_id = $1 AND NOT l.deleted
		ORDER BY l.updated_at DESC LIMIT 200`, owner)
	if err != nil {
		return nil, fmt.Errorf("mealprep: list of %s: %w", owner, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Summary, error) {
		var m Summary
		err := r.Scan(&m.ID, &m.Name, &m.FoodCount, &m.RecipeCount, &m.Running, &m.UpdatedAt)
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("mealprep: list of %s: %w", owner, err)
	}
	if out == nil {
		out = []Summary{}
	}
	return out, nil
}

// Name is the name the person gave a meal prep or a recipe ("" when none).
func (s *Service) Name(ctx context.Context, subject uuid.UUID) (string, error) {
	var name string
	err := s.pool.QueryRow(ctx, `SELECT name FROM mealprep_texts WHERE subject_id = $1`, subject).Scan(&name)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("mealprep: name of %s: %w", subject, err)
	}
	return name, nil
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
}

const recipeCols = `r.id, r.request_id, coalesce(t.name, CASE WHEN $2 = 'en' THEN r.name_en ELSE r.name_fr END), r.category, r.servings,
	r.ingredients, r.target, r.nutrition, r.within_tolerance, r.feasible,
	CASE WHEN $2 = 'en' THEN r.explanation_en ELSE r.explanation_fr END, r.duration_min, r.price_cents,
	r.health_score, r.health_grade, r.generator, CASE WHEN $2 = 'en' THEN r.steps_en ELSE r.steps_fr END`

// Recipes lists a meal prep's recipes in lang, oldest first. Callers check ownership first.
func (s *Service) Recipes(ctx context.Context, p Person, mealPrepID uuid.UUID, lang string) ([]RecipeView, error) {
	return s.recipes(ctx, p, lang, `WHERE r.mealprep_id = $1 ORDER BY r.created_at, r.idx`, mealPrepID)
}

// ErrRecipeNotFound: no such recipe in this meal prep.
var ErrRecipeNotFound = mealprep.ErrRecipeNotFound

// Recipe reads one recipe of a meal prep.
func (s *Service) Recipe(ctx context.Context, p Person, mealPrepID, recipeID uuid.UUID, lang string) (RecipeView, error) {
	rs, err := s.recipes(ctx, p, lang, `WHERE r.mealprep_id = $1 AND r.id = $3`, mealPrepID, recipeID)
	if err != nil {
		return RecipeView{}, err
	}
	if len(rs) == 0 {
		return RecipeView{}, fmt.Errorf("%w: %s", ErrRecipeNotFound, recipeID)
	}
	return rs[0], nil
}

func (s *Service) recipes(ctx context.Context, p Person, lang, where string, args ...any) ([]RecipeView, error) {
	if lang != "en" {
		lang = "fr"
	}
	all := append([]any{args[0], lang}, args[1:]...)
	rows, err := s.pool.Query(ctx, `SELECT `+recipeCols+` FROM recipes r LEFT JOIN mealprep_texts t ON t.subject_id = r.id `+where, all...)
	if err != nil {
		return nil, fmt.Errorf("mealprep: recipes: %w", err)
	}
	type raw struct {
		v                        RecipeView
		ings, target, nut, steps []byte
		feasible                 bool
		priceCents               int
	}
	var list []raw
	for rows.Next() {
		var x raw
		if err := rows.Scan(&x.v.ID, &x.v.RequestID, &x.v.Name, &x.v.Category, &x.v.Servings, &x.ings, &x.target, &x.nut,
			&x.v.WithinTolerance, &x.feasible, &x.v.Explanation, &x.v.DurationMin, &x.priceCents,
			&x.v.HealthScore, &x.v.HealthGrade, &x.v.Generator, &x.steps); err != nil {
			rows.Close()
			return nil, fmt.Errorf("mealprep: recipes: %w", err)
		}
		list = append(list, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("mealprep: recipes: %w", err)
	}
	out := make([]RecipeView, 0, len(list))
	var codes []int
	ingsOf := make([][]mealprep.Ingredient, len(list))
	for i, x := range list {
		if err := json.Unmarshal(x.ings, &ingsOf[i]); err != nil {
			return nil, fmt.Errorf("mealprep: recipe %s ingredients: %w", x.v.ID, err)
		}
		for _, in := range ingsOf[i] {
			codes = append(codes, in.FoodCode)
		}
	}
	var owner uuid.UUID
	if len(args) > 0 {
		owner, _ = s.ownerOf(ctx, args[0].(uuid.UUID))
	}
	names, err := s.foods.ByCodes(ctx, s.pool, lang, owner, codes)
	if err != nil {
		return nil, err
	}
	rate := 1.0
	cur := "EUR"
	if p.Currency == "USD" {
		rate, cur = s.usdPerEUR, "USD"
	}
	for i, x := range list {
		v := x.v
		_ = json.Unmarshal(x.target, &v.Target)
		_ = json.Unmarshal(x.nut, &v.Nutrition)
		_ = json.Unmarshal(x.steps, &v.Steps)
		if v.Steps == nil {
			v.Steps = []string{}
		}
		v.Refunded = x.feasible && !v.WithinTolerance
		v.Price, v.Currency = math.Round(float64(x.priceCents)*rate)/100, cur
		v.PerServing = perServing(v.Nutrition, v.Servings)
		for _, in := range ingsOf[i] {
			v.Ingredients = append(v.Ingredients, IngredientView{FoodCode: in.FoodCode, Name: names[in.FoodCode].Name, Grams: in.Grams, Natural: names[in.FoodCode].Natural})
		}
		out = append(out, v)
	}
	return out, nil
}

func (s *Service) ownerOf(ctx context.Context, mealPrepID uuid.UUID) (uuid.UUID, error) {
	var owner uuid.UUID
	err := s.pool.QueryRow(ctx, `SELECT owner_id FROM mealprep_list WHERE id = $1`, mealPrepID).Scan(&owner)
	return owner, err
}

func perServing(n mealprep.Nutrition, servings int) mealprep.Nutrition {
	k := float64(max(servings, 1))
	r := func(v float64) float64 { return math.Round(v/k*10) / 10 }
	return mealprep.Nutrition{
		Macros:  mealprep.Macros{Kcal: math.Round(n.Kcal / k), ProteinG: r(n.ProteinG), FatG: r(n.FatG), CarbsG: r(n.CarbsG)},
		SatFatG: r(n.SatFatG), FibreG: r(n.FibreG), SugarsG: r(n.SugarsG), SaltG: math.Round(n.SaltG/k*100) / 100, SodiumMg: math.Round(n.SodiumMg / k),
	}
}

// RequestView is a generation request's progress (read model generation_requests).
type RequestView struct {
	RequestID uuid.UUID         `json:"requestId"`
	Category  mealprep.Category `json:"category"`
	Count     int               `json:"count"`
	Done      int               `json:"done"`
	Failed    bool              `json:"failed"`
	Reason    string            `json:"reason"`
	// Diagnosis is the engine's one change that would make a refused request possible, in the
	// page's language ("" when there is none).
	Diagnosis string    `json:"diagnosis"`
	Refunded  int       `json:"refunded"`
	Running   bool      `json:"running"`
	CreatedAt time.Time `json:"createdAt"`
}

// Requests lists a meal prep's running requests and those finished in the last ten minutes,
// newest first, diagnoses in lang ("en", else French): what the recipes page follows.
func (s *Service) Requests(ctx context.Context, mealPrepID uuid.UUID, lang string) ([]RequestView, error) {
	rows, err := s.pool.Query(ctx, `SELECT request_id, category, count, done, failed, reason,
		CASE WHEN $2 = 'en' THEN diagnosis_en ELSE diagnosis_fr END, refunded, created_at
		FROM generation_requests WHERE mealprep_id = $1 AND ((NOT failed AND done < count) OR updated_at > now() - interval '10 minutes')
		ORDER BY created_at DESC LIMIT 20`, mealPrepID, lang)
	if err != nil {
		return nil, fmt.Errorf("mealprep: requests of %s: %w", mealPrepID, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (RequestView, error) {
		var v RequestView
		err := r.Scan(&v.RequestID, &v.Category, &v.Count, &v.Done, &v.Failed, &v.Reason, &v.Diagnosis, &v.Refunded, &v.CreatedAt)
		v.Running = !v.Failed && v.Done < v.Count
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("mealprep: requests of %s: %w", mealPrepID, err)
	}
	if out == nil {
		out = []RequestView{}
	}
	return out, nil
}

// PlanOf computes the meal prep's plan against the person's daily goals, laid out over
// mealprep.PlanDays days with the person's meal split, and the foods (the meal prep's, with
// what the person has) its days need more of.
func PlanOf(recipes []RecipeView, p Person, foods []mealprep.Ingredient) mealprep.Plan {
	in := make([]mealprep.PlanRecipe, 0, len(recipes))
	stock := make([]mealprep.StockRecipe, 0, len(recipes))
	names := map[int]string{}
	for _, r := range recipes {
		in = append(in, mealprep.PlanRecipe{ID: r.ID, Category: r.Category, Servings: r.Servings, PerServing: r.PerServing.Macros})
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

// RecentRecipe is one of a person's latest recipes, for the dashboard home.
type RecentRecipe struct {
	ID           uuid.UUID         `json:"id"`
	MealPrepID   uuid.UUID         `json:"mealPrepId"`
	Name         string            `json:"name"`
	MealPrepName string            `json:"mealPrepName"`
	Category     mealprep.Category `json:"category"`
	Servings     int               `json:"servings"`
	// PerServing is one serving's kcal and macros, as the recipe cards show them.
	PerServing mealprep.Macros `json:"perServing"`
	CreatedAt  time.Time       `json:"createdAt"`
}

// RecentRecipes is the owner's latest recipes across their meal preps that are not deleted,
// newest first, at most limit (1..20), named in lang ("fr" or "en"; a rename wins). One query:
// the owner's meal preps (mealprep_list_owner), each one's newest recipes read backwards off
// recipes_mealprep and cut at limit, so the cost follows the number of meal preps, not of
// recipes; names are looked up for the rows kept only.
func (s *Service) RecentRecipes(ctx context.Context, owner uuid.UUID, lang string, limit int) ([]RecentRecipe, error) {
	limit = min(max(limit, 1), 20)
	rows, err := s.pool.Query(ctx, `
		SELECT x.id, x.mealprep_id, coalesce(rt.name, CASE WHEN $2 = 'en' THEN x.name_en ELSE x.name_fr END),
		       coalesce(mt.name, ''), x.category, x.servings, x.nutrition, x.created_at
		FROM (
			SELECT r.*, l.id AS mealprep_id FROM mealprep_list l
			CROSS JOIN LATERAL (
				SELECT id, name_fr, name_en, category, servings, nutrition, created_at, idx FROM recipes
				WHERE mealprep_id = l.id ORDER BY created_at DESC LIMIT $3) r
			WHERE l.owner_id = $1 AND NOT l.deleted
			ORDER BY r.created_at DESC, r.idx DESC LIMIT $3) x
		LEFT JOIN mealprep_texts rt ON rt.subject_id = x.id
		LEFT JOIN mealprep_texts mt ON mt.subject_id = x.mealprep_id
		ORDER BY x.created_at DESC, x.idx DESC`, owner, lang, limit)
	if err != nil {
		return nil, fmt.Errorf("mealprep: recent recipes of %s: %w", owner, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (RecentRecipe, error) {
		var v RecentRecipe
		var nut []byte
		if err := row.Scan(&v.ID, &v.MealPrepID, &v.Name, &v.MealPrepName, &v.Category, &v.Servings, &nut, &v.CreatedAt); err != nil {
			return v, err
		}
		var n mealprep.Nutrition
		if err := json.Unmarshal(nut, &n); err != nil {
			return v, fmt.Errorf("recipe %s nutrition: %w", v.ID, err)
		}
		v.PerServing = perServing(n, v.Servings).Macros
		return v, nil
	})
	if err != nil {
		return nil, fmt.Errorf("mealprep: recent recipes of %s: %w", owner, err)
	}
	if out == nil {
		out = []RecentRecipe{}
	}
	return out, nil
}
