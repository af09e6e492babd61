package mealpreps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// The queries the meal-prep pages read, beside the read models they read. Names come from
// mealprep_texts, the names the person gave, kept beside the log (app/mealprep writes them).

// Header is a meal prep as its pages name it.
type Header struct {
	ID        uuid.UUID
	Owner     uuid.UUID
	Name      string
	FoodCount int
	// Current: the four meal-prep read models hold every event of the stream (their version
	// guards are at its head), so they can be read as they are.
	Current bool
}

// ErrBehind: the meal prep is not in mealprep_list yet (created a moment ago, the projection
// has not caught up); only its stream can say whose it is.
var ErrBehind = errors.New("mealprep_list: behind its stream")

// Owned reads meal prep id for owner in one statement (the list row, its name, and whether the
// read models have caught up with the stream head): a deleted meal prep or another person's is
// mealprep.ErrNotFound, so ids do not leak (the owner never changes and deletion is final); a
// meal prep the list does not have yet is ErrBehind.
func Owned(ctx context.Context, db eventstore.DBTX, owner, id uuid.UUID) (Header, error) {
	h := Header{ID: id}
	var deleted bool
	err := db.QueryRow(ctx, `SELECT l.owner_id, l.deleted, coalesce(t.name, ''), l.food_count,
		coalesce((SELECT max(stream_version) FROM events WHERE stream_id = $2), 0) = least(
			coalesce((SELECT version FROM mealprep_list_versions WHERE mealprep_id = l.id), 0),
			coalesce((SELECT version FROM mealprep_detail_versions WHERE mealprep_id = l.id), 0),
			coalesce((SELECT version FROM recipes_versions WHERE mealprep_id = l.id), 0),
			coalesce((SELECT version FROM generation_requests_versions WHERE mealprep_id = l.id), 0))
		FROM mealprep_list l LEFT JOIN mealprep_texts t ON t.subject_id = l.id
		WHERE l.id = $1`, id, mealprep.StreamID(id)).Scan(&h.Owner, &deleted, &h.Name, &h.FoodCount, &h.Current)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return Header{}, fmt.Errorf("%w: %s", ErrBehind, id)
	case err != nil:
		return Header{}, fmt.Errorf("mealprep_list: %s: %w", id, err)
	case deleted || h.Owner != owner:
		return Header{}, fmt.Errorf("%w: %s", mealprep.ErrNotFound, id)
	}
	return h, nil
}

// OwnerOf is the owner of a meal prep, deleted or not (uuid.Nil when unknown).
func OwnerOf(ctx context.Context, db eventstore.DBTX, id uuid.UUID) (uuid.UUID, error) {
	var owner uuid.UUID
	err := db.QueryRow(ctx, `SELECT owner_id FROM mealprep_list WHERE id = $1`, id).Scan(&owner)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, fmt.Errorf("mealprep_list: owner of %s: %w", id, err)
	}
	return owner, nil
}

// Foods are a meal prep's foods with what the person has of each, in the order they were added
// (mealprep_detail).
func Foods(ctx context.Context, db eventstore.DBTX, id uuid.UUID) ([]mealprep.Ingredient, error) {
	rows, err := db.Query(ctx, `SELECT food_code, grams FROM mealprep_detail WHERE mealprep_id = $1 ORDER BY position`, id)
	if err != nil {
		return nil, fmt.Errorf("mealprep_detail: foods of %s: %w", id, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (mealprep.Ingredient, error) {
		var in mealprep.Ingredient
		err := r.Scan(&in.FoodCode, &in.Grams)
		return in, err
	})
	if err != nil {
		return nil, fmt.Errorf("mealprep_detail: foods of %s: %w", id, err)
	}
	return out, nil
}

// Name is the name the person gave a meal prep or a recipe ("" when none).
func Name(ctx context.Context, db eventstore.DBTX, subject uuid.UUID) (string, error) {
	var name string
	err := db.QueryRow(ctx, `SELECT name FROM mealprep_texts WHERE subject_id = $1`, subject).Scan(&name)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("mealprep: name of %s: %w", subject, err)
	}
	return name, nil
}

