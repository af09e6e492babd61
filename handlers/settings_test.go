package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	adminapp "github.com/gamelle/gamelle/app/admin"
	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/projections"
)

// ledgerTables keep the bare user id after a deletion: the ledger stays consistent and
// pseudonymous (docs/profile.md, "Erasing a person").
var ledgerTables = map[string]bool{"events": true, "token_history": true, "balances": true, "event_idempotency": true}

// leftovers lists "table.column" where any row still holds the needle, in every table of the
// schema (text, uuid, json and bytea columns).
func leftovers(t *testing.T, b *bundle, needle string) []string {
	t.Helper()
	ctx := t.Context()
	rows, err := b.db.Pool.Query(ctx, `SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = 'public' AND data_type IN ('text', 'uuid', 'jsonb', 'json', 'bytea', 'character varying')`)
	require.NoError(t, err)
	type col struct{ table, column string }
	var cols []col
	for rows.Next() {
		var c col
		require.NoError(t, rows.Scan(&c.table, &c.column))
		cols = append(cols, c)
	}
	require.NoError(t, rows.Err())
	var found []string
	for _, c := range cols {
		expr := fmt.Sprintf(`%q::text`, c.column)
		if c.column == "data" || c.column == "payload" || c.column == "args" {
			expr = fmt.Sprintf(`convert_from(%q::bytea, 'UTF8')`, c.column)
		}
		var n int
		q := fmt.Sprintf(`SELECT count(*) FROM %q WHERE strpos(lower(%s), lower($1)) > 0`, c.table, expr)
		if err := b.db.Pool.QueryRow(ctx, q, needle).Scan(&n); err != nil {
			// A column that is not UTF-8 bytes: compare its text form instead.
			q = fmt.Sprintf(`SELECT count(*) FROM %q WHERE strpos(lower(%q::text), lower($1)) > 0`, c.table, c.column)
			require.NoError(t, b.db.Pool.QueryRow(ctx, q, needle).Scan(&n), q)
		}
		if n > 0 {
			found = append(found, c.table+"."+c.column)
		}
	}
	return found
}

func TestDeleteAccountLeavesNoPersonalDataAndTheLedgerBalances(t *testing.T) {
	t.Parallel()
	b := setup(t)
	runner, err := projections.NewRunner(b.db.Pool, slog.New(slog.DiscardHandler), projections.WithPollInterval(5*time.Millisecond))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runner.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	const email = "erase.me@example.test"
	b.registerAndVerify(t, email)
	id := b.userID(t, email)
	var resp *http.Response
	_, err = b.srv.wallets.Grant(t.Context(), ledgerapp.GrantCommand{UserID: id, Amount: 10, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "test"}})
	require.NoError(t, err)
	// An admin action on the account: its written detail must go with the account.
	require.NoError(t, b.srv.admin.ChangeRole(t.Context(), adminapp.Actor{ID: uuid.New(), Email: "boss@example.test"}, id, "ADMIN"))
	// Personal data in every profile table: goals, billing, survey, a paid calculation.
	resp, _ = b.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": 2000, "proteinG": 120, "fatG": 70, "carbsG": 220}, "/dashboard/account")
	requireRedirect(t, resp, "/dashboard/general")
	resp, _ = b.send(t, http.MethodPost, "/account/billing", map[string]any{"address": "1 rue Secrète", "city": "Lyon", "postalCode": "69001", "country": "FR"}, "/account/billing")
	requireRedirect(t, resp, "/account/billing")
	survey := map[string]any{"weightKg": 70, "heightCm": 170, "age": 40, "sex": "female", "activityLevel": "light",
		"activityDescription": "marche", "otherActivities": "yoga", "objective": "weight_loss", "macroPreset": "balanced",
		"mealSplit": map[string]any{"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}}
	resp, _ = b.send(t, http.MethodPost, "/account/survey", survey, "/account/survey")
	requireRedirect(t, resp, "/account/survey")
	// Preferences chosen at an onboarding with the address, waiting for their link.
	b.preferencesLink(t, email)
	// A named meal prep: its name is stored beside the log and must go too.
	prep := b.createMealPrep(t, "Semaine secrète")

	// The export holds the account, the profile and the ledger.
	require.Eventually(t, func() bool {
		var n int
		_ = b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM token_history WHERE user_id = $1`, id).Scan(&n)
		return n == 3 // bonus, grant, charge
	}, 10*time.Second, 20*time.Millisecond)
	resp = b.do(t, http.MethodGet, "/dashboard/settings/export", nil, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, resp.Header.Get("Content-Disposition"), "attachment")
	var export map[string]any
	body, _ := io.ReadAll(resp.Body)
	require.NoError(t, json.Unmarshal(body, &export))
	require.Equal(t, email, export["account"].(map[string]any)["email"])
	require.Equal(t, "Lyon", export["billing"].(map[string]any)["city"])
	require.Len(t, export["ledger"], 3)
	require.Len(t, export["needsCalculations"], 1)
	require.Len(t, export["admin"], 1, "the admin actions on the account")
	require.Len(t, export["preferenceLinks"], 1)

	// A wrong confirmation deletes nothing.
	resp, _ = b.send(t, http.MethodDelete, "/account", map[string]any{"email": "other@example.test"}, "/dashboard/settings")
	requireRedirect(t, resp, "/dashboard/settings")
	_, p := b.visit(t, "/dashboard/settings")
	require.Equal(t, "Saisissez votre adresse e-mail exacte pour confirmer.", errorsOf(p)["email"])

	resp, _ = b.send(t, http.MethodDelete, "/account", map[string]any{"email": " Erase.Me@example.test "}, "/dashboard/settings")
	requireRedirect(t, resp, "/")
	// Signed out.
	resp, _ = b.visit(t, "/dashboard/general")
	requireRedirect(t, resp, "/auth/login")

	require.Empty(t, leftovers(t, b, email), "the address is nowhere")
	require.Empty(t, leftovers(t, b, "Semaine secrète"), "the meal prep's name is nowhere")
	require.Empty(t, leftovers(t, b, "1 rue Secrète"), "the billing address is nowhere")
	t.Logf("meal prep %s erased", prep)
	for _, where := range leftovers(t, b, id.String()) {
		table, _, _ := strings.Cut(where, ".")
		require.True(t, ledgerTables[table], "personal data left in %s", where)
	}
	// The ledger still balances for the pseudonymous wallet: 2 + 10 − 10.
	var balance, sum int64
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT balance FROM balances WHERE user_id = $1`, id).Scan(&balance))
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT sum(delta) FROM token_history WHERE user_id = $1`, id).Scan(&sum))
	require.Equal(t, int64(2), balance)
	require.Equal(t, balance, sum)
	head, err := b.srv.wallets.Balance(t.Context(), id)
	require.NoError(t, err)
	require.Equal(t, balance, head)

	// The same address signs up again as a new person, with a new bonus.
	again := b.other(t, email)
	newID := again.userID(t, email)
	require.NotEqual(t, id, newID)
	_, p = again.visit(t, "/dashboard/general")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"])
}
