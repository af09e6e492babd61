package identity

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/integrations/mail"
)

// OnboardingInput is what the onboarding steps collected (docs/product.md §4).
type OnboardingInput struct {
	Email       string
	Diet        nutrition.Diet
	Objective   nutrition.Objective
	MacroPreset nutrition.MacroPreset
	// Language of the pages the person used; their emails follow it.
	Language identity.Language
}

// NutritionPreferences are the preferences chosen at onboarding.
type NutritionPreferences struct {
	Diet        nutrition.Diet
	Objective   nutrition.Objective // empty until chosen
	MacroPreset nutrition.MacroPreset
}

// StartOnboarding creates an unverified, password-less account for the address with the chosen
// preferences and queues its verification email (the link verifies the address, grants the
// 2-token bonus once and signs the person in). When the address already has an account it
// changes nothing and queues the onboarding_exists email instead: someone (maybe the owner)
// started the onboarding with this address, the account was kept as it was, here are the
// preferences chosen, and a single-use link (preference_link.go) that, signed in to that
// account and confirmed, applies them. The answer is the same either way, so the onboarding
// reveals nothing about who has an account, and nobody can rewrite another person's
// preferences by typing their address: only the owner, signed in, applies them.
// Invalid input returns identity.FieldErrors and writes nothing.
func (s *Service) StartOnboarding(ctx context.Context, in OnboardingInput) error {
	errs := identity.FieldErrors{}
	email, err := identity.NormalizeEmail(in.Email)
	if err != nil {
		errs["email"] = err
	}
	if _, err := nutrition.ParseDiet(string(in.Diet)); err != nil {
		errs["diet"] = err
	}
	if _, err := nutrition.ParseObjective(string(in.Objective)); err != nil {
		errs["objective"] = err
	}
	if _, _, err := nutrition.ParsePreset(string(in.MacroPreset)); err != nil {
		errs["macroPreset"] = err
	}
	if len(errs) > 0 {
		return errs
	}
	lang := in.Language
	if lang == "" {
		lang = identity.French
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		return s.signUpTx(ctx, tx, newUser{
			ID: uuid.New(), Email: email, Role: identity.RoleFor(email, s.opts.AdminEmails), Language: lang,
		}, func(u User, now time.Time) error {
			return setNutritionPreferences(ctx, tx, u.ID, in.Diet, in.Objective, in.MacroPreset, now)
		}, takenEmail{kind: mail.KindOnboardingExists, data: mail.Data{
			Link: s.link("/account", nil),
			Diet: string(in.Diet), Objective: string(in.Objective), MacroPreset: string(in.MacroPreset),
		}, link: func(owner User) (string, error) {
			token, err := s.insertPreferenceLink(ctx, tx, owner.ID, NutritionPreferences{
				Diet: in.Diet, Objective: in.Objective, MacroPreset: in.MacroPreset,
			})
			if err != nil {
				return "", err
			}
			return s.link("/account/preferences/confirm/"+token, nil), nil
		}})
	})
}

// Preferences returns the nutritional preferences of a person.
func (s *Service) Preferences(ctx context.Context, userID uuid.UUID) (NutritionPreferences, error) {
	var p NutritionPreferences
	var diet, preset string
	var objective *string
	err := s.pool.QueryRow(ctx, `SELECT diet, objective, macro_preset FROM users WHERE id = $1`, userID).
		Scan(&diet, &objective, &preset)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, ErrNotFound
	}
	if err != nil {
		return p, fmt.Errorf("identity: preferences of %s: %w", userID, err)
	}
	p.Diet, p.MacroPreset = nutrition.Diet(diet), nutrition.MacroPreset(preset)
	if objective != nil {
		p.Objective = nutrition.Objective(*objective)
	}
	return p, nil
}

// setNutritionPreferences stores the onboarding's answers and, for a person without goals yet,
// makes the objective and preset their first goals (nutrition.StarterGoals): the plan and the
// dashboard then follow what the person chose instead of a generic 2,000 kcal. Goals already
// set (by hand or from a needs calculation) are kept.
func setNutritionPreferences(ctx context.Context, tx pgx.Tx, id uuid.UUID, d nutrition.Diet, o nutrition.Objective, p nutrition.MacroPreset, now time.Time) error {
	g, err := nutrition.StarterGoals(o, p)
	if err != nil {
		return fmt.Errorf("identity: first goals of %s: %w", id, err)
	}
	_, err = tx.Exec(ctx, `UPDATE users SET diet = $2, objective = $3, macro_preset = $4, updated_at = $5,
		protein_goal = CASE WHEN calorie_goal IS NULL THEN $7 ELSE protein_goal END,
		fat_goal = CASE WHEN calorie_goal IS NULL THEN $8 ELSE fat_goal END,
		carb_goal = CASE WHEN calorie_goal IS NULL THEN $9 ELSE carb_goal END,
		calorie_goal = COALESCE(calorie_goal, $6)
		WHERE id = $1`,
		id, string(d), string(o), string(p), now, g.Kcal, g.ProteinG, g.FatG, g.CarbsG)
	if err != nil {
		return fmt.Errorf("identity: set preferences of %s: %w", id, err)
	}
	return nil
}
