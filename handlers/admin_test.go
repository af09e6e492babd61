package handlers

import (
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/pgtest"
)

func grantCmd(user uuid.UUID, amount int64, ref string) ledgerapp.GrantCommand {
	return ledgerapp.GrantCommand{CommandMeta: eventstore.CommandMeta{Actor: "system"}, UserID: user, Amount: amount, Reason: ledger.ReasonAdminGrant, Ref: ref}
}

// adminSetup is a server with a running projection runner, an admin signed in on b and a
// USER, "person@example.com", signed in on the returned second browser.
func adminSetup(t *testing.T) (admin, person *bundle, personID uuid.UUID) {
	t.Helper()
	return adminSetupOn(t, pgtest.New(t))
}

// adminSetupOn is adminSetup over db (foodstest.New for one holding the CIQUAL foods).
func adminSetupOn(t *testing.T, db *pgtest.DB) (admin, person *bundle, personID uuid.UUID) {
	t.Helper()
	b := setupOn(t, db)
	b.runProjections(t)
	b.registerAndVerify(t, "boss@example.com")
	_, err := b.db.Pool.Exec(t.Context(), `UPDATE users SET role = 'ADMIN' WHERE email = 'boss@example.com'`)
	require.NoError(t, err)
	person = b.other(t, "person@example.com")
	return b, person, b.userID(t, "person@example.com")
}

