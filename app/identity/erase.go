package identity

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/internal/db"
	"github.com/gamelle/gamelle/jobs"
)

// PersonalData is one area's share of what the product keeps about a person: what the data
// export shows of it and what account deletion removes. Each area registers one in
// cmd/gamelle/wire.go (Service.RegisterPersonalData), so deletion and export reach every area
// without identity knowing their tables.
type PersonalData struct {
	// Area names the section of the export ("mealprep", "billing", …); unique.
	Area string
	// Export returns the area's data about the person, marshalled as JSON. Nil: nothing shown.
	Export func(ctx context.Context, q db.DBTX, userID uuid.UUID) (any, error)
	// Erase deletes the area's personal data in the deletion's transaction, before the users
	// row goes (rows referencing users ON DELETE CASCADE need no eraser). email is the address
	// being erased, for data keyed by it. Nil: nothing beyond the cascade.
	Erase func(ctx context.Context, tx pgx.Tx, userID uuid.UUID, email string) error
}

// RegisterPersonalData adds areas to the export and the deletion. Call it while wiring, before
// serving requests.
func (s *Service) RegisterPersonalData(areas ...PersonalData) {
	s.personal = append(s.personal, areas...)
}

// ErrConfirmationMismatch: the address typed to confirm a deletion is not the account's.
var ErrConfirmationMismatch = errors.New("confirmation does not match the account's email")

// Export gathers everything about the person: the account, its billing details, survey, needs
// calculations, address changes and signed-in sessions, then every registered area's section.
func (s *Service) Export(ctx context.Context, userID uuid.UUID) (map[string]any, error) {
	out := map[string]any{}
	err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		// One repeatable-read snapshot, so sections agree with each other.
		if _, err := tx.Exec(ctx, `SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`); err != nil {
			return err
		}
		u, err := userByID(ctx, tx, userID, false)
		if err != nil {
			return err
		}
		a, err := accountOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		out["account"] = map[string]any{
			"id": u.ID, "email": u.Email, "name": u.Name, "surname": u.Surname, "role": u.Role,
			"verifiedAt": u.VerifiedAt, "createdAt": u.CreatedAt, "hasPassword": a.HasPassword,
			"language": a.Language, "units": a.Units, "currency": a.Currency, "diet": a.Diet,
			"objective": a.Objective, "macroPreset": a.MacroPreset, "goals": a.Goals, "mealSplit": a.MealSplit,
			"aiSuggestions": a.AISuggestions, "priceLimitCents": a.PriceLimitCents, "allergens": a.Allergens, "pantry": a.Pantry,
		}
		var (
			b     BillingInfo
			found = true
		)
		err = tx.QueryRow(ctx, `SELECT address, city, postal_code, country FROM billing_info WHERE user_id = $1`, userID).
			Scan(&b.Address, &b.City, &b.PostalCode, &b.Country)
		if errors.Is(err, pgx.ErrNoRows) {
			found = false
		} else if err != nil {
			return fmt.Errorf("identity: export billing info: %w", err)
		}
		if found {
			out["billing"] = b
		}
		surveys, err := jsonRows(ctx, tx, `SELECT to_jsonb(s) - 'user_id' FROM nutrition_surveys s WHERE user_id = $1`, userID)
		if err != nil {
			return err
		}
		out["survey"] = surveys
		needs, err := jsonRows(ctx, tx, `SELECT to_jsonb(r) - 'user_id' FROM needs_requests r WHERE user_id = $1 ORDER BY created_at`, userID)
		if err != nil {
			return err
		}
		out["needsCalculations"] = needs
		changes, err := jsonRows(ctx, tx, `SELECT jsonb_build_object('oldEmail', old_email, 'newEmail', new_email,
			'requestedAt', created_at, 'expiresAt', expires_at, 'closedAt', used_at, 'completedAt', completed_at)
			FROM email_changes WHERE user_id = $1 ORDER BY created_at`, userID)
		if err != nil {
			return err
		}
		out["emailChanges"] = changes
		sessions, err := jsonRows(ctx, tx, `SELECT jsonb_build_object('userAgent', user_agent, 'createdAt', created_at,
			'lastSeenAt', last_seen_at, 'expiresAt', expires_at) FROM user_sessions s
			WHERE user_id = $1 AND generation = $2 ORDER BY created_at`, userID, u.SessionGeneration)
		if err != nil {
			return err
		}
		out["sessions"] = sessions
		prefLinks, err := jsonRows(ctx, tx, `SELECT jsonb_build_object('diet', diet, 'objective', objective,
			'macroPreset', macro_preset, 'sentAt', created_at, 'expiresAt', expires_at, 'usedAt', used_at)
			FROM preference_links WHERE user_id = $1 ORDER BY created_at`, userID)
		if err != nil {
			return err
		}
		out["preferenceLinks"] = prefLinks
		for _, p := range s.personal {
			if p.Export == nil {
				continue
			}
			v, err := p.Export(ctx, tx, userID)
			if err != nil {
				return fmt.Errorf("identity: export %s: %w", p.Area, err)
			}
			out[p.Area] = v
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("identity: export %s: %w", userID, err)
	}
	return out, nil
}

