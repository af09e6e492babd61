package nutrition

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// frSpelling is the one table of CIQUAL's French slips: the accents its capitals drop
// ("Epinard", "Ecrevisses") and its typos ("Ceriser"), word by word, lower case. CleanNameFR
// applies it to every name the product reads from the table, so no slip reaches a search
// result, an ingredient list or a recipe (TestNoCIQUALSlipReachesARecipe checks every food).
var frSpelling = map[string]string{
	"batonnet":   "bâtonnet",
	"batonnets":  "bâtonnets",
	"ceriser":    "cerise",
	"diner":      "dîner",
	"ecorce":     "écorce",
	"ecrevisse":  "écrevisse",
	"ecrevisses": "écrevisses",
	"edulcorant": "édulcorant",
	"epice":      "épice",
	"epices":     "épices",
	"epinard":    "épinard",
	"epinards":   "épinards",
	"fraiche":    "fraîche",
	"fraiches":   "fraîches",
}

// CleanNameFR is a CIQUAL French name with frSpelling's corrections, the first letter's case
// kept ("Epinard, haché…" → "Épinard, haché…").
func CleanNameFR(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 4)
	start := -1
	flush := func(end int) {
		w := s[start:end]
		if fix, ok := frSpelling[strings.ToLower(w)]; ok {
			if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) {
				fr, size := utf8.DecodeRuneInString(fix)
				fix = string(unicode.ToUpper(fr)) + fix[size:]
			}
			w = fix
		}
		b.WriteString(w)
		start = -1
	}
	for i, r := range s {
		if unicode.IsLetter(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			flush(i)
		}
		b.WriteRune(r)
	}
	if start >= 0 {
		flush(len(s))
	}
	return b.String()
}
