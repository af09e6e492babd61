package handlers

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/app/mealprep/mealpreptest"
	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

func cookPath(id uuid.UUID, query string) string {
	return "/mealprep/" + id.String() + "/plan/cook" + query
}

func member(name string, kcal, p, f, c int) map[string]any {
	return map[string]any{"name": name, "source": "manual", "kcal": kcal, "proteinG": p, "fatG": f, "carbsG": c,
		"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}
}

// householdEvents counts the events of the person's household stream.
func householdEvents(t *testing.T, b *bundle, owner uuid.UUID) int {
	t.Helper()
	var n int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM events WHERE stream_id = $1`, household.StreamID(owner)).Scan(&n))
	return n
}

func TestCookPlanForACouple(t *testing.T) {
	t.Parallel()
	b, id := shoppingSetup(t, "batch@example.test")
	owner := b.userID(t, "batch@example.test")
	resp, _ := b.send(t, http.MethodPost, "/household", member("Sam", 1700, 128, 57, 170), "/household")
	requireRedirect(t, resp, "/household")
	require.Eventually(t, func() bool {
		_, p := b.visit(t, "/household")
		ms, _ := p.Props["members"].([]any)
		return len(ms) == 1
	}, 10*time.Second, 20*time.Millisecond)

	_, p := b.visit(t, cookPath(id, "?days=5&sessions=1"))
	require.Equal(t, "mealprep/cook-plan", p.Component)
	require.Empty(t, errorsOf(p))
	plan := p.Props["plan"].(map[string]any)
	// 5 days × lunch and dinner × 2 people, one box each.
	require.Len(t, plan["boxes"], 20)
	require.Len(t, plan["sessions"], 1)
	for _, c := range plan["plates"].([]any) {
		plates := c.(map[string]any)["plates"].([]any)
		require.Len(t, plates, 2)
		require.Equal(t, "Sam", plates[1].(map[string]any)["person"])
	}
	frozen := 0
	for _, bx := range plan["boxes"].([]any) {
		if bx.(map[string]any)["freezer"].(bool) {
			frozen++
		}
	}
	require.Positive(t, frozen, "day 5 is beyond the fridge's days")

	// Two sessions: the second cooks halfway.
	_, p = b.visit(t, cookPath(id, "?days=7&sessions=2"))
	require.Len(t, p.Props["plan"].(map[string]any)["sessions"], 2)

	// Bad days and sessions: the field's error in the person's language, no plan, nothing written.
	before := householdEvents(t, b, owner)
	for q, field := range map[string]string{"?days=0": "days", "?days=8": "days", "?days=x": "days", "?days=3&sessions=3": "sessions"} {
		_, p = b.visit(t, cookPath(id, q))
		require.Nil(t, p.Props["plan"], q)
		require.NotEmpty(t, errorsOf(p)[field], q)
	}
	_, p = b.visit(t, cookPath(id, "?days=8"))
	require.Equal(t, "Choisissez entre 1 et 7 jours.", errorsOf(p)["days"])
	_, p = b.visit(t, cookPath(id, "?days=8&lng=en"))
	require.Equal(t, "Choose between 1 and 7 days.", errorsOf(p)["days"])
	require.Equal(t, before, householdEvents(t, b, owner))

	// Another person's meal prep is not found.
	other := mealprepSetup(t, "autre@example.test")
	resp, _ = other.visit(t, cookPath(id, ""))
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

func TestHouseholdBadInputWritesNothing(t *testing.T) {
	t.Parallel()
	b := mealprepSetup(t, "foyer@example.test")
	owner := b.userID(t, "foyer@example.test")
	cases := []struct {
		body  map[string]any
		field string
	}{
		{member("Sam", 9000, 128, 57, 170), "kcal"},
		{member("Sam", 1700, 900, 57, 170), "proteinG"},
		{member("", 1700, 128, 57, 170), "name"},
		{map[string]any{"name": "Sam", "source": "manual", "kcal": 1700, "proteinG": 128, "fatG": 57, "carbsG": 170, "breakfast": 50, "lunch": 50, "dinner": 50, "snack": 0}, "split"},
		{map[string]any{"name": "Sam", "source": "survey", "weightKg": 5, "heightCm": 170, "age": 30, "sex": "female", "activityLevel": "moderate",
			"objective": "maintenance", "macroPreset": "default", "breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}, "weightKg"},
	}
	for _, c := range cases {
		resp, _ := b.send(t, http.MethodPost, "/household", c.body, "/household")
		requireRedirect(t, resp, "/household")
		_, p := b.visit(t, "/household")
		require.NotEmpty(t, errorsOf(p)[c.field], c.field)
	}
	// Each survey choice left empty gets its own translated error, in French and in English.
	empty := map[string]any{"name": "Sam", "source": "survey", "weightKg": 80, "heightCm": 180, "age": 30,
		"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}
	resp, _ := b.send(t, http.MethodPost, "/household", empty, "/household")
	requireRedirect(t, resp, "/household")
	_, p := b.visit(t, "/household")
	for _, f := range []string{"sex", "activityLevel", "objective", "macroPreset"} {
		require.Equal(t, "Choisissez une réponse.", errorsOf(p)[f], f)
	}
	empty["sex"] = "male"
	resp, _ = b.inertiaVisit(t, http.MethodPost, "/household", empty, map[string]string{"Referer": b.ts.URL + "/household", "Cookie": "i18next=en"})
	requireRedirect(t, resp, "/household")
	_, p = b.inertiaVisit(t, http.MethodGet, "/household", nil, map[string]string{"Cookie": "i18next=en"})
	require.Equal(t, "Choose an answer.", errorsOf(p)["objective"])
	require.NotContains(t, errorsOf(p), "sex")

	require.Zero(t, householdEvents(t, b, owner))
	_, p = b.visit(t, "/household")
	require.Empty(t, p.Props["members"])

	// Seven people besides the person, then the household is full.
	for range household.MaxMembers {
		resp, _ := b.send(t, http.MethodPost, "/household", member("X", 2000, 100, 70, 240), "/household")
		requireRedirect(t, resp, "/household")
	}
	resp, _ = b.send(t, http.MethodPost, "/household", member("Neuf", 2000, 100, 70, 240), "/household")
	requireRedirect(t, resp, "/household")
	_, p = b.visit(t, "/household")
	require.Equal(t, "Vous cuisinez pour 8 personnes au plus, vous compris.", errorsOf(p)["household"])
	require.Equal(t, household.MaxMembers, householdEvents(t, b, owner))
}

// The household's shopping list buys what the cooking plan cooks: with Sam in the household, a
// 5-day list holds, food by food, the grams the plan's pans hold (as bought: dry rice, raw
// chicken), not the owner's part alone.
func TestHouseholdShoppingListBuysWhatThePlanCooks(t *testing.T) {
	t.Parallel()
	b, id := shoppingSetup(t, "foyer-courses@example.test")
	grams := func() map[int]float64 {
		_, p := b.visit(t, shoppingPath(id, "?days=5"))
		out := map[int]float64{}
		for _, a := range p.Props["list"].(map[string]any)["aisles"].([]any) {
			for _, it := range a.(map[string]any)["items"].([]any) {
				item := it.(map[string]any)
				out[int(item["foodCode"].(float64))] = item["grams"].(float64)
			}
		}
		return out
	}
	alone := grams()
	resp, _ := b.send(t, http.MethodPost, "/household", member("Sam", 1700, 128, 57, 170), "/household")
	requireRedirect(t, resp, "/household")
	require.Eventually(t, func() bool {
		_, p := b.visit(t, "/household")
		ms, _ := p.Props["members"].([]any)
		return len(ms) == 1
	}, 10*time.Second, 20*time.Millisecond)
	both := grams()

	_, p := b.visit(t, cookPath(id, "?days=5&sessions=1"))
	cooked := map[int]float64{}
	for _, s := range p.Props["plan"].(map[string]any)["sessions"].([]any) {
		for _, r := range s.(map[string]any)["recipes"].([]any) {
			for _, f := range r.(map[string]any)["foods"].([]any) {
				food := f.(map[string]any)
				cooked[int(food["foodCode"].(float64))] += food["grams"].(float64)
			}
		}
	}
	require.NotEmpty(t, cooked)
	short := 0
	for code, g := range cooked {
		// The list buys whole packs: at least what the pans hold (a gram of rounding per pan).
		require.GreaterOrEqual(t, both[code], g-2, "food %d: the list buys %v g, the plan cooks %v g", code, both[code], g)
		if alone[code] < g-2 {
			short++
		}
	}
	require.Positive(t, short, "the owner's list alone is short of what the plan cooks for two")
}

// TestRegenerateFromTwoDevices: the same person presses "regenerate the rest" on two devices and
// two tabs at once, each request with its own idempotency key, on a meal prep of one recipe. One
// request is charged; the others are refused with the translated message and nothing charged;
// once the job ran the meal prep still holds one recipe. It used to charge every request, add a
// recipe per request and answer one of them 404.
func TestRegenerateFromTwoDevices(t *testing.T) {
	t.Parallel()
	const email = "deux@example.test"
	b := mealprepSetup(t, email)
	owner := b.userID(t, email)
	_, err := b.srv.wallets.Grant(t.Context(), ledgerapp.GrantCommand{UserID: owner, Amount: 10, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "test"}})
	require.NoError(t, err)
	id := b.createMealPrep(t, "Semaine")
	food, recipes := foodPath(id), recipesPath(id)
	resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": 36018, "grams": 600}, food)
	requireRedirect(t, resp, food)
	recipe := b.generatedRecipe(t, id, email)
	balance := func() int64 {
		n, err := b.srv.wallets.Balance(t.Context(), owner)
		require.NoError(t, err)
		return n
	}
	require.EqualValues(t, 11, balance())

	phone := b.other(t, "")
	resp = phone.post(t, "/auth/email/login", map[string]any{"email": email, "password": goodPassword}, "/auth/login")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	regenerate := recipes + "/regenerate"
	var lastJob int64
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT coalesce(max(id), 0) FROM river_job`).Scan(&lastJob))
	var wg sync.WaitGroup
	statuses := make([]int, 4)
	for i, device := range []*bundle{b, phone, b, phone} {
		wg.Go(func() {
			resp, _ := device.send(t, http.MethodPost, regenerate, map[string]any{"recipeIds": []string{recipe}, "idempotencyKey": fmt.Sprintf("tab-%d", i)}, recipes)
			statuses[i] = resp.StatusCode
		})
	}
	wg.Wait()
	for _, s := range statuses {
		require.Equal(t, http.StatusSeeOther, s, "no 404, no 500: %v", statuses)
	}
	require.EqualValues(t, 10, balance(), "exactly one charge")
	var queued []mealprepapp.GenerateArgs
	rows, err := b.db.Pool.Query(t.Context(), `SELECT args FROM river_job WHERE kind = $1 AND id > $2`, mealprepapp.GenerateArgs{}.Kind(), lastJob)
	require.NoError(t, err)
	for rows.Next() {
		var a mealprepapp.GenerateArgs
		require.NoError(t, rows.Scan(&a))
		queued = append(queued, a)
	}
	require.NoError(t, rows.Err())
	require.Len(t, queued, 1, "one job")
	w := rivertest.NewWorker(t, riverpgxv5.New(b.db.Pool), &river.Config{}, mealprepapp.NewWorker(b.srv.mealprep, mealpreptest.ScaledGenerator{}, 0))
	tx, err := b.db.Pool.Begin(t.Context())
	require.NoError(t, err)
	_, err = w.Work(t.Context(), t, tx, queued[0], nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(t.Context()))
	_, p := b.visit(t, recipes)
	list := p.Props["recipes"].([]any)
	require.Len(t, list, 1, "the recipe count is unchanged")
	require.NotEqual(t, recipe, list[0].(map[string]any)["id"])

	// Asking again for the replaced recipe, with a new key: the message, in each language.
	resp, _ = phone.send(t, http.MethodPost, regenerate, map[string]any{"recipeIds": []string{recipe}, "idempotencyKey": "late"}, recipes)
	requireRedirect(t, resp, recipes)
	_, p = phone.visit(t, recipes)
	require.Equal(t, "Un autre onglet ou appareil régénère déjà ces recettes, ou l’a déjà fait\u202f: rien n’a été débité. Rechargez la page pour voir les recettes telles qu’elles sont.", errorsOf(p)["regenerate"])
	resp, _ = phone.send(t, http.MethodPost, regenerate+"?lng=en", map[string]any{"recipeIds": []string{recipe}, "idempotencyKey": "later"}, recipes)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, p = phone.visit(t, recipes+"?lng=en")
	require.Contains(t, errorsOf(p)["regenerate"], "Another tab or device is already making these recipes again")
	require.EqualValues(t, 10, balance())
}
