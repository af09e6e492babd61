package tokenhistory

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/eventstore"
)

// Sign selects entries by the sign of their balance change.
type Sign string

// Signs an audit can filter on; the empty Sign keeps every entry.
const (
	SignAny      Sign = ""
	SignPositive Sign = "positive"
	SignNegative Sign = "negative"
)

// Filter narrows the audit. Zero fields do not filter. Entries are ordered newest first by
// global position, which never changes once written, so a page boundary (Before) stays put while
// new events arrive: they all land above the first page.
type Filter struct {
	// UserIDs keeps the entries of these wallets; nil keeps every wallet, an empty non-nil slice
	// none (a person filter that matched nobody).
	UserIDs []uuid.UUID
	Reason  string
	// From and To bound occurred_at: From inclusive, To exclusive.
	From, To time.Time
	Sign     Sign
	// Before keeps entries with a position below it (the keyset cursor); 0 starts at the newest.
	Before int64
}

// where builds the filter's WHERE clause with its arguments, numbered from $1.
func (f Filter) where() (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, fmt.Sprintf(cond, len(args)))
	}
	if f.UserIDs != nil {
		add("user_id = ANY($%d)", f.UserIDs)
	}
	if f.Reason != "" {
		add("reason = $%d", f.Reason)
	}
	if !f.From.IsZero() {
		add("occurred_at >= $%d", f.From)
	}
	if !f.To.IsZero() {
		add("occurred_at < $%d", f.To)
	}
	if f.Before > 0 {
		add("position < $%d", f.Before)
	}
	switch f.Sign {
	case SignPositive:
		conds = append(conds, "delta > 0")
	case SignNegative:
		conds = append(conds, "delta < 0")
	}
	if len(conds) == 0 {
		return "", nil
	}
	return "WHERE " + strings.Join(conds, " AND "), args
}

// Page returns at most limit entries matching f, newest first.
func Page(ctx context.Context, db eventstore.DBTX, f Filter, limit int) ([]Entry, error) {
	where, args := f.where()
	args = append(args, limit)
	return query(ctx, db, fmt.Sprintf(`%s ORDER BY position DESC LIMIT $%d`, where, len(args)), args...)
}

// Totals sums what a filter matches (the cursor is ignored: totals are for the whole set).
type Totals struct {
	Entries int64 `json:"entries"`
	Credits int64 `json:"credits"`
	Debits  int64 `json:"debits"`
	Net     int64 `json:"net"`
}

// Sum returns the totals of every entry f matches, whatever page is shown. Without a person
// filter and with day-aligned bounds (the audit's filters) it adds up token_history_daily, a few
// rows per day, instead of the matching rows; the result is the same (tested).
func Sum(ctx context.Context, db eventstore.DBTX, f Filter) (Totals, error) {
	if f.UserIDs == nil && isDay(f.From) && isDay(f.To) {
		return sumDaily(ctx, db, f)
	}
	return sumRows(ctx, db, f)
}

// isDay reports whether t is unset or a UTC midnight.
func isDay(t time.Time) bool {
	return t.IsZero() || t.UTC().Equal(t.UTC().Truncate(24*time.Hour))
}

// sumRows sums the matching rows of token_history.
func sumRows(ctx context.Context, db eventstore.DBTX, f Filter) (Totals, error) {
	f.Before = 0
	where, args := f.where()
	var t Totals
	err := db.QueryRow(ctx, `
		SELECT count(*), coalesce(sum(delta) FILTER (WHERE delta > 0), 0),
		       coalesce(-sum(delta) FILTER (WHERE delta < 0), 0), coalesce(sum(delta), 0)
		FROM token_history `+where, args...).Scan(&t.Entries, &t.Credits, &t.Debits, &t.Net)
	if err != nil {
		return Totals{}, fmt.Errorf("token_history: totals: %w", err)
	}
	return t, nil
}

