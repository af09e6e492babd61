package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
)

// check is one line of the invariant table.
type check struct {
	name   string
	value  string
	ok     bool
	detail string // why it failed, shown under the table
}

// ledgerCheck: the sum of grants − charges + refunds − revocations over the wallet streams
// equals the sum of the balances read model, the sum of every wallet's last balanceAfter (the
// write side's balance) and the sum of token_history's deltas.
func ledgerCheck(ctx context.Context, db *pgxpool.Pool) ([]check, error) {
	var grants, charges, refunds, revokes, heads, balances, history, negBalances, negEvents int64
	err := db.QueryRow(ctx, `
		WITH w AS (
			SELECT stream_id, stream_version, event_type, payload FROM events WHERE stream_id LIKE 'wallet-%'
		)
		SELECT
			COALESCE(sum((payload->>'amount')::bigint) FILTER (WHERE event_type = 'TokensGranted.v1' AND payload->>'reason' <> 'refund'), 0),
			COALESCE(sum((payload->>'amount')::bigint) FILTER (WHERE event_type = 'TokensCharged.v1'), 0),
			COALESCE(sum((payload->>'amount')::bigint) FILTER (WHERE event_type = 'TokensGranted.v1' AND payload->>'reason' = 'refund'), 0),
			COALESCE(sum((payload->>'amount')::bigint) FILTER (WHERE event_type = 'TokensRevoked.v1'), 0),
			(SELECT COALESCE(sum((payload->>'balanceAfter')::bigint), 0) FROM (
				SELECT DISTINCT ON (stream_id) payload FROM w ORDER BY stream_id, stream_version DESC) h),
			(SELECT COALESCE(sum(balance), 0) FROM balances),
			(SELECT COALESCE(sum(delta), 0) FROM token_history),
			(SELECT count(*) FROM balances WHERE balance < 0),
			count(*) FILTER (WHERE (payload->>'balanceAfter')::bigint < 0)
		FROM w`).Scan(&grants, &charges, &refunds, &revokes, &heads, &balances, &history, &negBalances, &negEvents)
	if err != nil {
		return nil, fmt.Errorf("ledger check: %w", err)
	}
	sum := grants - charges + refunds - revokes
	c := check{name: "grants − charges + refunds − revocations = Σ balances = Σ token_history",
		value: fmt.Sprintf("%d − %d + %d − %d = %d; balances %d; wallet heads %d; token_history %d", grants, charges, refunds, revokes, sum, balances, heads, history)}
	c.ok = sum == balances && sum == heads && sum == history && grants > 0 && charges > 0
	if !c.ok {
		c.detail = "the sums differ (or nothing was granted or charged)"
	}
	n := check{name: "no negative balance", value: fmt.Sprintf("%d balances, %d events below zero", negBalances, negEvents), ok: negBalances == 0 && negEvents == 0}
	return []check{c, n}, nil
}

// versionGapCheck: every stream's versions are 1..n with no gap or duplicate.
func versionGapCheck(ctx context.Context, db *pgxpool.Pool) (check, error) {
	var streams, gaps, events int64
	err := db.QueryRow(ctx, `
		SELECT count(*), count(*) FILTER (WHERE n <> hi OR lo <> 1), COALESCE(sum(n), 0) FROM (
			SELECT count(*) n, min(stream_version) lo, max(stream_version) hi FROM events GROUP BY stream_id) s`).Scan(&streams, &gaps, &events)
	if err != nil {
		return check{}, fmt.Errorf("version check: %w", err)
	}
	return check{name: "no stream version gap", value: fmt.Sprintf("%d streams, %d events, %d with a gap", streams, events, gaps), ok: gaps == 0 && streams > 0}, nil
}

