package nutrition

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gamelle/gamelle/domain/nutrition"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Search limits.
const (
	// MaxQueryRunes bounds a search text; longer input is cut.
	MaxQueryRunes = 80
	// MaxQueryWords bounds how many words must each match.
	MaxQueryWords = 5
	// DefaultPageSize and MaxPageSize bound a page of results.
	DefaultPageSize = 20
	MaxPageSize     = 50
	// MaxPage bounds paging far beyond any real use (the table has a few thousand rows).
	MaxPage = 200
)

// Food is a search result or a food looked up by code: CIQUAL or the person's own.
type Food struct {
	Code     int    `json:"code"`
	Name     string `json:"name"`
	Group    string `json:"group"`
	GroupKey string `json:"groupKey"`
	Subgroup string `json:"subgroup"`
	// Custom is true for a food the person added.
	Custom bool `json:"custom"`
	// NoEnergy flags a food whose energy CIQUAL does not give: it cannot count towards kcal.
	NoEnergy bool      `json:"noEnergy"`
	Per100g  Nutrients `json:"per100g"`
	// Diet fields used by warnings (English group names are the stable keys).
	GroupEN    string `json:"-"`
	SubgroupEN string `json:"-"`
	NameEN     string `json:"-"`
	// WaterG is CIQUAL's water per 100 g (nil when unknown or a person's own food): a cooked
	// grain or pulse is priced and bought by its dry equivalent.
	WaterG *float64 `json:"-"`
	// Natural is how people count this food (eggs by the piece, oils in ml), nil for grams only.
	Natural *nutrition.NaturalUnit `json:"natural"`
}

// Nutrients are per 100 g; nil means unknown (CIQUAL's missing values are not zeros).
type Nutrients struct {
	Kcal     *float64 `json:"kcal"`
	ProteinG *float64 `json:"proteinG"`
	CarbsG   *float64 `json:"carbsG"`
	FatG     *float64 `json:"fatG"`
	SatFatG  *float64 `json:"satFatG"`
	FibreG   *float64 `json:"fibreG"`
	SugarsG  *float64 `json:"sugarsG"`
	SaltG    *float64 `json:"saltG"`
	SodiumMg *float64 `json:"sodiumMg"`
}

// Query is one search.
type Query struct {
	Text string
	// Lang is "fr" or "en": the names searched and returned.
	Lang string
	// Group restricts to one food group (its English name, as Groups lists); empty for all.
	Group string
	// Page starts at 1; PageSize defaults to DefaultPageSize.
	Page, PageSize int
	// Owner adds the person's custom foods; uuid.Nil for none.
	Owner uuid.UUID
}

// Page is one page of results.
type Page struct {
	Foods   []Food `json:"foods"`
	Page    int    `json:"page"`
	HasMore bool   `json:"hasMore"`
}

// Words splits a search text the way names are normalised (lower case, accents dropped by the
// database), keeping letters and digits; at most MaxQueryWords words.
func Words(text string) []string {
	r := []rune(strings.TrimSpace(text))
	if len(r) > MaxQueryRunes {
		r = r[:MaxQueryRunes]
	}
	words := strings.FieldsFunc(strings.ToLower(string(r)), func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) })
	if len(words) > MaxQueryWords {
		words = words[:MaxQueryWords]
	}
	return words
}

// Searcher queries the food table.
type Searcher struct{ pool *pgxpool.Pool }

// NewSearcher returns a searcher over pool.
func NewSearcher(pool *pgxpool.Pool) *Searcher { return &Searcher{pool: pool} }

const foodCols = `code, %[1]s, %[2]s, %[3]s, group_en, subgroup_en, name_en, false,
	kcal::float8, protein_g::float8, carbs_g::float8, fat_g::float8, sat_fat_g::float8, fibre_g::float8, sugars_g::float8, salt_g::float8, sodium_mg::float8, water_g::float8`

