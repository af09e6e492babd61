// Package households is the household_members read model: the people each person cooks for,
// with their goals and meal split, from the household streams.
package households

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
)

// Name is the projection's name and consumer group.
const Name = "household_members"

// Projection writes household_members.
type Projection struct{}

// New returns the projection.
func New() Projection { return Projection{} }

// Name implements projections.Projection.
func (Projection) Name() string { return Name }

// Tables implements projections.Projection.
func (Projection) Tables() []string { return []string{"household_members"} }

// Handles implements projections.Projection.
func (Projection) Handles(eventType string) bool { return household.IsHouseholdEvent(eventType) }

// Apply writes each event with a version guard on the member's row (a member's events are of
// one stream, in version order): a redelivered or replayed event changes nothing.
func (Projection) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	for _, e := range events {
		if !household.IsHouseholdEvent(e.Type) {
			continue
		}
		if err := apply(ctx, tx, e); err != nil {
			return fmt.Errorf("%s: position %d: %w", Name, e.Position, err)
		}
	}
	return nil
}

func apply(ctx context.Context, tx pgx.Tx, e eventstore.RecordedEvent) error {
	owner, err := household.OwnerFromStream(e.StreamID)
	if err != nil {
		return err
	}
	ev, err := household.Decode(e.Type, e.Payload)
	if err != nil {
		return err
	}
	upsert := func(m household.Member) error {
		split, err := json.Marshal(m.Split)
		if err != nil {
			return err
		}
		allergens := make([]string, len(m.Allergens))
		for i, a := range m.Allergens {
			allergens[i] = string(a)
		}
		_, err = tx.Exec(ctx, `INSERT INTO household_members (member_id, owner_id, position, kcal, protein_g, fat_g, carbs_g, split, source, version, allergens)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $3, $10)
			ON CONFLICT (member_id) DO UPDATE SET kcal = excluded.kcal, protein_g = excluded.protein_g, fat_g = excluded.fat_g,
				carbs_g = excluded.carbs_g, split = excluded.split, source = excluded.source, version = excluded.version,
				allergens = excluded.allergens
			WHERE household_members.version < excluded.version`,
			m.ID, owner, e.Version, m.Goals.Kcal, m.Goals.ProteinG, m.Goals.FatG, m.Goals.CarbsG, split, string(m.Source), allergens)
		return err
	}
	switch v := ev.(type) {
	case household.MemberAdded:
		return upsert(v.Member)
	case household.MemberChanged:
		return upsert(v.Member)
	case household.MemberRemoved:
		_, err = tx.Exec(ctx, `DELETE FROM household_members WHERE member_id = $1`, v.ID)
	}
	return err
}

// Row is one member as the read model holds it.
type Row struct {
	ID     uuid.UUID
	Goals  nutrition.Goals
	Split  nutrition.MealSplit
	Source household.GoalsSource
	// Allergens are the ones the member declares.
	Allergens []nutrition.Allergen
}

// OfOwner lists a person's members in the order they were added.
func OfOwner(ctx context.Context, db eventstore.DBTX, owner uuid.UUID) ([]Row, error) {
	rows, err := db.Query(ctx, `SELECT member_id, kcal, protein_g, fat_g, carbs_g, split, source, allergens FROM household_members
		WHERE owner_id = $1 ORDER BY position, member_id`, owner)
	if err != nil {
		return nil, fmt.Errorf("%s: of %s: %w", Name, owner, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Row, error) {
		var x Row
		var split []byte
		var source string
		var allergens []string
		if err := r.Scan(&x.ID, &x.Goals.Kcal, &x.Goals.ProteinG, &x.Goals.FatG, &x.Goals.CarbsG, &split, &source, &allergens); err != nil {
			return x, err
		}
		x.Allergens = make([]nutrition.Allergen, len(allergens))
		for i, a := range allergens {
			x.Allergens[i] = nutrition.Allergen(a)
		}
		x.Source = household.GoalsSource(source)
		return x, json.Unmarshal(split, &x.Split)
	})
	if err != nil {
		return nil, fmt.Errorf("%s: of %s: %w", Name, owner, err)
	}
	return out, nil
}