// generationCheck: every paid generation request was charged once, for its count, and ended
// with each index generated at most once and the rest refunded once (generation-refund), and
// every tolerance refund at most once per recipe; every needs request ended done (no refund)
// or failed (one refund), charged once.
func generationCheck(ctx context.Context, db *pgxpool.Pool) ([]check, error) {
	var requests, recipes, refunded, unfinished, badCharge, dupIndex, badRefund, dupFailed int64
	err := db.QueryRow(ctx, `
		WITH req AS (
			SELECT payload->>'requestID' id, (payload->>'count')::int cnt FROM events WHERE event_type = 'RecipeGenerationRequested.v1'
		), gen AS (
			SELECT payload->>'requestID' id, count(*) n, count(DISTINCT payload->>'index') d FROM events
			WHERE event_type = 'RecipeGenerated.v1' GROUP BY 1
		), fail AS (
			SELECT payload->>'requestID' id, count(*) n, sum((payload->>'unfulfilled')::int) u FROM events
			WHERE event_type = 'RecipeGenerationFailed.v1' GROUP BY 1
		), chg AS (
			SELECT payload->>'ref' id, count(*) n, sum((payload->>'amount')::bigint) amt FROM events
			WHERE event_type = 'TokensCharged.v1' AND payload->>'reason' = 'recipe_generation' GROUP BY 1
		), rf AS (
			SELECT payload->>'ref' id, count(*) n, sum((payload->>'amount')::bigint) amt FROM events
			WHERE event_type = 'TokensGranted.v1' AND payload->>'reason' = 'refund' AND metadata->>'idempotencyKey' LIKE 'generation-refund:%' GROUP BY 1
		)
		SELECT count(*),
			COALESCE(sum(gen.d), 0),
			COALESCE(sum(rf.amt), 0),
			count(*) FILTER (WHERE COALESCE(gen.d, 0) + COALESCE(fail.u, 0) <> req.cnt),
			count(*) FILTER (WHERE chg.n IS DISTINCT FROM 1 OR chg.amt <> req.cnt),
			count(*) FILTER (WHERE gen.n <> gen.d),
			count(*) FILTER (WHERE COALESCE(rf.n, 0) <> (CASE WHEN COALESCE(fail.u, 0) > 0 THEN 1 ELSE 0 END)
			                    OR COALESCE(rf.amt, 0) <> COALESCE(fail.u, 0)),
			count(*) FILTER (WHERE fail.n > 1)
		FROM req LEFT JOIN gen USING (id) LEFT JOIN fail USING (id) LEFT JOIN chg USING (id) LEFT JOIN rf USING (id)`).
		Scan(&requests, &recipes, &refunded, &unfinished, &badCharge, &dupIndex, &badRefund, &dupFailed)
	if err != nil {
		return nil, fmt.Errorf("generation check: %w", err)
	}
	var tolDup int64
	if err := db.QueryRow(ctx, `SELECT count(*) FROM (SELECT metadata->>'idempotencyKey' FROM events
		WHERE event_type = 'TokensGranted.v1' AND metadata->>'idempotencyKey' LIKE 'tolerance-refund:%' GROUP BY 1 HAVING count(*) > 1) d`).Scan(&tolDup); err != nil {
		return nil, err
	}
	g := check{name: "every paid generation has its recipes or its refund, exactly once",
		value: fmt.Sprintf("%d requests: %d recipes, %d tokens refunded; unfinished %d, bad charge %d, duplicate recipe %d, bad refund %d, double failure %d, double tolerance refund %d",
			requests, recipes, refunded, unfinished, badCharge, dupIndex, badRefund, dupFailed, tolDup)}
	g.ok = requests > 0 && unfinished == 0 && badCharge == 0 && dupIndex == 0 && badRefund == 0 && dupFailed == 0 && tolDup == 0

	var needs, done, failed, pending, needsBad int64
	err = db.QueryRow(ctx, `
		WITH chg AS (
			SELECT payload->>'ref' ref, count(*) n FROM events WHERE event_type = 'TokensCharged.v1' AND payload->>'reason' = 'needs_calculation' GROUP BY 1
		), rf AS (
			SELECT payload->>'ref' ref, count(*) n FROM events WHERE event_type = 'TokensGranted.v1' AND payload->>'reason' = 'refund' AND payload->>'ref' LIKE 'needs:%' GROUP BY 1
		)
		SELECT count(*), count(*) FILTER (WHERE status = 'done'), count(*) FILTER (WHERE status = 'failed'), count(*) FILTER (WHERE status = 'pending'),
			count(*) FILTER (WHERE chg.n IS DISTINCT FROM 1 OR COALESCE(rf.n, 0) <> (CASE WHEN status = 'failed' THEN 1 ELSE 0 END))
		FROM needs_requests r LEFT JOIN chg ON chg.ref = 'needs:' || r.id LEFT JOIN rf ON rf.ref = 'needs:' || r.id`).Scan(&needs, &done, &failed, &pending, &needsBad)
	if err != nil {
		return nil, fmt.Errorf("needs check: %w", err)
	}
	n := check{name: "every paid survey has its needs or its refund, exactly once",
		value: fmt.Sprintf("%d requests: %d done, %d refunded, %d pending, %d charged or refunded wrongly", needs, done, failed, pending, needsBad),
		ok:    needs > 0 && pending == 0 && needsBad == 0}
	return []check{g, n}, nil
}

