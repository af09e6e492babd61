package nutrition

import (
	"fmt"
	"slices"
	"strings"
)

// The repertoire (docs/nutrition.md, "Dish forms"): one entry per dish form, its roles in fits,
// its technique in cook, its seasonings in spices. L: lunch or dinner, B: breakfast, S: snack.
var (
	catL  = []Category{LunchDinner}
	catB  = []Category{Breakfast}
	catBS = []Category{Breakfast, Snack}
	catLB = []Category{LunchDinner, Breakfast}
)

// mains are the meat, fish and plant proteins the steps cook (not eggs, cold cuts, nor canned
// fish: a curry of canned sardines is no one's dish).
func (d *dish) mains() []prep {
	var out []prep
	for _, p := range d.protein {
		if _, cook := p.timing(); cook > 0 && (p.kind == KindMeat || p.kind == KindFish || p.kind == KindVegetarian) {
			out = append(out, p)
		}
	}
	return out
}

// rawEggs are the eggs the steps cook (not bought cooked).
func (d *dish) rawEggs() []prep {
	var out []prep
	for _, p := range d.eggs {
		if p.how == hEggsBoiled || p.how == hEggsScrambled || p.how == hInDish {
			out = append(out, p)
		}
	}
	return out
}

// hotFoods are the cooked foods a hot dish brings together: proteins, pulses, cooked vegetables.
func (d *dish) hotFoods() []prep {
	var out []prep
	for _, p := range append(append(append([]prep{}, d.protein...), d.legume...), d.veg...) {
		if p.how != hInDish {
			out = append(out, p)
		}
	}
	return out
}

func (d *dish) oats() []prep {
	var out []prep
	for _, p := range d.cereal {
		if nameHas(p, "avoine") {
			out = append(out, p)
		}
	}
	return out
}

// noDish: the recipe holds no ready dish (a ready dish is its own dish).
func (d *dish) noDish() bool {
	return !slices.ContainsFunc(d.parts, func(p prep) bool { return p.kind == KindDish })
}

// stewable: a hot dish of meat, fish or pulses and cooked vegetables, no egg nor ready dish, its
// starch one of starches (any when empty) or none.
func (d *dish) stewable(starches ...string) bool {
	if !d.noDish() || len(d.eggs) > 0 || len(d.veg) == 0 || len(d.mains())+len(d.legume) == 0 {
		return false
	}
	if slices.ContainsFunc(d.mains(), func(p prep) bool { return p.how == hFishOven }) {
		return false // fish baked in its parcel falls apart in a pan: a papillote
	}
	return len(starches) == 0 || !slices.ContainsFunc(d.starch, func(p prep) bool { return !nameHas(p, starches...) })
}

// noCheese: the spiced dishes of other cuisines (curry, dahl, stir-fry, tajine, fried rice) are
// not topped with the plate's emmental or feta; its cheese makes it a French dish (a gratin, a
// poêlée) instead.
func (d *dish) noCheese() bool { return len(d.cheese) == 0 }

// boiledEggsOnly: no egg, or only eggs boiled apart, which go halved on a soup (a velouté with a
// hard-boiled egg); eggs beaten into it would not be a soup.
func (d *dish) boiledEggsOnly() bool {
	return !slices.ContainsFunc(d.eggs, func(p prep) bool { return p.how != hEggsBoiled })
}

// provencal are the proteins a sauté à la provençale simmers: meat or fish (not minced, which
// makes a sauce bolognese), else chickpeas or white beans (pois chiches, haricots blancs à la
// provençale; red beans make a chili).
func provencal(d *dish) []prep {
	if len(d.mains()) > 0 {
		if anyHas(d.mains(), "haché") {
			return nil
		}
		return d.mains()
	}
	var out []prep
	for _, p := range d.legume {
		if nameHas(p, "pois chiche", "haricot blanc", "flageolet", "lingot", "coco") {
			out = append(out, p)
		}
	}
	return out
}

