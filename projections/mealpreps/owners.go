package mealpreps

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/eventstore"
)

// IDsOfOwner lists the ids of every meal prep a person created, deleted ones included (the
// admin event inspector shows their whole history).
func IDsOfOwner(ctx context.Context, db eventstore.DBTX, owner uuid.UUID) ([]uuid.UUID, error) {
	rows, err := db.Query(ctx, `SELECT id FROM mealprep_list WHERE owner_id = $1 ORDER BY created_at, id`, owner)
	if err != nil {
		return nil, fmt.Errorf("mealprep_list: ids of %s: %w", owner, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("mealprep_list: ids of %s: %w", owner, err)
	}
	return out, nil
}

// CountOfOwner counts a person's meal preps that are not deleted.
func CountOfOwner(ctx context.Context, db eventstore.DBTX, owner uuid.UUID) (int64, error) {
	var n int64
	if err := db.QueryRow(ctx, `SELECT count(*) FROM mealprep_list WHERE owner_id = $1 AND NOT deleted`, owner).Scan(&n); err != nil {
		return 0, fmt.Errorf("mealprep_list: count of %s: %w", owner, err)
	}
	return n, nil
}

// RequestStats sums the generation requests made since a time.
type RequestStats struct {
	Requests     int64 `json:"requests"`
	RecipesAsked int64 `json:"recipesAsked"`
	RecipesMade  int64 `json:"recipesMade"`
	// RecipesDelivered counts the recipes made and kept paid: a recipe that missed a feasible
	// target is refunded (app/mealprep recordRecipe), so it is not delivered.
	RecipesDelivered int64 `json:"recipesDelivered"`
	FailedRequests   int64 `json:"failedRequests"`
	// TokensRefunded counts the tokens given back: those of failed requests and one per recipe
	// that missed its target.
	TokensRefunded  int64 `json:"tokensRefunded"`
	RequestsRunning int64 `json:"requestsRunning"`
}

// GenerationStats sums generation_requests created since from.
func GenerationStats(ctx context.Context, db eventstore.DBTX, from time.Time) (RequestStats, error) {
	var s RequestStats
	var missed int64
	err := db.QueryRow(ctx, `
		SELECT count(*), coalesce(sum(count), 0), coalesce(sum(done), 0),
		       count(*) FILTER (WHERE failed), coalesce(sum(refunded), 0),
		       count(*) FILTER (WHERE NOT failed AND done < count),
		       (SELECT count(*) FROM recipes r JOIN generation_requests q USING (request_id)
		        WHERE q.created_at >= $1 AND (r.within_tolerance OR NOT r.feasible)),
		       (SELECT count(*) FROM recipes r JOIN generation_requests q USING (request_id)
		        WHERE q.created_at >= $1 AND NOT r.within_tolerance AND r.feasible)
		FROM generation_requests WHERE created_at >= $1`, from).
		Scan(&s.Requests, &s.RecipesAsked, &s.RecipesMade, &s.FailedRequests, &s.TokensRefunded, &s.RequestsRunning, &s.RecipesDelivered, &missed)
	if err != nil {
		return RequestStats{}, fmt.Errorf("generation_requests: stats: %w", err)
	}
	s.TokensRefunded += missed
	return s, nil
}