// waitForAudit waits (bounded) until the token_history read model holds n rows.
func waitForAudit(t *testing.T, b *bundle, n int) {
	t.Helper()
	require.Eventually(t, func() bool {
		var got int
		_ = b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM token_history`).Scan(&got)
		return got >= n
	}, 10*time.Second, 10*time.Millisecond)
}

func TestAdminRoutesAreForAdminsOnly(t *testing.T) {
	t.Parallel()
	admin, person, personID := adminSetup(t)
	visitor := admin.other(t, "")
	pages := []string{
		"/dashboard/admin", "/dashboard/admin/export.csv", "/dashboard/admin/users?q=a",
		"/dashboard/admin/users/" + personID.String(), "/dashboard/admin/users/" + personID.String() + "/events",
		"/dashboard/admin/stats",
	}
	for _, p := range pages {
		resp := visitor.do(t, http.MethodGet, p, nil, nil)
		resp.Body.Close()
		require.Contains(t, []int{http.StatusFound, http.StatusSeeOther}, resp.StatusCode, "visitor on %s goes to login", p)
		require.True(t, strings.HasPrefix(resp.Header.Get("Location"), "/auth/login"), p)

		resp = person.do(t, http.MethodGet, p, nil, nil)
		resp.Body.Close()
		require.Equal(t, http.StatusForbidden, resp.StatusCode, "USER on %s", p)

		resp = admin.do(t, http.MethodGet, p, nil, nil)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, "ADMIN on %s", p)
	}
	unsafe := []struct{ method, path string }{
		{http.MethodPost, "/dashboard/admin/users/" + personID.String() + "/tokens"},
		{http.MethodPut, "/dashboard/admin/users/" + personID.String() + "/role"},
		{http.MethodPost, "/dashboard/admin/projections/rebuild"},
	}
	for _, u := range unsafe {
		// USER with a valid CSRF token: forbidden.
		resp, _ := person.inertiaVisit(t, u.method, u.path, map[string]any{"amount": 5, "reason": "x", "role": "ADMIN", "projection": "balances"}, nil)
		require.Equal(t, http.StatusForbidden, resp.StatusCode, "USER %s %s", u.method, u.path)
		// ADMIN without the CSRF header: refused before anything happens.
		resp = admin.do(t, u.method, u.path, strings.NewReader(`{"amount":5,"reason":"x","role":"ADMIN","projection":"balances"}`),
			map[string]string{"Content-Type": "application/json", "X-Inertia": "true"})
		resp.Body.Close()
		require.Equal(t, 419, resp.StatusCode, "ADMIN without CSRF %s %s", u.method, u.path)
	}
	var role string
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT role FROM users WHERE id = $1`, personID).Scan(&role))
	require.Equal(t, "USER", role)
	var actions int
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM admin_actions`).Scan(&actions))
	require.Zero(t, actions, "refused requests change nothing")
	bal, err := admin.srv.wallets.Balance(t.Context(), personID)
	require.NoError(t, err)
	require.Equal(t, int64(2), bal)
}

func TestAdminGrantsAndDeductsWithAReason(t *testing.T) {
	t.Parallel()
	admin, person, personID := adminSetup(t)
	userPage := "/dashboard/admin/users/" + personID.String()
	tokens := userPage + "/tokens"

	// Bad input: nothing written.
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"amount": 5, "reason": "  "}, "reason"},
		{map[string]any{"amount": 0, "reason": "gift"}, "amount"},
		{map[string]any{"reason": "gift"}, "amount"},
		{map[string]any{"amount": -3, "reason": "too much"}, "amount"}, // balance is 2
		{map[string]any{"amount": 1_000_000, "reason": "typo"}, "amount"},
	} {
		resp, _ := admin.send(t, http.MethodPost, tokens, c.body, userPage)
		requireRedirect(t, resp, userPage)
		_, p := admin.visit(t, userPage)
		require.NotEmpty(t, errorsOf(p)[c.field], "%v", c.body)
	}
	bal, err := admin.srv.wallets.Balance(t.Context(), personID)
	require.NoError(t, err)
	require.Equal(t, int64(2), bal, "refused adjustments write nothing")

	resp, _ := admin.send(t, http.MethodPost, tokens, map[string]any{"amount": 5, "reason": "Geste commercial", "idempotencyKey": "k1"}, userPage)
	requireRedirect(t, resp, userPage)
	// A double-submitted form grants once.
	resp, _ = admin.send(t, http.MethodPost, tokens, map[string]any{"amount": 5, "reason": "Geste commercial", "idempotencyKey": "k1"}, userPage)
	requireRedirect(t, resp, userPage)
	resp, _ = admin.send(t, http.MethodPost, tokens, map[string]any{"amount": -4, "reason": "Erreur de saisie"}, userPage)
	requireRedirect(t, resp, userPage)
	bal, err = admin.srv.wallets.Balance(t.Context(), personID)
	require.NoError(t, err)
	require.Equal(t, int64(3), bal, "2 + 5 - 4")

	_, p := admin.visit(t, userPage)
	require.Equal(t, "admin/user", p.Component)
	detail := p.Props["detail"].(map[string]any)
	require.Equal(t, float64(3), detail["balance"])
	actions := detail["actions"].([]any)
	require.Len(t, actions, 2)
	require.Equal(t, "deduct_tokens", actions[0].(map[string]any)["action"])
	require.Equal(t, "Erreur de saisie", actions[0].(map[string]any)["detail"])
	require.Equal(t, "boss@example.com", actions[1].(map[string]any)["actor"])

	// The ledger events name the admin as actor and carry no free text.
	waitForAudit(t, admin, 4) // two sign-up bonuses, the grant and the deduction
	_, p = admin.visit(t, "/dashboard/admin?user=person@example.com&reason=admin_grant")
	entries := p.Props["page"].(map[string]any)["entries"].([]any)
	require.Len(t, entries, 1)
	e := entries[0].(map[string]any)
	require.Equal(t, float64(5), e["delta"])
	require.Equal(t, eventstore.UserActor(admin.userID(t, "boss@example.com")), e["actor"])
	require.NotContains(t, e["ref"], "Geste")
	// The audit names the admin and shows their written reason (kept in admin_actions, not in
	// the event), on the page and in the CSV.
	require.Equal(t, "Alice Martin <boss@example.com>", e["actorName"])
	require.Equal(t, "Geste commercial", e["note"])
	_, p = admin.visit(t, "/dashboard/admin?user=person@example.com&reason=signup_bonus")
	bonus := p.Props["page"].(map[string]any)["entries"].([]any)[0].(map[string]any)
	require.Equal(t, "system", bonus["actorName"])
	resp = admin.do(t, http.MethodGet, "/dashboard/admin/export.csv?user=person@example.com&reason=admin_grant", nil, nil)
	defer resp.Body.Close()
	rows, err := csv.NewReader(resp.Body).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"actor_name", "note"}, rows[0][10:])
	require.Equal(t, []string{"Alice Martin <boss@example.com>", "Geste commercial"}, rows[1][10:])
	_ = person
}

func TestAdminAuditFiltersTotalsAndKeysetPages(t *testing.T) {
	t.Parallel()
	admin, _, personID := adminSetup(t)
	// 60 grants of 1 on the person: 62 entries for them, 1 for the admin.
	for i := range 60 {
		_, err := admin.srv.wallets.Grant(t.Context(), grantCmd(personID, 1, fmt.Sprintf("seed-%d", i)))
		require.NoError(t, err)
	}
	waitForAudit(t, admin, 62)

	_, p := admin.visit(t, "/dashboard/admin?user=person@example")
	pg := p.Props["page"].(map[string]any)
	first := pg["entries"].([]any)
	require.Len(t, first, 50)
	totals := pg["totals"].(map[string]any)
	require.Equal(t, float64(61), totals["entries"])
	require.Equal(t, float64(62), totals["net"], "sign-up bonus 2 + 60 × 1")
	cursor := pg["nextCursor"].(string)
	require.NotEmpty(t, cursor)

	// New events arriving between pages do not move the second page.
	for i := range 3 {
		_, err := admin.srv.wallets.Grant(t.Context(), grantCmd(personID, 1, fmt.Sprintf("late-%d", i)))
		require.NoError(t, err)
	}
	waitForAudit(t, admin, 65)
	_, p = admin.visit(t, "/dashboard/admin?user=person@example&cursor="+cursor)
	second := p.Props["page"].(map[string]any)["entries"].([]any)
	require.Len(t, second, 11)
	require.Empty(t, p.Props["page"].(map[string]any)["nextCursor"])
	lastOfFirst := first[len(first)-1].(map[string]any)["position"].(float64)
	require.Less(t, second[0].(map[string]any)["position"].(float64), lastOfFirst)

	// Totals equal the sum of balances over every wallet.
	_, p = admin.visit(t, "/dashboard/admin")
	net := p.Props["page"].(map[string]any)["totals"].(map[string]any)["net"].(float64)
	var sum float64
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT coalesce(sum(balance), 0)::float8 FROM balances`).Scan(&sum))
	require.Equal(t, sum, net)

	// Bad filters: field errors, no entries, nothing else.
	for q, field := range map[string]string{"from=2026-13-01": "from", "to=yesterday": "to", "sign=sideways": "sign", "cursor=-4": "cursor", "reason=theft": "reason",
		"from=2026-05-02&to=2026-05-01": "to"} {
		_, p := admin.visit(t, "/dashboard/admin?"+q)
		require.NotEmpty(t, errorsOf(p)[field], q)
		require.Empty(t, p.Props["page"].(map[string]any)["entries"], q)
	}
	// The sign and date filters.
	_, p = admin.visit(t, "/dashboard/admin?sign=negative")
	require.Empty(t, p.Props["page"].(map[string]any)["entries"])
	today := time.Now().UTC().Format(time.DateOnly)
	_, p = admin.visit(t, "/dashboard/admin?from="+today+"&to="+today+"&sign=positive")
	require.Equal(t, float64(65), p.Props["page"].(map[string]any)["totals"].(map[string]any)["entries"])
}

