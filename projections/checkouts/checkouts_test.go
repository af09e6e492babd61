package checkouts_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	billingapp "github.com/gamelle/gamelle/app/billing"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/stripe"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/projections"
	"github.com/gamelle/gamelle/projections/checkouts"
)

type row struct {
	id                                               uuid.UUID
	user                                             uuid.UUID
	pack, currency, promo, status, session, intent   string
	tokens, amount, paid, refunded, revoked, version int64
}

func snapshot(t *testing.T, db *pgtest.DB) []row {
	t.Helper()
	rows, err := db.Pool.Query(context.Background(), `
		SELECT checkout_id, user_id, pack_id, currency, promo_code, status, stripe_session_id, stripe_payment_intent_id,
		       tokens, amount_cents, amount_paid_cents, refunded_cents, tokens_revoked, version
		FROM checkouts ORDER BY checkout_id`)
	require.NoError(t, err)
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.id, &x.user, &x.pack, &x.currency, &x.promo, &x.status, &x.session, &x.intent,
			&x.tokens, &x.amount, &x.paid, &x.refunded, &x.revoked, &x.version)
		return x, err
	})
	require.NoError(t, err)
	return out
}

// The read model follows live, ignores redelivered events, and a rebuild gives the same rows;
// a refund naming only the payment finds its checkout through it.
func TestCheckoutsLiveRedeliveryAndRebuild(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := pgtest.New(t)
	store := eventstore.New(db.Pool)
	log := slog.New(slog.DiscardHandler)
	key := []byte(strings.Repeat("k", 32))
	svc := billingapp.New(db.Pool, store, ledgerapp.New(db.Pool, store), nil, billingapp.Options{AppURL: "https://gamelle.test", AppKey: key, Logger: log})
	require.NoError(t, svc.EnsureCatalog(ctx))
	runner, err := projections.NewRunner(db.Pool, log, projections.WithProjections(checkouts.New()), projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- runner.Run(rctx) }()
	t.Cleanup(func() { cancel(); require.NoError(t, <-done) })

	lastPosition := func() int64 {
		var p int64
		require.NoError(t, db.Pool.QueryRow(ctx, `SELECT max(position) FROM events`).Scan(&p))
		return p
	}
	wait := func() {
		wctx, wcancel := context.WithTimeout(ctx, 20*time.Second)
		defer wcancel()
		require.NoError(t, runner.WaitFor(wctx, lastPosition()))
	}
	deliver := func(user, id uuid.UUID, outcome billingapp.TestModeOutcome) {
		body, sig, err := svc.TestModeEvent(ctx, user, id, outcome)
		require.NoError(t, err)
		_, err = svc.HandleWebhook(ctx, body, sig)
		require.NoError(t, err)
	}

	var paid []uuid.UUID
	for i := range 9 {
		user := uuid.New()
		res, err := svc.Start(ctx, billingapp.StartCommand{UserID: user, PackID: []string{"pack-20", "pack-60", "pack-150"}[i%3], DefaultCurrency: billing.EUR, PromoCode: map[bool]string{true: "BIENVENUE30"}[i%4 == 0]})
		require.NoError(t, err)
		switch i % 3 {
		case 0:
			deliver(user, res.CheckoutID, billingapp.TestModePay)
			paid = append(paid, res.CheckoutID)
		case 1:
			deliver(user, res.CheckoutID, billingapp.TestModeCancel)
		}
	}
	wait()

	// A refund naming only the payment intent (no metadata): found through the read model. The
	// first checkout paid 349 cents (pack-20's 499 with the welcome code's 30 % off).
	body, err := stripe.EventJSON("evt_refund_pi", stripe.EventChargeRefunded, stripe.APIVersion, time.Now(), map[string]any{
		"id": "ch_x", "object": "charge", "payment_intent": "pi_test_local_" + paid[0].String(), "amount": 349, "amount_refunded": 349, "currency": "eur",
	})
	require.NoError(t, err)
	out, err := svc.HandleWebhook(ctx, body, stripe.SignPayload(body, billingapp.TestModeWebhookSecret(key), time.Now()))
	require.NoError(t, err)
	require.Equal(t, billingapp.WebhookApplied, out)
	wait()

	live := snapshot(t, db)
	require.Len(t, live, 9)
	statuses := map[string]int{}
	for _, r := range live {
		statuses[r.status]++
	}
	require.Equal(t, map[string]int{"completed": 3, "expired": 3, "started": 3}, statuses)
	for _, r := range live {
		if r.id == paid[0] {
			require.Equal(t, int64(349), r.refunded)
			require.Positive(t, r.revoked, "the refunded pack's tokens were taken back")
			require.Equal(t, fmt.Sprintf("pi_test_local_%s", paid[0]), r.intent)
		}
	}

	// Redelivery: applying every checkout event again changes nothing.
	all, err := store.ReadAll(ctx, db.Pool, 0, 10_000)
	require.NoError(t, err)
	require.NoError(t, eventstore.InTx(ctx, db.Pool, func(tx pgx.Tx) error { return checkouts.New().Apply(ctx, tx, all) }))
	require.Equal(t, live, snapshot(t, db))

	// Rebuild from the log: the same rows.
	_, err = projections.Rebuild(ctx, db.Pool, log, checkouts.New(), 4)
	require.NoError(t, err)
	wait()
	require.Equal(t, live, snapshot(t, db))

	recent, err := checkouts.Recent(ctx, db.Pool, 5)
	require.NoError(t, err)
	require.Len(t, recent, 5)
	require.False(t, recent[0].StartedAt.Before(recent[4].StartedAt), "newest first")
}
