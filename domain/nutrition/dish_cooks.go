package nutrition

import "fmt"

// The techniques of the dish forms whose own step prepares some foods (dishForm.inDish): beaten
// eggs, a blended soup, oats cooked in milk. docs/nutrition.md, "Dish forms".

// withSpices is " avec 1 gousse d’ail" when the dish has seasonings, else "".
func (k *composer) withSpices(d *dish) (string, string) {
	if sf, se := k.measures(d.seasonings); sf != "" {
		return " avec " + sf, " with " + se
	}
	return "", ""
}

// andSpices is " et 1 gousse d’ail" after a liquid, else "".
func (k *composer) andSpices(d *dish) (string, string) {
	sf, se := k.measures(d.seasonings)
	if sf == "" {
		return "", ""
	}
	// "avec 25 cl d'eau, 1 gousse d'ail et 1 pincée de thym": the list brings its own "et".
	if len(d.seasonings) > 1 {
		return ", " + sf, ", " + se
	}
	return " et " + sf, " and " + se
}

// others are the foods not yet cooked into the dish that go with it (ham, cooked vegetables).
func (d *dish) others(drop ...[]prep) []prep {
	var out []prep
	for _, p := range d.parts {
		if d.form.inDish != nil && d.form.inDish(p) {
			continue
		}
		switch p.kind {
		case KindMeat, KindFish, KindVegetarian, KindDeli, KindTuber:
			out = append(out, p)
		case KindVegetable:
			if p.how == hVegRaw {
				continue // a raw vegetable goes beside, never into the pan
			}
			out = append(out, p)
		}
	}
	return without(out, drop...)
}

func writeOmelette(k *composer, d *dish) {
	k.take(d.rawEggs(), d.others(), d.cheese)
	ef, ee := names(d.rawEggs())
	sf, se := k.withSpices(d)
	ff, fe := k.fatIn()
	on, onEN := "", ""
	if in := d.others(); len(in) > 0 {
		f, e := names(in)
		on, onEN = " sur "+f, " over "+e
	}
	top, topEN := "", ""
	if len(d.cheese) > 0 {
		top, topEN = ", parsemez "+deNames(d.cheese), ", scatter over the "+listEN(enNames(d.cheese))
	}
	k.step(fmt.Sprintf("Battez %s en omelette%s. Dans une poêle, %s, à feu doux, versez-les%s%s et laissez cuire 6 à 8%sminutes en ramenant les bords vers le centre, %s.", ef, sf, ff, on, top, nbsp, eggsSet("l’omelette")),
		fmt.Sprintf("Beat %s%s. In a frying pan, %s, over low heat, pour them%s%s and cook for 6 to 8 minutes, drawing the edges to the centre, until the omelette is set with no runny part (72°C at the core).", ee, se, fe, onEN, topEN))
	k.active += 10
}

// eggBake is a frittata or a savoury clafoutis: beaten eggs poured over the cooked foods, baked.
func (k *composer) eggBake(d *dish, nameFR string, minutes int) {
	var beat []prep
	for _, p := range d.parts {
		if isEgg(p) || isMilky(p) {
			beat = append(beat, p)
		}
	}
	bf, be := names(beat)
	sf, se := k.withSpices(d)
	f, e := names(d.others())
	k.take(beat, d.others(), d.cheese)
	grease, greaseEN := "", ""
	if k.fat != nil {
		k.fatUsed = true
		grease, greaseEN = " graissé "+k.fat.n.de(), " greased with the "+k.fat.n.EN
	}
	top, topEN := "", ""
	if len(d.cheese) > 0 {
		top, topEN = ", parsemez "+deNames(d.cheese), ", scatter over the "+listEN(enNames(d.cheese))
	}
	k.step(fmt.Sprintf("Battez %s%s. Étalez %s dans un plat allant au four%s, versez les œufs battus dessus%s et enfournez %d%sminutes à %d%s°C, %s.", bf, sf, f, grease, top, minutes, nbsp, d.form.oven, nbsp, eggsSet(nameFR)),
		fmt.Sprintf("Beat %s%s. Spread %s in an ovenproof dish%s, pour the beaten eggs over%s and bake for %d minutes at %d°C, until set in the centre with no runny part (72°C at the core).", be, se, e, greaseEN, topEN, minutes, d.form.oven))
	k.active += minutes + 5
}