func TestAdminCSVExportStreamsTheFilteredSet(t *testing.T) {
	t.Parallel()
	admin, _, personID := adminSetup(t)
	for i := range 1200 {
		_, err := admin.srv.wallets.Grant(t.Context(), grantCmd(personID, 1, fmt.Sprintf("csv-%d", i)))
		require.NoError(t, err)
	}
	waitForAudit(t, admin, 1202)
	resp := admin.do(t, http.MethodGet, "/dashboard/admin/export.csv?user=person@example.com&sign=positive", nil, nil)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/csv; charset=utf-8", resp.Header.Get("Content-Type"))
	require.Contains(t, resp.Header.Get("Content-Disposition"), "attachment")
	rows, err := csv.NewReader(resp.Body).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 1+1201, "header + bonus + 1200 grants")
	require.Equal(t, "email", rows[0][3])
	require.Equal(t, "person@example.com", rows[1][3])
	require.Equal(t, "csv-1199", rows[1][6], "newest first")
	require.Equal(t, "signup_bonus", rows[1201][5])

	// A bad filter is a page, never half a file.
	bad := admin.do(t, http.MethodGet, "/dashboard/admin/export.csv?from=nope", nil, nil)
	io.Copy(io.Discard, bad.Body)
	bad.Body.Close()
	require.Equal(t, http.StatusSeeOther, bad.StatusCode)
}