// hasFish: a fish or seafood among the proteins (a soup is not served beside a fillet of cod).
func (d *dish) hasFish() bool {
	return slices.ContainsFunc(d.protein, func(p prep) bool { return p.kind == KindFish })
}

// gratinVeg are the vegetables a French cook bakes in a gratin.
var gratinVeg = []string{"courgette", "chou-fleur", "brocoli", "aubergine", "butternut", "potiron", "poireau", "épinard", "endive", "fenouil", "blette"}

func isEgg(p prep) bool { return p.kind == KindEgg && p.state == stateRaw }

func isOat(p prep) bool { return p.how == hCereal && nameHas(p, "avoine") }

func isBase(p prep) bool { return p.how == hBase }

// stew is a simmered dish's name and technique: a curry, a tajine, a chili.
func stewName(fr, en string) func(d *dish) Text {
	return func(d *dish) Text {
		lead := firstOf(d.mains())
		if len(lead) == 0 {
			lead = firstOf(d.legume)
		}
		return title{fr: fr, en: en, lead: lead, with: firstOf(d.veg), fin: firstOf(d.starch)}.write(d)
	}
}

func stewCook(minutes int) func(k *composer, d *dish) {
	return func(k *composer, d *dish) { k.simmer(d, d.hotFoods(), minutes) }
}

