package admin_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	adminapp "github.com/gamelle/gamelle/app/admin"
	identityapp "github.com/gamelle/gamelle/app/identity"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/jobs"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

type bundle struct {
	db     *pgtest.DB
	ledger *ledgerapp.Service
	svc    *adminapp.Service
	admin  adminapp.Actor
}

func setup(t *testing.T) bundle {
	t.Helper()
	db := pgtest.New(t)
	store := eventstore.New(db.Pool)
	led := ledgerapp.New(db.Pool, store)
	jc, err := jobs.New(db.Pool, jobs.Config{})
	require.NoError(t, err)
	id := identityapp.New(db.Pool, led, jc, identityapp.Options{Key: []byte("0123456789abcdef0123456789abcdef")})
	b := bundle{db: db, ledger: led, svc: adminapp.New(db.Pool, store, id, led, jc)}
	b.admin = adminapp.Actor{ID: b.person(t, "boss@example.com", "ADMIN"), Email: "boss@example.com"}
	return b
}

// person inserts an account directly (identity's sign-up flow is tested elsewhere).
func (b bundle) person(t *testing.T, email, role string) uuid.UUID {
	t.Helper()
	id := uuid.New()
	_, err := b.db.Pool.Exec(t.Context(), `INSERT INTO users (id, email, role, verified_at) VALUES ($1, $2, $3, now())`, id, email, role)
	require.NoError(t, err)
	return id
}

func TestAdjustTokensGrantsDeductsAndRecords(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := b.person(t, "p@example.com", "USER")

	bal, err := b.svc.AdjustTokens(t.Context(), b.admin, adminapp.AdjustTokens{Target: p, Amount: 5, Reason: "goodwill", IdempotencyKey: "f1"})
	require.NoError(t, err)
	require.Equal(t, int64(5), bal)
	bal, err = b.svc.AdjustTokens(t.Context(), b.admin, adminapp.AdjustTokens{Target: p, Amount: 5, Reason: "goodwill", IdempotencyKey: "f1"})
	require.NoError(t, err, "the same form twice")
	require.Equal(t, int64(5), bal)

	_, err = b.svc.AdjustTokens(t.Context(), b.admin, adminapp.AdjustTokens{Target: p, Amount: -6, Reason: "too much"})
	require.ErrorIs(t, err, ledger.ErrInsufficientTokens)
	bal, err = b.svc.AdjustTokens(t.Context(), b.admin, adminapp.AdjustTokens{Target: p, Amount: -5, Reason: "all of it"})
	require.NoError(t, err)
	require.Zero(t, bal)

	for _, bad := range []adminapp.AdjustTokens{
		{Target: p, Amount: 0, Reason: "x"}, {Target: p, Amount: 3, Reason: " "}, {Target: p, Amount: adminapp.MaxAdjustment + 1, Reason: "x"},
	} {
		_, err := b.svc.AdjustTokens(t.Context(), b.admin, bad)
		require.Error(t, err)
	}
	_, err = b.svc.AdjustTokens(t.Context(), b.admin, adminapp.AdjustTokens{Target: uuid.New(), Amount: 1, Reason: "ghost"})
	require.ErrorIs(t, err, identityapp.ErrNotFound)

	actions, err := b.svc.RecentActions(t.Context(), &p, 10)
	require.NoError(t, err)
	require.Len(t, actions, 2, "one grant (the duplicate is not recorded twice) and one deduction")
	require.Equal(t, adminapp.ActionDeductTokens, actions[0].Action)
	require.Equal(t, "all of it", actions[0].Detail)
	require.Equal(t, int64(-5), *actions[0].Amount)

	w, err := b.ledger.Wallet(t.Context(), p)
	require.NoError(t, err)
	require.Equal(t, int64(0), w.Balance())
}

