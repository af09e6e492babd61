package nutrition_test

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/app/nutrition/foodstest"
	"github.com/gamelle/gamelle/data"
)

// The first result is the one Enter picks: for each query, in French and in English, the food
// a person means (docs/mealprep.md, "Food search"), on the shipped catalogue.
func TestSearchFirstResultIsTheFoodMeant(t *testing.T) {
	t.Parallel()
	db := foodstest.New(t)
	s := nutritionapp.NewSearcher(db.Pool)
	for _, c := range []struct {
		q, lang string
		code    int // the expected first result
	}{
		// French.
		{"lait", "fr", 19041},          // Lait demi-écrémé, UHT — not Laitue
		{"tomate", "fr", 20385},        // Tomate, crue — not one whose energy is unknown
		{"poulet", "fr", 36017},        // Poulet, filet sans peau cru — not the drumstick
		{"riz basmati", "fr", 9119},    // Riz thaï ou basmati, cru — before cooked
		{"riz", "fr", 9100},            // Riz blanc, cru — not red rice
		{"avoine", "fr", 32140},        // Flocons d'avoine — not the whole grain
		{"pomme", "fr", 13039},         // Pomme, chair et peau, crue — not the potato
		{"pomme de terre", "fr", 4008}, // Pomme de terre, sans peau, crue
		{"pommes de terre", "fr", 4008},
		{"laitue", "fr", 20031},
		{"banane", "fr", 13005},
		{"saumon", "fr", 26036},
		{"lentilles", "fr", 20359},
		{"oeufs", "fr", 22000},
		{"beurre", "fr", 16400},
		{"pâtes", "fr", 9810},
		{"pâté", "fr", 8211},
		{"yaourt", "fr", 19593},
		{"pain", "fr", 7001},
		{"carottes", "fr", 20009},
		{"sucre", "fr", 31016},
		{"huile", "fr", 17270},
		{"thon", "fr", 26053},
		{"steak", "fr", 6250},
		{"fraise", "fr", 13014},
		{"courgettes", "fr", 20020},
		{"poulett", "fr", 36017}, // a typo
		// English.
		{"milk", "en", 19041},   // Milk, semi-skimmed, UHT — not raw milk of unknown energy
		{"rice", "en", 9100},    // Rice, white, raw — not red rice
		{"oats", "en", 32140},   // Oat flakes — not the whole grain
		{"tomato", "en", 20385}, // Tomato, raw (average)
		{"tomatoes", "en", 20385},
		{"chicken", "en", 36017},
		{"chiken", "en", 36017},
		{"apple", "en", 13039},
		{"potatoes", "en", 4008},
		{"eggs", "en", 22000},
		{"salmon", "en", 26036},
		{"lettuce", "en", 20031},
		{"banana", "en", 13005},
		{"butter", "en", 16400},
		{"bread", "en", 7001},
		{"olive oil", "en", 17270},
		{"sugar", "en", 31016},
		{"pasta", "en", 9810},
		{"beef", "en", 6250},
	} {
		p, err := s.Search(t.Context(), nutritionapp.Query{Text: c.q, Lang: c.lang})
		require.NoError(t, err)
		require.NotEmpty(t, p.Foods, "%q finds something", c.q)
		if p.Foods[0].Code != c.code {
			got := make([]string, 0, 5)
			for _, f := range p.Foods[:min(5, len(p.Foods))] {
				got = append(got, strconv.Itoa(f.Code)+" "+f.Name)
			}
			t.Errorf("%q (%s): first %d, want %d; got %v", c.q, c.lang, p.Foods[0].Code, c.code, got)
		}
	}
}

// A food whose energy is unknown is never the default: it comes after every food whose energy
// is known, and is flagged for the page to mark.
func TestSearchRanksUnknownEnergyLast(t *testing.T) {
	t.Parallel()
	db := foodstest.New(t)
	s := nutritionapp.NewSearcher(db.Pool)
	for _, c := range []struct{ q, lang string }{{"tomate", "fr"}, {"milk", "en"}, {"lait", "fr"}, {"poireau", "fr"}, {"", "fr"}} {
		seenUnknown := false
		for page := 1; ; page++ {
			p, err := s.Search(t.Context(), nutritionapp.Query{Text: c.q, Lang: c.lang, Page: page, PageSize: nutritionapp.MaxPageSize})
			require.NoError(t, err)
			for _, f := range p.Foods {
				require.Equal(t, f.Per100g.Kcal == nil, f.NoEnergy)
				if f.NoEnergy {
					seenUnknown = true
				} else {
					require.False(t, seenUnknown, "%q (%s): %d %s comes after a food of unknown energy", c.q, c.lang, f.Code, f.Name)
				}
			}
			if !p.HasMore || page == 10 {
				break
			}
		}
	}
}

