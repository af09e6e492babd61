package nutrition

import (
	"fmt"
)

// The techniques of dish forms (docs/nutrition.md, "Dish forms"): each food is cooked first by
// its own technique (steps_techniques.go, to its safe core temperature); these steps then bring
// the cooked foods together, in the dish's order, with the pantry's seasonings.

// measures are the dish's seasonings in the kitchen's words: "1 gousse d’ail et ½ cuillère à café
// de curry", with "par portion" when the recipe makes several.
func (k *composer) measures(ss []Staple) (string, string) {
	var fr, en []string
	for _, s := range ss {
		fr, en = append(fr, s.Measure.FR), append(en, s.Measure.EN)
	}
	f, e := listFR(fr), listEN(en)
	if k.servings > 1 && f != "" {
		f, e = f+" (par portion)", e+" (per serving)"
	}
	return f, e
}

// fatIn is where the aromatics cook: in a little of the recipe's fat, or dry.
func (k *composer) fatIn() (string, string) {
	if k.fat == nil {
		return "à sec", "dry"
	}
	k.fatUsed = true
	return "dans un filet " + k.fat.n.de(), "in a drizzle of " + k.fat.n.EN
}

// perServing is "10 cl d’eau par portion" or "10 cl d’eau" for one serving.
func (k *composer) perServing(fr, en string) (string, string) {
	if k.servings > 1 {
		return fr + " par portion", en + " per serving"
	}
	return fr, en
}

// simmer brings cooked foods together in a pan with the aromatics and spices, a little water,
// covered: a curry, a chili, a tajine, a dahl, a sauté à la provençale.
func (k *composer) simmer(d *dish, in []prep, minutes int) {
	k.take(in)
	f, e := names(in)
	water, waterEN := k.perServing("10"+nbsp+"cl d’eau", "100 ml of water")
	sf, se := k.measures(d.seasonings)
	if sf == "" {
		k.step(fmt.Sprintf("Réunissez %s dans une sauteuse avec %s, couvrez et laissez mijoter %d%sminutes à feu doux, en remuant de temps en temps, jusqu’à ce que tout soit bien chaud.", f, water, minutes, nbsp),
			fmt.Sprintf("Put %s in a sauté pan with %s, cover and simmer for %d minutes over low heat, stirring now and then, until piping hot.", e, waterEN, minutes))
	} else {
		ff, fe := k.fatIn()
		k.step(fmt.Sprintf("Dans une sauteuse, faites revenir %s 1%sminute %s, à feu moyen, en remuant ; ajoutez %s et %s, couvrez et laissez mijoter %d%sminutes à feu doux, en remuant de temps en temps, jusqu’à ce que tout soit bien chaud.", sf, nbsp, ff, f, water, minutes, nbsp),
			fmt.Sprintf("In a sauté pan, fry %s for 1 minute %s over medium heat, stirring; add %s and %s, cover and simmer for %d minutes over low heat, stirring now and then, until piping hot.", se, fe, e, waterEN, minutes))
	}
	k.active += minutes + 2
}

// toss sautés cooked foods together over high heat: a poêlée, a stir-fry, fried rice.
func (k *composer) toss(d *dish, vesselFR, vesselEN string, in []prep) {
	k.take(in)
	f, e := names(in)
	sf, se := k.measures(d.seasonings)
	ff, fe := k.fatIn()
	with, withEN := "", ""
	if sf != "" {
		with, withEN = " avec "+sf, " with "+se
	}
	k.step(fmt.Sprintf("Dans %s bien chaude, %s, faites sauter %s%s 3%sminutes en remuant sans cesse, jusqu’à ce que tout soit bien chaud.", vesselFR, ff, f, with, nbsp),
		fmt.Sprintf("In a very hot %s, %s, stir-fry %s%s for 3 minutes, stirring all the time, until piping hot.", vesselEN, fe, e, withEN))
	k.active += 4
}

