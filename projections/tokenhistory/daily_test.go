package tokenhistory_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

// row is what the test knows of one generated event: the oracle the database is checked against.
type row struct {
	user   uuid.UUID
	reason string
	delta  int64
	at     time.Time
}

// randomLedger makes n ledger events of every kind (grants, charges, revocations, promo codes
// with a zero delta) for a few wallets over about six weeks, with some exactly on and just
// before a UTC midnight.
func randomLedger(rng *rand.Rand, n int) ([]eventstore.RecordedEvent, []row) {
	users := make([]uuid.UUID, 8)
	for i := range users {
		users[i] = uuid.New()
	}
	start := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	versions := map[uuid.UUID]int64{}
	events := make([]eventstore.RecordedEvent, 0, n)
	rows := make([]row, 0, n)
	for i := range n {
		u := users[rng.IntN(len(users))]
		versions[u]++
		at := start.Add(time.Duration(rng.Int64N(int64(42 * 24 * time.Hour)))).Truncate(time.Microsecond)
		switch rng.IntN(8) {
		case 0:
			at = at.Truncate(24 * time.Hour)
		case 1:
			at = at.Truncate(24 * time.Hour).Add(-time.Microsecond)
		}
		amount := 1 + rng.Int64N(50)
		var ev ledger.Event
		switch k := rng.IntN(10); {
		case k < 4:
			reasons := []ledger.GrantReason{ledger.ReasonSignupBonus, ledger.ReasonPurchase, ledger.ReasonAdminGrant, ledger.ReasonRefund}
			ev = ledger.TokensGranted{Amount: amount, Reason: reasons[rng.IntN(len(reasons))], Ref: "r", BalanceAfter: 1}
		case k < 8:
			reasons := []ledger.ChargeReason{ledger.ReasonRecipeGeneration, ledger.ReasonNeedsCalculation, ledger.ReasonAdminDeduction}
			ev = ledger.TokensCharged{Amount: amount, Reason: reasons[rng.IntN(len(reasons))], Ref: "r", BalanceAfter: 1}
		case k < 9:
			ev = ledger.TokensRevoked{Amount: amount, Reason: ledger.ReasonPurchaseRefunded, Ref: "r", BalanceAfter: 1}
		default:
			ev = ledger.PromoCodeRedeemed{Code: []string{"SPRING", "WINTER"}[rng.IntN(2)], CheckoutID: "c", BalanceAfter: 1}
		}
		payload, err := json.Marshal(ev)
		if err != nil {
			panic(err)
		}
		events = append(events, eventstore.RecordedEvent{
			Position: int64(i + 1), EventID: uuid.New(), StreamID: ledger.StreamID(u), Version: versions[u],
			Type: ev.EventType(), Payload: payload, Metadata: eventstore.Metadata{Actor: "test"}, RecordedAt: at,
		})
		reason := ""
		switch v := ev.(type) {
		case ledger.TokensGranted:
			reason = string(v.Reason)
		case ledger.TokensCharged:
			reason = string(v.Reason)
		case ledger.TokensRevoked:
			reason = string(v.Reason)
		case ledger.PromoCodeRedeemed:
			reason = "promo_code:" + v.Code
		}
		rows = append(rows, row{user: u, reason: reason, delta: ev.Delta(), at: at})
	}
	return events, rows
}

// expected sums the rows f matches, in Go.
func expected(rows []row, f tokenhistory.Filter) tokenhistory.Totals {
	var t tokenhistory.Totals
	for _, r := range rows {
		switch {
		case f.UserIDs != nil && !slices.Contains(f.UserIDs, r.user),
			f.Reason != "" && r.reason != f.Reason,
			!f.From.IsZero() && r.at.Before(f.From),
			!f.To.IsZero() && !r.at.Before(f.To),
			f.Sign == tokenhistory.SignPositive && r.delta <= 0,
			f.Sign == tokenhistory.SignNegative && r.delta >= 0:
			continue
		}
		t.Entries++
		t.Net += r.delta
		if r.delta > 0 {
			t.Credits += r.delta
		} else {
			t.Debits -= r.delta
		}
	}
	return t
}

