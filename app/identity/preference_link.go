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
	"github.com/gamelle/gamelle/internal/db"
)

// Preferences chosen during an onboarding with a known address (docs/social-login-and-onboarding.md).
// The owner's onboarding_exists email carries a single-use link, PreferenceLinkTTL long, whose
// secret only the email holds (preference_links keeps its SHA-256; the job carries it sealed).
// Opening it changes nothing: in a browser signed in to that account, the page shows the
// choices and a button, and only that confirmation applies them, the way onboarding sets them
// on a new account. So typing someone's address at onboarding still rewrites nothing.

// ErrPreferenceLinkOtherAccount: the link is another account's; the browser is signed in as
// someone else.
var ErrPreferenceLinkOtherAccount = errors.New("identity: preference link of another account")

// insertPreferenceLink stores the choices behind a new link for owner and returns its secret.
func (s *Service) insertPreferenceLink(ctx context.Context, tx pgx.Tx, owner uuid.UUID, p NutritionPreferences) (string, error) {
	token, err := newSecret()
	if err != nil {
		return "", err
	}
	now := s.now()
	if _, err := tx.Exec(ctx, `INSERT INTO preference_links (token_hash, user_id, diet, objective, macro_preset, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, hashToken(token), owner, string(p.Diet), string(p.Objective), string(p.MacroPreset),
		now, now.Add(identity.PreferenceLinkTTL)); err != nil {
		return "", fmt.Errorf("identity: store preference link of %s: %w", owner, err)
	}
	return token, nil
}

// preferenceLinkFor locks the link for the signed-in userID and returns its preferences.
// Errors: ErrPreferenceLinkOtherAccount and identity.DeadLink's.
func (s *Service) preferenceLinkFor(ctx context.Context, tx pgx.Tx, userID uuid.UUID, token string) (NutritionPreferences, error) {
	if token == "" {
		return NutritionPreferences{}, identity.ErrLinkInvalid
	}
	var (
		owner                   uuid.UUID
		diet, objective, preset string
		lt                      identity.LinkToken
		used                    *time.Time
	)
	err := tx.QueryRow(ctx, `SELECT user_id, diet, objective, macro_preset, expires_at, used_at
		FROM preference_links WHERE token_hash = $1 FOR UPDATE`, hashToken(token)).
		Scan(&owner, &diet, &objective, &preset, &lt.ExpiresAt, &used)
	if errors.Is(err, pgx.ErrNoRows) {
		return NutritionPreferences{}, identity.ErrLinkInvalid
	}
	if err != nil {
		return NutritionPreferences{}, fmt.Errorf("identity: preference link: %w", err)
	}
	if owner != userID {
		return NutritionPreferences{}, ErrPreferenceLinkOtherAccount
	}
	lt.Used = used != nil
	if err := lt.Check(s.now()); err != nil {
		return NutritionPreferences{}, err
	}
	return NutritionPreferences{
		Diet: nutrition.Diet(diet), Objective: nutrition.Objective(objective), MacroPreset: nutrition.MacroPreset(preset),
	}, nil
}

// PreferenceLink says which preferences a link would apply to the signed-in account, without
// spending it (the page asks first; mail scanners open links too). Errors as ApplyPreferenceLink's.
func (s *Service) PreferenceLink(ctx context.Context, userID uuid.UUID, token string) (NutritionPreferences, error) {
	var out NutritionPreferences
	err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		p, err := s.preferenceLinkFor(ctx, tx, userID, token)
		out = p
		return err
	})
	return out, err
}

// ApplyPreferenceLink spends a link opened and confirmed by the signed-in userID and sets its
// diet, objective and macro preset on the account, as StartOnboarding does for a new account.
// Errors: ErrPreferenceLinkOtherAccount (nothing changes, the link stays usable by its owner)
// and identity.DeadLink's.
func (s *Service) ApplyPreferenceLink(ctx context.Context, userID uuid.UUID, token string) (NutritionPreferences, error) {
	var out NutritionPreferences
	err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		p, err := s.preferenceLinkFor(ctx, tx, userID, token)
		if err != nil {
			return err
		}
		now := s.now()
		if err := setNutritionPreferences(ctx, tx, userID, p.Diet, p.Objective, p.MacroPreset, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE preference_links SET used_at = $2 WHERE token_hash = $1`, hashToken(token), now); err != nil {
			return fmt.Errorf("identity: spend preference link: %w", err)
		}
		out = p
		return nil
	})
	if err != nil {
		return NutritionPreferences{}, err
	}
	return out, nil
}
