package identity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/internal/db"
)

// MealSettings are the account settings meal preps plan and generate with, as stored: a goal
// left unset is nil (the macro preset then decides it).
type MealSettings struct {
	CalorieGoal, ProteinGoal, FatGoal, CarbGoal *int
	MacroPreset                                 string
	Diet                                        nutrition.Diet
	// Allergens are the ones the person declares: never in their recipes (docs/profile.md).
	Allergens                 []nutrition.Allergen
	PriceLimitCents           *int
	Units, Currency, Language string
	// MealSplit is the day's energy by meal the person chose in the survey (the default until then).
	MealSplit nutrition.MealSplit
	// Pantry are the staples the person keeps (docs/nutrition.md, "Pantry staples").
	Pantry []string
}

// MealSettingsOf reads a person's meal settings (app/mealprep reads the users table through it);
// an account that is gone is ErrNotFound.
func MealSettingsOf(ctx context.Context, q db.DBTX, id uuid.UUID) (MealSettings, error) {
	var (
		m            MealSettings
		diet         string
		split        []byte
		algs, pantry []string
	)
	err := q.QueryRow(ctx, `SELECT calorie_goal, protein_goal, fat_goal, carb_goal, macro_preset, diet,
		price_limit_cents, units, currency, language, meal_split, allergens, pantry FROM users WHERE id = $1`, id).
		Scan(&m.CalorieGoal, &m.ProteinGoal, &m.FatGoal, &m.CarbGoal, &m.MacroPreset, &diet, &m.PriceLimitCents, &m.Units, &m.Currency, &m.Language, &split, &algs, &pantry)
	if errors.Is(err, pgx.ErrNoRows) {
		return MealSettings{}, fmt.Errorf("identity: meal settings of %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return MealSettings{}, fmt.Errorf("identity: meal settings of %s: %w", id, err)
	}
	m.Diet = nutrition.Diet(diet)
	m.Allergens = storedAllergens(algs)
	m.Pantry = storedPantry(pantry)
	m.MealSplit = nutrition.DefaultMealSplit
	if len(split) > 0 {
		if err := json.Unmarshal(split, &m.MealSplit); err != nil {
			return MealSettings{}, fmt.Errorf("identity: meal split of %s: %w", id, err)
		}
	}
	return m, nil
}
