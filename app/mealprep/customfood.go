package mealprep

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/db"
)

// AddCustomFood validates and stores a food of the person's own; it is then found by their
// searches only. The same name and values again is the food already stored (its code). The returned warning is true when the energy does not match the macros.
func (s *Service) AddCustomFood(ctx context.Context, owner uuid.UUID, f mealprep.CustomFood) (code int, warning bool, errs mealprep.CustomFoodErrors, err error) {
	errs, warning = f.Validate()
	if len(errs) > 0 {
		return 0, warning, errs, nil
	}
	code, err = insertCustomFood(ctx, s.pool, owner, f)
	return code, warning, nil, err
}

// AddCustomFoodTo stores a food of the person's own and puts grams of it in meal prep id, in
// one transaction after every rule passed: a refused quantity, a full or deleted meal prep
// leaves no food behind. Refused food values are errs (field by field); the warning is true
// when the energy does not match the macros.
func (s *Service) AddCustomFoodTo(ctx context.Context, owner, id uuid.UUID, f mealprep.CustomFood, grams int) (warning bool, errs mealprep.CustomFoodErrors, res Result, err error) {
	errs, warning = f.Validate()
	if len(errs) > 0 {
		return warning, errs, Result{}, nil
	}
	if err := mealprep.CheckGrams(grams); err != nil {
		return warning, nil, Result{}, err
	}
	// The food row is written first, for its code; a refused command rolls it back.
	var r eventstore.AppendResult
	err = eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		code, err := insertCustomFood(ctx, tx, owner, f)
		if err != nil {
			return err
		}
		r, err = s.runner.RunTx(ctx, tx, SetFoodCommand{prepCommand: byOwner(owner, id), FoodCode: code, Grams: grams, Known: true})
		return err
	})
	if err != nil {
		return warning, nil, Result{}, fmt.Errorf("mealprep: %w", err)
	}
	return warning, nil, result(r), nil
}

// insertCustomFood stores f for owner, or returns the code of the food of theirs with the same
// name and values (migration 00103's unique index): the conflict waits for a concurrent insert
// of the same food and then answers with its row, so a retried or doubled form stores one food.
func insertCustomFood(ctx context.Context, q db.DBTX, owner uuid.UUID, f mealprep.CustomFood) (int, error) {
	var code int
	err := q.QueryRow(ctx, `INSERT INTO custom_foods (owner_id, name, producer, country, language, unit,
		kcal, protein_g, fat_g, carbs_g, sat_fat_g, fibre_g, sugars_g, salt_g)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
		ON CONFLICT (owner_id, norm, unit, kcal, protein_g, fat_g, carbs_g, sat_fat_g, fibre_g, sugars_g, salt_g)
			WHERE NOT duplicate
			DO UPDATE SET owner_id = EXCLUDED.owner_id
		RETURNING code`,
		owner, f.Name, f.Producer, f.Country, f.Language, f.Unit, f.Kcal, f.ProteinG, f.FatG, f.CarbsG,
		f.SatFatG, f.FibreG, f.SugarsG, f.SaltG).Scan(&code)
	if err != nil {
		return 0, fmt.Errorf("mealprep: add custom food for %s: %w", owner, err)
	}
	return code, nil
}
