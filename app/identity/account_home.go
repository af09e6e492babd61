package identity

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

// BalancePoint is the balance right after one ledger event.
type BalancePoint struct {
	At      time.Time `json:"at"`
	Balance int64     `json:"balance"`
}

// Home is the dashboard home's own data: today's goals and the balance over time.
type Home struct {
	Goals          *nutrition.Goals `json:"goals"`
	BalanceHistory []BalancePoint   `json:"balanceHistory"`
}

// HomeHistoryPoints bounds the balance chart: the latest events are what a person reads there.
const HomeHistoryPoints = 30

// Home reads the goals and the last HomeHistoryPoints balances (read model token_history),
// oldest first.
func (s *Service) Home(ctx context.Context, id uuid.UUID) (Home, error) {
	var h Home
	var kcal, protein, fat, carbs *int
	if err := s.pool.QueryRow(ctx, `SELECT calorie_goal, protein_goal, fat_goal, carb_goal FROM users WHERE id = $1`, id).
		Scan(&kcal, &protein, &fat, &carbs); err != nil {
		return Home{}, fmt.Errorf("identity: home of %s: %w", id, err)
	}
	if kcal != nil {
		h.Goals = &nutrition.Goals{Kcal: *kcal, ProteinG: deref(protein), FatG: deref(fat), CarbsG: deref(carbs)}
	}
	// token_history is the ledger's read model: read through its package, which owns it.
	balances, err := tokenhistory.LatestBalances(ctx, s.pool, id, HomeHistoryPoints)
	if err != nil {
		return Home{}, fmt.Errorf("identity: balance history of %s: %w", id, err)
	}
	h.BalanceHistory = make([]BalancePoint, len(balances))
	for i, b := range balances {
		h.BalanceHistory[i] = BalancePoint{At: b.At, Balance: b.Balance}
	}
	slices.Reverse(h.BalanceHistory)
	return h, nil
}
