package nutrition

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// Names and steps of built-in recipes, in French and English. A recipe's texts follow from
// its foods, their state in the table (steps.go) and the cook's names of the foods (names.go);
// the seed only picks among equivalent name patterns.

// partsOf turns ingredients into preps, in the recipe's order, skipping unknown foods.
func partsOf(c Category, ings []Ingredient, foods map[int]Food, servings int) []prep {
	var parts []prep
	for _, ing := range ings {
		f, ok := foods[ing.FoodCode]
		if !ok {
			continue
		}
		p := prep{food: f, n: culinaryName(f), kind: KindOf(f), state: stateOf(f),
			gramsPerServing: float64(ing.Grams) / float64(max(servings, 1))}
		// A cooked grain or pulse is bought dry, cooked meat or fish raw (the shopping list's
		// PurchaseOf): the steps cook it from that state, never "reheat" what was bought raw.
		if p.state == stateCooked {
			switch form, perGram := PurchaseOf(f, 1); form {
			case BoughtDryForm:
				p.state, p.boughtAs, p.perGram = stateDry, form, perGram
			case BoughtRawForm:
				p.state, p.boughtAs, p.perGram = stateRaw, form, perGram
			}
		}
		parts = append(parts, p)
	}
	return planOf(c, parts)
}

// WriteTexts sets a recipe's name, steps and duration from its ingredients and category, as
// a plate of separately cooked foods (PlateDish). seed picks among equivalent name patterns.
func WriteTexts(r *Recipe, foods map[int]Food, seed uint64) {
	WriteDish(r, foods, seed, nil, nil)
}

// WriteDish is WriteTexts picking the recipe's dish form (docs/nutrition.md, "Dish forms") among
// those its foods and the pantry allow, another than recent when the foods allow, then by seed;
// it sets r.Dish. A nil pantry writes the plate.
func WriteDish(r *Recipe, foods map[int]Food, seed uint64, pantry, recent []string) {
	parts := partsOf(r.Category, r.Ingredients, foods, r.Servings)
	r.Dish = PlateDish
	if len(parts) == 0 {
		r.Name = Text{FR: "Recette", EN: "Recipe"}
		r.Steps = Steps{FR: []string{}, EN: []string{}}
		return
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	saltOK := seasonOf(r.Category, r.Target.Kcal, parts).ok
	if d := pickDish(r.Category, parts, pantry, recent, saltOK, rng); d != nil {
		r.Dish = d.form.id
		r.Name = d.form.name(d)
		r.Steps, r.DurationMin = composeSteps(r.Category, r.Target.Kcal, parts, max(r.Servings, 1), d)
		return
	}
	r.Name = dishName(r.Category, parts, rng, nil)
	r.Steps, r.DurationMin = writeSteps(r.Category, r.Target.Kcal, parts, max(r.Servings, 1))
}

// nameWith is r's name naming also the foods of force (distinctNames).
func nameWith(r *Recipe, foods map[int]Food, seed uint64, force map[int]bool) Text {
	parts := partsOf(r.Category, r.Ingredients, foods, r.Servings)
	if len(parts) == 0 {
		return r.Name
	}
	if d := dishByID(r.Dish, r.Category, parts, nil, false); d != nil {
		d.force = force
		return d.form.name(d)
	}
	return dishName(r.Category, parts, rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), force)
}

// Duration is the minutes the steps take: setting up, every hands-on minute, and the longest
// cooking (the steps cook side by side: rice simmers while the chicken browns), rounded up to
// 5 minutes. It knows no category, so it reads the foods as a lunch or dinner; WriteTexts sets
// the exact duration of a generated recipe.
func Duration(ings []Ingredient, foods map[int]Food, servings int) int {
	return DurationFor(LunchDinner, ings, foods, servings)
}

// DurationFor is Duration for a recipe of category c (eggs are scrambled at breakfast and
// boiled at lunch, a breakfast is not boxed).
func DurationFor(c Category, ings []Ingredient, foods map[int]Food, servings int) int {
	parts := partsOf(c, ings, foods, servings)
	if len(parts) == 0 {
		return 5
	}
	_, d := writeSteps(c, 0, parts, max(servings, 1))
	return d
}