var dishForms = []dishForm{
	{id: "curry", cats: catL, keep: 3, box: nm("curry", "curry"), anyOf: []string{"curry_spices"}, spices: []string{"garlic", "ginger", "curry_spices", "cumin"},
		fits: func(d *dish) bool {
			return d.stewable("riz", "pomme de terre", "quinoa", "pain", "patate") && d.noCheese()
		},
		name: stewName("Curry", "curry"), cook: stewCook(8)},
	{id: "chili", cats: catL, keep: 3, box: nm("chili", "chili"), anyOf: []string{"chili_powder", "cumin", "paprika"}, spices: []string{"garlic", "cumin", "paprika", "chili_powder"},
		fits: func(d *dish) bool {
			return d.noDish() && anyHas(d.legume, "haricot") && !slices.ContainsFunc(d.mains(), func(p prep) bool { return p.how != hMincedPan })
		},
		name: func(d *dish) Text {
			t := title{fr: "Chili sin carne", en: "Chili sin carne", enFirst: true, with: firstOf(d.veg), fin: firstOf(d.starch), implied: append(d.mains(), firstOf(d.legume)...)}
			if len(d.mains()) > 0 {
				t.fr, t.en = "Chili con carne", "Chili con carne"
			}
			return t.write(d)
		},
		cook: stewCook(10)},
	{id: "dahl", cats: catL, keep: 3, box: nm("dahl", "dahl"), anyOf: []string{"curry_spices", "cumin"}, spices: []string{"garlic", "ginger", "cumin", "curry_spices"},
		fits: func(d *dish) bool {
			return d.noDish() && anyHas(d.legume, "lentille") && len(d.mains()) == 0 && d.noCheese()
		},
		name: func(d *dish) Text {
			return title{fr: "Dahl", en: "dahl", lead: firstOf(d.legume), with: firstOf(d.veg), fin: firstOf(d.starch)}.write(d)
		},
		cook: func(k *composer, d *dish) {
			k.simmer(d, d.hotFoods(), 10)
			l := firstOf(d.legume)[0]
			k.step(fmt.Sprintf("Écrasez grossièrement une partie %s à la fourchette pour lier le dahl.", l.n.deLe()), fmt.Sprintf("Mash some of the %s with a fork to thicken the dahl.", l.n.EN))
		}},
	{id: "stir_fry", cats: catL, keep: 3, box: nm("sauté", "stir-fry"), needs: []string{"soy_sauce"}, spices: []string{"garlic", "ginger"}, salty: "soy_sauce",
		fits: func(d *dish) bool {
			return d.stewable("riz", "nouille", "vermicelle") && len(d.mains()) > 0 && len(d.bread) == 0 && d.noCheese()
		},
		name: func(d *dish) Text {
			return title{fr: "Wok", en: "stir-fry", lead: firstOf(d.mains()), with: firstOf(d.veg), fin: firstOf(d.starch)}.write(d)
		},
		cook: func(k *composer, d *dish) {
			k.toss(d, "un wok ou une grande poêle", "wok or large frying pan", d.hotFoods())
			if sf, se := k.saltWith(d); sf != "" {
				k.step("Hors du feu"+sf[2:]+" et mélangez.", "Off the heat"+se[1:]+" and stir.")
			}
		}},
	{id: "poelee", cats: catL, keep: 3, box: nf("poêlée", "sauté"), spices: []string{"garlic", "parsley", "thyme"},
		fits: func(d *dish) bool { return d.stewable() && !anyHas(d.legume, "lentille") },
		name: func(d *dish) Text {
			return title{fr: "Poêlée", en: "pan-fried", enFirst: true, lead: firstOf(d.veg), with: firstOf(d.mains()), fin: firstOf(d.starch)}.write(d)
		},
		cook: func(k *composer, d *dish) { k.toss(d, "la grande poêle", "large frying pan", d.hotFoods()) }},
	{id: "saute_provencale", cats: catL, keep: 3, box: nm("sauté", "sauté"), needs: []string{"herbes_de_provence"}, spices: []string{"garlic", "herbes_de_provence", "thyme"},
		fits: func(d *dish) bool {
			return d.stewable() && len(provencal(d)) > 0 && anyHas(d.veg, "tomate", "courgette", "aubergine", "poivron")
		},
		name: func(d *dish) Text {
			m := provencal(d)[0]
			return title{fr: m.n.FR + " à la provençale", en: "Provençal-style " + m.n.EN, enFirst: true, finOnly: true,
				fin: append(firstOf(d.veg), firstOf(d.starch)...), implied: []prep{m}}.write(d)
		},
		cook: stewCook(8)},
	{id: "tajine", cats: catL, keep: 3, box: nm("tajine", "tagine"), needs: []string{"cumin"}, spices: []string{"garlic", "ginger", "cumin", "cinnamon"},
		fits: func(d *dish) bool {
			return d.stewable("semoule", "couscous", "boulgour", "pomme de terre", "pain") && d.noCheese() &&
				(anyHas(d.mains(), "poulet", "agneau", "bœuf", "boeuf", "dinde") || anyHas(d.legume, "pois chiche"))
		},
		name: stewName("Tajine", "tagine"), cook: stewCook(10)},
	{id: "gratin", cats: catL, keep: 3, box: nm("gratin", "gratin"), oven: 200,
		fits: func(d *dish) bool {
			return d.noDish() && len(d.eggs) == 0 && len(d.cheese) > 0 && (anyHas(d.starch, "pâte", "pomme de terre") || anyHas(d.veg, gratinVeg...))
		},
		inDish: func(p prep) bool { return p.kind == KindCheese },
		name: func(d *dish) Text {
			lead := firstOf(d.starch)
			if !anyHas(lead, "pâte", "pomme de terre") {
				lead = nil
				for _, p := range d.veg {
					if nameHas(p, gratinVeg...) && lead == nil {
						lead = []prep{p}
					}
				}
			}
			return title{fr: "Gratin", en: "gratin", lead: lead, with: firstOf(d.mains())}.write(d)
		},
		cook: func(k *composer, d *dish) {
			in := append(d.hotFoods(), d.starch...)
			k.bake(d, in, d.cheese, 15)
		}},
	{id: "hachis_parmentier", cats: catL, keep: 3, box: nm("hachis parmentier", "cottage pie"), oven: 200, mash: true,
		fits: func(d *dish) bool {
			return d.noDish() && anyHas(d.mains(), "haché") &&
				slices.ContainsFunc(d.starch, func(p prep) bool { return p.how == hPotatoBoil || roastPotato(p) })
		},
		inDish: func(p prep) bool { return p.kind == KindCheese },
		name: func(d *dish) Text {
			return title{fr: "Hachis parmentier", en: "Cottage pie", enFirst: true, with: firstOf(d.veg), implied: append(d.mains(), d.starch...)}.write(d)
		},
		cook: func(k *composer, d *dish) {
			var pot, meat []prep
			for _, p := range d.starch {
				if p.how == hPotatoBoil {
					pot = append(pot, p)
				}
			}
			for _, p := range d.mains() {
				if nameHas(p, "haché") {
					meat = append(meat, p)
				}
			}
			pf, pe := names(pot)
			mf, me := names(meat)
			k.take(pot, meat)
			k.step(fmt.Sprintf("Écrasez %s en purée au presse-purée avec 3 cuillères à soupe de leur eau de cuisson. Émiettez %s au fond d’un plat à gratin et couvrez de la purée.", pf, mf),
				fmt.Sprintf("Mash %s with 3 tablespoons of their cooking water. Crumble %s into a baking dish and cover with the mash.", pe, me))
			k.bake(d, nil, d.cheese, 20)
		}},
	{id: "omelette", cats: catLB, keep: 2, box: nf("omelette", "omelette"), spices: []string{"chives", "parsley"},
		fits: func(d *dish) bool {
			return d.noDish() && len(d.rawEggs()) > 0 && len(d.veg)+len(d.cheese) > 0 && len(d.mains()) == 0
		},
		inDish: func(p prep) bool { return isEgg(p) || p.kind == KindCheese },
		name: func(d *dish) Text {
			// Lentils beside an omelette are a side, as its rice or bread: "Omelette aux carottes, lentilles corail et pain".
			fin := append(append(firstOf(d.legume), firstOf(d.starch)...), firstOf(d.bread)...)
			return title{fr: "Omelette", en: "omelette", implied: d.eggs, with: append(firstOf(d.veg), firstOf(d.cheese)...), fin: fin}.write(d)
		},
		cook: writeOmelette},
	{id: "frittata", cats: catL, keep: 3, box: nf("frittata", "frittata"), oven: 180, spices: []string{"herbes_de_provence", "parsley"},
		fits: func(d *dish) bool {
			return d.noDish() && len(d.rawEggs()) > 0 && len(d.veg) > 0 && (anyHas(d.starch, "pomme de terre") || len(d.cheese) > 0)
		},
		inDish: func(p prep) bool { return isEgg(p) || p.kind == KindCheese },
		name: func(d *dish) Text {
			return title{fr: "Frittata", en: "frittata", implied: d.eggs, with: firstOf(d.veg)}.write(d)
		},
		cook: func(k *composer, d *dish) { k.eggBake(d, "la frittata", 20) }},
	{id: "clafoutis_sale", cats: catL, keep: 3, box: nm("clafoutis", "clafoutis"), oven: 180, spices: []string{"herbes_de_provence", "chives"},
		fits: func(d *dish) bool {
			return d.noDish() && len(d.rawEggs()) > 0 && len(d.veg) > 0 && slices.ContainsFunc(d.parts, isMilky)
		},
		inDish: func(p prep) bool { return isEgg(p) || p.kind == KindCheese || isMilky(p) },
		name: func(d *dish) Text {
			return title{fr: "Clafoutis salé", en: "savoury clafoutis", implied: append(append([]prep{}, d.eggs...), d.base...), with: firstOf(d.veg)}.write(d)
		},
		cook: func(k *composer, d *dish) { k.eggBake(d, "le clafoutis", 30) }},
	{id: "veloute", cats: catL, keep: 3, box: nm("velouté", "soup"), spices: []string{"garlic", "thyme", "chives"}, salty: "stock",
		fits: func(d *dish) bool {
			return d.noDish() && d.boiledEggsOnly() && !d.hasFish() && len(d.veg) > 0 && (anyHas(d.starch, "pomme de terre") || len(d.legume) > 0) && len(d.raw) == 0
		},
		name: func(d *dish) Text {
			lead := append(append(append([]prep{}, d.veg...), firstOf(d.legume)...), potatoes(d)...)
			return title{fr: "Velouté", en: "soup", lead: lead, with: append(firstOf(d.mains()), firstOf(d.eggs)...)}.write(d)
		},
		cook: writeVeloute},
	{id: "soupe", cats: catL, keep: 3, box: nf("soupe", "soup"), spices: []string{"garlic", "herbes_de_provence", "thyme"}, salty: "stock",
		fits: func(d *dish) bool {
			return d.noDish() && d.boiledEggsOnly() && !d.hasFish() && (len(d.veg) >= 2 && anyHas(d.starch, "pâte", "vermicelle") || len(d.veg) >= 1 && len(d.legume) > 0)
		},
		name: func(d *dish) Text {
			with := append(firstOf(d.legume), firstOf(d.starch)...)
			return title{fr: "Soupe", en: "soup", lead: d.veg[:min(2, len(d.veg))], with: append(append(with, firstOf(d.mains())...), firstOf(d.eggs)...)}.write(d)
		},
		cook: writeSoup},
	{id: "papillote", cats: catL, keep: 2, spices: []string{"lemon", "herbes_de_provence"},
		fits: func(d *dish) bool {
			return slices.ContainsFunc(d.protein, func(p prep) bool { return p.how == hFishOven }) && len(d.veg) > 0
		},
		name: func(d *dish) Text {
			return title{fr: "Papillote", en: "en papillote", lead: firstOf(d.mains()), with: firstOf(d.veg), fin: firstOf(d.starch)}.write(d)
		},
		cook: func(k *composer, d *dish) {
			vf, ve := names(d.veg)
			sf, se := k.measures(d.seasonings)
			with, withEN := "", ""
			if sf != "" {
				with, withEN = " et assaisonnez de "+sf, " and season with "+se
			}
			k.step(fmt.Sprintf("Ouvrez la papillote au moment de servir, disposez autour %s%s.", vf, with),
				fmt.Sprintf("Open the parcel when serving, arrange %s around it%s.", ve, withEN))
		}},
	{id: "salade_composee", cats: catL, cold: true, keep: 2, anyOf: []string{"vinegar", "lemon"}, spices: []string{"vinegar", "lemon", "chives", "parsley"}, salty: "mustard",
		fits: func(d *dish) bool {
			return d.noDish() && len(d.protein)+len(d.legume) > 0 && len(d.raw)+len(d.veg) > 0 && !anyHas(d.legume, "lentille") &&
				!anyHas(d.protein, "haché", "saucisse")
		},
		name: func(d *dish) Text {
			lead := firstOf(d.starch)
			prot := firstOf(append(d.protein, d.legume...))
			if len(lead) == 0 {
				lead, prot = prot, nil
			}
			return title{fr: "Salade", en: "salad", lead: lead, with: append(prot, firstOf(append(d.raw, d.veg...))...)}.write(d)
		},
		cook: func(k *composer, d *dish) { k.coldDish(d, nil) }},
	{id: "salade_lentilles", cats: catL, cold: true, keep: 3, anyOf: []string{"vinegar", "mustard"}, spices: []string{"vinegar", "parsley", "chives"}, salty: "mustard",
		fits: func(d *dish) bool { return d.noDish() && anyHas(d.legume, "lentille") && len(d.mains()) == 0 },
		name: func(d *dish) Text {
			return title{fr: "Salade", en: "salad", lead: firstOf(d.legume), with: firstOf(append(d.raw, d.veg...))}.write(d)
		},
		cook: func(k *composer, d *dish) { k.coldDish(d, nil) }},
	{id: "taboule", cats: catL, cold: true, keep: 2, needs: []string{"lemon"}, spices: []string{"lemon", "parsley"},
		fits: func(d *dish) bool {
			return d.noDish() && slices.ContainsFunc(d.starch, func(p prep) bool { return p.how == hCouscous || nameHas(p, "boulgour") }) && len(d.raw) > 0
		},
		name: func(d *dish) Text {
			return title{fr: "Taboulé", en: "Tabbouleh", enFirst: true, implied: firstOf(d.starch), with: append(firstOf(d.protein), firstOf(d.raw)...)}.write(d)
		},
		cook: func(k *composer, d *dish) { k.coldDish(d, nil) }},
	{id: "buddha_bowl", cats: catL, cold: true, keep: 3, spices: []string{"lemon", "garlic"},
		fits: func(d *dish) bool {
			return d.noDish() && anyGrain(d.starch) && len(d.legume)+len(d.rawEggs())+len(d.mains()) > 0 && len(d.veg)+len(d.raw) >= 2 && len(d.dairy) > 0
		},
		inDish: func(p prep) bool { return p.kind == KindDairy },
		name: func(d *dish) Text {
			prot := firstOf(append(append([]prep{}, d.legume...), d.protein...))
			t := title{fr: "Buddha bowl", en: "Buddha bowl of", enFirst: true, lead: firstOf(d.starch), with: append(prot, firstOf(append(d.veg, d.raw...))...)}
			n := t.write(d)
			sauce := d.dairy[0].n // "sauce au fromage blanc", "sauce au yaourt grec"
			return Text{FR: n.FR + ", sauce " + au(sauce), EN: n.EN + ", " + sauce.EN + " dressing"}
		},
		cook: func(k *composer, d *dish) { k.coldDish(d, d.dairy) }},
	{id: "fried_rice", cats: catL, keep: 2, box: nm("riz sauté", "fried rice"), spices: []string{"garlic", "ginger"}, salty: "soy_sauce",
		fits: func(d *dish) bool {
			return d.noDish() && anyHas(d.starch, "riz") && len(d.rawEggs()) > 0 && len(d.veg) > 0 && len(d.mains()) == 0 && len(d.bread) == 0 && d.noCheese()
		},
		inDish: isEgg,
		name: func(d *dish) Text {
			return title{fr: "Riz sauté aux œufs", en: "Egg fried rice", enFirst: true, implied: append(append([]prep{}, d.eggs...), firstOf(d.starch)...), with: firstOf(d.veg)}.write(d)
		},
		cook: writeFriedRice},
	{id: "porridge", cats: catBS, keep: 0, spices: []string{"cinnamon"},
		fits: func(d *dish) bool {
			return len(d.oats()) > 0 && slices.ContainsFunc(d.base, func(p prep) bool { return p.kind == KindMilk || plantDrink(p.food) })
		},
		inDish: func(p prep) bool { return isOat(p) || isBase(p) && (p.kind == KindMilk || plantDrink(p.food)) },
		name:   bowlName("Porridge", "Porridge", true),
		cook:   writePorridge},
	{id: "overnight_oats", cats: catBS, cold: true, keep: 2, spices: []string{"cinnamon"},
		fits:   func(d *dish) bool { return len(d.oats()) > 0 && len(d.base) > 0 && len(d.eggs) == 0 },
		inDish: func(p prep) bool { return isOat(p) || isBase(p) || p.how == hFruit },
		name:   bowlName("Overnight oats", "Overnight oats", true),
		cook:   func(k *composer, d *dish) { k.overnight(d, nil) }},
	{id: "bircher", cats: catB, cold: true, keep: 1, spices: []string{"lemon", "cinnamon"},
		fits: func(d *dish) bool {
			return len(d.oats()) > 0 && len(d.base) > 0 && anyHas(d.fruit, "pomme") && len(d.eggs) == 0
		},
		inDish: func(p prep) bool { return isOat(p) || isBase(p) || p.how == hFruit },
		name:   bowlName("Bircher muesli", "Bircher muesli", true),
		cook: func(k *composer, d *dish) {
			var apple []prep
			for _, p := range d.fruit {
				if nameHas(p, "pomme") {
					apple = append(apple, p)
				}
			}
			k.overnight(d, apple)
		}},
	{id: "pancakes", cats: catBS, keep: 2, spices: []string{"cinnamon"},
		fits: func(d *dish) bool {
			return len(d.oats()) > 0 && len(d.rawEggs()) > 0 && (anyHas(d.fruit, "banane") || len(d.base) > 0)
		},
		inDish: func(p prep) bool {
			return isOat(p) || isEgg(p) || p.how == hFruit && nameHas(p, "banane") || isBase(p) && p.kind == KindMilk
		},
		name: bowlName("Pancakes", "Pancakes", true),
		cook: writePancakes},
	{id: "smoothie_bowl", cats: catBS, keep: 0,
		fits: func(d *dish) bool {
			return len(d.fruit) > 0 && len(d.base) > 0 && len(d.eggs)+len(d.bread)+len(d.oats()) == 0
		},
		inDish: func(p prep) bool { return p.how == hFruit || isBase(p) },
		name:   bowlName("Smoothie bowl", "Smoothie bowl", false),
		cook:   writeSmoothie},
	{id: "tartine", cats: catBS, keep: 0,
		fits: func(d *dish) bool {
			return slices.ContainsFunc(d.bread, func(p prep) bool { return p.how == hToast }) && len(d.eggs) == 0 &&
				(len(d.cheese) > 0 || slices.ContainsFunc(d.parts, func(p prep) bool { return p.how == hSpread }))
		},
		name: func(d *dish) Text {
			var top []prep
			for _, p := range byWeight(d.parts) {
				if p.how == hSpread || p.kind == KindCheese {
					top = append(top, p)
				}
			}
			n := title{fr: "Tartines", en: "toast", lead: firstOf(d.bread), with: firstOf(top), finOnly: true}.write(d)
			e := title{en: "toast", enFirst: true, with: firstOf(top), implied: d.bread}.write(d)
			kind := strings.TrimSpace(strings.TrimSuffix(strings.ToLower(d.bread[0].n.EN), "bread"))
			return Text{FR: n.FR, EN: capitalise(strings.TrimSpace(kind + " " + lowerFirst(e.EN)))}
		},
		cook: func(*composer, *dish) {}},
	{id: "oeufs_brouilles", cats: catB, keep: 0, spices: []string{"chives"},
		fits: func(d *dish) bool {
			return slices.ContainsFunc(d.eggs, func(p prep) bool { return p.how == hEggsScrambled }) && len(d.bread) > 0
		},
		name: func(d *dish) Text {
			return title{fr: "Œufs brouillés sur pain grillé", en: "Scrambled eggs on toast", enFirst: true, finOnly: true, implied: append(append([]prep{}, d.eggs...), d.bread...)}.write(d)
		},
		cook: func(*composer, *dish) {}},
}

