package nutrition

import (
	"bytes"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
	"golang.org/x/text/unicode/norm"

	"github.com/gamelle/gamelle/data"
)

func TestCleanNameFR(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Epinard, haché ou purée ou en branches, surgelé, cru": "Épinard, haché ou purée ou en branches, surgelé, cru",
		"Ceriser, chair et peau, sans noyau, crue":             "Cerise, chair et peau, sans noyau, crue",
		"Edulcorant à base de sucre et aspartame":              "Édulcorant à base de sucre et aspartame",
		"Boisson infantile … pour diner dès 12 mois":           "Boisson infantile … pour dîner dès 12 mois",
		"Riz blanc, cuit": "Riz blanc, cuit",
		"Epinards":        "Épinards",
		"":                "",
	} {
		require.Equal(t, want, CleanNameFR(in))
	}
}

func withoutAccents(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func wordsFR(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) })
}

// distinctWords are pairs the table spells both ways because they are two words (brioche, a
// bread; brioché, made like one; mais, but; maïs, corn; grille-pain), or a usual spelling
// (nuoc-mam), not a dropped accent.
var distinctWords = map[string]bool{"brioche": true, "dauphine": true, "des": true, "glace": true, "marine": true,
	"meringue": true, "pomelo": true, "praline": true, "rose": true, "sucre": true, "vanille": true,
	"truffe": true, "mais": true, "grille": true, "mam": true}

// No CIQUAL slip reaches a recipe: over every food of the shipped table, the French name the
// product stores (CleanNameFR) and the cook's name recipes use (culinaryName) hold no word of
// the corrections table and no word written without the accents the table gives it elsewhere.
func TestNoCIQUALSlipReachesARecipe(t *testing.T) {
	t.Parallel()
	cat, err := ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	require.NoError(t, err)
	accented := map[string]string{}
	for _, f := range cat {
		for _, w := range wordsFR(f.Name.FR) {
			if bare := withoutAccents(w); bare != w {
				accented[bare] = w
			}
		}
	}
	for _, f := range cat {
		for _, name := range []string{f.Name.FR, culinaryName(f).FR, culinaryFromTable(f).FR} {
			for _, w := range wordsFR(name) {
				_, slip := frSpelling[w]
				require.False(t, slip, "food %d: %q keeps %q", f.Code, name, w)
				if a, ok := accented[w]; ok && !distinctWords[w] {
					t.Errorf("food %d: %q writes %q where the table writes %q", f.Code, name, w, a)
				}
			}
		}
	}
	require.Equal(t, "cerise", culinaryName(Food{Code: 13008, Name: Text{FR: "Ceriser, chair et peau, sans noyau, crue"}}).FR)
	require.Equal(t, "épinard", culinaryName(Food{Code: 1, Name: Text{FR: "Epinard, haché ou purée ou en branches, surgelé, cru"}}).FR)
}
