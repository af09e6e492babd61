package before29

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ExplainRequest is everything an explainer (an AI model) is told about a needs calculation:
// the formula's result with its inputs (age, sex, weight, height, activity level, objective,
// preset) and the person's own words about their activity. Nothing that identifies the person
// (name, email, ids) is part of it.
type ExplainRequest struct {
	Needs               Needs
	ActivityDescription string
	OtherActivities     string
	// Lang is the person's language, "fr" or "en": the explanation is written in it.
	Lang string
}

// MaxExplanationRunes caps the explanation a page shows.
const MaxExplanationRunes = 600

// Reasons an explanation is not kept.
var (
	ErrExplanationEmpty   = errors.New("explanation is empty")
	ErrExplanationLink    = errors.New("explanation contains a link")
	ErrExplanationNumbers = errors.New("explanation states a number the formula did not compute")
)

var (
	htmlTag      = regexp.MustCompile(`<[^<>]{0,300}>`)
	mdLink       = regexp.MustCompile(`\[([^\]\n]*)\]\((?:[^()\n]|\([^()\n]*\))*\)`)
	linkLike     = regexp.MustCompile(`(?i)(\b[a-z][a-z0-9+.-]*://|\bwww\.|\bmailto:|\b[a-z0-9-]+\.(com|fr|org|net|io|ai)\b)`)
	lineMarker   = regexp.MustCompile(`^(#{1,6}\s+|>\s*|[-*+•]\s+|\d{1,2}[.)]\s+)`)
	spaces       = regexp.MustCompile(`[ \t]+`)
	numberLike   = regexp.MustCompile(`\d+(?:[.,\x{00A0}\x{202F} ]\d+)*`)
	numberSplits = regexp.MustCompile(`[.,\x{00A0}\x{202F} ]`)
)

// CleanExplanation turns a model's text into the plain text a page may show under the
// formula's numbers, or refuses it: tags and markdown are removed (the page shows text, never
// markup), control and invisible formatting characters go, whitespace is tidied and the text
// is cut to MaxExplanationRunes at a sentence end when it can be. A link, or a number that is
// not one of n's figures or inputs (whole numbers up to 10 are free: "3 meals", "2 g per kg"), refuses
// the whole text: the model may comment on the numbers, never change them.
func CleanExplanation(text string, n Needs) (string, error) {
	s := strings.ToValidUTF8(text, "")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = htmlTag.ReplaceAllString(s, "")
	s = mdLink.ReplaceAllString(s, "$1")
	if linkLike.MatchString(s) {
		return "", ErrExplanationLink
	}
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n':
			return r
		case r == '\t' || r == '\r':
			return ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			return -1
		case strings.ContainsRune("<>*`~#|", r):
			return -1
		}
		return r
	}, s)
	s = strings.ReplaceAll(s, "__", "")
	var lines []string
	blank := false
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(spaces.ReplaceAllString(line, " "))
		line = strings.TrimSpace(lineMarker.ReplaceAllString(line, ""))
		if line == "" {
			blank = len(lines) > 0
			continue
		}
		if blank {
			lines = append(lines, "")
			blank = false
		}
		lines = append(lines, line)
	}
	s = strings.Join(lines, "\n")
	if s == "" {
		return "", ErrExplanationEmpty
	}
	s = capRunes(s, MaxExplanationRunes)
	if !numbersAllowed(s, n) {
		return "", ErrExplanationNumbers
	}
	return s, nil
}

// capRunes cuts s to max runes, at the last sentence end past half of it, else at a space.
func capRunes(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)[:max]
	cut := string(r)
	if i := strings.LastIndexAny(cut, ".!?…"); i >= 0 && utf8.RuneCountInString(cut[:i]) >= max/2 {
		_, size := utf8.DecodeRuneInString(cut[i:])
		return strings.TrimSpace(cut[:i+size])
	}
	r = r[:max-1]
	cut = string(r)
	if i := strings.LastIndexAny(cut, " \n"); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimSpace(cut) + "…"
}

// figures are the numbers an explanation may quote: the result, every intermediate figure,
// the inputs and the formula's constants.
func figures(n Needs) []float64 {
	f := []float64{n.BMR, n.Maintenance, float64(n.Kcal), float64(n.ProteinG), float64(n.FatG), float64(n.CarbsG),
		n.ActivityFactor, math.Abs(n.ObjectiveAdjustment) * 100, float64(n.Split.Protein), float64(n.Split.Fat),
		float64(n.Split.Carbs), n.Input.Body.WeightKg, n.Input.Body.HeightCm, float64(n.Input.Body.Age),
		6.25, 161, math.Round(n.Maintenance - float64(n.Kcal)), math.Round(float64(n.Kcal) - n.Maintenance),
		RecompositionProteinPerKg * n.Input.Body.WeightKg}
	for _, a := range ActivityLevels {
		f = append(f, a.Factor)
	}
	return f
}

// numbersAllowed reports whether every number written in s is one of n's figures. A number
// may be written with thousands separators ("2 759", "2,759") or a decimal comma ("1,55").
func numbersAllowed(s string, n Needs) bool {
	allowed := figures(n)
	known := func(x float64) bool {
		if x <= 10 && x == math.Trunc(x) {
			return true
		}
		// Whole figures may be rounded to the unit; factors are quoted exactly.
		tolerance := 0.5
		if x < 10 {
			tolerance = 0.001
		}
		for _, a := range allowed {
			if math.Abs(x-a) <= tolerance {
				return true
			}
		}
		return false
	}
	for _, m := range numberLike.FindAllString(s, -1) {
		if !anyReading(m, known) {
			return false
		}
	}
	return true
}

// anyReading tries the ways m can be read: one number with thousands separators, a decimal
// number, or several numbers next to each other.
func anyReading(m string, known func(float64) bool) bool {
	parts := numberSplits.Split(m, -1)
	seps := numberSplits.FindAllString(m, -1)
	if x, err := strconv.ParseFloat(strings.Join(parts, ""), 64); err == nil && known(x) {
		return true
	}
	if len(parts) == 2 && (seps[0] == "." || seps[0] == ",") {
		if x, err := strconv.ParseFloat(parts[0]+"."+parts[1], 64); err == nil && known(x) {
			return true
		}
	}
	for _, p := range parts {
		x, err := strconv.ParseFloat(p, 64)
		if err != nil || !known(x) {
			return false
		}
	}
	return true
}
