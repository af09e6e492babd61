package ledger_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
)

type bundle struct {
	db    *pgtest.DB
	store *eventstore.Store
	svc   *ledgerapp.Service
}

func setup(t *testing.T, opts ...ledgerapp.Option) bundle {
	t.Helper()
	db := pgtest.New(t)
	store := eventstore.New(db.Pool)
	return bundle{db: db, store: store, svc: ledgerapp.New(db.Pool, store, opts...)}
}

func TestGrantChargeRefund(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	user := uuid.New()

	bal, err := b.svc.Balance(ctx, user)
	require.NoError(t, err)
	require.Zero(t, bal)

	r, err := b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 2, Reason: ledger.ReasonSignupBonus, CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "signup-bonus:" + user.String()}})
	require.NoError(t, err)
	require.Equal(t, int64(2), r.Balance)
	require.Equal(t, int64(1), r.Version)
	require.Positive(t, r.Position)
	require.False(t, r.Duplicate)

	again, err := b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 2, Reason: ledger.ReasonSignupBonus, CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "signup-bonus:" + user.String()}})
	require.NoError(t, err)
	require.True(t, again.Duplicate)
	require.Equal(t, r.Position, again.Position)
	require.Equal(t, int64(2), again.Balance)

	c, err := b.svc.Charge(ctx, ledgerapp.ChargeCommand{UserID: user, Amount: 2, Reason: ledger.ReasonRecipeGeneration, Ref: "req-1", CommandMeta: eventstore.CommandMeta{Actor: eventstore.UserActor(user)}})
	require.NoError(t, err)
	require.Equal(t, int64(0), c.Balance)
	require.Greater(t, c.Position, r.Position)

	_, err = b.svc.Charge(ctx, ledgerapp.ChargeCommand{UserID: user, Amount: 1, Reason: ledger.ReasonRecipeGeneration, Ref: "req-2", CommandMeta: eventstore.CommandMeta{Actor: eventstore.UserActor(user)}})
	require.ErrorIs(t, err, ledger.ErrInsufficientTokens)

	rf, err := b.svc.Refund(ctx, ledgerapp.RefundCommand{UserID: user, Amount: 2, Ref: "req-1", CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "refund:req-1"}})
	require.NoError(t, err)
	require.Equal(t, int64(2), rf.Balance)
	_, err = b.svc.Refund(ctx, ledgerapp.RefundCommand{UserID: user, Amount: 1, Ref: "req-1", CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: "refund:req-1-bis"}})
	require.ErrorIs(t, err, ledger.ErrNothingToRefund)

	bal, err = b.svc.Balance(ctx, user)
	require.NoError(t, err)
	require.Equal(t, int64(2), bal)
}

func TestIdempotencyKeyReusedForAnotherRequest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	user := uuid.New()
	_, err := b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 5, Reason: ledger.ReasonAdminGrant, Ref: "x", CommandMeta: eventstore.CommandMeta{IdempotencyKey: "k"}})
	require.NoError(t, err)
	_, err = b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 6, Reason: ledger.ReasonAdminGrant, Ref: "x", CommandMeta: eventstore.CommandMeta{IdempotencyKey: "k"}})
	require.ErrorIs(t, err, eventstore.ErrIdempotencyKeyReused)
}

func TestChargeTxRollsBackWithCallersTransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	user := uuid.New()
	_, err := b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 3, Reason: ledger.ReasonPurchase, Ref: "checkout-1"})
	require.NoError(t, err)

	boom := errors.New("job insert failed")
	err = eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
		r, err := b.svc.ChargeTx(ctx, tx, ledgerapp.ChargeCommand{UserID: user, Amount: 1, Reason: ledger.ReasonNeedsCalculation, Ref: "needs-1"})
		require.NoError(t, err)
		require.Equal(t, int64(2), r.Balance)
		return boom
	})
	require.ErrorIs(t, err, boom)
	bal, err := b.svc.Balance(ctx, user)
	require.NoError(t, err)
	require.Equal(t, int64(3), bal, "the charge rolled back with the caller's transaction")

	err = eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
		_, err := b.svc.ChargeTx(ctx, tx, ledgerapp.ChargeCommand{UserID: user, Amount: 1, Reason: ledger.ReasonNeedsCalculation, Ref: "needs-1"})
		return err
	})
	require.NoError(t, err)
	bal, err = b.svc.Balance(ctx, user)
	require.NoError(t, err)
	require.Equal(t, int64(2), bal)
}

func TestRedeemPromoOncePerWallet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	user := uuid.New()
	_, err := b.svc.RedeemPromo(ctx, ledgerapp.RedeemPromoCommand{UserID: user, Code: "bienvenue30", CheckoutID: "c1"})
	require.NoError(t, err)
	_, err = b.svc.RedeemPromo(ctx, ledgerapp.RedeemPromoCommand{UserID: user, Code: "BIENVENUE30", CheckoutID: "c2"})
	require.ErrorIs(t, err, ledger.ErrPromoAlreadyRedeemed)
	w, err := b.svc.Wallet(ctx, user)
	require.NoError(t, err)
	require.True(t, w.HasRedeemed("BIENVENUE30"))
}

func TestRevokeTakesWhatIsLeftAndNothingFromAnEmptyWallet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	user := uuid.New()
	_, err := b.svc.Grant(ctx, ledgerapp.GrantCommand{UserID: user, Amount: 5, Reason: ledger.ReasonPurchase, Ref: "checkout-1"})
	require.NoError(t, err)
	revoke := func(key string) (int64, ledgerapp.Result) {
		var taken int64
		var res ledgerapp.Result
		require.NoError(t, eventstore.InTx(ctx, b.db.Pool, func(tx pgx.Tx) error {
			var err error
			taken, res, err = b.svc.RevokeTx(ctx, tx, ledgerapp.RevokeCommand{UserID: user, Amount: 8, Reason: ledger.ReasonPurchaseRefunded, Ref: "checkout-1",
				CommandMeta: eventstore.CommandMeta{Actor: "stripe", IdempotencyKey: key}})
			return err
		}))
		return taken, res
	}
	taken, res := revoke("refund:1")
	require.Equal(t, int64(5), taken, "never below zero")
	require.Zero(t, res.Balance)
	require.Equal(t, int64(2), res.Version)

	taken, res = revoke("refund:1")
	require.True(t, res.Duplicate)
	require.Equal(t, int64(5), taken, "a duplicate reports what the first run took")

	taken, res = revoke("refund:2")
	require.Zero(t, taken)
	require.Equal(t, ledgerapp.Result{}, res)
	h, err := b.store.Head(ctx, b.db.Pool, ledger.StreamID(user))
	require.NoError(t, err)
	require.Equal(t, int64(2), h.Version, "an empty wallet records nothing")
}
