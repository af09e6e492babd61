package handlers

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/app/mealprep/mealpreptest"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// testPrices is the shipped price table.
func testPrices() *nutrition.PriceTable {
	p, err := nutrition.ParsePrices(bytes.NewReader(data.PricesCSV))
	if err != nil {
		panic(err)
	}
	return p
}

// shoppingSetup is a signed-in person with a meal prep holding two generated recipes.
func shoppingSetup(t *testing.T, email string) (*bundle, uuid.UUID) {
	t.Helper()
	b := mealprepSetup(t, email)
	ctx := t.Context()
	id := b.createMealPrep(t, "Semaine")
	food, recipes := foodPath(id), recipesPath(id)
	for code, g := range map[int]int{36018: 600, 9104: 500, 17270: 50} {
		resp, _ := b.send(t, http.MethodPost, food, map[string]any{"foodCode": code, "grams": g}, food)
		requireRedirect(t, resp, food)
	}
	resp, _ := b.send(t, http.MethodPost, recipes, map[string]any{"category": "lunch_dinner", "count": 2, "idempotencyKey": "shop"}, recipes)
	requireRedirect(t, resp, recipes)
	// The request shows once the read model has it (the handler waits, with a bound, under load).
	var p pageObject
	require.Eventually(t, func() bool {
		_, p = b.visit(t, recipes)
		g, _ := p.Props["generation"].([]any)
		return len(g) == 1
	}, 10*time.Second, 20*time.Millisecond)
	reqID := uuid.MustParse(p.Props["generation"].([]any)[0].(map[string]any)["requestId"].(string))
	w := rivertest.NewWorker(t, riverpgxv5.New(b.db.Pool), &river.Config{}, mealprepapp.NewWorker(b.srv.mealprep, mealpreptest.ScaledGenerator{}, 0))
	tx, err := b.db.Pool.Begin(ctx)
	require.NoError(t, err)
	_, err = w.Work(ctx, t, tx, mealprepapp.GenerateArgs{RequestID: reqID, MealPrepID: id, OwnerID: b.userID(t, email)}, nil)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
	require.Eventually(t, func() bool {
		_, p = b.visit(t, recipes)
		rs, _ := p.Props["recipes"].([]any)
		return len(rs) == 2
	}, 10*time.Second, 20*time.Millisecond)
	return b, id
}

func shoppingPath(id uuid.UUID, query string) string {
	return "/mealprep/" + id.String() + "/shopping-list" + query
}

func TestShoppingListPage(t *testing.T) {
	t.Parallel()
	b, id := shoppingSetup(t, "courses@example.test")

	// No days yet: the page asks for them, without an error.
	_, p := b.visit(t, shoppingPath(id, ""))
	require.Equal(t, "mealprep/shopping-list", p.Component)
	require.Nil(t, p.Props["list"])
	require.Empty(t, errorsOf(p))

	// Missing or out-of-range days: the field error, in French by default.
	_, p = b.visit(t, shoppingPath(id, "?days="))
	require.Equal(t, "L’export nécessite un nombre de jours.", errorsOf(p)["days"])
	require.Nil(t, p.Props["list"])
	_, p = b.visit(t, shoppingPath(id, "?days=15"))
	require.Equal(t, "Choisissez entre 1 et 14 jours.", errorsOf(p)["days"])

	// Three days: every ingredient merged, rounded up, grouped by aisle, priced.
	_, p = b.visit(t, shoppingPath(id, "?days=3"))
	require.Empty(t, errorsOf(p))
	list := p.Props["list"].(map[string]any)
	require.EqualValues(t, 3, list["days"])
	aisles := list["aisles"].([]any)
	require.NotEmpty(t, aisles)
	names := map[string]bool{}
	quantities := map[string]string{}
	for _, a := range aisles {
		for _, it := range a.(map[string]any)["items"].([]any) {
			item := it.(map[string]any)
			names[item["name"].(string)] = true
			quantities[item["name"].(string)] = item["quantity"].(string)
			require.Contains(t, item["quantity"], "\u00a0") // "1,5 kg", French typography
		}
	}
	require.True(t, names["Poulet, filet sans peau grillé/poêlé"], "%v", names)
	// Real packs: cooked rice is bought dry, in packs; oil by the bottle.
	require.Contains(t, quantities["Riz blanc, cuit, sans sel ajouté"], "paquet de")
	require.Contains(t, quantities["Riz blanc, cuit, sans sel ajouté"], "sec")
	require.Contains(t, quantities["Huile d'olive vierge extra"], "bouteille de")
	require.Contains(t, list["text"], "Liste de courses pour 3\u00a0jours")
	require.Contains(t, list["total"], "€")
	require.Equal(t, "/mealprep/"+id.String()+"/shopping-list.csv?days=3", list["csvUrl"])

	// A person in pounds gets pounds and ounces.
	_, err := b.db.Pool.Exec(t.Context(), `UPDATE users SET units = 'lb' WHERE email = 'courses@example.test'`)
	require.NoError(t, err)
	_, p = b.visit(t, shoppingPath(id, "?days=3"))
	require.Regexp(t, `(lb|oz)`, p.Props["list"].(map[string]any)["text"])
}

func TestShoppingListCSV(t *testing.T) {
	t.Parallel()
	b, id := shoppingSetup(t, "csv@example.test")
	get := func(c *http.Client, path string) (*http.Response, string) {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, b.ts.URL+path, nil)
		require.NoError(t, err)
		resp, err := c.Do(req)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		return resp, string(body)
	}
	resp, body := get(b.client, shoppingPath(id, ".csv?days=2"))
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/csv; charset=utf-8", resp.Header.Get("Content-Type"))
	require.Contains(t, resp.Header.Get("Content-Disposition"), `filename="liste-de-courses-2-jours.csv"`)
	require.True(t, strings.HasPrefix(body, "\ufeffrayon;aliment;quantité;grammes;coût estimé (EUR)\n"), body)
	require.Contains(t, body, "Poulet, filet sans peau grillé/poêlé")
	require.Contains(t, body, "\nTotal;;;;")

	resp, body = get(b.client, shoppingPath(id, ".csv"))
	require.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
	require.Equal(t, "L’export nécessite un nombre de jours.\n", body)

	// Another person, or nobody, never sees it.
	o := b.other(t, "voisin@example.test")
	resp, _ = get(o.client, shoppingPath(id, ".csv?days=2"))
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	resp, _ = o.visit(t, shoppingPath(id, "?days=2"))
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	v := b.other(t, "")
	resp, _ = get(v.client, shoppingPath(id, ".csv?days=2"))
	require.NotEqual(t, http.StatusOK, resp.StatusCode)
}