// regenerationCheck: "regenerate the rest" pressed on two devices at once replaced each recipe
// once: no recipe was replaced twice, nor made again by two requests; the tokens charged for
// regenerations less their refunds are the recipes made, each of which replaced one (charges =
// replacements); at most one request per race was recorded (docs/mealprep.md, "Keep and
// regenerate").
func regenerationCheck(ctx context.Context, db *pgxpool.Pool, races int64) (check, error) {
	var requests, charged, refunded, made, replaced, madeTwice, replacedTwice int64
	err := db.QueryRow(ctx, `
		WITH req AS (
			SELECT payload->>'requestID' id, payload->'replaces' rep FROM events
			WHERE event_type = 'RecipeGenerationRequested.v1' AND jsonb_array_length(COALESCE(payload->'replaces', '[]')) > 0
		), claim AS (
			SELECT req.id, r.old, r.ord - 1 AS idx FROM req, jsonb_array_elements_text(req.rep) WITH ORDINALITY AS r(old, ord)
		), made AS (
			SELECT claim.old, g.payload->'recipe'->>'id' AS new FROM claim JOIN events g
				ON g.event_type = 'RecipeGenerated.v1' AND g.payload->>'requestID' = claim.id AND (g.payload->>'index')::int = claim.idx
		), rep AS (
			SELECT payload->>'oldRecipeID' old, payload->>'newRecipeID' new FROM events WHERE event_type = 'RecipeReplaced.v1'
		)
		SELECT (SELECT count(*) FROM req),
			(SELECT COALESCE(sum((payload->>'amount')::bigint), 0) FROM events
				WHERE event_type = 'TokensCharged.v1' AND payload->>'ref' IN (SELECT id FROM req)),
			(SELECT COALESCE(sum((payload->>'amount')::bigint), 0) FROM events
				WHERE event_type = 'TokensGranted.v1' AND payload->>'reason' = 'refund'
				AND metadata->>'idempotencyKey' LIKE 'generation-refund:%' AND payload->>'ref' IN (SELECT id FROM req)),
			(SELECT count(*) FROM made),
			(SELECT count(*) FROM rep WHERE new IN (SELECT new FROM made)),
			(SELECT count(*) FROM (SELECT old FROM made GROUP BY old HAVING count(*) > 1) d),
			(SELECT count(*) FROM (SELECT old FROM rep GROUP BY old HAVING count(*) > 1) d)`).
		Scan(&requests, &charged, &refunded, &made, &replaced, &madeTwice, &replacedTwice)
	if err != nil {
		return check{}, fmt.Errorf("regeneration check: %w", err)
	}
	return check{name: "regenerating from two devices at once replaces each recipe once, charges = replacements",
		value: fmt.Sprintf("%d races, %d requests: %d tokens charged − %d refunded, %d recipes made, %d replaced; made twice %d, replaced twice %d",
			races, requests, charged, refunded, made, replaced, madeTwice, replacedTwice),
		ok: races > 0 && requests > 0 && requests <= races && charged-refunded == made && made == replaced && madeTwice == 0 && replacedTwice == 0}, nil
}

// checkoutCheck: every completed checkout was granted once, for its tokens; no other checkout
// was granted; every checkout the soak paid (its webhook answered 200) is completed; refunds
// revoked at most once per refunded total.
func checkoutCheck(ctx context.Context, db *pgxpool.Pool, paid map[uuid.UUID]int64) (check, error) {
	rows, err := db.Query(ctx, `
		WITH st AS (
			SELECT substr(stream_id, 10) id, (payload->>'tokens')::bigint tokens FROM events WHERE event_type = 'CheckoutStarted.v1'
		), done AS (
			SELECT substr(stream_id, 10) id, count(*) n FROM events WHERE event_type = 'CheckoutCompleted.v1' GROUP BY 1
		), g AS (
			SELECT payload->>'ref' id, count(*) n, sum((payload->>'amount')::bigint) amt FROM events
			WHERE event_type = 'TokensGranted.v1' AND payload->>'reason' = 'purchase' GROUP BY 1
		)
		SELECT st.id, st.tokens, COALESCE(done.n, 0), COALESCE(g.n, 0), COALESCE(g.amt, 0)
		FROM st LEFT JOIN done USING (id) LEFT JOIN g USING (id)`)
	if err != nil {
		return check{}, fmt.Errorf("checkout check: %w", err)
	}
	type row struct {
		id                    string
		tokens, done, n, amnt int64
	}
	all, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		return x, r.Scan(&x.id, &x.tokens, &x.done, &x.n, &x.amnt)
	})
	if err != nil {
		return check{}, err
	}
	var completed, bad, notCompleted int64
	var details []string
	byID := map[string]row{}
	for _, x := range all {
		byID[x.id] = x
		if x.done > 0 {
			completed++
		}
		if x.done > 1 || (x.done == 1 && (x.n != 1 || x.amnt != x.tokens)) || (x.done == 0 && x.n != 0) {
			bad++
			if len(details) < 5 {
				details = append(details, fmt.Sprintf("checkout %s: %d completions, %d grants of %d tokens (pack %d)", x.id, x.done, x.n, x.amnt, x.tokens))
			}
		}
	}
	for id := range paid {
		if byID[id.String()].done != 1 {
			notCompleted++
			if len(details) < 10 {
				details = append(details, fmt.Sprintf("paid checkout %s is not completed", id))
			}
		}
	}
	var revokeDup int64
	if err := db.QueryRow(ctx, `SELECT count(*) FROM (SELECT metadata->>'idempotencyKey' FROM events WHERE event_type = 'TokensRevoked.v1' GROUP BY 1 HAVING count(*) > 1) d`).Scan(&revokeDup); err != nil {
		return check{}, err
	}
	return check{name: "every completed checkout granted exactly once",
		value: fmt.Sprintf("%d checkouts, %d completed, %d paid by the soak; wrong grants %d, paid but not completed %d, double revocations %d",
			len(all), completed, len(paid), bad, notCompleted, revokeDup),
		ok: completed > 0 && bad == 0 && notCompleted == 0 && revokeDup == 0, detail: strings.Join(details, "; ")}, nil
}