// potatoes are the boiled potatoes a velouté blends.
func potatoes(d *dish) []prep {
	var out []prep
	for _, p := range d.starch {
		if nameHas(p, "pomme de terre") {
			out = append(out, p)
		}
	}
	return out
}

func anyGrain(ps []prep) bool {
	return slices.ContainsFunc(ps, func(p prep) bool { return p.kind == KindGrain })
}

// isMilky: milk or cream a savoury flan is made with.
func isMilky(p prep) bool {
	return p.kind == KindMilk || p.kind == KindCream || plantDrink(p.food)
}

// bowlName names a breakfast dish after its fruit and nuts: "Porridge à la banane et aux noix";
// its oats and eggs go without saying, and its milk when milky (a porridge's, not a smoothie's).
func bowlName(fr, en string, milky bool) func(d *dish) Text {
	return func(d *dish) Text {
		var implied []prep
		for _, p := range d.parts {
			if isOat(p) || isEgg(p) || milky && isBase(p) && (p.kind == KindMilk || plantDrink(p.food)) {
				implied = append(implied, p)
			}
		}
		with := append(append(firstOf(d.fruit), firstOf(d.nuts)...), d.dairy...)
		return title{fr: fr, en: en, enFirst: true, with: with, implied: implied}.write(d)
	}
}