const customCols = `code, name, 'custom', 'custom', 'custom', 'custom', name, true,
	kcal::float8, protein_g::float8, carbs_g::float8, fat_g::float8, sat_fat_g::float8, fibre_g::float8, sugars_g::float8, salt_g::float8, NULL::float8, NULL::float8`

// byProducts are words that, in the head of a name, make it a by-product or a preparation
// of the food rather than the food itself ("Rice bran", "Graisse de poulet", "Soupe aux
// lentilles"): such names come after the plain food unless the query names the word.
var byProducts = []string{
	"fat", "oil", "bran", "flour", "starch", "nectar", "soup", "juice", "drink", "syrup", "powder", "wine", "sauce", "paste",
	"graisse", "huile", "son", "farine", "amidon", "soupe", "jus", "boisson", "sirop", "poudre", "alcool", "pate",
}

// Search finds foods whose every query word matches a word of the name (contained, or close
// enough by trigram word similarity, which forgives a typo), in the person's language.
//
// Ranking (docs/mealprep.md, "Food search") puts the food the person most likely means first,
// one Enter away: a food whose energy CIQUAL does not give comes last (it cannot be counted);
// then names whose head (the part before the first comma) is not a by-product the query did
// not ask for; then how the name matches: every query word is a word of the head ("Lait
// demi-écrémé" for "lait", plurals forgiven), of the name, the head is close to the query (a
// typo), the name starts with the query ("Laitue"), a word starts with the first query word;
// then the foods households buy most (the shipped list, data/popular); then raw or as bought,
// cooked, products; then heads starting with the query word, raw before as bought, the head
// being the query itself, the list's rank, word similarity, shorter names. An empty query lists
// the group (or everything), the most bought first.
func (s *Searcher) Search(ctx context.Context, q Query) (Page, error) {
	lang := "fr"
	if q.Lang == "en" {
		lang = "en"
	}
	size := q.PageSize
	if size <= 0 || size > MaxPageSize {
		size = DefaultPageSize
	}
	page := min(max(q.Page, 1), MaxPage)
	words := Words(q.Text)

	// Words arrive normalised like the stored names (Normalize mirrors food_norm), so the
	// conditions compare plain columns with plain parameters and the trigram indexes apply.
	whole := Normalize(strings.Join(words, " "))
	stemmed := make([]string, 0, len(words))
	firstWord, firstStem := "", ""
	for i, w := range words {
		stemmed = append(stemmed, Stem(Normalize(w)))
		if i == 0 {
			firstWord, firstStem = Normalize(w), stemmed[0]
		}
	}
	args := []any{whole + "%", q.Group, q.Owner, size + 1, (page - 1) * size, whole, len(words), byProductsNotAsked(words),
		stemmed, firstWord, firstStem}
	// Per word: the normalised word (ranking, and the trigram match of a word of 3 letters or
	// more, which forgives a typo and answers a prefix through the GIN index) or, for a shorter
	// word with too few trigrams, a substring pattern.
	type wordParam struct {
		word int // parameter number of the word
		like int // parameter number of its pattern, 0 when matched by trigrams
	}
	params := make([]wordParam, 0, len(words))
	for _, w := range words {
		nw := Normalize(w)
		args = append(args, nw)
		p := wordParam{word: len(args)}
		if utf8.RuneCountInString(nw) < 3 {
			args = append(args, "%"+nw+"%")
			p.like = len(args)
		}
		params = append(params, p)
	}
	cond := func(col string) string {
		if len(params) == 0 {
			return "true"
		}
		parts := make([]string, 0, len(params))
		for _, p := range params {
			if p.like == 0 {
				parts = append(parts, fmt.Sprintf("$%d <%% %s", p.word, col))
			} else {
				parts = append(parts, fmt.Sprintf("%s LIKE $%d", col, p.like))
			}
		}
		return strings.Join(parts, " AND ")
	}
	sim := "length(norm)"
	first := "''"
	if len(params) > 0 {
		score := make([]string, 0, len(params))
		for _, p := range params {
			score = append(score, fmt.Sprintf("word_similarity($%d, norm)", p.word))
		}
		sim = "(" + strings.Join(score, " + ") + ") DESC"
		first = fmt.Sprintf("$%d", params[0].word)
	}
	norm := "norm_" + lang
	// head, state (0 raw, 1 as bought, 2 cooked, 3 product; migration 00095) and the stemmed
	// words of the name and of its head (migration 00100) are stored with each food, so ranking
	// costs no more per row than comparing them; the popularity rank is a join on the code.
	sql := `
SELECT * FROM (
    SELECT ` + fmt.Sprintf(foodCols, "name_"+lang, "group_"+lang, "subgroup_"+lang) + `, ` + norm + ` AS norm,
           head_` + lang + ` AS head, state_` + lang + ` AS state, words_` + lang + ` AS words,
           head_words_` + lang + ` AS hwords, p.rank AS pop
    FROM foods LEFT JOIN food_popularity p USING (code)
    WHERE ($2 = '' OR group_en = $2) AND ` + cond(norm) + `
    UNION ALL
    SELECT ` + customCols + `, norm, head, state, words, head_words, NULL::int FROM custom_foods
    WHERE owner_id = $3 AND ($2 = '' OR $2 = 'custom') AND ` + cond("norm") + `
) c
ORDER BY kcal IS NULL,
         (string_to_array(head, ' ') && $8::text[]),
         CASE WHEN hwords @> $9::text[] THEN 0
              WHEN words @> $9::text[] THEN 1
              WHEN $7 > 0 AND (head = $6 OR (cardinality(string_to_array(head, ' ')) = $7 AND similarity(head, $6) >= 0.5)) THEN 2
              WHEN norm LIKE $1 THEN 3
              WHEN (' ' || norm) LIKE '% ' || ` + first + ` || '%' THEN 4
              ELSE 5 END,
         pop IS NULL,
         CASE WHEN state <= 1 THEN 0 ELSE state - 1 END,
         CASE WHEN split_part(head, ' ', 1) = $10 THEN 0 WHEN hwords[1] = $11 THEN 1 ELSE 2 END,
         state,
         NOT (head = $6 OR hwords = $9::text[]),
         pop, ` + sim + `, length(norm), code
LIMIT $4 OFFSET $5`

	foods, err := s.query(ctx, sql, args, "")
	if err == nil && len(foods) == 0 && slices.ContainsFunc(params, func(p wordParam) bool { return p.like == 0 }) {
		// Nothing close enough: a word may carry a typo the default threshold does not forgive
		// ("chiken" is 0.5 from "chicken"); look again, more leniently.
		foods, err = s.query(ctx, sql, args, typoWordSimilarity)
	}
	if err != nil {
		return Page{}, fmt.Errorf("search foods %q: %w", q.Text, err)
	}
	out := Page{Page: page, Foods: foods}
	if len(foods) > size {
		out.Foods, out.HasMore = foods[:size], true
	}
	if out.Foods == nil {
		out.Foods = []Food{}
	}
	return out, nil
}

