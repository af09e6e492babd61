// Package mealpreps holds the meal-prep read models: mealprep_list (a person's meal preps),
// mealprep_detail (their foods), recipes and generation_requests (what the recipes page
// follows while recipes are being made). Each is its own projection (consumer group) so each
// can be rebuilt alone; all four share the per-stream version guard below.
package mealpreps

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// Projection names (consumer groups).
const (
	ListName     = "mealprep_list"
	DetailName   = "mealprep_detail"
	RecipesName  = "recipes"
	RequestsName = "generation_requests"
)

// All returns the four meal-prep projections.
func All() []Projection {
	return []Projection{List(), Detail(), Recipes(), Requests()}
}

// Projection is one meal-prep read model.
type Projection struct {
	name   string
	tables []string
	apply  func(ctx context.Context, tx pgx.Tx, id uuid.UUID, e eventstore.RecordedEvent, ev mealprep.Event) error
}

// Name implements projections.Projection.
func (p Projection) Name() string { return p.name }

// Tables implements projections.Projection: the read model and its version guard.
func (p Projection) Tables() []string {
	return append(p.tables[:len(p.tables):len(p.tables)], p.name+"_versions")
}

// Handles implements projections.Projection.
func (Projection) Handles(eventType string) bool { return mealprep.IsMealPrepEvent(eventType) }

// Apply applies each meal-prep event whose stream version is above the one this projection last
// applied for that meal prep, then records the new versions: a redelivered or replayed event
// changes nothing.
func (p Projection) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	byStream := map[uuid.UUID]int64{}
	var ids []uuid.UUID
	for _, e := range events {
		if !mealprep.IsMealPrepEvent(e.Type) {
			continue
		}
		id, err := mealprep.IDFromStream(e.StreamID)
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		if _, ok := byStream[id]; !ok {
			byStream[id] = 0
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `SELECT mealprep_id, version FROM `+p.name+`_versions WHERE mealprep_id = ANY($1)`, ids)
	if err != nil {
		return fmt.Errorf("%s: read versions: %w", p.name, err)
	}
	for rows.Next() {
		var id uuid.UUID
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			rows.Close()
			return fmt.Errorf("%s: read versions: %w", p.name, err)
		}
		byStream[id] = v
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: read versions: %w", p.name, err)
	}
	changed := map[uuid.UUID]bool{}
	for _, e := range events {
		if !mealprep.IsMealPrepEvent(e.Type) {
			continue
		}
		id, _ := mealprep.IDFromStream(e.StreamID)
		if e.Version <= byStream[id] {
			continue
		}
		ev, err := mealprep.Decode(e.Type, e.Payload)
		if err != nil {
			return fmt.Errorf("%s: position %d: %w", p.name, e.Position, err)
		}
		if err := p.apply(ctx, tx, id, e, ev); err != nil {
			return fmt.Errorf("%s: %s at position %d: %w", p.name, e.Type, e.Position, err)
		}
		byStream[id] = e.Version
		changed[id] = true
	}
	for id := range changed {
		if _, err := tx.Exec(ctx, `INSERT INTO `+p.name+`_versions (mealprep_id, version) VALUES ($1, $2)
			ON CONFLICT (mealprep_id) DO UPDATE SET version = excluded.version`, id, byStream[id]); err != nil {
			return fmt.Errorf("%s: save version: %w", p.name, err)
		}
	}
	return nil
}

func exec(ctx context.Context, tx pgx.Tx, sql string, args ...any) error {
	_, err := tx.Exec(ctx, sql, args...)
	return err
}

