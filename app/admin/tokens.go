package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// AdjustTokens is an admin's manual grant (positive amount) or deduction (negative amount).
type AdjustTokens struct {
	Target uuid.UUID
	Amount int64
	// Reason is the admin's written reason. It stays in admin_actions (erasable), never in the
	// ledger event, whose ref is the action's id.
	Reason string
	// IdempotencyKey comes from the form, so a double-submitted form adjusts once.
	IdempotencyKey string
}

// Validate checks the adjustment before anything is written.
func (a AdjustTokens) Validate() error {
	reason := strings.TrimSpace(a.Reason)
	switch {
	case a.Amount == 0:
		return ErrZeroAmount
	case a.Amount > MaxAdjustment || a.Amount < -MaxAdjustment:
		return ErrAmountTooLarge
	case reason == "":
		return ErrReasonRequired
	case utf8.RuneCountInString(reason) > MaxReasonLength:
		return ErrReasonTooLong
	}
	return nil
}

// AdjustTokens grants or deducts tokens with the admin as the ledger event's actor, and records
// the action, in one transaction. A deduction larger than the balance fails with
// ledger.ErrInsufficientTokens and writes nothing. It returns the new balance.
func (s *Service) AdjustTokens(ctx context.Context, by Actor, a AdjustTokens) (int64, error) {
	if err := a.Validate(); err != nil {
		return 0, err
	}
	if _, err := s.identity.ByID(ctx, a.Target); err != nil {
		return 0, err // identityapp.ErrNotFound for an unknown person
	}
	actionID := uuid.New()
	meta := eventstore.CommandMeta{Actor: eventstore.UserActor(by.ID)}
	if a.IdempotencyKey != "" {
		meta.IdempotencyKey = "admin-adjust:" + by.ID.String() + ":" + a.IdempotencyKey
		// The same submission must build the same command (the ref is part of its hash).
		actionID = uuid.NewSHA1(uuid.NameSpaceOID, []byte(meta.IdempotencyKey))
	}
	meta.CausationID = actionID.String()
	var balance int64
	err := eventstore.RetryInTx(ctx, s.pool, func(tx pgx.Tx) error {
		var (
			res ledgerapp.Result
			err error
		)
		kind := ActionGrantTokens
		if a.Amount > 0 {
			res, err = s.ledger.GrantTx(ctx, tx, ledgerapp.GrantCommand{
				CommandMeta: meta, UserID: a.Target, Amount: a.Amount, Reason: ledger.ReasonAdminGrant, Ref: "admin-action:" + actionID.String(),
			})
		} else {
			kind = ActionDeductTokens
			res, err = s.ledger.ChargeTx(ctx, tx, ledgerapp.ChargeCommand{
				CommandMeta: meta, UserID: a.Target, Amount: -a.Amount, Reason: ledger.ReasonAdminDeduction, Ref: "admin-action:" + actionID.String(),
			})
		}
		if err != nil {
			return err
		}
		balance = res.Balance
		if res.Duplicate {
			return nil // the first submission recorded the action
		}
		amount := a.Amount
		return s.record(ctx, tx, Action{
			ID: actionID, ActorID: &by.ID, Actor: by.Email, Action: kind, TargetID: &a.Target,
			Amount: &amount, Detail: strings.TrimSpace(a.Reason), CreatedAt: s.now().UTC(),
		})
	})
	if err != nil {
		return 0, fmt.Errorf("admin: adjust tokens of %s by %d: %w", a.Target, a.Amount, err)
	}
	return balance, nil
}

// ChangeRole makes a person USER or ADMIN, recorded with the acting admin. Demoting the last
// admin fails with identityapp.ErrLastAdmin. Nothing is recorded when the role was already set;
// otherwise the record commits with the change.
func (s *Service) ChangeRole(ctx context.Context, by Actor, target uuid.UUID, role string) error {
	r := identity.Role(role)
	if !r.Valid() {
		return fmt.Errorf("admin: %w: %q", ErrInvalidRole, role)
	}
	_, err := s.identity.ChangeRole(ctx, target, r, func(tx pgx.Tx) error {
		return s.record(ctx, tx, Action{
			ID: uuid.New(), ActorID: &by.ID, Actor: by.Email, Action: ActionChangeRole, TargetID: &target,
			Detail: string(r), CreatedAt: s.now().UTC(),
		})
	})
	if err != nil {
		return fmt.Errorf("admin: change role of %s: %w", target, err)
	}
	return nil
}

// ErrInvalidRole: the role is neither USER nor ADMIN.
var ErrInvalidRole = errors.New("invalid role")