// liquid is the water of a soup, or the stock that replaces its pinch of salt.
func (k *composer) liquid(d *dish) (string, string) {
	fr, en := k.perServing("25"+nbsp+"cl d’eau chaude", "250 ml of hot water")
	if d.salty != nil {
		f, e := k.perServing(d.salty.Measure.FR+" complété d’eau chaude jusqu’à 25"+nbsp+"cl", d.salty.Measure.EN+" topped up with hot water to 250 ml")
		return f + " (il remplace la pincée de sel)", e + " (it replaces the pinch of salt)"
	}
	return fr, en
}

func writeVeloute(k *composer, d *dish) {
	in := append(append(append([]prep{}, d.veg...), d.legume...), potatoes(d)...)
	k.take(in)
	f, e := names(in)
	lf, le := k.liquid(d)
	sf, se := k.andSpices(d)
	k.step(fmt.Sprintf("Mixez %s avec %s%s, jusqu’à obtenir un velouté lisse ; réchauffez-le à feu doux jusqu’à frémissement, en remuant.", f, lf, sf),
		fmt.Sprintf("Blend %s with %s%s until smooth; reheat over low heat until simmering, stirring.", e, le, se))
	k.active += 6
}

func writeSoup(k *composer, d *dish) {
	in := append(append(append([]prep{}, d.veg...), d.legume...), d.starch...)
	k.take(in)
	f, e := names(in)
	lf, le := k.liquid(d)
	sf, se := k.andSpices(d)
	k.step(fmt.Sprintf("Réunissez %s dans une casserole avec %s%s, portez à frémissement et laissez cuire 5%sminutes.", f, lf, sf, nbsp),
		fmt.Sprintf("Put %s in a saucepan with %s%s, bring to a simmer and cook for 5 minutes.", e, le, se))
	k.active += 8
}

func writeFriedRice(k *composer, d *dish) {
	k.take(firstOf(d.starch), d.others(), d.rawEggs())
	f, e := names(append(firstOf(d.starch), d.others()...))
	ef, ee := names(d.rawEggs())
	ff, fe := k.fatIn()
	sf, se := k.withSpices(d)
	salt, saltEN := k.saltWith(d)
	k.step(fmt.Sprintf("Dans une grande poêle bien chaude, %s, faites sauter %s%s 3%sminutes. Poussez-les sur le côté, versez %s battus et brouillez-les 2 à 3%sminutes, jusqu’à ce qu’ils soient bien pris, sans partie liquide (72%s°C à cœur), puis mélangez le tout%s.", ff, f, sf, nbsp, ef, nbsp, nbsp, salt),
		fmt.Sprintf("In a very hot large frying pan, %s, stir-fry %s%s for 3 minutes. Push them aside, pour in %s, beaten, and scramble for 2 to 3 minutes until fully set with no runny part (72°C at the core), then stir everything together%s.", fe, e, se, ee, saltEN))
	k.active += 7
}

// toppings are what goes on a breakfast dish: fruit, nuts, yoghurt, honey not cooked into it.
func (d *dish) toppings() []prep {
	var out []prep
	for _, p := range d.parts {
		if d.form.inDish != nil && d.form.inDish(p) {
			continue
		}
		switch p.how {
		case hFruit, hNuts, hDrizzle, hCereal, hBase:
			out = append(out, p)
		}
	}
	return out
}

// topWith is " et ajoutez la banane et les noix" when the dish has toppings.
func (d *dish) topWith(fr, en string) (string, string) {
	if t := d.toppings(); len(t) > 0 {
		f, e := names(t)
		return fmt.Sprintf(fr, f), fmt.Sprintf(en, e)
	}
	return "", ""
}

func inDishOf(d *dish, match func(prep) bool) []prep {
	var out []prep
	for _, p := range d.parts {
		if d.form.inDish(p) && match(p) {
			out = append(out, p)
		}
	}
	return out
}

func writePorridge(k *composer, d *dish) {
	f, e := names(inDishOf(d, func(prep) bool { return true }))
	sf, se := k.withSpices(d)
	tf, te := d.topWith(" et ajoutez %s", " and add %s")
	k.step(fmt.Sprintf("Dans une casserole, portez %s à frémissement%s et laissez cuire 3 à 5%sminutes à feu doux en remuant, jusqu’à ce que ce soit crémeux. Versez dans un bol%s.", f, sf, nbsp, tf),
		fmt.Sprintf("In a saucepan, bring %s to a simmer%s and cook for 3 to 5 minutes over low heat, stirring, until creamy. Pour into a bowl%s.", e, se, te))
	k.active += 6
}