func jsonRows(ctx context.Context, q db.DBTX, sql string, args ...any) ([]map[string]any, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("identity: export: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[map[string]any])
	if err != nil {
		return nil, fmt.Errorf("identity: export: %w", err)
	}
	if out == nil {
		out = []map[string]any{}
	}
	return out, nil
}

// DeleteAccount erases the person once they typed their address to confirm: every registered
// area's eraser, the rows keyed by the address or by the addresses they had or asked for before
// (waitlist, pending emails, rate limits, the development mailbox), then the users row with
// everything that references it (email_changes and preference_links too). All in one
// transaction. The ledger keeps its events under the bare user id, which nothing links to a
// person any more: balances and audits stay consistent, and the address can sign up again as a
// new person.
func (s *Service) DeleteAccount(ctx context.Context, userID uuid.UUID, confirmEmail string) error {
	return db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		u, err := userByID(ctx, tx, userID, true)
		if err != nil {
			return err
		}
		typed, _ := identity.NormalizeEmail(confirmEmail)
		if typed == "" || !strings.EqualFold(typed, u.Email) {
			return identity.FieldErrors{"email": ErrConfirmationMismatch}
		}
		for _, p := range s.personal {
			if p.Erase == nil {
				continue
			}
			if err := p.Erase(ctx, tx, userID, u.Email); err != nil {
				return fmt.Errorf("identity: erase %s of %s: %w", p.Area, userID, err)
			}
		}
		addresses, err := formerAddresses(ctx, tx, userID)
		if err != nil {
			return err
		}
		for _, addr := range append(addresses, u.Email) {
			for _, q := range []string{
				`DELETE FROM waitlist WHERE email = $1`,
				`DELETE FROM dev_mailbox WHERE recipient = $1`,
				`DELETE FROM rate_limits WHERE key = 'acct:' || $1`,
			} {
				if _, err := tx.Exec(ctx, q, addr); err != nil {
					return fmt.Errorf("identity: erase %s: %w", userID, err)
				}
			}
			// Emails not sent yet hold the address sealed, found by its keyed hash (jobs queued
			// before the address was sealed name it in clear).
			rcpt, err := RecipientKey(s.opts.Key, addr)
			if err != nil {
				return fmt.Errorf("identity: erase %s: %w", userID, err)
			}
			if err := jobs.DeleteMatchingTx(ctx, tx, SendEmailArgs{}.Kind(), map[string]string{"rcpt": rcpt, "to": addr}); err != nil {
				return fmt.Errorf("identity: erase %s: %w", userID, err)
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM rate_limits WHERE key = $1`, EmailChangeLimitKey(userID)); err != nil {
			return fmt.Errorf("identity: erase %s: %w", userID, err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM users WHERE id = $1`, userID); err != nil {
			return fmt.Errorf("identity: erase %s: %w", userID, err)
		}
		return nil
	})
}

// formerAddresses are the addresses the person had or asked for (email_changes) that no other
// account holds now: what was sent to them is the person's. An address another account holds
// is that account's, even when this person once tried it.
func formerAddresses(ctx context.Context, tx pgx.Tx, userID uuid.UUID) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT DISTINCT a FROM email_changes c, LATERAL (VALUES (c.old_email), (c.new_email)) v(a)
		WHERE c.user_id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE email = a AND id <> $1)`, userID)
	if err != nil {
		return nil, fmt.Errorf("identity: former addresses of %s: %w", userID, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("identity: former addresses of %s: %w", userID, err)
	}
	return out, nil
}

// EmailChangeLimitKey is the rate-limit key of a person's address-change requests; account
// deletion removes it.
func EmailChangeLimitKey(userID uuid.UUID) string { return "email-change:" + userID.String() }