// typoWordSimilarity is the trigram word similarity a query word needs when the default
// (0.6) finds nothing.
const typoWordSimilarity = "0.4"

// query runs a search, with the word similarity threshold lowered to threshold when given
// (SET LOCAL, so in its own transaction on one connection).
func (s *Searcher) query(ctx context.Context, sql string, args []any, threshold string) ([]Food, error) {
	if threshold == "" {
		rows, err := s.pool.Query(ctx, sql, args...)
		if err != nil {
			return nil, err
		}
		return scanFoods(rows, 6)
	}
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, threshold); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return scanFoods(rows, 6)
}

// byProductsNotAsked are the by-product words the query does not name ("oil" in "olive oil"
// is what the person wants).
func byProductsNotAsked(words []string) []string {
	asked := map[string]bool{}
	for _, w := range words {
		asked[Normalize(w)] = true
		asked[Stem(Normalize(w))] = true
	}
	out := []string{}
	for _, b := range byProducts {
		// "huiles" asks for "huile": they share a stem.
		if !asked[b] && !asked[Stem(b)] && !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

// Stem drops, from a normalised word of 4 letters or more, a plural ending and then a
// feminine e ("lentilles" → "lentill", "rôties" → "roti", "oats" → "oat", "tomatoes" →
// "tomato"), as the database's food_stem does for the stored name words, so a query and a name
// match whatever their number and gender. It is a crude rule ("noix" becomes "noi"), applied
// to both sides alike.
func Stem(w string) string {
	if utf8.RuneCountInString(w) <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "oes"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "ss"):
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"):
		w = w[:len(w)-1]
	}
	for len(w) > 3 && strings.HasSuffix(w, "e") {
		w = w[:len(w)-1]
	}
	return w
}