// List is the mealprep_list projection.
func List() Projection {
	return Projection{name: ListName, tables: []string{"mealprep_list"}, apply: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, e eventstore.RecordedEvent, ev mealprep.Event) error {
		at := e.RecordedAt
		switch ev := ev.(type) {
		case mealprep.MealPrepCreated:
			return exec(ctx, tx, `INSERT INTO mealprep_list (id, owner_id, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (id) DO NOTHING`, id, ev.OwnerID, at)
		case mealprep.MealPrepDuplicated:
			return exec(ctx, tx, `INSERT INTO mealprep_list (id, owner_id, duplicated_from, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) ON CONFLICT (id) DO NOTHING`, id, ev.OwnerID, ev.FromID, at)
		case mealprep.MealPrepDeleted:
			return exec(ctx, tx, `UPDATE mealprep_list SET deleted = true, updated_at = $2 WHERE id = $1`, id, at)
		case mealprep.FoodAdded:
			return exec(ctx, tx, `UPDATE mealprep_list SET food_count = food_count + 1, updated_at = $2 WHERE id = $1`, id, at)
		case mealprep.FoodRemoved:
			return exec(ctx, tx, `UPDATE mealprep_list SET food_count = food_count - 1, updated_at = $2 WHERE id = $1`, id, at)
		case mealprep.RecipeGenerated:
			return exec(ctx, tx, `UPDATE mealprep_list SET recipe_count = recipe_count + 1, updated_at = $2 WHERE id = $1`, id, at)
		case mealprep.RecipeDeleted, mealprep.RecipeReplaced:
			return exec(ctx, tx, `UPDATE mealprep_list SET recipe_count = recipe_count - 1, updated_at = $2 WHERE id = $1`, id, at)
		default:
			return exec(ctx, tx, `UPDATE mealprep_list SET updated_at = $2 WHERE id = $1`, id, at)
		}
	}}
}