// Summary is one meal prep in the person's list.
type Summary struct {
	ID          uuid.UUID `json:"id"`
	Name        string    `json:"name"`
	FoodCount   int       `json:"foodCount"`
	RecipeCount int       `json:"recipeCount"`
	Running     int       `json:"running"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// ListOf is the person's meal preps, most recently changed first (mealprep_list).
func ListOf(ctx context.Context, db eventstore.DBTX, owner uuid.UUID) ([]Summary, error) {
	rows, err := db.Query(ctx, `
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

// RecipeRow is a recipe as the recipes read model holds it, named and written in one language.
type RecipeRow struct {
	ID              uuid.UUID
	RequestID       uuid.UUID
	Name            string
	Category        mealprep.Category
	Servings        int
	Ingredients     []mealprep.Ingredient
	Target          mealprep.Macros
	Nutrition       mealprep.Nutrition
	WithinTolerance bool
	Feasible        bool
	Explanation     string
	DurationMin     int
	PriceCents      int
	HealthScore     *int
	HealthGrade     string
	Generator       string
	Steps           []string
	// Kept: "regenerate the rest" leaves it.
	Kept bool
	// Dish is the recipe's dish form ("curry"; empty for recipes made before dish forms).
	Dish string
}

// RecipeRows reads a meal prep's recipes in lang ("en", else French; a rename wins), oldest
// first, or only recipeID when it is not uuid.Nil.
func RecipeRows(ctx context.Context, db eventstore.DBTX, mealPrepID, recipeID uuid.UUID, lang string) ([]RecipeRow, error) {
	rows, err := db.Query(ctx, `SELECT r.id, r.request_id, coalesce(t.name, CASE WHEN $2 = 'en' THEN r.name_en ELSE r.name_fr END), r.category, r.servings,
		r.ingredients, r.target, r.nutrition, r.within_tolerance, r.feasible,
		CASE WHEN $2 = 'en' THEN r.explanation_en ELSE r.explanation_fr END, r.duration_min, r.price_cents,
		r.health_score, r.health_grade, r.generator, CASE WHEN $2 = 'en' THEN r.steps_en ELSE r.steps_fr END, r.kept, r.dish
		FROM recipes r LEFT JOIN mealprep_texts t ON t.subject_id = r.id
		WHERE r.mealprep_id = $1 AND ($3 = '00000000-0000-0000-0000-000000000000'::uuid OR r.id = $3)
		ORDER BY r.created_at, r.idx`, mealPrepID, lang, recipeID)
	if err != nil {
		return nil, fmt.Errorf("recipes of %s: %w", mealPrepID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (RecipeRow, error) {
		var (
			r                        RecipeRow
			ings, target, nut, steps []byte
		)
		if err := row.Scan(&r.ID, &r.RequestID, &r.Name, &r.Category, &r.Servings, &ings, &target, &nut,
			&r.WithinTolerance, &r.Feasible, &r.Explanation, &r.DurationMin, &r.PriceCents,
			&r.HealthScore, &r.HealthGrade, &r.Generator, &steps, &r.Kept, &r.Dish); err != nil {
			return r, err
		}
		if err := json.Unmarshal(ings, &r.Ingredients); err != nil {
			return r, fmt.Errorf("recipe %s ingredients: %w", r.ID, err)
		}
		_ = json.Unmarshal(target, &r.Target)
		_ = json.Unmarshal(nut, &r.Nutrition)
		_ = json.Unmarshal(steps, &r.Steps)
		if r.Steps == nil {
			r.Steps = []string{}
		}
		return r, nil
	})
	if err != nil {
		return nil, fmt.Errorf("recipes of %s: %w", mealPrepID, err)
	}
	return out, nil
}

// RequestView is a generation request's progress (generation_requests).
type RequestView struct {
	RequestID uuid.UUID         `json:"requestId"`
	Category  mealprep.Category `json:"category"`
	Count     int               `json:"count"`
	Done      int               `json:"done"`
	Failed    bool              `json:"failed"`
	Reason    string            `json:"reason"`
	// Diagnosis is the engine's one change that would make a refused request possible, in the
	// page's language ("" when there is none).
	Diagnosis string `json:"diagnosis"`
	// Suggestion is the diagnosis's change as data, when the engine checked one.
	Suggestion *RequestAdvice `json:"suggestion"`
	Refunded   int            `json:"refunded"`
	Running    bool           `json:"running"`
	CreatedAt  time.Time      `json:"createdAt"`
}

// RequestAdvice is a refused request's checked suggestion as the page offers it: its foods by
// code and name (names looked up by the caller, in the page's language).
type RequestAdvice struct {
	Action     string       `json:"action"`
	Foods      []AdviceFood `json:"foods"`
	PriceLimit float64      `json:"priceLimit"`
	Pair       bool         `json:"pair"`
}

// AdviceFood is one food a suggestion names.
type AdviceFood struct {
	Code int    `json:"code"`
	Name string `json:"name"`
}

// adviceView is a recorded suggestion as the page reads it, names still empty; nil for none.
func adviceView(a *mealprep.Advice) *RequestAdvice {
	if a == nil {
		return nil
	}
	v := &RequestAdvice{Action: a.Action, Foods: make([]AdviceFood, len(a.FoodCodes)), PriceLimit: a.PriceLimit, Pair: a.Pair}
	for i, c := range a.FoodCodes {
		v.Foods[i].Code = c
	}
	return v
}

// How long a finished request stays in RequestsOf, and how many it lists at most.
const (
	requestsShownFor = 10 * time.Minute
	requestsShown    = 20
)

// RequestsOf lists a meal prep's running requests and those finished in the last ten minutes,
// newest first (one command's requests in the order asked: their ids increase), diagnoses in
// lang ("en", else French): what the recipes page follows.
func RequestsOf(ctx context.Context, db eventstore.DBTX, mealPrepID uuid.UUID, lang string) ([]RequestView, error) {
	rows, err := db.Query(ctx, `SELECT request_id, category, count, done, failed, reason,
		CASE WHEN $2 = 'en' THEN diagnosis_en ELSE diagnosis_fr END, suggestion, refunded, created_at
		FROM generation_requests WHERE mealprep_id = $1 AND ((NOT failed AND done < count) OR updated_at > now() - $3::interval)
		ORDER BY created_at DESC, request_id LIMIT $4`, mealPrepID, lang, requestsShownFor, requestsShown)
	if err != nil {
		return nil, fmt.Errorf("mealprep: requests of %s: %w", mealPrepID, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (RequestView, error) {
		var v RequestView
		var advice *mealprep.Advice
		err := r.Scan(&v.RequestID, &v.Category, &v.Count, &v.Done, &v.Failed, &v.Reason, &v.Diagnosis, &advice, &v.Refunded, &v.CreatedAt)
		v.Suggestion = adviceView(advice)
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
func RecentRecipes(ctx context.Context, db eventstore.DBTX, owner uuid.UUID, lang string, limit int) ([]RecentRecipe, error) {
	limit = min(max(limit, 1), 20)
	rows, err := db.Query(ctx, `
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
		v.PerServing = mealprep.PerServing(n, v.Servings).Macros
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