// A whole-word query ranks the foods named by that word above foods whose name merely starts
// with it: every "Lait…" food with known energy before the first "Laitue".
func TestSearchWholeWordBeforeLongerWord(t *testing.T) {
	t.Parallel()
	db := foodstest.New(t)
	s := nutritionapp.NewSearcher(db.Pool)
	for _, c := range []struct{ q, lang, word, longer string }{{"lait", "fr", "lait", "laitue"}, {"milk", "en", "milk", "milkshake"}} {
		p, err := s.Search(t.Context(), nutritionapp.Query{Text: c.q, Lang: c.lang, PageSize: nutritionapp.MaxPageSize})
		require.NoError(t, err)
		firstLonger, lastNamed := -1, -1
		for i, f := range p.Foods {
			first := strings.ToLower(strings.FieldsFunc(f.Name, func(r rune) bool { return r == ' ' || r == ',' })[0])
			switch {
			case first == c.longer && firstLonger < 0:
				firstLonger = i
			case first == c.word && !f.NoEnergy:
				lastNamed = i
			}
		}
		require.GreaterOrEqual(t, lastNamed, 0, "%q finds foods named %q", c.q, c.word)
		if firstLonger >= 0 {
			require.Less(t, lastNamed, firstLonger, "%q: %s… before %s…", c.q, c.word, c.longer)
		}
	}
}

// The list shipped in data/popular is what the database ranks by (migration 00100): same codes,
// same ranks, each a food of the catalogue under the name the list gives.
func TestPopularFoodsMatchTheShippedList(t *testing.T) {
	t.Parallel()
	db := foodstest.New(t)
	rows, err := csv.NewReader(bytes.NewReader(data.PopularCSV)).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"rank", "code", "name_fr", "category"}, rows[0])
	want := map[int]int{}
	for i, r := range rows[1:] {
		rank, err := strconv.Atoi(r[0])
		require.NoError(t, err)
		require.Equal(t, i+1, rank, "ranks follow the lines")
		code, err := strconv.Atoi(r[1])
		require.NoError(t, err)
		var name string
		var unknown bool
		require.NoError(t, db.Pool.QueryRow(t.Context(), `SELECT name_fr, kcal IS NULL FROM foods WHERE code = $1`, code).Scan(&name, &unknown), "code %d", code)
		require.Equal(t, r[2], name, "code %d", code)
		require.False(t, unknown, "%d %s: a food of unknown energy is never boosted", code, name)
		want[code] = rank
	}
	require.GreaterOrEqual(t, len(want), 200, "a few hundred foods")
	got := map[int]int{}
	dbRows, err := db.Pool.Query(t.Context(), `SELECT code, rank FROM food_popularity`)
	require.NoError(t, err)
	for dbRows.Next() {
		var code, rank int
		require.NoError(t, dbRows.Scan(&code, &rank))
		got[code] = rank
	}
	require.NoError(t, dbRows.Err())
	require.Equal(t, want, got)
}

// Stem matches the database's food_stem on every word of the catalogue's names, so the stemmed
// query words compare with the stored ones as they are.
func TestStemMatchesTheDatabase(t *testing.T) {
	t.Parallel()
	db := foodstest.New(t)
	rows, err := db.Pool.Query(t.Context(), `SELECT DISTINCT w, (food_stem(ARRAY[w]))[1] FROM foods, unnest(food_words(norm_fr) || food_words(norm_en)) AS w`)
	require.NoError(t, err)
	n := 0
	for rows.Next() {
		var w, stem string
		require.NoError(t, rows.Scan(&w, &stem))
		require.Equal(t, stem, nutritionapp.Stem(w), w)
		n++
	}
	require.NoError(t, rows.Err())
	require.Greater(t, n, 1000)
	require.Equal(t, "roti", nutritionapp.Stem("roties"))
	require.Equal(t, "tomato", nutritionapp.Stem("tomatoes"))
	require.Equal(t, "oat", nutritionapp.Stem("oats"))
}