// ligatures are letters unaccent spells out that Unicode decomposition leaves alone.
var ligatures = strings.NewReplacer("œ", "oe", "æ", "ae", "ß", "ss", "Œ", "oe", "Æ", "ae")

// Normalize lower-cases s and drops its accents, as the database's food_norm (unaccent) does
// for the names, so search words compare with the stored columns as they are.
func Normalize(s string) string {
	s = ligatures.Replace(strings.ToLower(s))
	out, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), s)
	if err != nil {
		return s
	}
	return out
}

// scanFoods reads rows of foodCols followed by extra ranking columns it ignores.
func scanFoods(rows pgx.Rows, extra int) ([]Food, error) {
	defer rows.Close()
	var out []Food
	for rows.Next() {
		var f Food
		n := &f.Per100g
		dst := []any{&f.Code, &f.Name, &f.Group, &f.Subgroup, &f.GroupEN, &f.SubgroupEN, &f.NameEN, &f.Custom,
			&n.Kcal, &n.ProteinG, &n.CarbsG, &n.FatG, &n.SatFatG, &n.FibreG, &n.SugarsG, &n.SaltG, &n.SodiumMg, &f.WaterG}
		for range extra {
			dst = append(dst, new(any))
		}
		if err := rows.Scan(dst...); err != nil {
			return nil, err
		}
		f.GroupKey = f.GroupEN
		f.NoEnergy = n.Kcal == nil
		if u, ok := nutrition.NaturalUnitOf(f.NameEN, f.SubgroupEN); ok && !f.Custom {
			f.Natural = &u
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// ByCodes returns the foods with these codes (CIQUAL, or custom foods of owner), keyed by code,
// with names in lang.
func (s *Searcher) ByCodes(ctx context.Context, db interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}, lang string, owner uuid.UUID, codes []int) (map[int]Food, error) {
	if lang != "en" {
		lang = "fr"
	}
	if db == nil {
		db = s.pool
	}
	sql := `SELECT ` + fmt.Sprintf(foodCols, "name_"+lang, "group_"+lang, "subgroup_"+lang) + ` FROM foods WHERE code = ANY($1)
		UNION ALL SELECT ` + customCols + ` FROM custom_foods WHERE code = ANY($1) AND owner_id = $2`
	rows, err := db.Query(ctx, sql, codes, owner)
	if err != nil {
		return nil, fmt.Errorf("foods by code: %w", err)
	}
	list, err := scanFoods(rows, 0)
	if err != nil {
		return nil, fmt.Errorf("foods by code: %w", err)
	}
	out := make(map[int]Food, len(list))
	for _, f := range list {
		out[f.Code] = f
	}
	return out, nil
}

// Group is a food group to filter by.
type Group struct {
	Key  string `json:"key"`
	Name string `json:"name"`
}

// Groups lists the food groups with names in lang.
func (s *Searcher) Groups(ctx context.Context, lang string) ([]Group, error) {
	col := "group_fr"
	if lang == "en" {
		col = "group_en"
	}
	rows, err := s.pool.Query(ctx, `SELECT DISTINCT group_en, `+col+` FROM foods WHERE group_en <> '' ORDER BY 2`)
	if err != nil {
		return nil, fmt.Errorf("food groups: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Group, error) {
		var g Group
		err := r.Scan(&g.Key, &g.Name)
		return g, err
	})
}
