package mealprep

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// EraseOwner deletes the person's meal-prep read models in the account deletion's transaction
// (identityapp.PersonalData). Names and custom foods go with the users row (ON DELETE CASCADE);
// the events stay under the bare owner id, like the ledger's.
func (s *Service) EraseOwner(ctx context.Context, tx pgx.Tx, owner uuid.UUID) error {
	for _, q := range []string{
		`DELETE FROM mealprep_detail WHERE mealprep_id IN (SELECT id FROM mealprep_list WHERE owner_id = $1)`,
		`DELETE FROM recipes WHERE mealprep_id IN (SELECT id FROM mealprep_list WHERE owner_id = $1)`,
		`DELETE FROM generation_requests WHERE mealprep_id IN (SELECT id FROM mealprep_list WHERE owner_id = $1)`,
		`DELETE FROM mealprep_list WHERE owner_id = $1`,
	} {
		if _, err := tx.Exec(ctx, q, owner); err != nil {
			return fmt.Errorf("mealprep: erase read models of %s: %w", owner, err)
		}
	}
	return nil
}
