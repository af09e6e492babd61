package nutrition

import "strings"

// Names of dish forms (docs/nutrition.md, "Dish forms"): "Curry de pois chiches aux épinards et
// riz basmati", "Chickpea and spinach curry with basmati rice". A dish's name never leaves out its
// protein, a food of nameGramsG or more, nor a food that tells it from another recipe (force).

// au is the French "au poulet", "à la courgette", "à l’ail", "aux épinards".
func au(n noun) string {
	switch {
	case n.plural:
		return "aux " + n.FR
	case elides(n.FR):
		return "à l’" + n.FR
	case n.fem:
		return "à la " + n.FR
	}
	return "au " + n.FR
}

// title is the parts of a dish's name: head ("Curry"), lead ("de pois chiches"), with ("aux
// épinards"), fin (", riz basmati"), in French; in English lead and with come before the
// head ("Chickpea and spinach curry") unless enFirst, the head first ("Porridge with banana").
type title struct {
	fr, en          string
	enFirst         bool
	lead, with, fin []prep
	// implied are the foods the head names already: the oats of a porridge, the eggs of an
	// omelette, the minced beef of a hachis parmentier.
	implied []prep
	// finOnly: the foods the name adds go at its end ("Œufs brouillés sur pain grillé, pomme").
	finOnly bool
}

// write names the dish, adding the foods it may not leave out.
func (t title) write(d *dish) Text {
	with, fin := d.missing(t.finOnly, t.lead, t.with, t.fin, t.implied)
	t.with, t.fin = append(t.with, with...), append(t.fin, fin...)
	t.fin, _ = splitDessert(t.fin)
	var raw []prep
	t.fin, raw = d.splitCrudites(t.fin)
	dessert := d.desserts()
	fr := t.fr
	if len(t.lead) > 0 {
		ls := frNames(t.lead)
		ls[0] = t.lead[0].n.de()
		fr += " " + listFR(ls)
	}
	var aux []string
	for _, p := range t.with {
		aux = append(aux, au(p.n))
	}
	switch {
	case len(aux) == 1 && strings.Contains(t.fr, " aux "): // "Riz sauté aux œufs et aux petits pois"
		fr += " et " + aux[0]
	case len(aux) > 1 && strings.Contains(t.fr, " aux "): // "… aux œufs, aux petits pois et aux carottes"
		fr += ", " + listFR(aux)
	case len(aux) > 0:
		fr += " " + listFR(aux)
	}
	if len(t.fin) > 0 {
		sep := ", "
		if len(t.with) == 1 && len(t.fin) == 1 && len(raw) == 0 {
			sep = " et "
		}
		fr += sep + listFR(frNames(t.fin))
	}
	if len(raw) > 0 {
		fr += ", " + listFR(frNames(raw)) + " en crudités"
	}
	en := t.english(raw)
	for _, g := range d.glasses() {
		fr += ", et un verre " + g.n.de()
		en += ", and a glass of " + g.n.EN
	}
	if len(dessert) > 0 {
		fr += ", " + listFR(frNames(dessert)) + " en dessert"
		en += ", " + listEN(enNames(dessert)) + " for dessert"
	}
	return Text{FR: capitalise(frTypo(fr)), EN: capitalise(en)}
}

// english is the dish's name in English; raw are the raw vegetables served beside it
// ("… with basmati rice, and raw tomatoes and cucumber").
func (t title) english(raw []prep) string {
	crudites := func(en string, with bool) string {
		switch {
		case len(raw) == 0:
			return en
		case with:
			return en + ", and raw " + listEN(enNames(raw))
		}
		return en + " with raw " + listEN(enNames(raw))
	}
	if t.enFirst {
		en := t.en
		if len(t.lead) > 0 {
			en += " " + listEN(enNames(t.lead))
		}
		rest := append(append([]prep{}, t.with...), t.fin...)
		if len(rest) > 0 {
			en += " with " + listEN(enNames(rest))
		}
		return crudites(en, len(rest) > 0)
	}
	en := t.en
	if front := append(append([]prep{}, t.lead...), t.with...); len(front) > 0 {
		names := enNames(front)
		for i := range names {
			names[i] = attributive(names[i])
		}
		en = listEN(names) + " " + t.en // "Carrot and onion omelette", "Green lentil and egg dahl"
	}
	if len(t.fin) > 0 {
		en += " with " + listEN(enNames(t.fin))
	}
	return crudites(en, len(t.fin) > 0)
}

