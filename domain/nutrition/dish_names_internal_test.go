package nutrition

import "testing"

// English puts a noun used as an adjective in the singular: "Carrot and onion omelette", "Green
// lentil and egg dahl", not "Carrots and onion omelette"; the words that are singular already, or
// only plural, stay.
func TestAttributiveIsSingular(t *testing.T) {
	for in, want := range map[string]string{
		"carrots": "carrot", "green lentils": "green lentil", "eggs": "egg", "tomatoes": "tomato",
		"sweet potatoes": "sweet potato", "salad leaves": "salad leaf", "cherries": "cherry", "green beans": "green bean",
		"couscous": "couscous", "hummus": "hummus", "asparagus": "asparagus", "oats": "oats", "chicken": "chicken",
		"Toulouse sausage": "Toulouse sausage", "swiss chard": "swiss chard", "watercress": "watercress",
	} {
		if got := attributive(in); got != want {
			t.Errorf("attributive(%q) = %q, want %q", in, got, want)
		}
	}
}

// A place a food is named after keeps its capital in English: "Toulouse sausage".
func TestPlaceNamesKeepTheirCapital(t *testing.T) {
	f := Food{Code: 1, Subgroup: "sausages and similar", Name: Text{FR: "Saucisse de Toulouse, crue", EN: "Toulouse sausage, raw"}}
	if got := culinaryName(f).EN; got != "Toulouse sausage" {
		t.Errorf("culinaryName = %q", got)
	}
}
