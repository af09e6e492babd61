package nutrition

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func moderateMan(t *testing.T) Needs {
	t.Helper()
	// BMR 1780, maintenance 2759 kcal, 172 g protein, 77 g fat, 345 g carbs.
	n, err := CalculateNeeds(NeedsInput{Body: man, Activity: Moderate, Objective: Maintenance, Preset: PresetDefault})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCleanExplanationKeepsPlainTextQuotingTheFormula(t *testing.T) {
	t.Parallel()
	n := moderateMan(t)
	for _, text := range []string{
		"Avec 80 kg et un métabolisme de base de 1 780 kcal, vos 2 759 kcal couvrent le vélo quotidien.",
		"Your 2,759 kcal (BMR 1780 × 1.55) keep your weight steady; 172 g of protein supports 3 football hours.",
		"Votre facteur 1,55 correspond à 3 à 5 séances par semaine ; 25 % de protéines, 50 % de glucides.",
		"Sans aucun chiffre : une bonne base pour vos trajets à vélo.",
	} {
		got, err := CleanExplanation(text, n)
		if err != nil || got != text {
			t.Errorf("CleanExplanation(%q) = %q, %v; want it unchanged", text, got, err)
		}
	}
}

func TestCleanExplanationStripsMarkupAndInvisibleCharacters(t *testing.T) {
	t.Parallel()
	n := moderateMan(t)
	in := "## Vos besoins\n\n**Bravo** : <script>alert(1)</script>vos <b>2 759 kcal</b> sont `justes`.\r\n\n\n\n" +
		"- Le vélo\u202e compte\x07.\n* [Le football](javascript:alert(1)) aussi. <img src=x onerror=alert(1)>"
	got, err := CleanExplanation(in, n)
	if err != nil {
		t.Fatal(err)
	}
	want := "Vos besoins\n\nBravo : alert(1)vos 2 759 kcal sont justes.\n\nLe vélo compte.\nLe football aussi."
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	for _, bad := range []string{"<", ">", "*", "`", "#", "\u202e", "\x07", "\r"} {
		if strings.Contains(got, bad) {
			t.Errorf("%q left in %q", bad, got)
		}
	}
}

func TestCleanExplanationRefusesChangedNumbersLinksAndEmptyText(t *testing.T) {
	t.Parallel()
	n := moderateMan(t)
	cases := map[string]error{
		"Visez plutôt 2 500 kcal par jour.":                   ErrExplanationNumbers,
		"About 2,800 kcal a day.":                             ErrExplanationNumbers,
		"Prenez 200 g de protéines.":                          ErrExplanationNumbers,
		"Your activity factor is 1.45.":                       ErrExplanationNumbers,
		"Votre métabolisme de base est de 1 650 kcal.":        ErrExplanationNumbers,
		"See https://example.com/diet for more.":              ErrExplanationLink,
		"Écrivez à coach@diet-miracle.com pour un programme.": ErrExplanationLink,
		"Plus d’infos sur www.example.org.":                   ErrExplanationLink,
		"<p> </p>\n**  **":                                    ErrExplanationEmpty,
		"":                                                    ErrExplanationEmpty,
	}
	for text, want := range cases {
		if got, err := CleanExplanation(text, n); !errors.Is(err, want) {
			t.Errorf("CleanExplanation(%q) = %q, %v; want %v", text, got, err, want)
		}
	}
}

func TestCleanExplanationCapsLengthAtASentence(t *testing.T) {
	t.Parallel()
	n := moderateMan(t)
	sentence := "Le vélo pour aller au bureau compte dans votre activité modérée. "
	got, err := CleanExplanation(strings.Repeat(sentence, 30), n)
	if err != nil {
		t.Fatal(err)
	}
	if utf8.RuneCountInString(got) > MaxExplanationRunes || !strings.HasSuffix(got, "modérée.") {
		t.Errorf("not cut at a sentence within %d runes: %d runes, ends %q", MaxExplanationRunes, utf8.RuneCountInString(got), got[len(got)-20:])
	}
	// One endless sentence is cut at a word, marked with an ellipsis.
	got, err = CleanExplanation(strings.Repeat("vélo ", 400), n)
	if err != nil {
		t.Fatal(err)
	}
	if utf8.RuneCountInString(got) > MaxExplanationRunes || !strings.HasSuffix(got, "vélo…") {
		t.Errorf("not cut at a word within %d runes: %q", MaxExplanationRunes, got)
	}
}