// saltWith writes the salty staple that replaces the pinch of salt (d.salty).
func (k *composer) saltWith(d *dish) (string, string) {
	if d.salty == nil {
		return "", ""
	}
	f, e := k.perServing(d.salty.Measure.FR, d.salty.Measure.EN)
	return fmt.Sprintf(" ; ajoutez %s au lieu de la pincée de sel", f), fmt.Sprintf("; add %s instead of the pinch of salt", e)
}

// bake puts cooked foods in a dish under a topping and bakes them; with no foods, the dish is
// already laid out (a hachis parmentier).
func (k *composer) bake(d *dish, in, top []prep, minutes int) {
	k.take(in, top)
	tf, te := "", ""
	if len(top) > 0 {
		tf, te = "parsemez "+deNames(top)+" et ", "sprinkle with the "+listEN(enNames(top))+" and "
	}
	until := fmt.Sprintf("enfournez %d%sminutes à %d%s°C, jusqu’à ce que le dessus soit doré et le plat bien chaud.", minutes, nbsp, d.form.oven, nbsp)
	untilEN := fmt.Sprintf("bake for %d minutes at %d°C, until golden on top and piping hot.", minutes, d.form.oven)
	if len(in) == 0 {
		k.step(capitalise(tf+until), capitalise(te+untilEN))
	} else {
		f, e := names(in)
		k.step(fmt.Sprintf("Étalez %s dans un plat à gratin, %s%s", f, tf, until), fmt.Sprintf("Spread %s in a baking dish, %s%s", e, te, untilEN))
	}
	k.active += minutes + 2
}

// deNames is "de comté et de mozzarella" after "parsemez".
func deNames(ps []prep) string {
	var fr []string
	for _, p := range ps {
		fr = append(fr, p.n.de())
	}
	return listFR(fr)
}

// preheat is the first step of a baked dish.
func (k *composer) preheat() {
	if k.dish != nil && k.dish.form.oven > 0 {
		k.step(fmt.Sprintf("Préchauffez le four à %d%s°C.", k.dish.form.oven, nbsp), fmt.Sprintf("Preheat the oven to %d°C.", k.dish.form.oven))
	}
}

// eggsSet is how a cook knows beaten eggs are cooked: set, no liquid left, 72 °C at the core.
func eggsSet(fr string) string {
	return fmt.Sprintf("jusqu’à ce que %s soit prise, sans partie liquide (72%s°C à cœur)", fr, nbsp)
}

// coldDish cools the cooked foods of a salad, dresses it and tosses it cold.
func (k *composer) coldDish(d *dish, dressing []prep) {
	var cooked []prep
	for _, p := range d.parts {
		if _, c := p.timing(); c > 0 && p.how != hInDish {
			cooked = append(cooked, p)
		}
	}
	if len(cooked) > 0 {
		f, e := names(cooked)
		k.step(fmt.Sprintf("Étalez %s dans un grand plat pour les laisser refroidir (moins d’une heure), puis gardez-les au réfrigérateur.", f),
			fmt.Sprintf("Spread %s in a wide dish to cool (in under an hour), then keep them in the fridge.", e))
	}
	sf, se := k.measures(d.seasonings)
	var parts []string
	var partsEN []string
	if sf != "" {
		parts, partsEN = append(parts, sf), append(partsEN, se)
	}
	if k.fat != nil && !k.fatUsed {
		k.fatUsed = true
		parts, partsEN = append(parts, k.fat.n.le()), append(partsEN, "the "+k.fat.n.EN)
	}
	mix, mixEN := listFR(parts), listEN(partsEN)
	if len(dressing) > 0 { // "mélangez le fromage blanc avec le jus de citron et l'ail"
		f, e := names(dressing)
		if len(parts) > 0 {
			f, e = f+" avec "+mix, e+" with "+mixEN
		}
		mix, mixEN = f, e
	}
	sal, salEN := k.saltWith(d)
	if mix != "" {
		k.step("Sauce : mélangez "+mix+sal+" ; gardez-la à part dans un petit pot et versez-la sur le plat au moment de manger.",
			"Dressing: mix "+mixEN+salEN+"; keep it apart in a small jar and pour it over the dish when you eat.")
	}
	k.active += 4
}