// queueDepth counts River jobs by state.
func queueDepth(ctx context.Context, db *pgxpool.Pool) (map[string]int64, error) {
	rows, err := db.Query(ctx, `SELECT state::text, count(*) FROM river_job GROUP BY 1`)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for rows.Next() {
		var s string
		var n int64
		if err := rows.Scan(&s, &n); err != nil {
			return nil, err
		}
		out[s] = n
	}
	return out, rows.Err()
}

func jobsCheck(q map[string]int64) check {
	left := q["running"] + q["retryable"] + q["available"] + q["scheduled"]
	states := make([]string, 0, len(q))
	for s, n := range q {
		states = append(states, fmt.Sprintf("%s %d", s, n))
	}
	slices.Sort(states)
	return check{name: "no job left running, retryable or waiting (discarded: none)", value: strings.Join(states, ", "),
		ok: left == 0 && q["discarded"] == 0 && q["completed"] > 0}
}

// drain waits until no job is waiting or running and every projection has caught up.
func drain(ctx context.Context, db *pgxpool.Pool, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	store := eventstore.New(nil)
	for {
		q, qerr := queueDepth(ctx, db)
		cs, cerr := store.Consumers(ctx, db)
		pending := int64(0)
		for _, c := range cs {
			pending += c.Pending
		}
		busy := q["running"] + q["retryable"] + q["available"] + q["scheduled"]
		if qerr == nil && cerr == nil && busy == 0 && pending == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not drained after %s: jobs %v, projections pending %d (%v %v)", limit, q, pending, qerr, cerr)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// rebuildCheck compares every read model with a rebuild from the log (the processes are
// stopped: nothing else writes).
func rebuildCheck(ctx context.Context, db *pgxpool.Pool) (check, error) {
	ps := projections.Default()
	var tables []string
	for _, p := range ps {
		tables = append(tables, p.Tables()...)
	}
	snapshot := func() (map[string][]string, error) {
		out := map[string][]string{}
		for _, t := range tables {
			rows, err := db.Query(ctx, `SELECT t::text FROM `+pgx.Identifier{t}.Sanitize()+` t ORDER BY 1`)
			if err != nil {
				return nil, err
			}
			out[t], err = pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	live, err := snapshot()
	if err != nil {
		return check{}, fmt.Errorf("snapshot: %w", err)
	}
	t0 := time.Now()
	stats, err := projections.RebuildAll(ctx, db, slog.New(slog.NewTextHandler(io.Discard, nil)), ps, 0)
	if err != nil {
		return check{}, fmt.Errorf("rebuild: %w", err)
	}
	took := time.Since(t0)
	rebuilt, err := snapshot()
	if err != nil {
		return check{}, err
	}
	var differ []string
	rowsN := 0
	for _, t := range tables {
		rowsN += len(live[t])
		if !slices.Equal(live[t], rebuilt[t]) {
			differ = append(differ, fmt.Sprintf("%s (%d live rows, %d rebuilt)", t, len(live[t]), len(rebuilt[t])))
		}
	}
	events := int64(0)
	if len(stats) > 0 {
		events = stats[0].Events
	}
	c := check{name: "projections equal a rebuild", value: fmt.Sprintf("%d tables, %d rows, %d events replayed in %s; differing: %d",
		len(tables), rowsN, events, took.Round(time.Millisecond), len(differ)), ok: len(differ) == 0 && rowsN > 0}
	c.detail = strings.Join(differ, "; ")
	return c, nil
}

// connections counts the database connections by application_name (one per process).
func connections(ctx context.Context, db *pgxpool.Pool) (map[string]int64, error) {
	rows, err := db.Query(ctx, `SELECT application_name, count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'soak-%' GROUP BY 1`)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for rows.Next() {
		var n string
		var c int64
		if err := rows.Scan(&n, &c); err != nil {
			return nil, err
		}
		out[strings.TrimPrefix(n, "soak-")] = c
	}
	return out, rows.Err()
}
