// Package waitlist stores the people who asked to hear about the mobile app.
package waitlist

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Store owns the waitlist table.
type Store struct{ pool *pgxpool.Pool }

// NewStore returns a store over pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// Join records email (lower-cased). Joining twice is accepted and changes nothing, so the form
// never reveals whether an address was already on the list.
func (s *Store) Join(ctx context.Context, email, locale string) error {
	_, err := s.pool.Exec(ctx,
		`INSERT INTO waitlist (email, locale) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING`,
		strings.ToLower(strings.TrimSpace(email)), locale)
	if err != nil {
		return fmt.Errorf("join waitlist: %w", err)
	}
	return nil
}

// Count returns how many addresses are on the list.
func (s *Store) Count(ctx context.Context) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM waitlist`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count waitlist: %w", err)
	}
	return n, nil
}