// participle says how a food was cooked, for the dish's name, as the steps cook it: a
// "poêlé" name only when a step pan-fries.
func participle(p prep) (fr, en string, ok bool) {
	switch p.how {
	case hPoultryPan, hMincedPan, hSteakPan, hPorkPan, hMeatPan, hFishPan, hTofu:
		return p.n.agree("poêlé"), "pan-fried", true
	case hPoultryRoast, hVegRoast, hTuberRoast:
		return p.n.agree("rôti"), "roast", true
	case hBraise:
		return p.n.agree("mijoté"), "braised", true
	case hFishOven:
		return "en papillote", "baked", true
	case hSeafood:
		return p.n.agree("sauté"), "stir-fried", true
	case hEggsBoiled:
		return p.n.agree("dur"), "hard-boiled", true
	case hEggsScrambled:
		return p.n.agree("brouillé"), "scrambled", true
	case hVegSteam:
		return "vapeur", "steamed", true
	case hToast:
		return p.n.agree("grillé"), "toasted", true
	}
	return "", "", false
}

// named is a food as the name shows it: "poulet poêlé" / "pan-fried chicken".
func named(p prep, cooked bool) noun {
	n := p.n
	if cooked {
		if fr, en, ok := participle(p); ok && !strings.Contains(n.FR, " "+fr) {
			n.FR += " " + fr
			if !strings.HasPrefix(strings.ToLower(n.EN), en) {
				n.EN = en + " " + n.EN
			}
		}
	}
	return n
}

// required reports whether the name must show the food: a name never leaves out the protein
// of the dish (meat, fish, eggs, tofu, the yoghurt of a bowl, the cheese on bread).
func required(c Category, p prep) bool {
	switch p.kind {
	case KindMeat, KindFish, KindEgg, KindDeli, KindVegetarian:
		return true
	case KindDairy:
		return c != LunchDinner && p.how == hBase
	case KindCheese:
		return c != LunchDinner
	}
	return false
}

// nameGramsG is the serving weight from which a food is always named (docs/nutrition.md,
// "Names, steps, duration"): a name never leaves out 50 g or more of the plate.
const nameGramsG = 50

// dishName names a dish as a cook would, from its two or three main foods, never leaving out
// its protein, a food of nameGramsG or more, nor a food of force (which tells two recipes of one
// request apart), nor naming a food that is not there.
func dishName(c Category, parts []prep, rng *rand.Rand, force map[int]bool) Text {
	n := &namer{c: c, parts: parts, force: force, used: map[int]bool{}}
	// A lunch's yoghurt or fromage blanc ends the name, as it ends the meal:
	// "…, fromage blanc en dessert".
	var dessert []prep
	if c == LunchDinner {
		_, dessert = splitDessert(parts)
		for _, p := range dessert {
			n.used[p.food.Code] = true
		}
	}
	if c == LunchDinner {
		n.lunch(rng)
	} else {
		n.breakfast()
	}
	n.complete()
	glasses := n.glasses()
	n.trim(len(glasses))
	if len(glasses) > 0 {
		n.comps = append(n.comps, glasses...)
		if n.pattern == 2 {
			n.pattern = 0
		}
	}
	name := n.render()
	if len(dessert) > 0 {
		name.FR += ", " + listFR(frNames(dessert)) + " en dessert"
		name.EN += ", " + listEN(enNames(dessert)) + " for dessert"
	}
	return name
}

// namer is a plate's name as dishName builds it.
type namer struct {
	c     Category
	parts []prep
	force map[int]bool
	comps []noun
	must  []bool // the comp names a food the name may not leave out
	used  map[int]bool
	// milkyEN is the "milk" poured over the cereal: "Muesli with milk and banana".
	milkyEN string
	// pattern: 0 plain list, 1 plate, 2 bowl of the first, 3 tartines.
	pattern int
}

func nameWeight(p prep) float64 { return p.gramsPerServing * (p.food.Per100g.Kcal.Or(0) + 50) }

// pick is the parts that match, heaviest first.
func (n *namer) pick(match func(prep) bool) []prep {
	var out []prep
	for _, p := range n.parts {
		if match(p) {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b prep) int {
		switch {
		case nameWeight(a) > nameWeight(b):
			return -1
		case nameWeight(a) < nameWeight(b):
			return 1
		}
		return 0
	})
	return out
}

func (n *namer) mustName(p prep) bool {
	return required(n.c, p) || p.gramsPerServing >= nameGramsG-1e-9 || n.force[p.food.Code]
}