// Detail is the mealprep_detail projection: the foods of each meal prep.
func Detail() Projection {
	return Projection{name: DetailName, tables: []string{"mealprep_detail"}, apply: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, e eventstore.RecordedEvent, ev mealprep.Event) error {
		switch ev := ev.(type) {
		case mealprep.FoodAdded:
			return exec(ctx, tx, `INSERT INTO mealprep_detail (mealprep_id, food_code, grams, position) VALUES ($1, $2, $3, $4)
				ON CONFLICT (mealprep_id, food_code) DO UPDATE SET grams = excluded.grams, position = excluded.position`, id, ev.FoodCode, ev.Grams, e.Version)
		case mealprep.FoodQuantityChanged:
			return exec(ctx, tx, `UPDATE mealprep_detail SET grams = $3 WHERE mealprep_id = $1 AND food_code = $2`, id, ev.FoodCode, ev.Grams)
		case mealprep.FoodRemoved:
			return exec(ctx, tx, `DELETE FROM mealprep_detail WHERE mealprep_id = $1 AND food_code = $2`, id, ev.FoodCode)
		case mealprep.MealPrepDeleted:
			return exec(ctx, tx, `DELETE FROM mealprep_detail WHERE mealprep_id = $1`, id)
		}
		return nil
	}}
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Recipes is the recipes projection.
func Recipes() Projection {
	return Projection{name: RecipesName, tables: []string{"recipes"}, apply: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, e eventstore.RecordedEvent, ev mealprep.Event) error {
		switch ev := ev.(type) {
		case mealprep.RecipeGenerated:
			r := ev.Recipe
			steps := func(s []string) string {
				if s == nil {
					s = []string{}
				}
				return js(s)
			}
			return exec(ctx, tx, `INSERT INTO recipes (id, mealprep_id, request_id, idx, category, servings, ingredients, target, nutrition,
				within_tolerance, feasible, explanation_fr, explanation_en, duration_min, price_cents, health_score, health_grade, generator,
				name_fr, name_en, steps_fr, steps_en, created_at, updated_at, dish)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $23, $24)
				ON CONFLICT DO NOTHING`,
				r.ID, id, ev.RequestID, ev.Index, r.Category, r.Servings, js(r.Ingredients), js(r.Target), js(r.Nutrition),
				r.WithinTolerance, r.Feasible, r.ExplanationFR, r.ExplanationEN, r.DurationMin, r.PriceCents, r.HealthScore, r.HealthGrade, r.Generator,
				r.NameFR, r.NameEN, steps(r.StepsFR), steps(r.StepsEN), e.RecordedAt, r.Dish)
		case mealprep.RecipeUpdated:
			var ings, nut *string
			if ev.Ingredients != nil {
				s := js(ev.Ingredients)
				ings = &s
			}
			if ev.Nutrition != nil {
				s := js(ev.Nutrition)
				nut = &s
			}
			var servings *int
			if ev.Servings > 0 {
				servings = &ev.Servings
			}
			return exec(ctx, tx, `UPDATE recipes SET servings = coalesce($2, servings), ingredients = coalesce($3::jsonb, ingredients),
				nutrition = coalesce($4::jsonb, nutrition), price_cents = coalesce($5, price_cents), updated_at = $6,
				health_score = CASE WHEN $8 = '' THEN health_score ELSE $7 END,
				health_grade = CASE WHEN $8 = '' THEN health_grade ELSE $8 END WHERE id = $1`,
				ev.RecipeID, servings, ings, nut, ev.PriceCents, e.RecordedAt, ev.HealthScore, ev.HealthGrade)
		case mealprep.RecipeDeleted:
			return exec(ctx, tx, `DELETE FROM recipes WHERE id = $1`, ev.RecipeID)
		case mealprep.RecipeKept:
			return exec(ctx, tx, `UPDATE recipes SET kept = $2, updated_at = $3 WHERE id = $1`, ev.RecipeID, ev.Kept, e.RecordedAt)
		case mealprep.RecipeReplaced:
			return exec(ctx, tx, `DELETE FROM recipes WHERE id = $1`, ev.OldRecipeID)
		case mealprep.RecipeFoodSwapped:
			steps := func(s []string) string {
				if s == nil {
					s = []string{}
				}
				return js(s)
			}
			return exec(ctx, tx, `UPDATE recipes SET ingredients = $2::jsonb, nutrition = $3::jsonb, price_cents = $4, health_score = $5,
				health_grade = $6, within_tolerance = $7, name_fr = $8, name_en = $9, steps_fr = $10::jsonb, steps_en = $11::jsonb,
				duration_min = $12, updated_at = $13 WHERE id = $1`,
				ev.RecipeID, js(ev.Ingredients), js(ev.Nutrition), ev.PriceCents, ev.HealthScore, ev.HealthGrade, ev.WithinTolerance,
				ev.NameFR, ev.NameEN, steps(ev.StepsFR), steps(ev.StepsEN), ev.DurationMin, e.RecordedAt)
		case mealprep.MealPrepDeleted:
			return exec(ctx, tx, `DELETE FROM recipes WHERE mealprep_id = $1`, id)
		}
		return nil
	}}
}

// Requests is the generation_requests projection.
func Requests() Projection {
	return Projection{name: RequestsName, tables: []string{"generation_requests"}, apply: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, e eventstore.RecordedEvent, ev mealprep.Event) error {
		switch ev := ev.(type) {
		case mealprep.RecipeGenerationRequested:
			return exec(ctx, tx, `INSERT INTO generation_requests (request_id, mealprep_id, category, count, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT DO NOTHING`, ev.RequestID, id, ev.Category, ev.Count, e.RecordedAt)
		case mealprep.RecipeGenerated:
			return exec(ctx, tx, `UPDATE generation_requests SET done = done + 1, updated_at = $2 WHERE request_id = $1`, ev.RequestID, e.RecordedAt)
		case mealprep.RecipeGenerationFailed:
			return exec(ctx, tx, `UPDATE generation_requests SET failed = true, reason = $2, refunded = refunded + $3, updated_at = $4,
				diagnosis_fr = $5, diagnosis_en = $6, suggestion = $7 WHERE request_id = $1`,
				ev.RequestID, ev.Reason, ev.Unfulfilled, e.RecordedAt, ev.DiagnosisFR, ev.DiagnosisEN, ev.Suggestion)
		}
		return nil
	}}
}
