package nutrition

import (
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/internal/pgtest"
)

func TestSearch(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := t.Context()
	_, err := Import(ctx, db.Pool, data.CiqualFoodsCSV)
	require.NoError(t, err)
	s := NewSearcher(db.Pool)

	names := func(p Page) []string {
		out := make([]string, 0, len(p.Foods))
		for _, f := range p.Foods {
			out = append(out, f.Name)
		}
		return out
	}
	firstHas := func(t *testing.T, q Query, want string) Page {
		t.Helper()
		p, err := s.Search(ctx, q)
		require.NoError(t, err)
		require.NotEmpty(t, p.Foods, "%q finds something", q.Text)
		require.Contains(t, strings.ToLower(p.Foods[0].Name), want, "%q: %v", q.Text, names(p))
		return p
	}

	t.Run("French: plain, capitals and accents, several words, a typo", func(t *testing.T) {
		p := firstHas(t, Query{Text: "poulet", Lang: "fr"}, "poulet")
		require.True(t, strings.HasPrefix(strings.ToLower(p.Foods[0].Name), "poulet"), "prefix matches first")
		firstHas(t, Query{Text: "POULET", Lang: "fr"}, "poulet")
		p = firstHas(t, Query{Text: "Poulet rôti", Lang: "fr"}, "poulet")
		require.Contains(t, strings.ToLower(p.Foods[0].Name), "rôti")
		firstHas(t, Query{Text: "poulett", Lang: "fr"}, "poulet")
		firstHas(t, Query{Text: "creme", Lang: "fr"}, "crème")
	})
	// The plain food first (raw or as bought), never its by-products, in both
	// languages and through a typo. head is the name before its first comma.
	t.Run("plain foods before their by-products", func(t *testing.T) {
		for _, c := range []struct{ q, lang, head, has string }{
			{"rice", "en", "rice", "raw"},
			{"chicken", "en", "chicken", "raw"},
			{"salmon", "en", "salmon", "raw"},
			{"banana", "en", "banana", "raw"},
			{"chiken", "en", "chicken", "raw"},
			{"almond", "en", "almond", "no added salt"},
			{"egg", "en", "egg", "raw"},
			{"olive oil", "en", "olive oil", ""},
			{"lentilles", "fr", "lentille", "sèche"},
			{"amande", "fr", "amande", "sans sel ajouté"},
			{"poulett", "fr", "poulet", "cru"},
			{"poulet", "fr", "poulet", "cru"},
			{"saumon", "fr", "saumon", "cru"},
			{"banane", "fr", "banane", "crue"},
			{"oeuf", "fr", "oeuf cru", "cru"},
			{"huile olive", "fr", "huile d'olive vierge extra", ""},
			{"huiles olive", "fr", "huile d'olive vierge extra", ""},
		} {
			p, err := s.Search(ctx, Query{Text: c.q, Lang: c.lang})
			require.NoError(t, err)
			require.NotEmpty(t, p.Foods, "%q finds something", c.q)
			name := strings.ToLower(p.Foods[0].Name)
			head, _, _ := strings.Cut(name, ",")
			require.True(t, head == c.head && strings.Contains(name, c.has), "%q (%s): first %q, want %q… %q; got %v", c.q, c.lang, name, c.head, c.has, names(p))
		}
	})
	t.Run("cooked after raw, products last", func(t *testing.T) {
		p, err := s.Search(ctx, Query{Text: "saumon", Lang: "fr", PageSize: 50})
		require.NoError(t, err)
		rank := func(code int) int {
			for i, f := range p.Foods {
				if f.Code == code {
					return i
				}
			}
			t.Fatalf("%d not found in %v", code, names(p))
			return -1
		}
		// Saumon, élevage, cru < Saumon, cuit à la vapeur < Saumon, sauvage, fumé < Huile de
		// saumon. Saumon fumé (26037) is on the list of foods most bought, so it comes right after
		// the raw salmon, before what is not on it.
		require.Less(t, rank(26036), rank(26038))
		require.Less(t, rank(26038), rank(26695))
		require.Less(t, rank(26695), rank(17645))
		require.Less(t, rank(26037), rank(26038))
	})
	t.Run("eggs by the piece, oils by volume", func(t *testing.T) {
		m, err := s.ByCodes(ctx, nil, "fr", uuid.Nil, []int{22000, 17270, 36003})
		require.NoError(t, err)
		require.Equal(t, &nutrition.NaturalUnit{Kind: "piece", Grams: nutrition.EggGrams}, m[22000].Natural)
		require.Equal(t, &nutrition.NaturalUnit{Kind: "ml", Grams: nutrition.OilGramsPML}, m[17270].Natural)
		require.Nil(t, m[36003].Natural)
	})
	t.Run("English names for an English interface", func(t *testing.T) {
		p := firstHas(t, Query{Text: "chicken", Lang: "en"}, "chicken")
		require.True(t, strings.HasPrefix(strings.ToLower(p.Foods[0].Name), "chicken"))
		fr, err := s.Search(ctx, Query{Text: "chicken", Lang: "fr"})
		require.NoError(t, err)
		for _, f := range fr.Foods {
			require.NotContains(t, strings.ToLower(f.Name), "chicken", "French names are returned in French")
		}
	})
	t.Run("group filter", func(t *testing.T) {
		p, err := s.Search(ctx, Query{Text: "poulet", Lang: "fr", Group: "meat, egg and fish", PageSize: 50})
		require.NoError(t, err)
		require.NotEmpty(t, p.Foods)
		for _, f := range p.Foods {
			require.Equal(t, "meat, egg and fish", f.GroupKey)
		}
	})
	t.Run("paging", func(t *testing.T) {
		p1, err := s.Search(ctx, Query{Text: "poulet", Lang: "fr", PageSize: 5})
		require.NoError(t, err)
		require.Len(t, p1.Foods, 5)
		require.True(t, p1.HasMore)
		p2, err := s.Search(ctx, Query{Text: "poulet", Lang: "fr", PageSize: 5, Page: 2})
		require.NoError(t, err)
		require.Len(t, p2.Foods, 5)
		require.NotEqual(t, p1.Foods[0].Code, p2.Foods[0].Code)
	})
	t.Run("foods without energy are flagged", func(t *testing.T) {
		m, err := s.ByCodes(ctx, nil, "fr", uuid.Nil, []int{1010, 1003})
		require.NoError(t, err)
		require.True(t, m[1010].NoEnergy)
		require.False(t, m[1003].NoEnergy)
	})
	t.Run("nothing found, odd input", func(t *testing.T) {
		for _, q := range []string{"zzzzqqq", "%", "_", "' OR 1=1 --"} {
			p, err := s.Search(ctx, Query{Text: q, Lang: "fr"})
			require.NoError(t, err, q)
			require.NotNil(t, p.Foods)
		}
	})
	t.Run("custom foods only for their owner", func(t *testing.T) {
		owner, other := uuid.New(), uuid.New()
		for _, u := range []uuid.UUID{owner, other} {
			_, err := db.Pool.Exec(ctx, `INSERT INTO users (id, email) VALUES ($1, $2)`, u, u.String()+"@example.test")
			require.NoError(t, err)
		}
		var code int
		require.NoError(t, db.Pool.QueryRow(ctx, `INSERT INTO custom_foods (owner_id, name, kcal, protein_g, carbs_g, fat_g)
			VALUES ($1, 'Pâte à tartiner maison', 500, 6, 55, 30) RETURNING code`, owner).Scan(&code))
		require.GreaterOrEqual(t, code, 90000000)
		p, err := s.Search(ctx, Query{Text: "pate a tartiner maison", Lang: "fr", Owner: owner})
		require.NoError(t, err)
		require.NotEmpty(t, p.Foods)
		require.Equal(t, code, p.Foods[0].Code)
		require.True(t, p.Foods[0].Custom)
		p, err = s.Search(ctx, Query{Text: "pate a tartiner maison", Lang: "fr", Owner: other})
		require.NoError(t, err)
		for _, f := range p.Foods {
			require.NotEqual(t, code, f.Code)
		}
		m, err := s.ByCodes(ctx, nil, "fr", other, []int{code})
		require.NoError(t, err)
		require.Empty(t, m)
	})
	t.Run("groups", func(t *testing.T) {
		g, err := s.Groups(ctx, "en")
		require.NoError(t, err)
		require.Len(t, g, 11)
	})
}

func TestNormalizeMatchesTheDatabase(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	for _, s := range []string{"Poulet rôti", "CRÈME brûlée", "œuf", "Bœuf", "ÇA", "naïve", "Äpfel", "jalapeño"} {
		var want string
		require.NoError(t, db.Pool.QueryRow(t.Context(), `SELECT food_norm($1)`, s).Scan(&want))
		require.Equal(t, want, Normalize(s), s)
	}
}