func (n *namer) add(p prep, x noun) {
	if !n.used[p.food.Code] {
		n.comps = append(n.comps, x)
		n.must = append(n.must, n.mustName(p))
		n.used[p.food.Code] = true
	}
}

func isNameProtein(p prep) bool {
	switch p.kind {
	case KindMeat, KindFish, KindEgg, KindVegetarian, KindDeli, KindDish:
		return true
	}
	return false
}

func isGarnish(p prep) bool {
	switch p.kind {
	case KindFat, KindSeasoning, KindSauce, KindSweetener, KindDrink:
		return true
	}
	return p.how == hGlass || p.how == hLemon
}

// lunch names the proteins, the first starch and the first vegetable, as a list, a plate or a bowl.
func (n *namer) lunch(rng *rand.Rand) {
	proteins := n.pick(isNameProtein)
	legumes := n.pick(func(p prep) bool { return p.kind == KindLegume })
	starches := n.pick(func(p prep) bool { return p.kind == KindGrain || p.kind == KindTuber })
	if len(proteins) == 0 && len(legumes) > 0 {
		proteins, legumes = legumes[:1], legumes[1:]
	}
	starches = append(starches, legumes...)
	vegs := n.pick(func(p prep) bool { return p.kind == KindVegetable })
	for _, p := range proteins {
		n.add(p, named(p, true))
	}
	for _, p := range firstOf(starches) {
		n.add(p, named(p, false))
	}
	for _, p := range firstOf(vegs) {
		n.add(p, named(p, len(n.comps) < 2 && len(proteins) == 0))
	}
	n.pattern = rng.IntN(3)
	// A ready dish leads its own name: "Ravioli au bœuf et haricots verts vapeur".
	if len(proteins) > 0 && proteins[0].kind == KindDish {
		n.pattern = 0
	}
	// "Bol de riz, poulet poêlé et brocoli": a bowl of grains, not of potatoes.
	if n.pattern == 2 && (len(proteins) != 1 || len(starches) == 0 || starches[0].kind != KindGrain) {
		n.pattern = 0
	}
	if n.pattern == 2 {
		n.comps[0], n.comps[1] = n.comps[1], n.comps[0]
		n.must[0], n.must[1] = n.must[1], n.must[0]
	}
}

// breakfast names eggs and their bread, a bowl and what goes in it, tartines, or a snack's protein.
func (n *namer) breakfast() {
	bases := n.pick(func(p prep) bool { return p.how == hBase })
	eggs := n.pick(func(p prep) bool { return p.kind == KindEgg })
	breads := n.pick(func(p prep) bool { return p.how == hToast || p.how == hBreadSide })
	spreads := n.pick(func(p prep) bool { return p.how == hSpread })
	switch {
	case len(eggs) > 0:
		// Eggs lead the name, with their bread; a yoghurt beside them is named too:
		// "Œufs brouillés, pain grillé et yaourt nature".
		n.add(eggs[0], named(eggs[0], true))
		for _, p := range breads {
			x := p.n
			if p.how == hToast {
				x = noun{FR: "pain grillé", EN: "toast"}
			}
			n.add(p, x)
		}
		for _, p := range bases {
			n.add(p, named(p, false))
		}
	case len(bases) > 0:
		n.bowl(bases[0])
	case len(breads) > 0 && len(spreads) > 0 && breads[0].how == hToast:
		n.pattern = 3
		n.add(breads[0], breads[0].n)
		for _, p := range spreads {
			n.add(p, p.n)
		}
	default:
		// Meat or fish names a snack before the fruit that outweighs it.
		for _, p := range firstOf(n.pick(isNameProtein)) {
			n.add(p, named(p, false))
		}
	}
}

// bowl names a bowl: its base (or the cereal the milk is poured over), fruit, cereal and nuts.
func (n *namer) bowl(base prep) {
	n.pattern = 2
	cereals := n.pick(func(p prep) bool { return p.how == hCereal })
	if (base.kind == KindMilk || base.kind == KindDrink) && len(cereals) > 0 {
		// Milk poured over cereal: "Muesli au lait et banane", "Muesli with milk and banana".
		n.pattern = 0
		x := cereals[0].n
		if base.kind == KindMilk {
			x.FR += " au lait"
			n.milkyEN = "milk"
		} else {
			x.FR += " " + map[bool]string{true: "à la ", false: "au "}[base.n.fem] + base.n.FR
			n.milkyEN = base.n.EN
		}
		n.used[base.food.Code] = true
		n.add(cereals[0], x)
	} else {
		n.add(base, named(base, false))
	}
	for _, h := range []how{hFruit, hCereal, hNuts} {
		for _, p := range n.pick(func(p prep) bool { return p.how == h }) {
			n.add(p, named(p, false))
		}
	}
}