// splitCrudites takes out of a hot dish's side foods the raw vegetables it is eaten with
// (tomatoes, cucumber, radishes: kept apart and served raw), named apart as crudités so that
// « Dahl de lentilles aux œufs, tomates et concombre » does not read as a dahl cooked with
// cucumber. Beside salad leaves they make a side salad, named as before (« …, tomates cerises et
// mesclun »); an avocado is sliced, not crudités; a cold dish holds its raw vegetables.
func (d *dish) splitCrudites(fin []prep) (rest, raw []prep) {
	if d.form.cold {
		return fin, nil
	}
	for _, p := range fin {
		switch {
		case p.how != hVegRaw || p.kind != KindVegetable || strings.HasPrefix(p.n.FR, "avocat"):
			rest = append(rest, p)
		case leafy(p.food):
			return fin, nil
		default:
			raw = append(raw, p)
		}
	}
	return rest, raw
}

// attributive is an English food name before the dish it makes, in the singular as English
// puts a noun used as an adjective: carrots → carrot (soup), tomatoes → tomato, salad leaves →
// salad leaf, cherries → cherry; couscous, hummus, asparagus and the like stay.
func attributive(en string) string {
	i := strings.LastIndex(en, " ") + 1
	w := en[i:]
	switch {
	case w == "leaves":
		w = "leaf"
	case strings.HasSuffix(w, "oes"):
		w = strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") &&
		!slicesContain([]string{"gras", "tapas", "chips", "oats", "greens"}, w):
		w = strings.TrimSuffix(w, "s")
	}
	return en[:i] + w
}

func splitDessert(ps []prep) (main, dessert []prep) {
	for _, p := range ps {
		if p.how == hDessert || p.how == hFruitDessert {
			dessert = append(dessert, p)
		} else {
			main = append(main, p)
		}
	}
	return main, dessert
}

func frNames(ps []prep) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.n.FR
	}
	return out
}

func enNames(ps []prep) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.n.EN
	}
	return out
}

// missing are the foods a name may not leave out that it does not name yet: the protein, a food
// of nameGramsG or more, a forced one; with the dish (with) or beside it (fin: bread, grains,
// potatoes, a raw vegetable beside a hot dish).
func (d *dish) missing(finOnly bool, named ...[]prep) (with, fin []prep) {
	in := map[int]bool{}
	for _, ps := range named {
		for _, p := range ps {
			in[p.food.Code] = true
		}
	}
	for _, p := range byWeight(d.parts) {
		must := required(d.c, p) || p.gramsPerServing >= nameGramsG-1e-9 || d.force[p.food.Code]
		if !must || in[p.food.Code] || p.how == hGlass || p.kind == KindFat || p.how == hDessert || p.how == hFruitDessert {
			continue
		}
		in[p.food.Code] = true
		side := p.kind == KindBread || p.kind == KindGrain || p.kind == KindTuber || p.how == hVegRaw && !d.form.cold
		if finOnly || side {
			fin = append(fin, p)
		} else {
			with = append(with, p)
		}
	}
	return with, fin
}

// desserts are the dish's desserts and fruit eaten after, named at the end when they weigh.
func (d *dish) desserts() []prep {
	var out []prep
	for _, p := range byWeight(d.parts) {
		inDish := d.form.inDish != nil && d.form.inDish(p) // a buddha bowl's yoghurt is its dressing
		if (p.how == hDessert || p.how == hFruitDessert) && !inDish && (p.gramsPerServing >= nameGramsG-1e-9 || d.force[p.food.Code]) {
			out = append(out, p)
		}
	}
	return out
}

// glasses are the drinks of 50 g or more the name shows ("et un verre de lait").
func (d *dish) glasses() []prep {
	var out []prep
	for _, p := range byWeight(d.parts) {
		if p.how == hGlass && (p.gramsPerServing >= nameGramsG-1e-9 || d.force[p.food.Code]) {
			out = append(out, p)
		}
	}
	return out
}

// firstOf is the first food of ps, or none, in a slice of its own (appending to it never
// writes over ps).
func firstOf(ps []prep) []prep {
	if len(ps) > 0 {
		return []prep{ps[0]}
	}
	return nil
}

// without is ps less the foods of drop.
func without(ps []prep, drop ...[]prep) []prep {
	var out []prep
	for _, p := range ps {
		keep := true
		for _, ds := range drop {
			for _, q := range ds {
				keep = keep && q.food.Code != p.food.Code
			}
		}
		if keep {
			out = append(out, p)
		}
	}
	return out
}