func TestChangeRoleNeverLeavesNoAdmin(t *testing.T) {
	t.Parallel()
	b := setup(t)
	require.ErrorIs(t, b.svc.ChangeRole(t.Context(), b.admin, b.admin.ID, "USER"), identityapp.ErrLastAdmin)
	require.ErrorIs(t, b.svc.ChangeRole(t.Context(), b.admin, b.admin.ID, "ROOT"), adminapp.ErrInvalidRole)

	second := b.person(t, "second@example.com", "USER")
	require.NoError(t, b.svc.ChangeRole(t.Context(), b.admin, second, "ADMIN"))
	require.NoError(t, b.svc.ChangeRole(t.Context(), b.admin, second, "ADMIN"), "no change, no error")

	// Both admins demote each other at once: exactly one demotion happens.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, c := range []struct{ by, target uuid.UUID }{{b.admin.ID, second}, {second, b.admin.ID}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = b.svc.ChangeRole(t.Context(), adminapp.Actor{ID: c.by, Email: "x"}, c.target, "USER")
		}()
	}
	wg.Wait()
	lastAdmin := 0
	for _, err := range errs {
		if errors.Is(err, identityapp.ErrLastAdmin) {
			lastAdmin++
		} else {
			require.NoError(t, err)
		}
	}
	require.Equal(t, 1, lastAdmin)
	var admins int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM users WHERE role = 'ADMIN'`).Scan(&admins))
	require.Equal(t, 1, admins)
	var recorded int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM admin_actions WHERE action = 'change_role'`).Scan(&recorded))
	require.Equal(t, 2, recorded, "the promotion and the demotion, not the refusals nor the no-op")
}

func TestAuditFilterErrorsNameTheirField(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for q, field := range map[adminapp.AuditQuery]string{
		{From: "2026-02-30"}: "from", {To: "x"}: "to", {Sign: "up"}: "sign", {Cursor: "abc"}: "cursor", {Reason: "gift"}: "reason",
		{From: "2026-05-02", To: "2026-05-01"}: "to",
	} {
		_, err := b.svc.Audit(t.Context(), q)
		var fe *adminapp.FieldError
		require.ErrorAs(t, err, &fe, "%+v", q)
		require.Equal(t, field, fe.Field)
	}
	// The end day is included.
	p := b.person(t, "p@example.com", "USER")
	_, err := b.svc.AdjustTokens(t.Context(), b.admin, adminapp.AdjustTokens{Target: p, Amount: 1, Reason: "r"})
	require.NoError(t, err)
	// No live runner here: rebuild the token_history read model. The log hands a reader only the
	// events below every open transaction's horizon, which is cluster-wide: while other test
	// databases of the same server hold transactions open, a rebuild can stop short of the grant,
	// so rebuild until it is read.
	today := time.Now().UTC().Format(time.DateOnly)
	var page adminapp.AuditPage
	require.Eventually(t, func() bool {
		_, err = projections.Rebuild(t.Context(), b.db.Pool, nil, tokenhistory.New(), 0)
		require.NoError(t, err)
		page, err = b.svc.Audit(t.Context(), adminapp.AuditQuery{From: today, To: today})
		require.NoError(t, err)
		return page.Totals.Entries > 0
	}, 15*time.Second, 50*time.Millisecond, "the grant reaches the audit read model")
	require.Equal(t, int64(1), page.Totals.Entries, "the entry of today is in [today, today]")
	yesterday := time.Now().UTC().AddDate(0, 0, -1).Format(time.DateOnly)
	page, err = b.svc.Audit(t.Context(), adminapp.AuditQuery{To: yesterday})
	require.NoError(t, err)
	require.Zero(t, page.Totals.Entries)
}

// A pending checkout shows what the person is asked to pay (the welcome price), not "0 paid".
func TestPersonShowsTheAmountDueOfAPendingCheckout(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := b.person(t, "buyer@example.com", "USER")
	_, err := b.db.Pool.Exec(t.Context(), `
		INSERT INTO checkouts (checkout_id, user_id, pack_id, tokens, amount_cents, currency, promo_code, status, version, started_at, updated_at)
		VALUES ($1, $2, 'pack-60', 60, 839, 'EUR', 'BIENVENUE30', 'started', 2, now(), now())`, uuid.New(), p)
	require.NoError(t, err)
	d, err := b.svc.Person(t.Context(), p)
	require.NoError(t, err)
	require.Len(t, d.Purchases, 1)
	require.Equal(t, "started", d.Purchases[0].Status)
	require.Equal(t, int64(839), d.Purchases[0].AmountDueCents)
	require.Zero(t, d.Purchases[0].AmountPaidCents)
}