// complete adds the other foods that matter, heaviest first (a dessert or a side only when the
// dish has fewer than two foods of its own), then every food the name may not leave out.
func (n *namer) complete() {
	side := func(p prep) bool {
		return p.how == hDessert || p.how == hFruitDessert || p.how == hBreadSide || p.how == hGlass
	}
	for pass, limit := range []int{3, 2} {
		for _, p := range n.pick(func(p prep) bool { return !isGarnish(p) && side(p) == (pass == 1) }) {
			if len(n.comps) >= limit {
				break
			}
			n.add(p, named(p, p.how == hToast))
		}
	}
	for _, p := range n.pick(func(p prep) bool { return n.mustName(p) && p.how != hGlass }) {
		n.add(p, named(p, p.how == hToast))
	}
	if len(n.comps) == 0 {
		n.comps = append(n.comps, n.parts[0].n)
		n.must = append(n.must, false)
	}
}

// glasses are the drinks the name shows: one that brings the protein of a breakfast ("Banane et
// un verre de lait entier"), and any glass of 50 g or more.
func (n *namer) glasses() []noun {
	var out []noun
	proteinGlass := n.c != LunchDinner && !slices.Contains(n.must, true) && n.milkyEN == ""
	for _, p := range n.pick(func(p prep) bool { return p.how == hGlass && !n.used[p.food.Code] }) {
		if n.mustName(p) || proteinGlass && (p.kind == KindMilk || plantDrink(p.food)) {
			out = append(out, noun{FR: "un verre " + p.n.de(), EN: "a glass of " + p.n.EN})
			n.used[p.food.Code] = true
			proteinGlass = false
		}
	}
	return out
}

// trim keeps at most three foods (glasses included), never dropping one that must be named.
func (n *namer) trim(glasses int) {
	for len(n.comps)+glasses > 3 {
		i := len(n.comps) - 1
		for i >= 0 && n.must[i] {
			i--
		}
		if i < 0 {
			return
		}
		n.comps, n.must = slices.Delete(n.comps, i, i+1), slices.Delete(n.must, i, i+1)
	}
}

// render writes the name in its pattern, in both languages.
func (n *namer) render() Text {
	fr, en := make([]string, len(n.comps)), make([]string, len(n.comps))
	for i, x := range n.comps {
		fr[i], en[i] = x.FR, x.EN
	}
	if n.milkyEN != "" {
		en = append([]string{en[0], n.milkyEN}, en[1:]...)
	}
	var name Text
	switch {
	case n.pattern == 1 && len(n.comps) > 1:
		name = Text{FR: "Assiette " + noun{FR: listFR(fr)}.de(), EN: listEN(en) + " plate"}
	case n.pattern == 2 && len(n.comps) > 1:
		name = Text{FR: "Bol " + noun{FR: fr[0]}.de() + ", " + listFR(fr[1:]), EN: en[0] + " bowl with " + listEN(en[1:])}
		if len(n.comps) == 2 {
			name.FR = "Bol " + noun{FR: fr[0]}.de() + " et " + fr[1]
		}
	case n.pattern == 3:
		name = tartinesName(fr, en)
	case len(fr) == 1 && len(en) == 1:
		name = Text{FR: fr[0], EN: en[0]}
	default:
		name = Text{FR: listFR(fr), EN: en[0] + " with " + listEN(en[1:])}
	}
	return Text{FR: capitalise(frTypo(name.FR)), EN: capitalise(name.EN)}
}

// tartinesName is "Tartines de pain et beurre", "Toast with butter".
func tartinesName(fr, en []string) Text {
	toast := strings.TrimSuffix(strings.TrimSuffix(en[0], "bread"), " ") + " toast"
	if strings.TrimSpace(toast) == "toast" {
		toast = "toast"
	}
	name := Text{FR: "Tartines " + noun{FR: fr[0]}.de() + ", " + listFR(fr[1:]), EN: strings.TrimSpace(toast) + " with " + listEN(en[1:])}
	if len(fr) == 2 {
		name.FR = "Tartines " + noun{FR: fr[0]}.de() + " et " + fr[1]
	}
	return name
}