func TestAdminRoleChangesKeepOneAdmin(t *testing.T) {
	t.Parallel()
	admin, person, personID := adminSetup(t)
	adminID := admin.userID(t, "boss@example.com")
	self := "/dashboard/admin/users/" + adminID.String()

	resp, _ := admin.send(t, http.MethodPut, self+"/role", map[string]any{"role": "USER"}, self)
	requireRedirect(t, resp, self)
	_, p := admin.visit(t, self)
	require.NotEmpty(t, errorsOf(p)["role"], "the last admin cannot be demoted")

	resp, _ = admin.send(t, http.MethodPut, self+"/role", map[string]any{"role": "KING"}, self)
	requireRedirect(t, resp, self)
	_, p = admin.visit(t, self)
	require.NotEmpty(t, errorsOf(p)["role"])

	other := "/dashboard/admin/users/" + personID.String()
	resp, _ = admin.send(t, http.MethodPut, other+"/role", map[string]any{"role": "ADMIN"}, other)
	requireRedirect(t, resp, other)
	resp = person.do(t, http.MethodGet, "/dashboard/admin", nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, "the promoted person sees the admin pages at once")

	// Two admins demoting each other at once: one wins, one admin remains.
	var wg sync.WaitGroup
	for _, c := range []struct {
		b      *bundle
		target string
	}{{admin, other}, {person, self}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, _ := c.b.send(t, http.MethodPut, c.target+"/role", map[string]any{"role": "USER"}, c.target)
			resp.Body.Close()
		}()
	}
	wg.Wait()
	var admins int
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM users WHERE role = 'ADMIN'`).Scan(&admins))
	require.Equal(t, 1, admins)

	var recorded int
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM admin_actions WHERE action = 'change_role'`).Scan(&recorded))
	require.Equal(t, 2, recorded, "the promotion and the one demotion that happened")
}

