package mealpreps

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
)

// The pages' reads when the read models are behind the stream (a write a moment ago, a long
// transaction holding the projections back, a worker restart): the meal prep's events folded
// the way the recipes and generation_requests projections apply them, so a page reads the same
// rows either way (app/mealprep/behind_test.go compares them once the projections catch up).

// Current reports whether the four meal-prep read models hold every event of meal prep id's
// stream, as Owned's Header.Current does.
func Current(ctx context.Context, db eventstore.DBTX, id uuid.UUID) (bool, error) {
	var cur bool
	err := db.QueryRow(ctx, `SELECT coalesce((SELECT max(stream_version) FROM events WHERE stream_id = $2), 0) = least(
			coalesce((SELECT version FROM mealprep_list_versions WHERE mealprep_id = $1), 0),
			coalesce((SELECT version FROM mealprep_detail_versions WHERE mealprep_id = $1), 0),
			coalesce((SELECT version FROM recipes_versions WHERE mealprep_id = $1), 0),
			coalesce((SELECT version FROM generation_requests_versions WHERE mealprep_id = $1), 0))`,
		id, mealprep.StreamID(id)).Scan(&cur)
	if err != nil {
		return false, fmt.Errorf("mealprep: read models of %s: %w", id, err)
	}
	return cur, nil
}

// Folded is a meal prep's owner, recipes and generation requests read from its stream.
type Folded struct {
	Owner    uuid.UUID
	recipes  []*foldedRecipe
	requests []*foldedRequest
}

type foldedRecipe struct {
	mealprep.Recipe
	requestID uuid.UUID
	index     int
	kept      bool
	createdAt time.Time
}

type foldedRequest struct {
	view               RequestView
	diagFR, diagEN     string
	createdAt, updated time.Time
}

// Fold applies a meal prep's events, in stream order, as the recipes and generation_requests
// projections do (mealpreps.go).
func Fold(events []eventstore.RecordedEvent) (Folded, error) {
	var f Folded
	recipe := func(id uuid.UUID) *foldedRecipe {
		i := slices.IndexFunc(f.recipes, func(r *foldedRecipe) bool { return r.ID == id })
		if i < 0 {
			return nil
		}
		return f.recipes[i]
	}
	drop := func(id uuid.UUID) {
		f.recipes = slices.DeleteFunc(f.recipes, func(r *foldedRecipe) bool { return r.ID == id })
	}
	request := func(id uuid.UUID) *foldedRequest {
		i := slices.IndexFunc(f.requests, func(r *foldedRequest) bool { return r.view.RequestID == id })
		if i < 0 {
			return nil
		}
		return f.requests[i]
	}
	for _, e := range events {
		ev, err := mealprep.Decode(e.Type, e.Payload)
		if err != nil {
			return Folded{}, fmt.Errorf("mealprep: fold %s version %d: %w", e.StreamID, e.Version, err)
		}
		at := e.RecordedAt
		switch ev := ev.(type) {
		case mealprep.MealPrepCreated:
			f.Owner = ev.OwnerID
		case mealprep.MealPrepDuplicated:
			f.Owner = ev.OwnerID
		case mealprep.MealPrepDeleted:
			f.recipes = nil
		case mealprep.RecipeGenerated:
			if recipe(ev.Recipe.ID) == nil && !slices.ContainsFunc(f.recipes, func(r *foldedRecipe) bool {
				return r.requestID == ev.RequestID && r.index == ev.Index
			}) {
				f.recipes = append(f.recipes, &foldedRecipe{Recipe: ev.Recipe, requestID: ev.RequestID, index: ev.Index, createdAt: at})
			}
			if q := request(ev.RequestID); q != nil {
				q.view.Done++
				q.updated = at
			}
		case mealprep.RecipeUpdated:
			if r := recipe(ev.RecipeID); r != nil {
				if ev.Servings > 0 {
					r.Servings = ev.Servings
				}
				if ev.Ingredients != nil {
					r.Ingredients = ev.Ingredients
				}
				if ev.Nutrition != nil {
					r.Nutrition = *ev.Nutrition
				}
				if ev.PriceCents != nil {
					r.PriceCents = *ev.PriceCents
				}
				if ev.HealthGrade != "" {
					r.HealthScore, r.HealthGrade = ev.HealthScore, ev.HealthGrade
				}
			}
		case mealprep.RecipeDeleted:
			drop(ev.RecipeID)
		case mealprep.RecipeKept:
			if r := recipe(ev.RecipeID); r != nil {
				r.kept = ev.Kept
			}
		case mealprep.RecipeReplaced:
			drop(ev.OldRecipeID)
		case mealprep.RecipeFoodSwapped:
			if r := recipe(ev.RecipeID); r != nil {
				r.Ingredients, r.Nutrition, r.PriceCents = ev.Ingredients, ev.Nutrition, ev.PriceCents
				r.HealthScore, r.HealthGrade, r.WithinTolerance = ev.HealthScore, ev.HealthGrade, ev.WithinTolerance
				r.NameFR, r.NameEN, r.StepsFR, r.StepsEN, r.DurationMin = ev.NameFR, ev.NameEN, ev.StepsFR, ev.StepsEN, ev.DurationMin
			}
		case mealprep.RecipeGenerationRequested:
			if request(ev.RequestID) == nil {
				f.requests = append(f.requests, &foldedRequest{view: RequestView{RequestID: ev.RequestID, Category: ev.Category, Count: ev.Count}, createdAt: at, updated: at})
			}
		case mealprep.RecipeGenerationFailed:
			if q := request(ev.RequestID); q != nil {
				q.view.Failed, q.view.Reason = true, string(ev.Reason)
				q.view.Refunded += ev.Unfulfilled
				q.diagFR, q.diagEN, q.updated = ev.DiagnosisFR, ev.DiagnosisEN, at
				q.view.Suggestion = adviceView(ev.Suggestion)
			}
		}
	}
	return f, nil
}

