package admin

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/db"
)

// ActionEditPrice is recorded when an admin changes a food price estimate.
const ActionEditPrice = "edit_price"

// ErrUnknownPrice: the group and subgroup are not a row of the shipped price table.
var ErrUnknownPrice = errors.New("admin: unknown price row")

// ErrPriceRange: a price estimate must be more than 0 and at most 1000 EUR per kg.
var ErrPriceRange = errors.New("admin: price out of range")

// WithPrices gives the service the process's live price table (the one the meal-prep engine
// and the shopping lists hold), so SetPrice applies a change at once. Call it before use.
func (s *Service) WithPrices(t *nutrition.PriceTable) *Service {
	s.prices = t
	return s
}

// PriceLine is one row of the prices page: the shipped estimate, the admin's override if any,
// and who set it when.
type PriceLine struct {
	Group    string `json:"group"`
	Subgroup string `json:"subgroup"`
	// GroupName and SubgroupName are the group and subgroup in the reader's language (the
	// food table's names; the English key when no food names it).
	GroupName    string     `json:"groupName"`
	SubgroupName string     `json:"subgroupName"`
	Shipped      float64    `json:"shipped"`
	Override     *float64   `json:"override"`
	UpdatedAt    *time.Time `json:"updatedAt"`
}

type storedOverride struct {
	nutrition.PriceRow
	UpdatedAt time.Time
}

func loadOverrides(ctx context.Context, q db.DBTX) ([]storedOverride, error) {
	rows, err := q.Query(ctx, `SELECT group_en, subgroup_en, eur_per_kg::float8, updated_at FROM food_price_overrides`)
	if err != nil {
		return nil, fmt.Errorf("admin: price overrides: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (storedOverride, error) {
		var o storedOverride
		err := r.Scan(&o.Group, &o.Subgroup, &o.EURPerKg, &o.UpdatedAt)
		return o, err
	})
	if err != nil {
		return nil, fmt.Errorf("admin: price overrides: %w", err)
	}
	return out, nil
}

// groupNames maps the food table's English group and subgroup names to French ones.
func groupNames(ctx context.Context, q db.DBTX) (map[string]string, error) {
	rows, err := q.Query(ctx, `SELECT DISTINCT group_en, group_fr, subgroup_en, subgroup_fr FROM foods`)
	if err != nil {
		return nil, fmt.Errorf("admin: group names: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var gEN, gFR, sEN, sFR string
		if err := rows.Scan(&gEN, &gFR, &sEN, &sFR); err != nil {
			return nil, fmt.Errorf("admin: group names: %w", err)
		}
		out[gEN], out[gEN+"\x00"+sEN] = gFR, sFR
	}
	return out, rows.Err()
}

// Prices lists every row of the price table in the shipped order, with its override, the groups
// named in lang ("fr" or "en").
func (s *Service) Prices(ctx context.Context, lang string) ([]PriceLine, error) {
	if s.prices == nil {
		return nil, errors.New("admin: no price table")
	}
	overrides, err := loadOverrides(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	byKey := map[[2]string]storedOverride{}
	for _, o := range overrides {
		byKey[[2]string{o.Group, o.Subgroup}] = o
	}
	names := map[string]string{}
	if lang == "fr" {
		if names, err = groupNames(ctx, s.pool); err != nil {
			return nil, err
		}
	}
	named := func(key, fallback string) string {
		if n := names[key]; n != "" {
			return n
		}
		return fallback
	}
	shipped := s.prices.ShippedRows()
	out := make([]PriceLine, 0, len(shipped))
	for _, r := range shipped {
		l := PriceLine{Group: r.Group, Subgroup: r.Subgroup, Shipped: r.EURPerKg,
			GroupName: named(r.Group, r.Group), SubgroupName: named(r.Group+"\x00"+r.Subgroup, r.Subgroup)}
		if o, ok := byKey[[2]string{r.Group, r.Subgroup}]; ok {
			p, at := o.EURPerKg, o.UpdatedAt
			l.Override, l.UpdatedAt = &p, &at
		}
		out = append(out, l)
	}
	return out, nil
}

// SetPrice overrides the estimate of one row of the price table, records the action in the same
// transaction, then applies every stored override to this process's table (other processes
// follow within a minute, see RunPriceLoader).
func (s *Service) SetPrice(ctx context.Context, by Actor, group, subgroup string, eurPerKg float64) error {
	if s.prices == nil {
		return errors.New("admin: no price table")
	}
	shipped, ok := s.prices.Shipped(group, subgroup)
	if !ok {
		return fmt.Errorf("%w: %q / %q", ErrUnknownPrice, group, subgroup)
	}
	if !nutrition.ValidPrice(eurPerKg) {
		return fmt.Errorf("%w: %v", ErrPriceRange, eurPerKg)
	}
	err := eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		var before float64
		err := tx.QueryRow(ctx, `SELECT eur_per_kg::float8 FROM food_price_overrides WHERE group_en = $1 AND subgroup_en = $2 FOR UPDATE`, group, subgroup).Scan(&before)
		if errors.Is(err, pgx.ErrNoRows) {
			before, err = shipped.EURPerKg, nil
		}
		if err != nil {
			return fmt.Errorf("admin: read price: %w", err)
		}
		now := s.now().UTC()
		if _, err := tx.Exec(ctx, `
			INSERT INTO food_price_overrides (group_en, subgroup_en, eur_per_kg, updated_by, updated_at)
			VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (group_en, subgroup_en) DO UPDATE SET eur_per_kg = EXCLUDED.eur_per_kg, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
			group, subgroup, eurPerKg, by.ID, now); err != nil {
			return fmt.Errorf("admin: write price: %w", err)
		}
		return s.record(ctx, tx, Action{
			ID: uuid.New(), ActorID: &by.ID, Actor: by.Email, Action: ActionEditPrice,
			Detail: fmt.Sprintf("%s / %s: %g → %g EUR/kg", group, subgroup, before, eurPerKg), CreatedAt: now,
		})
	})
	if err != nil {
		return fmt.Errorf("admin: set price %q / %q: %w", group, subgroup, err)
	}
	return LoadPrices(ctx, s.pool, s.prices)
}

// LoadPrices applies the stored overrides to table. Overrides naming rows the shipped table no
// longer has are skipped, so a new price file never stops the application.
func LoadPrices(ctx context.Context, q db.DBTX, table *nutrition.PriceTable) error {
	stored, err := loadOverrides(ctx, q)
	if err != nil {
		return err
	}
	rows := make([]nutrition.PriceRow, 0, len(stored))
	for _, o := range stored {
		if _, ok := table.Shipped(o.Group, o.Subgroup); ok && nutrition.ValidPrice(o.EURPerKg) {
			rows = append(rows, o.PriceRow)
		}
	}
	if err := table.Apply(rows); err != nil {
		return fmt.Errorf("admin: apply prices: %w", err)
	}
	return nil
}

// RunPriceLoader applies the stored overrides to table every interval until ctx ends, so every
// process follows an admin's change made in another one. A failed load is logged and retried
// at the next tick: the table keeps its last prices.
func RunPriceLoader(ctx context.Context, q db.DBTX, table *nutrition.PriceTable, every time.Duration, log *slog.Logger) error {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
			if err := LoadPrices(ctx, q, table); err != nil && ctx.Err() == nil {
				log.Error("load food prices", "err", err)
			}
		}
	}
}