func TestAdminPeopleStatsAndEventInspector(t *testing.T) {
	t.Parallel()
	admin, person, personID := adminSetup(t)
	prep := person.createMealPrep(t, "Semaine")
	waitForAudit(t, admin, 2)

	_, p := admin.visit(t, "/dashboard/admin/users?q=PERSON@")
	require.Equal(t, "admin/users", p.Component)
	people := p.Props["people"].([]any)
	require.Len(t, people, 1)
	require.Equal(t, personID.String(), people[0].(map[string]any)["id"])

	resp := admin.do(t, http.MethodGet, "/dashboard/admin/users/"+uuid.NewString(), nil, nil)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)

	_, p = admin.visit(t, "/dashboard/admin/users/"+personID.String()+"/events")
	require.Equal(t, "admin/events", p.Component)
	streams := p.Props["streams"].([]any)
	require.Len(t, streams, 2, "wallet and one meal prep")
	wallet := streams[0].(map[string]any)
	require.Equal(t, "wallet", wallet["kind"])
	require.Equal(t, "TokensGranted.v1", wallet["events"].([]any)[0].(map[string]any)["type"])
	require.Equal(t, "mealprep-"+prep.String(), streams[1].(map[string]any)["streamId"])
	// The author of an event is a name or "system", never "user:<uuid>".
	require.Equal(t, "system", wallet["events"].([]any)[0].(map[string]any)["actorName"])
	mp := streams[1].(map[string]any)["events"].([]any)[0].(map[string]any)
	require.True(t, strings.HasPrefix(mp["actor"].(string), "user:"), mp["actor"])
	require.Contains(t, mp["actorName"], "person@example.com")

	_, p = admin.visit(t, "/dashboard/admin/stats")
	require.Equal(t, "admin/stats", p.Component)
	stats := p.Props["stats"].(map[string]any)
	require.NotEmpty(t, stats["tokens"])
	require.NotEmpty(t, stats["signUps"])
	require.NotEmpty(t, stats["projections"])
	require.Contains(t, stats["queue"], "available")

	// Rebuild: refused for an unknown name, queued (and recorded) for a real one.
	resp, _ = admin.send(t, http.MethodPost, "/dashboard/admin/projections/rebuild", map[string]any{"projection": "nope"}, "/dashboard/admin/stats")
	requireRedirect(t, resp, "/dashboard/admin/stats")
	_, p = admin.visit(t, "/dashboard/admin/stats")
	require.NotEmpty(t, errorsOf(p)["projection"])
	resp, _ = admin.send(t, http.MethodPost, "/dashboard/admin/projections/rebuild", map[string]any{"projection": "balances"}, "/dashboard/admin/stats")
	requireRedirect(t, resp, "/dashboard/admin/stats")
	_, p = admin.visit(t, "/dashboard/admin/stats")
	rebuilds := p.Props["stats"].(map[string]any)["rebuilds"].([]any)
	require.Len(t, rebuilds, 1)
	require.Equal(t, "balances", rebuilds[0].(map[string]any)["projection"])
	var jobs int
	require.NoError(t, admin.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM river_job WHERE kind = 'admin_rebuild_projection'`).Scan(&jobs))
	require.Equal(t, 1, jobs)
}

// Refunds are counted as refunds: recipes that missed their target are refunded, so they are
// neither "delivered" nor "given" tokens.
func TestAdminStatsCountRefundsAsRefunds(t *testing.T) {
	t.Parallel()
	admin, person, personID := adminSetup(t)
	prep := person.createMealPrep(t, "Semaine")
	req := uuid.New()
	now := time.Now()
	_, err := admin.db.Pool.Exec(t.Context(), `INSERT INTO generation_requests (request_id, mealprep_id, category, count, done, created_at, updated_at)
		VALUES ($1, $2, 'lunch_dinner', 3, 3, $3, $3)`, req, prep, now)
	require.NoError(t, err)
	for i, within := range []bool{true, false, false} {
		_, err := admin.db.Pool.Exec(t.Context(), `INSERT INTO recipes (id, mealprep_id, request_id, idx, category, servings, ingredients, target,
			nutrition, within_tolerance, feasible, duration_min, price_cents, generator, name_fr, name_en, created_at, updated_at)
			VALUES ($1, $2, $3, $4, 'lunch_dinner', 2, '[]', '{}', '{}', $5, true, 10, 300, 'test', 'R', 'R', $6, $6)`, uuid.New(), prep, req, i, within, now)
		require.NoError(t, err)
	}
	_, err = admin.srv.wallets.Charge(t.Context(), ledgerapp.ChargeCommand{CommandMeta: eventstore.CommandMeta{Actor: "system"},
		UserID: personID, Amount: 2, Reason: ledger.ReasonRecipeGeneration, Ref: req.String()})
	require.NoError(t, err)
	for i := range 2 {
		_, err := admin.srv.wallets.Refund(t.Context(), ledgerapp.RefundCommand{UserID: personID, Amount: 1, Ref: req.String(),
			CommandMeta: eventstore.CommandMeta{Actor: "system", IdempotencyKey: fmt.Sprintf("refund-%d", i)}})
		require.NoError(t, err)
	}
	waitForAudit(t, admin, 5) // two sign-up bonuses, the charge, two refunds

	_, p := admin.visit(t, "/dashboard/admin/stats")
	stats := p.Props["stats"].(map[string]any)
	g := stats["generation"].(map[string]any)
	require.EqualValues(t, 3, g["recipesMade"])
	require.EqualValues(t, 1, g["recipesDelivered"], "two recipes missed their target and were refunded")
	require.EqualValues(t, 2, g["tokensRefunded"])
	var granted, refunded float64
	for _, d := range stats["tokens"].([]any) {
		granted += d.(map[string]any)["granted"].(float64)
		refunded += d.(map[string]any)["refunded"].(float64)
	}
	require.EqualValues(t, 4, granted, "the two sign-up bonuses only")
	require.EqualValues(t, 2, refunded)
}
