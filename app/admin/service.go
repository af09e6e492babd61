// Package admin holds the admin dashboard's use cases: the token audit and its CSV export, the
// people directory, manual token grants and deductions, role changes, statistics and the event
// inspector. Every action an admin takes is recorded in admin_actions (who, what, when, on whom,
// why) in the same transaction as its effect.
package admin

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	identityapp "github.com/gamelle/gamelle/app/identity"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/db"
)

// JobClient inserts River jobs in the caller's transaction and lists them (*jobs.Client
// satisfies it).
type JobClient interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
}

// Service runs the admin use cases. It is safe for concurrent use.
type Service struct {
	pool     *pgxpool.Pool
	store    *eventstore.Store
	identity *identityapp.Service
	ledger   *ledgerapp.Service
	jobs     JobClient
	prices   *nutrition.PriceTable
	now      func() time.Time
}

// New returns the admin service.
func New(pool *pgxpool.Pool, store *eventstore.Store, identity *identityapp.Service, ledger *ledgerapp.Service, jobs JobClient) *Service {
	return &Service{pool: pool, store: store, identity: identity, ledger: ledger, jobs: jobs, now: time.Now}
}

// Actor is the admin acting: their account id and email, recorded with every action.
type Actor struct {
	ID    uuid.UUID
	Email string
}

// Errors the pages turn into translated field errors.
var (
	// ErrReasonRequired: a grant or deduction needs a written reason.
	ErrReasonRequired = errors.New("admin: a reason is required")
	// ErrReasonTooLong: the reason is over MaxReasonLength characters.
	ErrReasonTooLong = errors.New("admin: the reason is too long")
	// ErrZeroAmount: a grant or deduction of zero tokens means nothing.
	ErrZeroAmount = errors.New("admin: the amount must not be zero")
	// ErrAmountTooLarge: more than MaxAdjustment tokens at once is a typo, not a decision.
	ErrAmountTooLarge = errors.New("admin: the amount is too large")
	// ErrUnknownProjection: the rebuild names no registered projection.
	ErrUnknownProjection = errors.New("admin: unknown projection")
)

// Limits on manual adjustments.
const (
	MaxReasonLength = 500
	MaxAdjustment   = 100_000
)

// Action kinds recorded in admin_actions.
const (
	ActionGrantTokens       = "grant_tokens"
	ActionDeductTokens      = "deduct_tokens"
	ActionChangeRole        = "change_role"
	ActionRebuildProjection = "rebuild_projection"
)

// Action is one recorded admin action.
type Action struct {
	ID        uuid.UUID  `json:"id"`
	ActorID   *uuid.UUID `json:"actorId"`
	Actor     string     `json:"actor"`
	Action    string     `json:"action"`
	TargetID  *uuid.UUID `json:"targetId"`
	Amount    *int64     `json:"amount"`
	Detail    string     `json:"detail"`
	CreatedAt time.Time  `json:"createdAt"`
}

// record writes an action in tx, so it exists exactly when its effect does.
func (s *Service) record(ctx context.Context, tx pgx.Tx, a Action) error {
	_, err := tx.Exec(ctx, `
		INSERT INTO admin_actions (id, actor_id, actor, action, target_id, amount, detail, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		a.ID, a.ActorID, a.Actor, a.Action, a.TargetID, a.Amount, a.Detail, a.CreatedAt)
	if err != nil {
		return fmt.Errorf("admin: record %s: %w", a.Action, err)
	}
	return nil
}

// RecentActions lists the latest admin actions, newest first; with target set, only those
// concerning that person.
func (s *Service) RecentActions(ctx context.Context, target *uuid.UUID, limit int) ([]Action, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT id, actor_id, actor, action, target_id, amount, detail, created_at FROM admin_actions
		WHERE $1::uuid IS NULL OR target_id = $1
		ORDER BY created_at DESC, id DESC LIMIT $2`, target, limit)
	if err != nil {
		return nil, fmt.Errorf("admin: actions: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Action, error) {
		var a Action
		err := r.Scan(&a.ID, &a.ActorID, &a.Actor, &a.Action, &a.TargetID, &a.Amount, &a.Detail, &a.CreatedAt)
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("admin: actions: %w", err)
	}
	return out, nil
}

// ForgetPerson clears a deleted account from the admin actions that concern it: the written
// reasons may name them. The actions stay, so the audit still counts them.
func (s *Service) ForgetPerson(ctx context.Context, db eventstore.DBTX, id uuid.UUID) error {
	if _, err := db.Exec(ctx, `UPDATE admin_actions SET target_id = NULL, detail = '' WHERE target_id = $1`, id); err != nil {
		return fmt.Errorf("admin: forget %s: %w", id, err)
	}
	if _, err := db.Exec(ctx, `UPDATE admin_actions SET actor_id = NULL, actor = 'deleted account' WHERE actor_id = $1`, id); err != nil {
		return fmt.Errorf("admin: forget actor %s: %w", id, err)
	}
	if _, err := db.Exec(ctx, `UPDATE food_price_overrides SET updated_by = NULL WHERE updated_by = $1`, id); err != nil {
		return fmt.Errorf("admin: forget price editor %s: %w", id, err)
	}
	return nil
}

// PersonalData is what the admin area keeps about a person, for their data export and account
// deletion (registered with identity in cmd/gamelle): the actions admins took on their account.
func (s *Service) PersonalData() identityapp.PersonalData {
	return identityapp.PersonalData{
		Area: "admin",
		Export: func(ctx context.Context, q db.DBTX, id uuid.UUID) (any, error) {
			rows, err := q.Query(ctx, `
				SELECT id, action, amount, detail, created_at FROM admin_actions
				WHERE target_id = $1 ORDER BY created_at, id`, id)
			if err != nil {
				return nil, fmt.Errorf("admin: export actions of %s: %w", id, err)
			}
			type exported struct {
				ID        uuid.UUID `json:"id"`
				Action    string    `json:"action"`
				Amount    *int64    `json:"amount"`
				Detail    string    `json:"detail"`
				CreatedAt time.Time `json:"createdAt"`
			}
			return pgx.CollectRows(rows, func(r pgx.CollectableRow) (exported, error) {
				var e exported
				err := r.Scan(&e.ID, &e.Action, &e.Amount, &e.Detail, &e.CreatedAt)
				return e, err
			})
		},
		Erase: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, _ string) error {
			return s.ForgetPerson(ctx, tx, id)
		},
	}
}
