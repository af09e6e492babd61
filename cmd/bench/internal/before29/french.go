package before29

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// French grammar for names and steps: articles with elision ("l’avoine", "d’épinards"),
// agreement of participles ("poêlée", "durs") and typography (narrow no-break space before
// « : ; ! ? », no-break space between a number and its unit, the typographic apostrophe ’).

const (
	nnbsp = "\u202f" // narrow no-break space, before : ; ! ? in French
	nbsp  = "\u00a0" // no-break space, between a number and its unit
)

// noun is a food as a cook names it, with what French articles and participles need.
type noun struct {
	FR, EN string
	fem    bool // French gender
	plural bool // "lentilles", "œufs", "pâtes"
}

// hAspire are words whose h forbids elision ("les haricots", "de haricots").
var hAspire = []string{"haricot", "hareng", "homard", "hachis", "haddock", "hampe", "hamburger", "houmous", "hot"}

// elides reports whether a French word elides the article before it ("l’", "d’").
func elides(s string) bool {
	s = strings.ToLower(s)
	r, _ := utf8.DecodeRuneInString(s)
	if strings.ContainsRune("aeiouéèêëàâäîïôöûüœæ", r) {
		return true
	}
	if r != 'h' {
		return false
	}
	for _, w := range hAspire {
		if strings.HasPrefix(s, w) {
			return false
		}
	}
	return true
}

// le is the noun with its definite article: "le riz", "la banane", "l’avoine", "les pâtes".
func (n noun) le() string {
	switch {
	case n.plural:
		return "les " + n.FR
	case elides(n.FR):
		return "l’" + n.FR
	case n.fem:
		return "la " + n.FR
	}
	return "le " + n.FR
}

// de is the noun after "de": "de miel", "d’huile d’olive", "d’épinards".
func (n noun) de() string {
	if elides(n.FR) {
		return "d’" + n.FR
	}
	return "de " + n.FR
}

// pron is the object pronoun after an imperative: "coupez-le", "coupez-la", "coupez-les".
func (n noun) pron() string {
	switch {
	case n.plural:
		return "les"
	case n.fem:
		return "la"
	}
	return "le"
}

// agree puts a French participle or adjective in the noun's gender and number ("poêlé" →
// "poêlées"). Invariable words ("vapeur") are left as they are by the caller.
func (n noun) agree(adj string) string {
	if n.fem && !strings.HasSuffix(adj, "e") {
		adj += "e"
	}
	if n.plural && !strings.HasSuffix(adj, "s") && !strings.HasSuffix(adj, "x") {
		adj += "s"
	}
	return adj
}

// they is the subject pronoun: "il", "elle", "ils", "elles".
func (n noun) they() string {
	switch {
	case n.plural && n.fem:
		return "elles"
	case n.plural:
		return "ils"
	case n.fem:
		return "elle"
	}
	return "il"
}

// until is "jusqu’à ce qu’il soit tendre", "jusqu’à ce qu’elles soient dorées et tendres".
func (n noun) until(adjs ...string) string {
	verb := "soit"
	if n.plural {
		verb = "soient"
	}
	agreed := make([]string, len(adjs))
	for i, a := range adjs {
		agreed[i] = n.agree(a)
	}
	return "jusqu’à ce qu’" + n.they() + " " + verb + " " + listFR(agreed)
}

// listFR joins French phrases: "a, b et c".
func listFR(items []string) string { return joinAnd(items, "et") }

// listEN joins English phrases: "a, b and c".
func listEN(items []string) string { return joinAnd(items, "and") }

func joinAnd(names []string, and string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + and + " " + names[len(names)-1]
}

// frTypo applies French typography to a sentence written with ordinary spaces: a narrow
// no-break space before « : ; ! ? », the typographic apostrophe, the œ ligature.
func frTypo(s string) string {
	for _, p := range []string{":", ";", "!", "?"} {
		s = strings.ReplaceAll(s, " "+p, nnbsp+p)
	}
	s = strings.ReplaceAll(s, "'", "’")
	return ligatures(s)
}

// ligatures writes "œ" where CIQUAL writes "oe" (œuf, bœuf, cœur, sœur, œil).
func ligatures(s string) string { return ligatureReplacer.Replace(s) }

var ligatureReplacer = strings.NewReplacer("oeuf", "œuf", "Oeuf", "Œuf", "OEUF", "ŒUF", "boeuf", "bœuf", "Boeuf", "Bœuf",
	"coeur", "cœur", "Coeur", "Cœur", "oeil", "œil", "Oeil", "Œil", "soeur", "sœur", "manoeuvre", "manœuvre")

func capitalise(s string) string {
	if s == "" {
		return ""
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// hasAny reports whether s contains any of the words (as substrings).
func hasAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