// overnight soaks the oats overnight in the fridge; grated fruit goes in in the morning.
func (k *composer) overnight(d *dish, grated []prep) {
	f, e := names(inDishOf(d, func(p prep) bool { return isOat(p) || isBase(p) }))
	sf, se := k.withSpices(d)
	k.step(fmt.Sprintf("La veille, mélangez %s%s dans un bocal ou une boîte, fermez et gardez au moins 8%sheures au réfrigérateur.", f, sf, nbsp),
		fmt.Sprintf("The day before, mix %s%s in a jar or a box, close it and keep it in the fridge for at least 8 hours.", e, se))
	if len(grated) > 0 {
		gf, ge := names(grated)
		k.step(fmt.Sprintf("Le matin, lavez et râpez %s avec la peau, et mélangez-la au muesli.", gf), fmt.Sprintf("In the morning, wash and grate %s, skin on, and stir it in.", ge))
	}
	fruit := without(inDishOf(d, func(p prep) bool { return p.how == hFruit }), grated)
	if len(fruit) == 0 {
		if tf, te := d.topWith("Au moment de manger, ajoutez %s.", "To eat, add %s."); tf != "" {
			k.step(tf, te)
		}
		k.active += 4
		return
	}
	// Fruit is cut in the morning, not the night before (it browns).
	f, e = names(fruit)
	pron := "les"
	if len(fruit) == 1 {
		pron = fruit[0].n.pron()
	}
	tf, te := d.topWith(" avec %s", " with %s")
	k.step(fmt.Sprintf("Au moment de manger, lavez %s, épluchez-%s si besoin, coupez-%s en morceaux et ajoutez-%s%s.", f, pron, pron, pron, tf),
		fmt.Sprintf("To eat, wash %s, peel if needed, cut into pieces and add%s.", e, te))
	k.active += 6
}

func writePancakes(k *composer, d *dish) {
	f, e := names(inDishOf(d, func(prep) bool { return true }))
	sf, se := k.withSpices(d)
	ff, fe := k.fatIn()
	k.step(fmt.Sprintf("Mixez %s%s en une pâte lisse (épluchez la banane avant).", f, sf), fmt.Sprintf("Blend %s%s into a smooth batter (peel the banana first).", e, se))
	if !anyHas(d.fruit, "banane") {
		k.st.FR[len(k.st.FR)-1] = frTypo(fmt.Sprintf("Mixez %s%s en une pâte lisse.", f, sf))
		k.st.EN[len(k.st.EN)-1] = fmt.Sprintf("Blend %s%s into a smooth batter.", e, se)
	}
	tf, te := d.topWith(" Servez avec %s.", " Serve with %s.")
	k.step(fmt.Sprintf("Dans une poêle antiadhésive chaude, %s, versez de petites louches de pâte et faites cuire 2%sminutes de chaque côté, jusqu’à ce que les pancakes soient dorés et cuits à cœur, sans pâte liquide au centre.%s", ff, nbsp, tf),
		fmt.Sprintf("In a hot non-stick frying pan, %s, pour small ladles of batter and cook for 2 minutes on each side, until golden and cooked through with no runny batter in the centre.%s", fe, te))
	k.active += 12
}

func writeSmoothie(k *composer, d *dish) {
	fruit := inDishOf(d, func(p prep) bool { return p.how == hFruit })
	base := inDishOf(d, isBase)
	f, e := names(fruit)
	bf, be := names(base)
	tf, te := d.topWith(" et ajoutez %s", " and top with %s")
	pron := "les"
	if len(fruit) == 1 {
		pron = fruit[0].n.pron()
	}
	k.step(fmt.Sprintf("Lavez %s, épluchez-%s si besoin et mixez-%s avec %s jusqu’à obtenir une crème épaisse. Versez dans un bol%s.", f, pron, pron, bf, tf),
		fmt.Sprintf("Wash %s, peel if needed, and blend with %s until thick and creamy. Pour into a bowl%s.", e, be, te))
	k.active += 5
}