// RecipeIDs are the folded recipes' ids, to look up the names the person gave them.
func (f Folded) RecipeIDs() []uuid.UUID {
	ids := make([]uuid.UUID, 0, len(f.recipes))
	for _, r := range f.recipes {
		ids = append(ids, r.ID)
	}
	return ids
}

// RecipeRows are the folded recipes as RecipeRows reads them: in lang ("en", else French),
// renamed per names (subject id → the name the person gave), oldest first, or only recipeID
// when it is not uuid.Nil.
func (f Folded) RecipeRows(recipeID uuid.UUID, lang string, names map[uuid.UUID]string) []RecipeRow {
	rs := slices.Clone(f.recipes)
	slices.SortStableFunc(rs, func(a, b *foldedRecipe) int {
		if c := a.createdAt.Compare(b.createdAt); c != 0 {
			return c
		}
		return a.index - b.index
	})
	out := []RecipeRow{}
	for _, r := range rs {
		if recipeID != uuid.Nil && r.ID != recipeID {
			continue
		}
		row := RecipeRow{
			ID: r.ID, RequestID: r.requestID, Name: r.NameFR, Category: r.Category, Servings: r.Servings,
			Ingredients: r.Ingredients, Target: r.Target, Nutrition: r.Nutrition, WithinTolerance: r.WithinTolerance,
			Feasible: r.Feasible, Explanation: r.ExplanationFR, DurationMin: r.DurationMin, PriceCents: r.PriceCents,
			HealthScore: r.HealthScore, HealthGrade: r.HealthGrade, Generator: r.Generator, Steps: r.StepsFR, Kept: r.kept,
			Dish: r.Dish,
		}
		if lang == "en" {
			row.Name, row.Explanation, row.Steps = r.NameEN, r.ExplanationEN, r.StepsEN
		}
		if n, ok := names[r.ID]; ok {
			row.Name = n
		}
		if row.Steps == nil {
			row.Steps = []string{}
		}
		out = append(out, roundTrip(row))
	}
	return out
}

// roundTrip passes the JSON columns through JSON as the read model stores them, so a row reads
// the same from either side (a nil list is null, and null ingredients are none).
func roundTrip(r RecipeRow) RecipeRow {
	b, _ := json.Marshal(r.Ingredients)
	r.Ingredients = nil
	_ = json.Unmarshal(b, &r.Ingredients)
	return r
}

// Requests are the folded requests as RequestsOf reads them at now: the running ones and those
// finished in the last ten minutes, newest first (one command's requests in the order asked),
// diagnoses in lang.
func (f Folded) Requests(lang string, now time.Time) []RequestView {
	qs := slices.Clone(f.requests)
	slices.SortStableFunc(qs, func(a, b *foldedRequest) int {
		if c := b.createdAt.Compare(a.createdAt); c != 0 {
			return c
		}
		return slices.Compare(a.view.RequestID[:], b.view.RequestID[:])
	})
	out := []RequestView{}
	for _, q := range qs {
		v := q.view
		v.Running = !v.Failed && v.Done < v.Count
		if !v.Running && !q.updated.After(now.Add(-requestsShownFor)) {
			continue
		}
		v.Diagnosis, v.CreatedAt = q.diagFR, q.createdAt
		if lang == "en" {
			v.Diagnosis = q.diagEN
		}
		out = append(out, v)
		if len(out) == requestsShown {
			break
		}
	}
	return out
}

// TextsOf are the names the person gave these subjects (mealprep_texts).
func TextsOf(ctx context.Context, db eventstore.DBTX, ids []uuid.UUID) (map[uuid.UUID]string, error) {
	rows, err := db.Query(ctx, `SELECT subject_id, name FROM mealprep_texts WHERE subject_id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("mealprep: names: %w", err)
	}
	out := map[uuid.UUID]string{}
	var (
		id   uuid.UUID
		name string
	)
	_, err = pgx.ForEachRow(rows, []any{&id, &name}, func() error {
		out[id] = name
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("mealprep: names: %w", err)
	}
	return out, nil
}