func dailyRows(t *testing.T, pool *pgxpool.Pool) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT format('%s|%s|%s|%s|%s|%s|%s', day, reason, entries, positive_entries, negative_entries, credits, debits)
		FROM token_history_daily ORDER BY day, reason`)
	require.NoError(t, err)
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	return out
}

// The audit's totals come from token_history_daily when they can; after random ledger events
// applied in random batches, some of them twice, every filter's totals equal the sum over the
// matching rows, as do the statistics' per-day and per-reason figures; and a rebuild (COPY path)
// writes the same daily table as the live path.
func TestSummaryTotalsEqualAFullScan(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2026, 11))
	events, rows := randomLedger(rng, 1500)
	p := tokenhistory.New()
	apply := func(batch []eventstore.RecordedEvent) {
		require.NoError(t, eventstore.InTx(ctx, db.Pool, func(tx pgx.Tx) error { return p.Apply(ctx, tx, batch) }))
	}
	for i := 0; i < len(events); {
		n := min(1+rng.IntN(60), len(events)-i)
		apply(events[i : i+n])
		if rng.IntN(5) == 0 { // a redelivery: some already applied events again
			from := rng.IntN(i + n)
			apply(events[from:min(from+1+rng.IntN(30), i+n)])
		}
		i += n
	}
	var scanned int64
	require.NoError(t, db.Pool.QueryRow(ctx, `SELECT count(*) FROM token_history`).Scan(&scanned))
	require.Equal(t, int64(len(rows)), scanned)

	day := func() time.Time {
		return time.Date(2026, 9, 28, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rng.IntN(48))
	}
	reasons := []string{"", "signup_bonus", "purchase", "admin_grant", "refund", "recipe_generation", "needs_calculation",
		"admin_deduction", "purchase_refunded", "promo_code:SPRING", "promo_code:NONE"}
	for i := range 400 {
		var f tokenhistory.Filter
		f.Reason = reasons[rng.IntN(len(reasons))]
		if rng.IntN(3) > 0 {
			f.From = day()
		}
		if rng.IntN(3) > 0 {
			f.To = day()
		}
		f.Sign = []tokenhistory.Sign{tokenhistory.SignAny, tokenhistory.SignPositive, tokenhistory.SignNegative}[rng.IntN(3)]
		f.Before = rng.Int64N(int64(len(events))) // the cursor never changes the totals
		switch rng.IntN(6) {
		case 0: // a person filter: summed over that person's rows
			f.UserIDs = []uuid.UUID{rows[rng.IntN(len(rows))].user}
		case 1: // bounds inside a day: summed over the rows too
			if !f.From.IsZero() {
				f.From = f.From.Add(time.Duration(rng.Int64N(int64(24 * time.Hour)))).Truncate(time.Microsecond)
			}
		}
		got, err := tokenhistory.Sum(ctx, db.Pool, f)
		require.NoError(t, err)
		require.Equal(t, expected(rows, f), got, "filter %d: %+v", i, f)
	}

	since := time.Date(2026, 10, 20, 0, 0, 0, 0, time.UTC)
	byDay := map[time.Time]*tokenhistory.Day{}
	counts := map[string]int64{}
	for _, r := range rows {
		if r.at.Before(since) {
			continue
		}
		counts[r.reason]++
		d := r.at.Truncate(24 * time.Hour)
		if byDay[d] == nil {
			byDay[d] = &tokenhistory.Day{Day: d}
		}
		switch {
		case r.delta < 0:
			byDay[d].Spent -= r.delta
		case r.reason == "purchase":
			byDay[d].Purchased += r.delta
		case r.reason == "refund":
			byDay[d].Refunded += r.delta
		default:
			byDay[d].Granted += r.delta
		}
	}
	var wantDays []tokenhistory.Day
	for _, d := range byDay {
		wantDays = append(wantDays, *d)
	}
	slices.SortFunc(wantDays, func(a, b tokenhistory.Day) int { return a.Day.Compare(b.Day) })
	gotDays, err := tokenhistory.Daily(ctx, db.Pool, since)
	require.NoError(t, err)
	require.Len(t, gotDays, len(wantDays))
	for i := range wantDays {
		require.True(t, wantDays[i].Day.Equal(gotDays[i].Day), "day %d: %s, want %s", i, gotDays[i].Day, wantDays[i].Day)
		gotDays[i].Day = wantDays[i].Day
	}
	require.Equal(t, wantDays, gotDays)
	gotCounts, err := tokenhistory.CountByReason(ctx, db.Pool, since)
	require.NoError(t, err)
	require.Equal(t, counts, gotCounts)

	// The rebuild path: tables emptied, every event copied once, in other batches.
	live := dailyRows(t, db.Pool)
	require.NoError(t, eventstore.InTx(ctx, db.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `TRUNCATE token_history, token_history_daily`)
		return err
	}))
	for i := 0; i < len(events); i += 97 {
		batch := events[i:min(i+97, len(events))]
		require.NoError(t, eventstore.InTx(ctx, db.Pool, func(tx pgx.Tx) error { return p.ApplyRebuild(ctx, tx, batch) }))
	}
	require.Equal(t, live, dailyRows(t, db.Pool))
}