// sumDaily sums token_history_daily over f's reason and days; f has no person filter and its
// bounds are UTC midnights.
func sumDaily(ctx context.Context, db eventstore.DBTX, f Filter) (Totals, error) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, fmt.Sprintf(cond, len(args)))
	}
	if f.Reason != "" {
		add("reason = $%d", f.Reason)
	}
	if !f.From.IsZero() {
		add("day >= $%d::date", f.From.UTC().Format(time.DateOnly))
	}
	if !f.To.IsZero() {
		add("day < $%d::date", f.To.UTC().Format(time.DateOnly))
	}
	where := ""
	if len(conds) > 0 {
		where = "WHERE " + strings.Join(conds, " AND ")
	}
	var entries, positive, negative, credits, debits int64
	err := db.QueryRow(ctx, `
		SELECT coalesce(sum(entries), 0)::bigint, coalesce(sum(positive_entries), 0)::bigint, coalesce(sum(negative_entries), 0)::bigint,
		       coalesce(sum(credits), 0)::bigint, coalesce(sum(debits), 0)::bigint
		FROM token_history_daily `+where, args...).Scan(&entries, &positive, &negative, &credits, &debits)
	if err != nil {
		return Totals{}, fmt.Errorf("token_history: daily totals: %w", err)
	}
	switch f.Sign {
	case SignPositive:
		return Totals{Entries: positive, Credits: credits, Net: credits}, nil
	case SignNegative:
		return Totals{Entries: negative, Debits: debits, Net: -debits}, nil
	}
	return Totals{Entries: entries, Credits: credits, Debits: debits, Net: credits - debits}, nil
}

// Each calls fn for every entry f matches, newest first, as rows arrive from the server: memory
// stays flat however large the range (the CSV export).
func Each(ctx context.Context, db eventstore.DBTX, f Filter, fn func(Entry) error) error {
	where, args := f.where()
	rows, err := db.Query(ctx, `SELECT event_id, position, user_id, version, event_type, delta, reason, ref, balance_after, actor, occurred_at
		FROM token_history `+where+` ORDER BY position DESC`, args...)
	if err != nil {
		return fmt.Errorf("token_history: export: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.EventID, &e.Position, &e.UserID, &e.Version, &e.EventType, &e.Delta, &e.Reason, &e.Ref, &e.BalanceAfter, &e.Actor, &e.OccurredAt); err != nil {
			return fmt.Errorf("token_history: export: %w", err)
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("token_history: export: %w", err)
	}
	return nil
}

// Day is one day's token movements by kind.
type Day struct {
	Day       time.Time `json:"day"`
	Granted   int64     `json:"granted"`   // sign-up bonus, admin grants
	Refunded  int64     `json:"refunded"`  // refunds (a failed generation, a missed target)
	Purchased int64     `json:"purchased"` // purchases
	Spent     int64     `json:"spent"`     // charges, revocations and deductions
}

// Daily returns the token movements per UTC day from the UTC day of from on, oldest first (from
// token_history_daily).
func Daily(ctx context.Context, db eventstore.DBTX, from time.Time) ([]Day, error) {
	rows, err := db.Query(ctx, `
		SELECT day::timestamp,
		       coalesce(sum(credits) FILTER (WHERE reason NOT IN ('purchase', 'refund')), 0)::bigint,
		       coalesce(sum(credits) FILTER (WHERE reason = 'refund'), 0)::bigint,
		       coalesce(sum(credits) FILTER (WHERE reason = 'purchase'), 0)::bigint,
		       coalesce(sum(debits), 0)::bigint
		FROM token_history_daily WHERE day >= $1::date GROUP BY day ORDER BY day`, from.UTC().Format(time.DateOnly))
	if err != nil {
		return nil, fmt.Errorf("token_history: daily: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Day, error) {
		var d Day
		err := r.Scan(&d.Day, &d.Granted, &d.Refunded, &d.Purchased, &d.Spent)
		return d, err
	})
	if err != nil {
		return nil, fmt.Errorf("token_history: daily: %w", err)
	}
	return out, nil
}

// CountByReason counts entries per reason from the UTC day of from on (e.g. needs calculations).
func CountByReason(ctx context.Context, db eventstore.DBTX, from time.Time) (map[string]int64, error) {
	rows, err := db.Query(ctx, `SELECT reason, sum(entries)::bigint FROM token_history_daily WHERE day >= $1::date GROUP BY reason`,
		from.UTC().Format(time.DateOnly))
	if err != nil {
		return nil, fmt.Errorf("token_history: count by reason: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var reason string
		var n int64
		if err := rows.Scan(&reason, &n); err != nil {
			return nil, fmt.Errorf("token_history: count by reason: %w", err)
		}
		out[reason] = n
	}
	return out, rows.Err()
}
