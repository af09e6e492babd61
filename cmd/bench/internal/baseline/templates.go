package baseline

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Names and steps of built-in recipes come from templates per category and food kind, in French
// and English. Steps list foods, never quantities, so they stay true when a person edits grams.

// ShortName is the part of a CIQUAL name before its first comma ("Poulet, filet, cuit" → "poulet"),
// lower-cased, which reads well inside a sentence.
func ShortName(name string) string {
	s := strings.TrimSpace(name)
	if i := strings.IndexAny(s, ",("); i > 0 {
		s = strings.TrimSpace(s[:i])
	}
	if s == "" {
		return strings.TrimSpace(name)
	}
	r, size := utf8.DecodeRuneInString(s)
	// Keep acronyms ("UHT") and proper nouns in capitals only when the second letter is one too.
	if r2, _ := utf8.DecodeRuneInString(s[size:]); !unicode.IsUpper(r2) {
		s = string(unicode.ToLower(r)) + s[size:]
	}
	return s
}

func capitalise(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// nameTemplates per category: %[1]s is the main food, %[2]s the second one.
var nameTemplates = map[Category][]Text{
	Breakfast: {
		{FR: "Bol de %[1]s et %[2]s", EN: "%[1]s and %[2]s bowl"},
		{FR: "Petit-déjeuner %[1]s et %[2]s", EN: "%[1]s and %[2]s breakfast"},
		{FR: "Assiette matinale %[1]s, %[2]s", EN: "Morning plate of %[1]s and %[2]s"},
	},
	LunchDinner: {
		{FR: "Assiette de %[1]s et %[2]s", EN: "%[1]s and %[2]s plate"},
		{FR: "%[1]s poêlé, %[2]s", EN: "Pan-cooked %[1]s with %[2]s"},
		{FR: "%[1]s et %[2]s, façon meal prep", EN: "Meal-prep %[1]s and %[2]s"},
	},
	Snack: {
		{FR: "En-cas %[1]s et %[2]s", EN: "%[1]s and %[2]s snack"},
		{FR: "Collation %[1]s, %[2]s", EN: "%[1]s with %[2]s, snack"},
	},
}

// WriteTexts sets a recipe's name and steps from its ingredients. seed picks among the templates.
func WriteTexts(r *Recipe, foods map[int]Food, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	type part struct {
		food  Food
		kind  Kind
		grams float64
	}
	var parts []part
	for _, ing := range r.Ingredients {
		if f, ok := foods[ing.FoodCode]; ok {
			parts = append(parts, part{f, KindOf(f), float64(ing.Grams)})
		}
	}
	// The name uses the two foods that matter most: main kinds first, then energy carried.
	weight := func(p part) float64 {
		w := p.grams * p.food.Per100g.Kcal.Or(0) / 100
		switch {
		case p.kind == KindMeat || p.kind == KindFish || p.kind == KindEgg || p.kind == KindLegume || p.kind == KindVegetarian:
			w += 2e6 // the protein names the dish: "chicken and rice", not "rice and chicken"
		case kindRules[p.kind].main:
			w += 1e6
		}
		return w
	}
	first, second := -1, -1
	for i := range parts {
		switch {
		case first < 0 || weight(parts[i]) > weight(parts[first]):
			first, second = i, first
		case second < 0 || weight(parts[i]) > weight(parts[second]):
			second = i
		}
	}
	tpls := nameTemplates[r.Category]
	if len(tpls) == 0 {
		tpls = nameTemplates[LunchDinner]
	}
	tpl := tpls[rng.IntN(len(tpls))]
	switch {
	case first < 0:
		r.Name = Text{FR: "Recette", EN: "Recipe"}
	case second < 0:
		a := parts[first].food.Name
		r.Name = Text{FR: capitalise(ShortName(a.FR)), EN: capitalise(ShortName(a.EN))}
	default:
		a, b := parts[first].food.Name, parts[second].food.Name
		r.Name = Text{
			FR: capitalise(fmt.Sprintf(tpl.FR, ShortName(a.FR), ShortName(b.FR))),
			EN: capitalise(fmt.Sprintf(tpl.EN, ShortName(a.EN), ShortName(b.EN))),
		}
	}

	// Steps: weigh, then one step per preparation family present, then serve.
	byStep := map[string][]Food{}
	for _, p := range parts {
		key := prepStep(p.food, p.kind, r.Category)
		byStep[key] = append(byStep[key], p.food)
	}
	list := func(fs []Food, en bool) string {
		names := make([]string, len(fs))
		for i, f := range fs {
			if en {
				names[i] = ShortName(f.Name.EN)
			} else {
				names[i] = ShortName(f.Name.FR)
			}
		}
		if en {
			return joinAnd(names, "and")
		}
		return joinAnd(names, "et")
	}
	steps := Steps{
		FR: []string{"Pesez chaque ingrédient selon les quantités de la recette."},
		EN: []string{"Weigh each ingredient as the recipe lists it."},
	}
	for _, key := range stepOrder {
		fs, ok := byStep[key]
		if !ok {
			continue
		}
		t := stepTexts[key]
		steps.FR = append(steps.FR, fmt.Sprintf(t.FR, list(fs, false)))
		steps.EN = append(steps.EN, fmt.Sprintf(t.EN, list(fs, true)))
	}
	final := finalSteps[r.Category]
	steps.FR = append(steps.FR, final.FR)
	steps.EN = append(steps.EN, final.EN)
	if r.Servings > 1 {
		steps.FR = append(steps.FR, fmt.Sprintf("Répartissez en %d boîtes hermétiques ; elles se gardent 3 jours au réfrigérateur.", r.Servings))
		steps.EN = append(steps.EN, fmt.Sprintf("Divide into %d airtight boxes; they keep for 3 days in the fridge.", r.Servings))
	}
	r.Steps = steps
}

func joinAnd(names []string, and string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + and + " " + names[len(names)-1]
}

// needsCooking tells raw foods from ready ones by subgroup and water content (cooked grains and
// legumes hold more than 40 g water per 100 g).
func needsCooking(f Food, k Kind) bool {
	switch k {
	case KindMeat:
		return f.Subgroup == "raw meat"
	case KindFish:
		return strings.HasSuffix(f.Subgroup, ", raw")
	case KindEgg:
		return !strings.Contains(strings.ToLower(f.Name.EN), "cooked") && !strings.Contains(strings.ToLower(f.Name.EN), "boiled")
	case KindGrain, KindLegume:
		return f.Per100g.WaterG.Known && f.Per100g.WaterG.V < 40 && f.Subgroup != "flours"
	case KindTuber:
		return strings.Contains(strings.ToLower(f.Name.EN), "raw")
	}
	return false
}

// prepStep names the step family a food belongs to.
func prepStep(f Food, k Kind, c Category) string {
	cook := needsCooking(f, k)
	switch {
	case (k == KindMeat || k == KindFish || k == KindVegetarian) && cook:
		return "sear"
	case k == KindMeat || k == KindFish || k == KindDeli || k == KindVegetarian:
		return "slice"
	case k == KindEgg && cook:
		return "eggs"
	case (k == KindGrain || k == KindLegume) && cook:
		return "boil"
	case k == KindGrain || k == KindLegume:
		return "reheat"
	case k == KindTuber && cook:
		return "tubers"
	case k == KindVegetable && c == LunchDinner:
		return "vegetables"
	case k == KindVegetable || k == KindFruit:
		return "wash"
	case k == KindFat || k == KindSauce || k == KindSeasoning:
		return "season"
	case k == KindMilk || k == KindDairy || k == KindCereal || k == KindSweetener || k == KindNut:
		return "mix"
	case k == KindDish:
		return "reheat"
	}
	return "assemble"
}

var stepOrder = []string{"boil", "tubers", "sear", "eggs", "vegetables", "wash", "slice", "reheat", "mix", "season", "assemble"}

var stepTexts = map[string]Text{
	"boil":       {FR: "Faites cuire à l’eau bouillante salée selon le temps indiqué sur l’emballage, puis égouttez : %s.", EN: "Cook in boiling salted water for the time on the package, then drain: %s."},
	"tubers":     {FR: "Épluchez, coupez en morceaux et faites cuire environ 20 minutes à l’eau ou au four : %s.", EN: "Peel, cut into pieces and cook for about 20 minutes in water or in the oven: %s."},
	"sear":       {FR: "Faites cuire à la poêle à feu moyen, 5 à 7 minutes par face, jusqu’à cuisson à cœur : %s.", EN: "Cook in a pan over medium heat, 5 to 7 minutes a side, until cooked through: %s."},
	"eggs":       {FR: "Faites cuire les œufs (durs : 9 minutes ; brouillés : 3 minutes à feu doux) : %s.", EN: "Cook the eggs (hard-boiled: 9 minutes; scrambled: 3 minutes over low heat): %s."},
	"vegetables": {FR: "Lavez, coupez puis faites sauter 8 à 10 minutes : %s.", EN: "Wash, cut, then sauté for 8 to 10 minutes: %s."},
	"wash":       {FR: "Lavez et coupez en morceaux : %s.", EN: "Wash and cut into pieces: %s."},
	"slice":      {FR: "Tranchez ou émiettez : %s.", EN: "Slice or flake: %s."},
	"reheat":     {FR: "Réchauffez à cœur : %s.", EN: "Reheat until piping hot: %s."},
	"mix":        {FR: "Mélangez dans un bol : %s.", EN: "Mix in a bowl: %s."},
	"season":     {FR: "Assaisonnez avec : %s.", EN: "Season with: %s."},
	"assemble":   {FR: "Ajoutez : %s.", EN: "Add: %s."},
}

var finalSteps = map[Category]Text{
	Breakfast:   {FR: "Dressez dans un bol ou une assiette et servez.", EN: "Arrange in a bowl or on a plate and serve."},
	LunchDinner: {FR: "Dressez l’assiette ou la boîte et servez chaud ou froid.", EN: "Arrange on a plate or in a box and serve hot or cold."},
	Snack:       {FR: "Servez tel quel ou emportez dans une boîte.", EN: "Serve as is or pack in a box."},
}

// Duration estimates minutes to prepare a recipe: 5 minutes to set up, 2 per ingredient to weigh
// and cut, the longest cooking among the ingredients (they cook side by side), and 1 per extra
// serving; rounded up to 5 minutes.
func Duration(ings []Ingredient, foods map[int]Food, servings int) int {
	total := 5.0
	longest := 0
	for _, ing := range ings {
		total += 2
		f, ok := foods[ing.FoodCode]
		if !ok {
			continue
		}
		k := KindOf(f)
		if needsCooking(f, k) || k == KindVegetable {
			longest = max(longest, kindRules[k].cookMin)
		}
	}
	total += float64(longest) + float64(max(servings-1, 0))
	return int(math.Ceil(total/5) * 5)
}
