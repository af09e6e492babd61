package before29

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Steps a person can follow. Each food is prepared from its state in the CIQUAL table (raw,
// dry, cooked, canned, drained): raw rice, pasta and dry pulses are boiled with their water and
// time, raw meat and fish are cooked to a safe core temperature, cooked foods are reheated,
// canned ones drained. The recipe's own fat is used for cooking; salt is a pinch, and only when
// the serving's salt stays under its cap; herbs and spices are named as optional. A breakfast
// or snack bowl is assembled cold, bread is toasted and served beside, drinks go in a glass;
// lunches and dinners end with the batch-cooking steps. Steps name foods, never quantities
// (a person may edit the grams), except water ratios and times. docs/nutrition.md.

// foodState is a food's state as the table names it.
type foodState int

const (
	stateReady  foodState = iota // eaten as bought (yoghurt, bread, fruit, cheese)
	stateRaw                     // needs cooking (raw meat, raw rice, raw vegetables)
	stateDry                     // dry grains or pulses (need water)
	stateCooked                  // already cooked: reheat
	stateCanned                  // canned or drained: drain
)

var (
	cookedWordsFR = []string{"cuit", "cuite", "cuits", "cuites", "bouilli", "bouillie", "bouillis", "bouillies", "grillé", "grillée",
		"grillés", "grillées", "poêlé", "poêlée", "poêlés", "poêlées", "rôti", "rôtie", "rôtis", "rôties", "braisé", "braisée",
		"vapeur", "frit", "frite", "frits", "dur", "poché", "coque", "brouillé", "étouffée", "sauté", "sautée", "sautées", "sautés", "purée"}
	rawWordsFR    = []string{"cru", "crue", "crus", "crues"}
	dryWordsFR    = []string{"sec", "sèche", "secs", "sèches"}
	cannedWordsFR = []string{"appertisé", "appertisée", "appertisés", "appertisées", "égoutté", "égouttée", "égouttés", "égouttées"}
)

// words splits a lower-cased name into words (letters, digits and hyphens).
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return r == ' ' || r == ',' || r == '(' || r == ')' || r == '/' || r == ':' || r == '.'
	}) {
		out[w] = true
	}
	return out
}

func hasWord(ws map[string]bool, list []string) bool {
	for _, w := range list {
		if ws[w] {
			return true
		}
	}
	return false
}

// stateOf reads a food's state from its French and English names, then its subgroup.
func stateOf(f Food) foodState {
	fr, en := strings.ToLower(f.Name.FR), strings.ToLower(f.Name.EN)
	// "Parboiled" and "pre-cooked" rice or wheat are still raw grains to cook: only the
	// words after them say whether this entry is cooked.
	en = strings.NewReplacer("parboiled", "", "pre-cooked", "", "precooked", "").Replace(en)
	ws := words(fr)
	k := KindOf(f)
	switch {
	case hasWord(ws, cannedWordsFR) || strings.Contains(en, "canned") || strings.Contains(en, "drained"):
		return stateCanned
	case strings.Contains(fr, "à cuire") || strings.Contains(en, "to cook") || strings.Contains(en, "to be recooked"):
		return stateRaw
	case hasWord(ws, cookedWordsFR) || strings.Contains(en, "cooked") || strings.Contains(en, "boiled") || strings.Contains(en, "roasted") ||
		strings.Contains(en, "grilled") || strings.Contains(en, "steamed") || strings.Contains(en, "braised") || strings.Contains(en, "fried"):
		return stateCooked
	}
	if k == KindDeli {
		// "Jambon cru" and "saucisson sec" are cured, eaten as they are; raw sausages and
		// lardons are cooked.
		if hasWord(ws, rawWordsFR) && !strings.HasPrefix(fr, "jambon cru") && !strings.Contains(en, "cured") && !strings.Contains(fr, "foie gras") {
			return stateRaw
		}
		return stateReady
	}
	switch {
	case hasWord(ws, dryWordsFR) || strings.Contains(en, "dried") || strings.Contains(en, "dry"):
		return stateDry
	case hasWord(ws, rawWordsFR) || strings.Contains(en, "raw"):
		if k == KindGrain || k == KindLegume {
			return stateDry
		}
		return stateRaw
	}
	switch f.Subgroup {
	case "raw meat", "fish, raw", "seafood, raw":
		return stateRaw
	case "cooked meat", "fish, cooked", "seafood, cooked":
		return stateCooked
	}
	if (k == KindGrain || k == KindLegume) && f.Per100g.WaterG.Known && f.Per100g.WaterG.V < 40 && f.Subgroup != "flours" {
		return stateDry
	}
	return stateReady
}

// how is the way one food is prepared in a recipe.
type how int

const (
	hAdd how = iota
	hSoakBeans
	hLentils
	hRice
	hPasta
	hGrain
	hCouscous
	hPolenta
	hNoodles
	hPotatoBoil
	hTuberRoast
	hPoultryPan
	hPoultryRoast
	hMincedPan
	hSteakPan
	hPorkPan
	hBraise
	hMeatPan
	hFishPan
	hFishOven
	hSeafood
	hLardons
	hSausage
	hEggsBoiled
	hEggsScrambled
	hEggsPeel
	hTofu
	hVegRaw
	hVegSteam
	hVegSaute
	hVegWilt
	hVegRoast
	hReheat
	hDrain
	hDrainFlake
	hSlice
	hCheeseTop
	hCheeseSide
	hFruit
	hFruitDessert
	hLemon
	hBase
	hCereal
	hNuts
	hDrizzle
	hSpread
	hToast
	hBreadSide
	hGlass
	hFat
	hSauce
	hHerb
	hDishHot
	hDishCold
	hDishRaw
	hDessert
	hAsIs
	hFlake
	hShell
)

// prep is one food of the recipe and how it is prepared.
type prep struct {
	food   Food
	n      noun
	kind   Kind
	state  foodState
	how    how
	lo, hi int    // cooking minutes (range shown to the person; hi counts in the duration)
	vol    string // water ratio in words ("deux volumes")
	fat    bool   // cooks in the recipe's fat
	// gramsPerServing weighs the food in the name and the salt of a serving.
	gramsPerServing float64
	// boughtAs: the table's food is cooked (rice, grilled chicken) but the shopping list buys it
	// dry or raw (PurchaseOf), so the steps cook it from perGram grams of that per gram listed.
	boughtAs Form
	perGram  float64
}

// timing is the minutes a method takes: active (hands on) and cooking (hands off, side by side
// with the other cookings).
func (p prep) timing() (active, cook int) {
	switch p.how {
	case hSoakBeans, hLentils, hRice, hGrain, hPolenta, hNoodles:
		return 2, p.hi
	case hPasta:
		return 2, p.hi + 5 // bring plenty of water to the boil
	case hCouscous:
		return 2, 5
	case hPotatoBoil:
		return 5, p.hi
	case hTuberRoast, hVegRoast:
		return 5, p.hi
	case hPoultryPan, hMincedPan, hSteakPan, hPorkPan, hMeatPan, hFishPan, hSeafood, hLardons, hSausage, hTofu:
		return 3, p.hi
	case hPoultryRoast, hFishOven, hBraise:
		return 5, p.hi
	case hEggsBoiled:
		return 3, 9
	case hEggsScrambled:
		return 2, 4
	case hVegSteam, hVegSaute, hVegWilt:
		return 3, p.hi
	case hVegRaw, hFruit, hEggsPeel, hDrainFlake, hSlice, hFlake, hShell, hCheeseTop, hToast, hLemon, hHerb:
		return 2, 0
	case hReheat, hDishHot:
		return 1, 3
	case hDishRaw:
		return 2, 15
	}
	return 1, 0
}

// vegMethods: how a raw vegetable is cooked, by a word of its French name, with minutes.
var vegMethods = []struct {
	word   string
	how    how
	lo, hi int
}{
	{"laitue", hVegRaw, 0, 0}, {"salade", hVegRaw, 0, 0}, {"mâche", hVegRaw, 0, 0}, {"roquette", hVegRaw, 0, 0},
	{"cresson", hVegRaw, 0, 0}, {"mesclun", hVegRaw, 0, 0}, {"jeunes pousses", hVegRaw, 0, 0}, {"frisée", hVegRaw, 0, 0},
	{"scarole", hVegRaw, 0, 0}, {"batavia", hVegRaw, 0, 0}, {"endive", hVegRaw, 0, 0}, {"tomate", hVegRaw, 0, 0},
	{"concombre", hVegRaw, 0, 0}, {"radis", hVegRaw, 0, 0}, {"avocat", hVegRaw, 0, 0}, {"germe", hVegRaw, 0, 0}, {"germé", hVegRaw, 0, 0},
	{"pousses d’épinard", hVegRaw, 0, 0},
	{"brocoli", hVegSteam, 6, 8}, {"chou-fleur", hVegSteam, 8, 10}, {"haricots verts", hVegSteam, 8, 10},
	{"haricot vert", hVegSteam, 8, 10}, {"haricot beurre", hVegSteam, 8, 10}, {"carotte", hVegSteam, 12, 15},
	{"petits pois", hVegSteam, 8, 10}, {"asperge", hVegSteam, 8, 10}, {"choux de bruxelles", hVegSteam, 10, 12},
	{"chou de bruxelles", hVegSteam, 10, 12}, {"fenouil", hVegSteam, 12, 15}, {"navet", hVegSteam, 12, 15},
	{"céleri", hVegSteam, 12, 15}, {"pois gourmand", hVegSteam, 4, 5}, {"maïs", hVegSteam, 5, 6}, {"artichaut", hVegSteam, 25, 30},
	{"épinard", hVegWilt, 2, 3}, {"blette", hVegWilt, 4, 5},
	{"courgette", hVegSaute, 8, 10}, {"champignon", hVegSaute, 8, 10}, {"poivron", hVegSaute, 10, 12},
	{"oignon", hVegSaute, 8, 10}, {"poireau", hVegSaute, 10, 12}, {"chou", hVegSaute, 10, 12},
	{"aubergine", hVegRoast, 25, 30}, {"butternut", hVegRoast, 25, 30}, {"courge", hVegRoast, 25, 30},
	{"potiron", hVegRoast, 20, 25}, {"potimarron", hVegRoast, 25, 30}, {"betterave", hVegRoast, 45, 50}, {"panais", hVegRoast, 25, 30},
}

// grainMethods: raw grains, by a word of the French name: method, water volumes, minutes.
var grainMethods = []struct {
	word   string
	how    how
	vol    string
	lo, hi int
}{
	{"riz complet", hRice, "deux volumes et demi", 25, 30}, {"riz rouge", hRice, "deux volumes et demi", 25, 30},
	{"riz sauvage", hRice, "trois volumes", 40, 45}, {"riz blanc étuvé", hRice, "deux volumes", 15, 18},
	{"riz, mélange", hRice, "deux volumes et demi", 20, 25}, {"riz", hRice, "deux volumes", 11, 12},
	{"vermicelle", hNoodles, "", 3, 5}, {"nouille", hNoodles, "", 4, 5},
	{"pâtes fraîches", hPasta, "", 2, 4}, {"pâtes sèches, au blé complet", hPasta, "", 10, 12}, {"pâtes", hPasta, "", 9, 11},
	{"quinoa", hGrain, "deux volumes", 12, 15}, {"boulgour", hGrain, "deux volumes", 10, 12},
	{"graine de couscous", hCouscous, "", 0, 0}, {"semoule de blé", hCouscous, "", 0, 0},
	{"polenta", hPolenta, "quatre volumes", 5, 5}, {"blé dur", hGrain, "deux volumes", 10, 12},
	{"orge", hGrain, "trois volumes", 30, 40}, {"sarrasin", hGrain, "deux volumes", 12, 15},
	{"mil", hGrain, "deux volumes et demi", 20, 25}, {"épeautre", hGrain, "trois volumes", 35, 40},
	{"avoine", hGrain, "deux volumes", 5, 5}, {"frik", hGrain, "deux volumes", 15, 20},
}

// legumeMethods: dry pulses; soaked ones are beans and chickpeas.
var legumeMethods = []struct {
	word   string
	how    how
	vol    string
	lo, hi int
}{
	{"lentille corail", hLentils, "trois volumes", 15, 20}, {"lentille verte", hLentils, "trois volumes", 20, 25},
	{"lentille blonde", hLentils, "trois volumes", 25, 30}, {"lentille", hLentils, "trois volumes", 20, 25},
	{"pois cassé", hLentils, "trois volumes", 40, 45}, {"haricot mungo", hLentils, "trois volumes", 30, 40},
}

// spreadWords are foods served as they are, on bread when there is some.
var spreadWords = []string{"rillettes", "pâté", "terrine", "mousse de", "tarama", "foie gras", "houmous", "tapenade"}

// steakCuts are beef, veal, lamb and horse cuts seared quickly; braiseCuts simmer for hours.
var (
	steakCuts  = []string{"steak", "bifteck", "faux-filet", "rumsteck", "entrecôte", "bavette", "onglet", "filet", "hampe", "tende", "côte", "côtelette", "noix", "escalope", "carré", "selle", "gigot", "macreuse"}
	braiseCuts = []string{"bourguignon", "pot-au-feu", "paleron", "joue", "jarret", "collier", "plat de côtes", "queue", "épaule", "poitrine", "basse-côte", "travers", "gîte"}
	poultry    = []string{"poulet", "dinde", "canard", "pintade", "caille", "volaille", "oie", "chapon", "coquelet", "lapin",
		"faisan", "pigeon", "perdrix", "poule", "coq", "autruche"}
)

// isPoultry matches whole words: "foie" is not "oie".
func isPoultry(fr string) bool { return hasWord(words(fr), poultry) }

// planOf decides how each food is prepared in a recipe of category c.
func planOf(c Category, parts []prep) []prep {
	has := func(k ...Kind) bool {
		for _, p := range parts {
			for _, x := range k {
				if p.kind == x {
					return true
				}
			}
		}
		return false
	}
	hasFat := has(KindFat)
	hasBread := has(KindBread)
	hasDairy := has(KindDairy)
	hasCereal := has(KindCereal)
	bowl := c != LunchDinner && (hasDairy || hasCereal)
	for i := range parts {
		p := &parts[i]
		fr := strings.ToLower(p.food.Name.FR)
		name := strings.ToLower(p.n.FR)
		switch p.kind {
		case KindGrain:
			switch {
			case p.state == stateCooked:
				p.how = hReheat
			case p.state == stateCanned:
				p.how = hDrain
			case strings.Contains(fr, "avoine") && c != LunchDinner:
				p.how = hCereal
			case p.state == stateDry || p.state == stateRaw:
				p.how, p.vol, p.lo, p.hi = hGrain, "deux volumes", 12, 15
				for _, m := range grainMethods {
					if strings.Contains(fr, m.word) {
						p.how, p.vol, p.lo, p.hi = m.how, m.vol, m.lo, m.hi
						break
					}
				}
			default:
				p.how = hAdd
			}
		case KindLegume:
			switch {
			case p.state == stateCooked:
				p.how = hReheat
			case p.state == stateCanned:
				p.how = hDrain
			case p.state == stateDry:
				p.how, p.lo, p.hi = hSoakBeans, 60, 90
				for _, m := range legumeMethods {
					if strings.Contains(fr, m.word) {
						p.how, p.vol, p.lo, p.hi = m.how, m.vol, m.lo, m.hi
						break
					}
				}
			default:
				p.how = hAdd
			}
		case KindTuber:
			switch {
			case p.state == stateCooked:
				p.how = hReheat
			case p.state == stateCanned:
				p.how = hDrain
			case p.state == stateRaw && strings.Contains(fr, "à cuire"):
				p.how, p.lo, p.hi = hTuberRoast, 20, 25
			case p.state == stateRaw && hasFat:
				p.how, p.lo, p.hi, p.fat = hTuberRoast, 30, 35, true
			case p.state == stateRaw:
				p.how, p.lo, p.hi = hPotatoBoil, 20, 25
			default:
				p.how = hAdd
			}
		case KindMeat:
			p.fat = hasFat
			switch {
			case p.state == stateCanned:
				p.how = hDrain
			case p.state != stateRaw:
				p.how = hSlice
			case isPoultry(fr):
				p.how, p.lo, p.hi = hPoultryPan, 8, 10
				if hasAny(fr, []string{"cuisse", "pilon", "aile", "éviscéré", "entier"}) {
					p.how, p.lo, p.hi, p.fat = hPoultryRoast, 35, 40, false
				}
			case strings.Contains(fr, "haché") || strings.Contains(fr, "hachage") || strings.Contains(fr, "maigre 90") || strings.Contains(fr, "maigre 80"):
				p.how, p.lo, p.hi = hMincedPan, 6, 8
			case hasAny(fr, braiseCuts):
				p.how, p.lo, p.hi, p.fat = hBraise, 120, 150, hasFat
			case strings.HasPrefix(fr, "porc"):
				p.how, p.lo, p.hi = hPorkPan, 10, 12
			case hasAny(fr, steakCuts):
				p.how, p.lo, p.hi = hSteakPan, 4, 6
			default:
				p.how, p.lo, p.hi = hMeatPan, 10, 12
			}
		case KindFish:
			p.fat = hasFat
			switch {
			case p.state == stateCanned:
				p.how = hDrainFlake
			case hasAny(fr, spreadWords) || strings.HasPrefix(fr, "oeufs de") || strings.HasPrefix(fr, "œufs de"):
				p.how = hAsIs
				if hasBread && c != LunchDinner {
					p.how = hSpread
				}
			case p.state != stateRaw && strings.HasPrefix(p.food.Subgroup, "seafood"):
				p.how = hShell
			case p.state != stateRaw && p.food.Subgroup == "fish, cooked":
				p.how = hFlake
			case p.state != stateRaw:
				p.how = hSlice
			case strings.HasPrefix(p.food.Subgroup, "seafood"):
				p.how, p.lo, p.hi = hSeafood, 2, 3
			case hasFat:
				p.how, p.lo, p.hi = hFishPan, 6, 8
			default:
				p.how, p.lo, p.hi = hFishOven, 12, 15
			}
		case KindDeli:
			p.fat = hasFat
			switch {
			case p.state == stateRaw && strings.Contains(fr, "lardon"):
				p.how, p.lo, p.hi, p.fat = hLardons, 5, 6, false
			case p.state == stateRaw && strings.Contains(fr, "poitrine"):
				p.how, p.lo, p.hi, p.fat = hLardons, 5, 6, false
			case p.state == stateRaw:
				p.how, p.lo, p.hi = hSausage, 12, 15
			case p.state == stateCanned:
				p.how = hDrain
			case hasAny(fr, spreadWords):
				p.how = hAsIs
				if hasBread && c != LunchDinner {
					p.how = hSpread
				}
			default:
				p.how = hSlice
			}
		case KindEgg:
			switch {
			case p.state != stateRaw && (strings.Contains(fr, "dur") || strings.Contains(fr, "coque")):
				p.how = hEggsPeel
			case p.state != stateRaw && (strings.Contains(fr, "omelette") || strings.Contains(fr, "tortilla")):
				p.how = hSlice
			case p.state != stateRaw:
				p.how = hAsIs
			case strings.Contains(fr, "poudre"):
				p.how = hAdd
			case c == Breakfast:
				p.how, p.fat, p.lo, p.hi = hEggsScrambled, hasFat, 3, 4
			default:
				p.how = hEggsBoiled
			}
		case KindVegetarian:
			switch {
			case strings.Contains(fr, "soyeux"):
				p.how = hAdd
			default:
				p.how, p.fat, p.lo, p.hi = hTofu, hasFat, 8, 10
			}
		case KindVegetable:
			switch {
			case p.state == stateCooked:
				p.how = hReheat
			case p.state == stateCanned:
				p.how = hDrain
			case p.state == stateDry || strings.Contains(fr, "séché") || strings.Contains(fr, "concentré") || strings.Contains(fr, "purée"):
				p.how = hAdd
			default:
				p.how, p.lo, p.hi = hVegSteam, 10, 12
				for _, m := range vegMethods {
					if strings.Contains(fr, m.word) || strings.Contains(name, m.word) {
						p.how, p.lo, p.hi = m.how, m.lo, m.hi
						break
					}
				}
				if c != LunchDinner && hasAny(fr, []string{"carotte", "concombre", "radis", "céleri", "poivron", "tomate"}) {
					p.how = hVegRaw
				}
				if strings.Contains(fr, "surgelé") && p.how == hVegRaw {
					p.how, p.lo, p.hi = hVegSteam, 8, 10
				}
				// Without a fat: mushrooms still go in a dry pan, onions and leeks sweat with a
				// splash of water, peppers and aubergines roast dry (steamed, they are watery).
				switch {
				case p.how == hVegSaute && !hasFat && strings.Contains(fr, "champignon"):
				case p.how == hVegSaute && !hasFat && hasAny(fr, []string{"oignon", "poireau", "échalote"}):
					p.how = hVegWilt
				case p.how == hVegSaute && !hasFat && strings.Contains(fr, "poivron"):
					p.how, p.lo, p.hi = hVegRoast, 20, 25
				case p.how == hVegSaute && !hasFat:
					p.how = hVegSteam
				}
				p.fat = hasFat && (p.how == hVegSaute || p.how == hVegRoast || p.how == hVegWilt)
			}
		case KindFruit:
			prepared := hasAny(fr, []string{"compote", "salade de fruits", "purée", "au sirop", "mélange"})
			switch {
			case strings.Contains(fr, "citron"):
				p.how = hLemon
			case p.state == stateCanned:
				p.how = hDrain
			case c == LunchDinner && prepared:
				p.how = hDessert
			case c == LunchDinner:
				p.how = hFruitDessert
			case prepared:
				p.how = hBase
				if hasDairy {
					p.how = hDrizzle
				}
			default:
				p.how = hFruit
			}
		case KindDairy:
			switch {
			case c == LunchDinner:
				p.how = hDessert
			case strings.Contains(fr, "à boire"):
				p.how = hGlass
			default:
				p.how = hBase
			}
		case KindMilk:
			p.how = hGlass
			if c != LunchDinner && hasCereal && !hasDairy {
				p.how = hBase
			}
		case KindCereal:
			p.how = hCereal
		case KindBread:
			switch {
			case c == LunchDinner:
				p.how = hBreadSide
			case p.food.Subgroup == "pastry dough":
				p.how = hDishRaw
			case p.food.Subgroup != "breads and similar" || hasAny(fr, []string{"biscotte", "galette", "grillé", "pita", "sans gluten", "pop-corn", "cracker", "gressin", "tortilla", "wrap"}):
				p.how = hBreadSide
			default:
				p.how = hToast
			}
		case KindNut:
			p.how = hNuts
			if strings.Contains(fr, "beurre de") || strings.Contains(fr, "pâte d") || strings.Contains(fr, "purée d") {
				p.how = hDrizzle
				if hasBread && c != LunchDinner {
					p.how = hSpread
				}
			}
		case KindCheese:
			switch {
			case c == LunchDinner || strings.Contains(fr, "râpé"):
				p.how = hCheeseTop
			case hasBread && (strings.Contains(fr, "frais") || strings.Contains(fr, "tartiner")):
				p.how = hSpread
			default:
				p.how = hCheeseSide
			}
		case KindCream:
			p.how = hSauce
			if bowl {
				p.how = hBase
			}
		case KindFat:
			p.how = hFat
			if c != LunchDinner && hasBread && !has(KindEgg) && spreadable(p.food) {
				p.how = hSpread
			}
		case KindSweetener:
			p.how = hDrizzle
			if c != LunchDinner && hasBread && (!bowl || strings.Contains(fr, "confiture")) {
				p.how = hSpread
			}
		case KindSweet:
			p.how = hDessert
		case KindSauce:
			p.how = hSauce
		case KindSeasoning:
			p.how = hHerb
		case KindDrink:
			p.how = hGlass
			if c != LunchDinner && hasCereal && !hasDairy && !has(KindMilk) && plantDrink(p.food) {
				p.how = hBase
			}
		case KindDish:
			switch {
			case p.state == stateRaw:
				p.how = hDishRaw
			case p.food.Subgroup == "mixed salads" || p.food.Subgroup == "sandwiches":
				p.how = hDishCold
			default:
				p.how = hDishHot
			}
		default:
			p.how = hAdd
		}
	}
	// The fat cooks only when some food cooks in it; otherwise it dresses the plate.
	return parts
}

// spreadable: butter and margarine are spread on bread; oils are not.
func spreadable(f Food) bool {
	switch f.Subgroup {
	case "butters", "margarines", "plant-based spreads":
		return true
	}
	return false
}

// plantDrink: soy, oat, almond or rice drinks, poured like milk.
func plantDrink(f Food) bool {
	fr := strings.ToLower(f.Name.FR)
	return strings.HasPrefix(fr, "boisson au") || strings.HasPrefix(fr, "boisson à") || strings.HasPrefix(fr, "boisson végétale")
}

// pantry: optional herbs and spices by what the dish holds, from a small cupboard.
func pantry(c Category, parts []prep) Text {
	var fr, en []string
	add := func(f, e string) {
		for _, x := range fr {
			if x == f {
				return
			}
		}
		if len(fr) < 3 {
			fr, en = append(fr, f), append(en, e)
		}
	}
	for _, p := range parts {
		name := strings.ToLower(p.food.Name.FR)
		switch {
		case c != LunchDinner && (p.how == hBase || p.how == hCereal):
			add("cannelle", "cinnamon")
		case p.kind == KindEgg:
			add("ciboulette", "chives")
		case p.kind == KindFish:
			add("jus de citron", "lemon juice")
			add("aneth", "dill")
		case p.kind == KindMeat && isPoultry(name):
			add("paprika", "paprika")
			add("thym", "thyme")
		case p.kind == KindMeat:
			add("thym", "thyme")
			add("ail", "garlic")
		case p.kind == KindLegume:
			add("cumin", "cumin")
			add("laurier", "bay leaf")
		case p.kind == KindVegetarian:
			add("gingembre", "ginger")
			add("ail", "garlic")
		case p.kind == KindVegetable && c == LunchDinner:
			add("herbes de Provence", "dried Provence herbs")
		}
	}
	return Text{FR: strings.Join(fr, ", "), EN: strings.Join(en, ", ")}
}

// saltCap is the most salt one serving may hold: 2.5 g for lunch or dinner, 1.5 g otherwise.
func saltCap(c Category) float64 {
	if c == LunchDinner {
		return 2.5
	}
	return 1.5
}

// pinchG is the salt a pinch adds to a serving.
const pinchG = 0.4

// enIt is "it" or "them" for an English noun.
func enIt(n noun) string {
	e := strings.ToLower(n.EN)
	if strings.HasSuffix(e, "s") && !strings.HasSuffix(e, "ss") && !hasAny(e, []string{"hummus", "couscous", "asparagus", "molasses", "quinoa"}) {
		return "them"
	}
	if strings.HasSuffix(e, "eggs") || strings.HasSuffix(e, "grapes") {
		return "them"
	}
	return "it"
}

// mins writes a range of minutes: "11 à 12 minutes", "11 to 12 minutes".
func mins(lo, hi int) Text {
	if lo == hi || lo == 0 {
		return Text{FR: fmt.Sprintf("%d%sminutes", hi, nbsp), EN: fmt.Sprintf("%d minutes", hi)}
	}
	return Text{FR: fmt.Sprintf("%d à %d%sminutes", lo, hi, nbsp), EN: fmt.Sprintf("%d to %d minutes", lo, hi)}
}

// volEN translates the water ratios of grainMethods.
var volEN = map[string]string{"deux volumes": "2 volumes", "deux volumes et demi": "2.5 volumes", "trois volumes": "3 volumes", "quatre volumes": "4 volumes"}

// writeSteps writes the steps of a recipe and returns them with its duration in minutes.
func writeSteps(c Category, parts []prep, servings int) (Steps, int) {
	var st Steps
	var active, longest int
	step := func(fr, en string) {
		st.FR = append(st.FR, frTypo(fr))
		st.EN = append(st.EN, en)
	}
	var fat *prep
	for i := range parts {
		if parts[i].kind == KindFat && parts[i].how == hFat && fat == nil {
			fat = &parts[i]
		}
	}
	fatUsed := false
	inFat := func(p prep) (string, string) {
		if fat == nil || !p.fat {
			return "à sec dans une poêle antiadhésive", "in a dry non-stick pan"
		}
		fatUsed = true
		return "dans un peu " + fat.n.de(), "in a little " + fat.n.EN
	}
	// Salt: a pinch only when the serving stays under its cap.
	var saltG float64
	var saltiest *prep
	for i := range parts {
		s := SaltOf(parts[i].food.Per100g).Or(0) * parts[i].gramsPerServing / 100
		saltG += s
		if saltiest == nil || s > SaltOf(saltiest.food.Per100g).Or(0)*saltiest.gramsPerServing/100 {
			saltiest = &parts[i]
		}
	}
	saltOK := saltG+pinchG <= saltCap(c)
	// A salty food (soy sauce, ham, feta, smoked fish) seasons the dish by itself.
	for i := range parts {
		per100 := SaltOf(parts[i].food.Per100g).Or(0)
		if per100 >= 2 && per100*parts[i].gramsPerServing/100 >= 0.3 {
			if saltOK {
				saltiest = &parts[i]
			}
			saltOK = false
		}
	}
	salted, saltedEN := "salée", "salted "
	if !saltOK {
		salted, saltedEN = "non salée", "unsalted "
	}
	for _, p := range parts {
		a, k := p.timing()
		active += a
		longest = max(longest, k)
	}

	step("Pesez les ingrédients selon les quantités de la recette.", "Weigh the ingredients as the recipe lists them.")
	for _, p := range parts {
		if p.boughtAs != AsUsed {
			step(weighBought(p))
		}
	}
	by := func(hs ...how) []prep {
		var out []prep
		for _, p := range parts {
			for _, h := range hs {
				if p.how == h {
					out = append(out, p)
				}
			}
		}
		return out
	}
	names := func(ps []prep) (string, string) {
		var fr, en []string
		seen := map[string]bool{}
		for _, p := range ps {
			if !seen[p.n.FR] { // two kinds of biscuit are "le biscuit" once
				seen[p.n.FR] = true
				fr, en = append(fr, p.n.le()), append(en, p.n.EN)
			}
		}
		return listFR(fr), "the " + listEN(en)
	}

	// 1. Long cookings first: soaking, pulses, grains, tubers, braises, roasts, the longest first
	// (the oven heats while the couscous soaks).
	longStart := len(st.FR)
	for _, p := range by(hSoakBeans) {
		kidney := strings.Contains(strings.ToLower(p.food.Name.FR), "haricot rouge")
		fr := fmt.Sprintf("La veille, faites tremper %s 8 à 12%sheures dans trois fois leur volume d’eau froide. Égouttez, couvrez d’eau fraîche", p.n.le(), nbsp)
		en := fmt.Sprintf("The day before, soak the %s for 8 to 12 hours in three times their volume of cold water. Drain, cover with fresh water", p.n.EN)
		if kidney {
			fr += ", faites bouillir vivement 10" + nbsp + "minutes"
			en += ", boil hard for 10 minutes"
		}
		fr += fmt.Sprintf(" puis laissez frémir à couvert 1%sh à 1%sh 30, jusqu’à ce que les grains soient tendres ; salez en fin de cuisson et égouttez.", nbsp, nbsp)
		en += " then simmer, covered, for 1 hour to 1 hour 30, until tender; salt at the end and drain."
		step(fr, en)
	}
	for _, p := range by(hLentils) {
		m := mins(p.lo, p.hi)
		rinse, rinseEN := "Rincez", "Rinse"
		step(fmt.Sprintf("%s %s, puis faites-%s cuire à frémissement dans %s d’eau non salée, %s, %s ; salez en fin de cuisson et égouttez si besoin.", rinse, p.n.le(), p.n.pron(), p.vol, m.FR, p.n.until("tendre")),
			fmt.Sprintf("%s the %s, then simmer %s in %s of unsalted water for %s, until tender; salt at the end and drain if needed.", rinseEN, p.n.EN, enIt(p.n), volEN[p.vol], m.EN))
	}
	for _, p := range by(hRice) {
		m := mins(p.lo, p.hi)
		step(fmt.Sprintf("Rincez %s à l’eau froide, puis faites-%s cuire dans %s d’eau %s, à couvert et à feu doux, %s, jusqu’à absorption de l’eau ; laissez reposer 5%sminutes hors du feu.", p.n.le(), p.n.pron(), p.vol, salted, m.FR, nbsp),
			fmt.Sprintf("Rinse the %s in cold water, then cook it in %s of %swater, covered over low heat, for %s, until the water is absorbed; rest for 5 minutes off the heat.", p.n.EN, volEN[p.vol], saltedEN, m.EN))
	}
	for _, p := range by(hPasta) {
		m := mins(p.lo, p.hi)
		step(fmt.Sprintf("Faites cuire %s dans un grand volume d’eau bouillante %s (1%sL pour 100%sg), %s en remuant de temps en temps, puis égouttez.", p.n.le(), salted, nbsp, nbsp, m.FR),
			fmt.Sprintf("Cook the %s in plenty of boiling %swater (1 L per 100 g) for %s, stirring now and then, then drain.", p.n.EN, saltedEN, m.EN))
	}
	for _, p := range by(hNoodles) {
		m := mins(p.lo, p.hi)
		step(fmt.Sprintf("Plongez %s dans l’eau bouillante hors du feu, %s, puis égouttez et rincez à l’eau froide.", p.n.le(), m.FR),
			fmt.Sprintf("Soak the %s in water just off the boil for %s, then drain and rinse in cold water.", p.n.EN, m.EN))
	}
	for _, p := range by(hGrain) {
		m := mins(p.lo, p.hi)
		step(fmt.Sprintf("Rincez %s, puis faites-%s cuire dans %s d’eau %s, à couvert et à feu doux, %s, jusqu’à absorption de l’eau.", p.n.le(), p.n.pron(), p.vol, salted, m.FR),
			fmt.Sprintf("Rinse the %s, then cook %s in %s of %swater, covered over low heat, for %s, until the water is absorbed.", p.n.EN, enIt(p.n), volEN[p.vol], saltedEN, m.EN))
	}
	for _, p := range by(hCouscous) {
		step(fmt.Sprintf("Versez sur %s son volume d’eau bouillante %s, couvrez 5%sminutes, puis égrainez à la fourchette.", p.n.le(), salted, nbsp),
			fmt.Sprintf("Pour the same volume of boiling %swater over the %s, cover for 5 minutes, then fluff with a fork.", saltedEN, p.n.EN))
	}
	for _, p := range by(hPolenta) {
		step(fmt.Sprintf("Versez %s en pluie dans quatre volumes d’eau bouillante %s et faites cuire 5%sminutes en remuant.", p.n.le(), salted, nbsp),
			fmt.Sprintf("Rain the %s into 4 volumes of boiling %swater and cook for 5 minutes, stirring.", p.n.EN, saltedEN))
	}
	for _, p := range by(hPotatoBoil) {
		m := mins(p.lo, p.hi)
		step(fmt.Sprintf("Épluchez %s, coupez-%s en morceaux et faites-%s cuire %s dans l’eau %s, départ à froid, jusqu’à ce que la pointe d’un couteau s’y enfonce sans résistance.", p.n.le(), p.n.pron(), p.n.pron(), m.FR, salted),
			fmt.Sprintf("Peel the %s, cut %s into pieces and cook %s in %swater started cold for %s, until a knife goes in easily.", p.n.EN, enIt(p.n), enIt(p.n), saltedEN, m.EN))
	}
	for _, p := range by(hTuberRoast) {
		m := mins(p.lo, p.hi)
		if strings.Contains(strings.ToLower(p.food.Name.FR), "à cuire") {
			step(fmt.Sprintf("Faites cuire %s au four à 200%s°C, %s, en %s retournant à mi-cuisson.", p.n.le(), nbsp, m.FR, p.n.pron()),
				fmt.Sprintf("Bake the %s at 200 °C (400 °F) for %s, turning halfway.", p.n.EN, m.EN))
			continue
		}
		f, e := inFat(p)
		f, e = strings.Replace(f, "dans un peu", "avec un peu", 1), strings.Replace(e, "in a little", "with a little", 1)
		wash, washEN := "Épluchez", "Peel"
		if hasAny(strings.ToLower(p.food.Name.FR), []string{"nouvelle", "primeur", "grenaille"}) {
			wash, washEN = "Lavez", "Wash" // new potatoes roast in their skin
		}
		step(fmt.Sprintf("%s %s, coupez-%s en cubes, mélangez %s et faites rôtir au four à 200%s°C, %s, %s.", wash, p.n.le(), p.n.pron(), f, nbsp, m.FR, p.n.until("doré", "tendre")),
			fmt.Sprintf("%s the %s, cut %s into cubes, toss %s and roast at 200 °C (400 °F) for %s, until golden and tender.", washEN, p.n.EN, enIt(p.n), e, m.EN))
	}
	for _, p := range by(hBraise) {
		m := Text{FR: "2" + nbsp + "h à 2" + nbsp + "h 30", EN: "2 to 2½ hours"}
		f, e := inFat(p)
		step(fmt.Sprintf("Coupez %s en morceaux, faites-%s dorer %s, couvrez d’eau à hauteur et laissez mijoter à couvert et à feu doux %s, jusqu’à ce que la viande soit fondante.", p.n.le(), p.n.pron(), f, m.FR),
			fmt.Sprintf("Cut the %s into pieces, brown %s %s, cover with water and simmer, covered, over low heat for %s, until the meat is tender.", p.n.EN, enIt(p.n), e, m.EN))
	}
	for _, p := range by(hPoultryRoast) {
		m := mins(p.lo, p.hi)
		step(fmt.Sprintf("Faites rôtir %s au four à 200%s°C, %s, jusqu’à 74%s°C à cœur (le jus qui s’écoule est clair, sans trace de rose).", p.n.le(), nbsp, m.FR, nbsp),
			fmt.Sprintf("Roast the %s at 200 °C (400 °F) for %s, until the centre reaches 74 °C (165 °F) and the juices run clear.", p.n.EN, m.EN))
	}
	for _, p := range by(hVegRoast) {
		m := mins(p.lo, p.hi)
		f, e := inFat(p)
		f, e = strings.Replace(f, "dans un peu", "avec un peu", 1), strings.Replace(e, "in a little", "with a little", 1)
		wash, washEN := "Lavez", "Wash"
		if hasAny(strings.ToLower(p.food.Name.FR), []string{"courge", "butternut", "potiron", "potimarron", "betterave", "panais"}) {
			wash, washEN = "Épluchez", "Peel"
		}
		if !p.fat {
			f, e = "étalez-"+p.n.pron()+" sur une plaque couverte de papier cuisson", "spread "+enIt(p.n)+" on a lined baking tray"
		} else {
			f, e = "mélangez "+f, "toss "+e
		}
		step(fmt.Sprintf("%s %s, coupez-%s en cubes, %s et faites rôtir au four à 200%s°C, %s.", wash, p.n.le(), p.n.pron(), f, nbsp, m.FR),
			fmt.Sprintf("%s the %s, cut %s into cubes, %s and roast at 200 °C (400 °F) for %s.", washEN, p.n.EN, enIt(p.n), e, m.EN))
	}
	for _, p := range by(hFishOven) {
		m := mins(p.lo, p.hi)
		step(fmt.Sprintf("Faites cuire %s au four à 180%s°C, en papillote, %s, jusqu’à ce que la chair s’effeuille à la fourchette (63%s°C à cœur).", p.n.le(), nbsp, m.FR, nbsp),
			fmt.Sprintf("Bake the %s in a parcel at 180 °C (350 °F) for %s, until the flesh flakes with a fork (63 °C / 145 °F in the centre).", p.n.EN, m.EN))
	}

	longFirst(&st, longStart, by(hSoakBeans, hLentils, hRice, hPasta, hNoodles, hGrain, hCouscous, hPolenta, hPotatoBoil,
		hTuberRoast, hBraise, hPoultryRoast, hVegRoast, hFishOven))

	// 2. Pan and pot cookings of proteins, eggs and vegetables.
	for _, p := range by(hPoultryPan) {
		m := mins(p.lo, p.hi)
		f, e := inFat(p)
		step(fmt.Sprintf("Coupez %s en morceaux et faites-%s dorer %s à feu moyen, %s en retournant, jusqu’à 74%s°C à cœur (plus aucune trace de rose).", p.n.le(), p.n.pron(), f, m.FR, nbsp),
			fmt.Sprintf("Cut the %s into pieces and brown %s %s over medium heat for %s, turning, until the centre reaches 74 °C (165 °F), with no pink left.", p.n.EN, enIt(p.n), e, m.EN))
	}
	for _, p := range by(hMincedPan) {
		f, e := inFat(p)
		step(fmt.Sprintf("Faites cuire %s %s à feu moyen, 3 à 4%sminutes par face, jusqu’à 70%s°C à cœur (plus de rose au centre).", p.n.le(), f, nbsp, nbsp),
			fmt.Sprintf("Cook the %s %s over medium heat, 3 to 4 minutes a side, until the centre reaches 70 °C (158 °F), with no pink left.", p.n.EN, e))
	}
	for _, p := range by(hSteakPan) {
		f, e := inFat(p)
		step(fmt.Sprintf("Faites saisir %s %s à feu vif, 2 à 3%sminutes par face selon l’épaisseur, jusqu’à 63%s°C à cœur pour une cuisson à point ; laissez reposer 3%sminutes, puis tranchez.", p.n.le(), f, nbsp, nbsp, nbsp),
			fmt.Sprintf("Sear the %s %s over high heat, 2 to 3 minutes a side depending on thickness, until the centre reaches 63 °C (145 °F) for medium; rest for 3 minutes, then slice.", p.n.EN, e))
	}
	for _, p := range by(hPorkPan, hMeatPan) {
		m := mins(p.lo, p.hi)
		t, tEN := "63"+nbsp+"°C", "63 °C (145 °F)"
		if p.how == hMeatPan {
			t, tEN = "70"+nbsp+"°C", "70 °C (158 °F)"
		}
		f, e := inFat(p)
		step(fmt.Sprintf("Faites cuire %s %s à feu moyen, %s en retournant à mi-cuisson, jusqu’à %s à cœur ; laissez reposer 3%sminutes.", p.n.le(), f, m.FR, t, nbsp),
			fmt.Sprintf("Cook the %s %s over medium heat for %s, turning halfway, until the centre reaches %s; rest for 3 minutes.", p.n.EN, e, m.EN, tEN))
	}
	for _, p := range by(hSausage) {
		m := mins(p.lo, p.hi)
		if strings.Contains(strings.ToLower(p.food.Name.FR), "quenelle") {
			step(fmt.Sprintf("Faites pocher %s 10%sminutes dans l’eau frémissante, %s.", p.n.le(), nbsp, p.n.until("gonflé")),
				fmt.Sprintf("Poach the %s in simmering water for 10 minutes, until puffed.", p.n.EN))
			continue
		}
		f, e := inFat(p)
		step(fmt.Sprintf("Piquez %s et faites-%s cuire %s à feu moyen, %s en retournant, jusqu’à 70%s°C à cœur.", p.n.le(), p.n.pron(), f, m.FR, nbsp),
			fmt.Sprintf("Prick the %s and cook %s %s over medium heat for %s, turning, until the centre reaches 70 °C (158 °F).", p.n.EN, enIt(p.n), e, m.EN))
	}
	for _, p := range by(hLardons) {
		m := mins(p.lo, p.hi)
		step(fmt.Sprintf("Faites revenir %s à sec dans une poêle, %s, %s ; égouttez sur du papier absorbant.", p.n.le(), m.FR, p.n.until("doré")),
			fmt.Sprintf("Fry the %s in a dry pan for %s until golden; drain on kitchen paper.", p.n.EN, m.EN))
	}
	for _, p := range by(hFishPan) {
		f, e := inFat(p)
		step(fmt.Sprintf("Faites cuire %s %s à feu moyen, 3 à 4%sminutes par face (côté peau d’abord), jusqu’à ce que la chair s’effeuille à la fourchette (63%s°C à cœur).", p.n.le(), f, nbsp, nbsp),
			fmt.Sprintf("Cook the %s %s over medium heat, 3 to 4 minutes a side (skin side first), until the flesh flakes with a fork (63 °C / 145 °F in the centre).", p.n.EN, e))
	}
	for _, p := range by(hSeafood) {
		f, e := inFat(p)
		step(fmt.Sprintf("Faites sauter %s %s à feu vif, 2 à 3%sminutes, %s (63%s°C à cœur).", p.n.le(), f, nbsp, p.n.until("rose", "opaque"), nbsp),
			fmt.Sprintf("Stir-fry the %s %s over high heat for 2 to 3 minutes, until pink and opaque (63 °C / 145 °F in the centre).", p.n.EN, e))
	}
	for _, p := range by(hTofu) {
		m := mins(p.lo, p.hi)
		f, e := inFat(p)
		step(fmt.Sprintf("Égouttez %s, épongez-%s, coupez-%s en dés et faites-%s dorer %s, %s en remuant.", p.n.le(), p.n.pron(), p.n.pron(), p.n.pron(), f, m.FR),
			fmt.Sprintf("Drain the %s, pat %s dry, dice %s and brown %s %s for %s, stirring.", p.n.EN, enIt(p.n), enIt(p.n), enIt(p.n), e, m.EN))
	}
	for _, p := range by(hEggsBoiled) {
		step(fmt.Sprintf("Plongez %s dans l’eau bouillante 9%sminutes, refroidissez-%s à l’eau froide, écalez-%s et coupez-%s en quartiers.", p.n.le(), nbsp, p.n.pron(), p.n.pron(), p.n.pron()),
			fmt.Sprintf("Lower the %s into boiling water for 9 minutes, cool %s in cold water, peel and quarter %s.", p.n.EN, enIt(p.n), enIt(p.n)))
	}
	for _, p := range by(hEggsScrambled) {
		f, e := inFat(p)
		step(fmt.Sprintf("Battez %s à la fourchette, puis faites-%s cuire %s à feu doux, 3 à 4%sminutes en remuant, %s (œufs brouillés).", p.n.le(), p.n.pron(), f, nbsp, p.n.until("pris")),
			fmt.Sprintf("Beat the %s with a fork, then cook %s %s over low heat for 3 to 4 minutes, stirring, until set (scrambled).", p.n.EN, enIt(p.n), e))
	}
	for _, p := range by(hVegSteam) {
		m := mins(p.lo, p.hi)
		if low := strings.ToLower(p.food.Name.FR); hasAny(low, []string{"petits pois", "maïs", "surgelé"}) {
			step(fmt.Sprintf("Faites cuire %s à la vapeur %s, %s.", p.n.le(), m.FR, p.n.until("tendre")),
				fmt.Sprintf("Steam the %s for %s, until tender.", p.n.EN, m.EN))
			continue
		}
		step(fmt.Sprintf("Lavez %s, coupez-%s en morceaux et faites-%s cuire à la vapeur %s, %s.", p.n.le(), p.n.pron(), p.n.pron(), m.FR, p.n.until("tendre")),
			fmt.Sprintf("Wash the %s, cut %s into pieces and steam %s for %s, until tender.", p.n.EN, enIt(p.n), enIt(p.n), m.EN))
	}
	for _, p := range by(hVegSaute) {
		m := mins(p.lo, p.hi)
		f, e := inFat(p)
		wash, washEN := "Lavez", "Wash"
		if hasAny(strings.ToLower(p.food.Name.FR), []string{"oignon", "échalote", "ail"}) {
			wash, washEN = "Épluchez", "Peel"
		}
		step(fmt.Sprintf("%s %s, émincez-%s et faites-%s sauter %s à feu moyen, %s.", wash, p.n.le(), p.n.pron(), p.n.pron(), f, m.FR),
			fmt.Sprintf("%s and slice the %s and sauté %s %s over medium heat for %s.", washEN, p.n.EN, enIt(p.n), e, m.EN))
	}
	for _, p := range by(hVegWilt) {
		m := mins(p.lo, p.hi)
		f, e := inFat(p)
		if !p.fat {
			f, e = "dans une poêle avec un fond d’eau", "in a pan with a splash of water"
		}
		if low := strings.ToLower(p.food.Name.FR); hasAny(low, []string{"oignon", "poireau", "échalote"}) {
			wash, washEN := "Lavez", "Wash"
			if !strings.Contains(low, "poireau") {
				wash, washEN = "Épluchez", "Peel"
			}
			if !p.fat {
				f, e = "à couvert dans une poêle avec un fond d’eau", "in a covered pan with a splash of water"
			}
			step(fmt.Sprintf("%s %s, émincez-%s et faites-%s fondre %s à feu doux, %s.", wash, p.n.le(), p.n.pron(), p.n.pron(), f, m.FR),
				fmt.Sprintf("%s and slice the %s and sweat %s %s over low heat for %s.", washEN, p.n.EN, enIt(p.n), e, m.EN))
			continue
		}
		step(fmt.Sprintf("Lavez %s et faites-%s tomber %s, %s.", p.n.le(), p.n.pron(), f, m.FR),
			fmt.Sprintf("Wash the %s and wilt %s %s for %s.", p.n.EN, enIt(p.n), e, m.EN))
	}

	// 3. Foods eaten as bought: drain, slice, reheat, raw vegetables and fruit.
	if ps := by(hDrain); len(ps) > 0 {
		fr, en := names(ps)
		step(fmt.Sprintf("Égouttez et rincez %s.", fr), fmt.Sprintf("Drain and rinse %s.", en))
	}
	if ps := by(hDrainFlake); len(ps) > 0 {
		fr, en := names(ps)
		step(fmt.Sprintf("Égouttez %s et émiettez-%s à la fourchette.", fr, pronOf(ps)), fmt.Sprintf("Drain %s and flake with a fork.", en))
	}
	// A cooked grain boxed for later is reheated once, when eaten.
	if ps := by(hReheat); len(ps) > 0 && (c != LunchDinner || servings == 1) {
		fr, en := names(ps)
		step(fmt.Sprintf("Réchauffez %s 2 à 3%sminutes à la poêle ou au micro-ondes, avec une cuillerée d’eau.", fr, nbsp),
			fmt.Sprintf("Reheat %s for 2 to 3 minutes in a pan or the microwave, with a spoonful of water.", en))
	}
	if ps := by(hSlice); len(ps) > 0 {
		fr, en := names(ps)
		step(fmt.Sprintf("Coupez %s en tranches ou en lanières.", fr), fmt.Sprintf("Slice %s.", en))
	}
	if ps := by(hFlake); len(ps) > 0 {
		fr, en := names(ps)
		step(fmt.Sprintf("Effeuillez %s en gros morceaux, sans les arêtes.", fr), fmt.Sprintf("Flake %s into large pieces, removing any bones.", en))
	}
	if ps := by(hShell); len(ps) > 0 {
		fr, en := names(ps)
		step(fmt.Sprintf("Décortiquez %s si besoin.", fr), fmt.Sprintf("Shell %s if needed.", en))
	}
	if ps := by(hEggsPeel); len(ps) > 0 {
		fr, en := names(ps)
		step(fmt.Sprintf("Écalez %s et coupez-%s en quartiers.", fr, pronOf(ps)), fmt.Sprintf("Peel and quarter %s.", en))
	}
	for _, p := range by(hVegRaw) {
		fr, en := rawVegPrep(p)
		if c == LunchDinner && !strings.HasPrefix(fr, "Au moment de servir") {
			fr += fmt.Sprintf(" ; gardez-%s %s à part jusqu’au moment de servir", p.n.pron(), p.n.agree("cru"))
			en += fmt.Sprintf("; keep %s raw and apart until serving", enIt(p.n))
		}
		step(fr+".", en+".")
	}
	for _, p := range by(hFruit, hFruitDessert) {
		fr, en := fruitPrep(p)
		if p.how == hFruitDessert {
			fr += " Servez en dessert."
			en += " Serve as dessert."
		}
		step(fr, en)
	}
	for _, p := range by(hLemon) {
		step(fmt.Sprintf("Pressez %s et arrosez-en le plat au moment de servir.", p.n.le()),
			fmt.Sprintf("Squeeze the %s and sprinkle the juice over the dish when serving.", p.n.EN))
	}
	for _, p := range by(hHerb) {
		switch p.food.Subgroup {
		case "herbs":
			step(fmt.Sprintf("Ciselez %s et parsemez-en le plat au moment de servir.", p.n.le()),
				fmt.Sprintf("Chop the %s and scatter it over the dish when serving.", p.n.EN))
		case "spices":
			step(fmt.Sprintf("Saupoudrez le plat %s.", p.n.de()), fmt.Sprintf("Sprinkle the dish with the %s.", p.n.EN))
		default:
			if hasAny(strings.ToLower(p.food.Name.FR), []string{"bouillon", "fond de"}) {
				step(fmt.Sprintf("Délayez %s dans un peu d’eau chaude et versez sur le plat.", p.n.le()),
					fmt.Sprintf("Dissolve the %s in a little hot water and pour it over the dish.", p.n.EN))
				continue
			}
			step(fmt.Sprintf("Ajoutez %s au moment de servir.", p.n.le()), fmt.Sprintf("Add the %s when serving.", p.n.EN))
		}
	}

	// 4. Assembly.
	base, cereal, nuts, drizzle := by(hBase), by(hCereal), by(hNuts), by(hDrizzle)
	fruit := by(hFruit)
	if c != LunchDinner && (len(base) > 0 || len(cereal) > 0) {
		var fr, en string
		soak, soakEN := "", "" // the flakes soak once everything is in the bowl
		milky := len(base) > 0
		for _, p := range base {
			milky = milky && (p.kind == KindMilk || p.kind == KindDrink)
		}
		switch {
		case milky:
			// Cereal first, the milk poured over it.
			var solids []prep
			solids = append(solids, cereal...)
			solids = append(solids, fruit...)
			solids = append(solids, nuts...)
			f, e := names(solids)
			m, me := names(base)
			fr, en = "Dans un bol, mettez "+f+", puis versez "+m, "In a bowl, put "+e+", then pour over "+me
			for _, p := range cereal {
				if strings.Contains(strings.ToLower(p.food.Name.FR), "avoine") {
					soak, soakEN = " ; laissez gonfler 5"+nbsp+"minutes, ou une nuit au réfrigérateur", "; let soak for 5 minutes, or overnight in the fridge"
					break
				}
			}
		case len(base) > 0:
			f, e := names(base)
			fr, en = "Dans un bol, versez "+f, "In a bowl, spoon "+e
			var adds []prep
			adds = append(adds, cereal...)
			adds = append(adds, by(hRice, hGrain, hCouscous, hPolenta, hReheat)...)
			adds = append(adds, fruit...)
			adds = append(adds, nuts...)
			if len(adds) > 0 {
				f, e := names(adds)
				fr += " ; ajoutez " + f
				en += "; add " + e
			}
		default:
			f, e := names(cereal)
			fr, en = "Dans un bol, versez "+f, "In a bowl, put "+e
			var adds []prep
			adds = append(adds, fruit...)
			adds = append(adds, nuts...)
			if len(adds) > 0 {
				f, e := names(adds)
				fr += " ; ajoutez " + f
				en += "; add " + e
			}
		}
		if len(drizzle) > 0 {
			if milky {
				fr += " et nappez " + drizzleFR(drizzle)
				en += " and top with " + drizzleEN(drizzle)
			} else {
				fr += ", puis nappez " + drizzleFR(drizzle)
				en += ", then top with " + drizzleEN(drizzle)
			}
		}
		fr += soak + "."
		en += soakEN + "."
		if len(base) > 0 && len(cereal) > 0 && !milky {
			fr += " Pour des flocons plus tendres, préparez le bol la veille et gardez-le au réfrigérateur."
			en += " For softer flakes, make the bowl the night before and keep it in the fridge."
		}
		step(fr, en)
	} else {
		if len(nuts) > 0 {
			f, e := names(nuts)
			if c == LunchDinner {
				step(fmt.Sprintf("Concassez grossièrement %s et parsemez-en le plat au moment de servir.", f), fmt.Sprintf("Roughly chop %s and scatter over the dish when serving.", e))
			} else {
				step(fmt.Sprintf("Servez avec %s.", f), fmt.Sprintf("Serve with %s.", e))
			}
		}
		if len(drizzle) > 0 {
			f, e := names(drizzle)
			step(fmt.Sprintf("Servez avec %s.", f), fmt.Sprintf("Serve with %s.", e))
		}
		for _, p := range by(hBase) {
			step(fmt.Sprintf("Servez %s dans un bol.", p.n.le()), fmt.Sprintf("Serve the %s in a bowl.", p.n.EN))
		}
	}
	toast, side, spread := by(hToast), by(hBreadSide), by(hSpread)
	if ps := append(append([]prep{}, toast...), side...); len(ps) > 0 {
		f, e := names(ps)
		lead, leadEN := "Servez "+f, "Serve "+e
		if len(toast) > 0 {
			tf, te := names(toast)
			lead, leadEN = "Faites griller "+tf, "Toast "+te
			if len(spread) == 0 && len(side) == 0 && (len(base) > 0 || len(cereal) > 0 || has(parts, hEggsScrambled)) {
				lead += " et servez-" + pronOf(toast)
				leadEN += " and serve " + enIt(toast[0].n)
			}
			if len(side) > 0 {
				sf, se := names(side)
				lead += " ; servez avec " + sf
				leadEN += "; serve with " + se
			}
		}
		if len(spread) > 0 {
			sf, se := names(spread)
			_ = sf
			step(fmt.Sprintf("%s et tartinez %s.", lead, spreadFR(spread)), fmt.Sprintf("%s and spread with %s.", leadEN, se))
			spread = nil
		} else if c == LunchDinner || len(base) > 0 || len(cereal) > 0 || has(parts, hEggsScrambled) {
			step(lead+" à côté.", leadEN+" on the side.")
		} else {
			step(lead+".", leadEN+".")
		}
	}
	for _, p := range by(hCheeseSide) {
		if hasAny(strings.ToLower(p.food.Name.FR), []string{"feta", "chèvre frais", "ricotta", "cottage"}) {
			step(fmt.Sprintf("Émiettez %s.", p.n.le()), fmt.Sprintf("Crumble the %s.", p.n.EN))
			continue
		}
		step(fmt.Sprintf("Coupez %s en tranches.", p.n.le()), fmt.Sprintf("Slice the %s.", p.n.EN))
	}
	{
		if ps := by(hCheeseTop); len(ps) > 0 {
			fr, en := names(ps)
			grated := strings.Contains(fr, "râpé") && len(ps) == 1
			switch {
			case grated && c != LunchDinner && len(by(hToast)) > 0:
				step(fmt.Sprintf("Parsemez le pain %s et faites gratiner 2 à 3%sminutes sous le gril du four.", ps[0].n.de(), nbsp),
					fmt.Sprintf("Sprinkle %s over the bread and grill for 2 to 3 minutes, until melted.", en))
			case grated:
				step(fmt.Sprintf("Parsemez le plat %s au moment de servir.", ps[0].n.de()), fmt.Sprintf("Sprinkle %s over the dish when serving.", en))
			default:
				step(cheeseTopFR(ps), cheeseTopEN(ps))
			}
		}
	}
	for _, p := range by(hSauce) {
		if strings.Contains(strings.ToLower(p.food.Name.FR), "sauce tomate") || strings.Contains(strings.ToLower(p.food.Name.FR), "bolognaise") {
			step(fmt.Sprintf("Faites chauffer %s 3%sminutes à feu doux et nappez-en le plat.", p.n.le(), nbsp), fmt.Sprintf("Warm the %s for 3 minutes over low heat and spoon it over the dish.", p.n.EN))
			continue
		}
		step(fmt.Sprintf("Ajoutez %s au moment de servir.", p.n.le()), fmt.Sprintf("Add the %s when serving.", p.n.EN))
	}
	for _, p := range by(hDishHot) {
		step(fmt.Sprintf("Réchauffez %s à cœur, 3 à 4%sminutes au micro-ondes ou à la poêle, en remuant à mi-chemin.", p.n.le(), nbsp),
			fmt.Sprintf("Reheat the %s until piping hot, 3 to 4 minutes in the microwave or a pan, stirring halfway.", p.n.EN))
	}
	for _, p := range by(hDishCold) {
		step(fmt.Sprintf("Servez %s bien %s.", p.n.le(), fraisFR(p.n)), fmt.Sprintf("Serve the %s chilled.", p.n.EN))
	}
	for _, p := range by(hDishRaw) {
		step(fmt.Sprintf("Faites cuire %s comme l’indique l’emballage, jusqu’à ce que ce soit bien chaud à cœur.", p.n.le()),
			fmt.Sprintf("Cook the %s as the package says, until piping hot in the centre.", p.n.EN))
	}
	for _, p := range by(hAsIs) {
		step(fmt.Sprintf("Servez %s à part.", p.n.le()), fmt.Sprintf("Serve the %s on the side.", p.n.EN))
	}
	for _, p := range by(hDessert) {
		if c != LunchDinner {
			step(fmt.Sprintf("Servez %s à côté.", p.n.le()), fmt.Sprintf("Serve the %s on the side.", p.n.EN))
			continue
		}
		if strings.Contains(p.n.FR, "dessert") {
			step(fmt.Sprintf("Servez %s pour finir le repas.", p.n.le()), fmt.Sprintf("Serve the %s to finish the meal.", p.n.EN))
			continue
		}
		step(fmt.Sprintf("Servez %s en dessert.", p.n.le()), fmt.Sprintf("Serve the %s as dessert.", p.n.EN))
	}
	if fat != nil && !fatUsed {
		if spreadable(fat.food) {
			step(fmt.Sprintf("Ajoutez %s en noisettes sur le plat chaud au moment de servir.", fat.n.le()), fmt.Sprintf("Dot the %s over the hot dish when serving.", fat.n.EN))
		} else {
			step(fmt.Sprintf("Arrosez le plat d’un filet %s au moment de servir.", fat.n.de()), fmt.Sprintf("Drizzle the %s over the dish when serving.", fat.n.EN))
		}
	}
	for _, p := range by(hAdd) {
		step(fmt.Sprintf("Ajoutez %s.", p.n.le()), fmt.Sprintf("Add the %s.", p.n.EN))
	}

	// Every food is in some step: a second fat, a spread without bread…
	for _, p := range parts {
		if p.how == hGlass || stepWith(st.FR, p.n.FR) || p.how == hReheat && c == LunchDinner && servings > 1 {
			continue // a boxed cooked grain is named by the boxing step
		}
		if p.kind == KindFat {
			step(fmt.Sprintf("Arrosez le plat d’un filet %s au moment de servir.", p.n.de()), fmt.Sprintf("Drizzle the %s over the dish when serving.", p.n.EN))
			continue
		}
		step(fmt.Sprintf("Servez avec %s.", p.n.le()), fmt.Sprintf("Serve with the %s.", p.n.EN))
	}

	// 5. Seasoning: a pinch of salt within the cap, pepper, optional herbs and spices.
	savoury := false
	for _, p := range parts {
		switch p.kind {
		case KindMeat, KindFish, KindEgg, KindLegume, KindVegetarian, KindVegetable, KindTuber, KindDeli:
			savoury = true
		case KindGrain:
			savoury = savoury || c == LunchDinner
		}
	}
	opt := pantry(c, parts)
	// Eggs beside a bowl of yoghurt at breakfast: the salt and pepper go on the eggs, not in the bowl.
	eggsBesideBowl := false
	if c != LunchDinner {
		var eggs, bowl bool
		for _, p := range parts {
			eggs = eggs || p.kind == KindEgg
			bowl = bowl || p.kind == KindDairy
		}
		eggsBesideBowl = eggs && bowl
	}
	switch {
	case savoury && saltOK && eggsBesideBowl:
		fr, en := "Salez les œufs d’une pincée de sel, poivrez-les et servez-les à côté du bol.", "Season the eggs with a pinch of salt and some pepper and serve them beside the bowl."
		if opt.FR != "" {
			fr += " Facultatif, selon votre placard : " + opt.FR + "."
			en += " Optional, from the cupboard: " + opt.EN + "."
		}
		step(fr, en)
	case savoury && saltOK:
		fr, en := "Salez d’une pincée de sel et poivrez.", "Season with a pinch of salt and some pepper."
		if opt.FR != "" {
			fr += " Facultatif, selon votre placard : " + opt.FR + "."
			en += " Optional, from the cupboard: " + opt.EN + "."
		}
		step(fr, en)
	case savoury:
		fr := fmt.Sprintf("Ne salez pas : %s apporte déjà le sel du plat ; poivrez.", saltiest.n.le())
		en := fmt.Sprintf("Do not add salt: the %s already brings enough; season with pepper.", saltiest.n.EN)
		if saltiest.n.plural {
			fr = strings.Replace(fr, "apporte", "apportent", 1)
		}
		if enIt(saltiest.n) == "them" {
			en = strings.Replace(en, "brings", "bring", 1)
		}
		if opt.FR != "" {
			fr += " Facultatif, selon votre placard : " + opt.FR + "."
			en += " Optional, from the cupboard: " + opt.EN + "."
		}
		step(fr, en)
	case opt.FR != "":
		step("Facultatif, selon votre placard : une pincée de "+opt.FR+".", "Optional, from the cupboard: a pinch of "+opt.EN+".")
	}

	// 6. Serve: lunches and dinners are batch-cooking boxes; breakfasts and snacks are served.
	for _, p := range by(hGlass) {
		step(fmt.Sprintf("Servez %s dans un verre.", p.n.le()), fmt.Sprintf("Serve the %s in a glass.", p.n.EN))
	}
	keep, keepEN := "3 jours", "3 days"
	for _, p := range parts {
		if p.kind == KindFish {
			keep, keepEN = "2 jours", "2 days"
		}
	}
	if c == LunchDinner {
		// A box is reheated only for its hot part: hard-boiled eggs burst in the microwave, and
		// canned fish, raw vegetables and cold cuts are eaten cold, added after reheating.
		var hot, cold, neutral []prep
		for _, p := range parts {
			switch {
			case p.how == hVegRaw:
			case servedCold(p):
				cold = append(cold, p)
			case p.how == hDrain:
				neutral = append(neutral, p)
			case p.how == hReheat || p.how == hDishHot:
				hot = append(hot, p)
			default:
				if _, k := p.timing(); k > 0 {
					hot = append(hot, p)
				}
			}
		}
		if len(hot) > 0 {
			hot = append(hot, neutral...)
		} else {
			cold = append(cold, neutral...)
		}
		raw := by(hVegRaw)
		if len(hot)+len(cold)+len(raw) == 0 {
			step("Servez aussitôt.", "Serve at once.")
			return st, int(math.Ceil(float64(max(3+active+longest, 5))/5) * 5)
		}
		eggs := false
		for _, p := range cold {
			eggs = eggs || p.kind == KindEgg
		}
		addAfter := append(append([]prep{}, cold...), raw...)
		switch {
		case len(hot) == 0:
			boxed := cold
			if len(boxed) == 0 {
				boxed = raw
			}
			f, e := names(boxed)
			addFR, addEN := "", ""
			if len(cold) > 0 && len(raw) > 0 {
				rf, re := names(raw)
				addFR, addEN = ", ajoutez "+rf, ", add "+re
			}
			noHeat, noHeatEN := "", ""
			if eggs {
				noHeat, noHeatEN = " ; ne la passez pas au micro-ondes (les œufs durs y éclatent)", "; do not microwave it (hard-boiled eggs burst)"
			}
			if servings > 1 {
				step(fmt.Sprintf("Répartissez %s dans %d boîtes hermétiques et gardez-les au réfrigérateur %s au plus.", f, servings, keep),
					fmt.Sprintf("Divide %s between %d airtight boxes and keep them in the fridge for up to %s.", e, servings, keepEN))
				step(fmt.Sprintf("Au moment de manger, sortez une boîte du réfrigérateur 10%sminutes avant%s et mangez froid%s.", nbsp, addFR, noHeat),
					fmt.Sprintf("To eat, take one box out of the fridge 10 minutes before%s and eat it cold%s.", addEN, noHeatEN))
				active += 2
			} else {
				step(fmt.Sprintf("Dressez %s dans l’assiette%s et servez froid. À emporter : en boîte hermétique, %s au réfrigérateur au plus ; sortez-la 10%sminutes avant de manger%s.", f, addFR, keep, nbsp, noHeat),
					fmt.Sprintf("Plate %s%s and serve cold. To take away: in an airtight box, up to %s in the fridge; take it out 10 minutes before eating%s.", e, addEN, keepEN, noHeatEN))
			}
		default:
			f, e := names(hot)
			then, thenEN := "", ""
			if len(addAfter) > 0 {
				af, ae := names(addAfter)
				then, thenEN = ", puis ajoutez "+af, ", then add "+ae
			}
			if servings > 1 {
				apart, apartEN := "", ""
				if len(cold) > 0 {
					cf, ce := names(cold)
					apart, apartEN = fmt.Sprintf(" ; gardez %s à part, dans de petites boîtes", cf), fmt.Sprintf("; keep %s apart, in small boxes", ce)
				}
				step(fmt.Sprintf("Répartissez %s dans %d boîtes hermétiques, laissez refroidir moins d’une heure, puis fermez et gardez au réfrigérateur %s au plus%s.", f, servings, keep, apart),
					fmt.Sprintf("Divide %s between %d airtight boxes, let cool for under an hour, then close and keep in the fridge for up to %s%s.", e, servings, keepEN, apartEN))
				what, whatEN := "une boîte", "one box"
				if len(cold) > 0 {
					what, whatEN = "une boîte "+deList(hot), "one box of "+strings.TrimPrefix(e, "the ")
				}
				step("Au moment de manger, réchauffez "+what+" 2 à 3"+nbsp+"minutes au micro-ondes, jusqu’à ce que ce soit bien chaud"+then+".",
					"To eat, reheat "+whatEN+" in the microwave for 2 to 3 minutes, until piping hot"+thenEN+".")
				active += 2
			} else {
				serve := " et servez chaud"
				if then != "" {
					serve = " ; servez aussitôt"
				}
				step(fmt.Sprintf("Dressez %s dans l’assiette%s%s. À emporter : en boîte hermétique, refroidie moins d’une heure, %s au réfrigérateur au plus ; réchauffez-la 2 à 3%sminutes au micro-ondes%s.", f, then, serve, keep, nbsp, then),
					fmt.Sprintf("Plate %s%s and serve hot. To take away: in an airtight box, cooled in under an hour, up to %s in the fridge; reheat for 2 to 3 minutes in the microwave%s.", e, thenEN, keepEN, thenEN))
			}
		}
	} else if servings > 1 {
		fr := fmt.Sprintf("Préparez de même %d portions ; elles se gardent 2 jours au réfrigérateur en boîte hermétique", servings)
		en := fmt.Sprintf("Make %d servings the same way; they keep for 2 days in the fridge in airtight boxes", servings)
		if len(fruit) > 0 {
			fr += " (coupez les fruits au dernier moment)"
			en += " (cut the fruit at the last minute)"
		}
		step(fr+".", en+".")
		active += servings - 1
	} else {
		step("Servez aussitôt, ou emportez dans une boîte hermétique.", "Serve at once, or pack in an airtight box.")
	}

	total := 3 + active + longest
	return st, int(math.Ceil(float64(max(total, 5))/5) * 5)
}

// longFirst orders the long-cooking steps written from index start, one per prep of long (in
// the order they were written), by cooking time, longest first; soaking, the day before, stays
// first.
func longFirst(st *Steps, start int, long []prep) {
	order := []how{hSoakBeans, hLentils, hRice, hPasta, hNoodles, hGrain, hCouscous, hPolenta, hPotatoBoil,
		hTuberRoast, hBraise, hPoultryRoast, hVegRoast, hFishOven}
	slices.SortStableFunc(long, func(a, b prep) int { return slices.Index(order, a.how) - slices.Index(order, b.how) })
	if len(st.FR)-start != len(long) || len(long) < 2 {
		return
	}
	type written struct {
		fr, en string
		key    int
	}
	ws := make([]written, len(long))
	for i, p := range long {
		_, k := p.timing()
		if p.how == hSoakBeans {
			k = math.MaxInt
		}
		ws[i] = written{st.FR[start+i], st.EN[start+i], k}
	}
	slices.SortStableFunc(ws, func(a, b written) int { return b.key - a.key })
	for i, w := range ws {
		st.FR[start+i], st.EN[start+i] = w.fr, w.en
	}
}

// cheeseTop says how a cheese garnishes a dish: hard cheeses are grated, crumbly ones crumbled,
// soft ones diced.
func cheeseTop(p prep) (fr, en string) {
	low := strings.ToLower(p.food.Name.FR)
	switch {
	case hasAny(low, []string{"feta", "chèvre", "bleu", "roquefort", "ricotta", "cottage", "brousse"}):
		return "Émiettez", "Crumble"
	case hasAny(low, []string{"camembert", "brie", "mozzarella", "reblochon", "coulommiers", "munster", "raclette", "burrata"}):
		return "Coupez en dés", "Dice"
	}
	return "Râpez", "Grate"
}

// cheeseTopFR: "Râpez le comté et parsemez-en le plat au moment de servir."
func cheeseTopFR(ps []prep) string {
	var parts []string
	for _, p := range ps {
		v, _ := cheeseTop(p)
		if v == "Coupez en dés" {
			parts = append(parts, "coupez "+p.n.le()+" en dés")
		} else {
			parts = append(parts, strings.ToLower(v)+" "+p.n.le())
		}
	}
	return capitalise(strings.Join(parts, ", ")) + " et parsemez-en le plat au moment de servir."
}

// cheeseTopEN: "Grate the Comté over the dish when serving."
func cheeseTopEN(ps []prep) string {
	var parts []string
	diced := false
	for _, p := range ps {
		_, v := cheeseTop(p)
		parts = append(parts, strings.ToLower(v)+" the "+p.n.EN)
		diced = diced || v == "Dice"
	}
	if diced {
		return capitalise(strings.Join(parts, ", ")) + " and scatter over the dish when serving."
	}
	return capitalise(strings.Join(parts, ", ")) + " over the dish when serving."
}

// servedCold: the foods of a lunch box eaten cold, never microwaved: hard-boiled eggs (they
// burst), canned fish, cold cuts and cooked fish, cheese on the side, ready salads.
func servedCold(p prep) bool {
	switch p.how {
	case hEggsBoiled, hEggsPeel, hDrainFlake, hSlice, hFlake, hShell, hAsIs, hDishCold, hCheeseSide, hSpread:
		return true
	}
	return false
}

// deList is "de riz et de haricots verts", "d’œufs" for the foods of a box.
func deList(ps []prep) string {
	out := make([]string, 0, len(ps))
	seen := map[string]bool{}
	for _, p := range ps {
		if !seen[p.n.FR] {
			seen[p.n.FR] = true
			out = append(out, p.n.de())
		}
	}
	return listFR(out)
}

// rawVegPrep says how to ready a vegetable eaten raw: leaves are washed and spun, tomatoes
// quartered, cucumbers sliced, carrots peeled and cut into sticks.
func rawVegPrep(p prep) (string, string) {
	fr := strings.ToLower(p.food.Name.FR)
	le, pr, it := p.n.le(), p.n.pron(), enIt(p.n)
	switch {
	case hasAny(fr, []string{"laitue", "salade", "mâche", "roquette", "cresson", "mesclun", "pousses", "frisée", "scarole", "batavia"}):
		return fmt.Sprintf("Lavez et essorez %s", le), fmt.Sprintf("Wash and spin-dry the %s", p.n.EN)
	case strings.Contains(fr, "tomate cerise"):
		return fmt.Sprintf("Lavez %s et coupez-%s en deux", le, pr), fmt.Sprintf("Wash and halve the %s", p.n.EN)
	case strings.Contains(fr, "tomate"):
		return fmt.Sprintf("Lavez %s et coupez-%s en quartiers", le, pr), fmt.Sprintf("Wash the %s and cut %s into wedges", p.n.EN, it)
	case hasAny(fr, []string{"concombre", "radis", "courgette"}):
		return fmt.Sprintf("Lavez %s et coupez-%s en rondelles", le, pr), fmt.Sprintf("Wash and slice the %s", p.n.EN)
	case hasAny(fr, []string{"carotte", "céleri", "navet"}):
		return fmt.Sprintf("Épluchez %s et coupez-%s en bâtonnets", le, pr), fmt.Sprintf("Peel the %s and cut %s into sticks", p.n.EN, it)
	case strings.Contains(fr, "endive"):
		return fmt.Sprintf("Effeuillez %s et émincez-%s", le, pr), fmt.Sprintf("Separate the leaves of the %s and slice %s", p.n.EN, it)
	case strings.Contains(fr, "avocat"):
		return fmt.Sprintf("Au moment de servir, coupez %s en deux, retirez le noyau et coupez la chair en dés", le),
			fmt.Sprintf("When serving, halve the %s, remove the stone and dice the flesh", p.n.EN)
	}
	return fmt.Sprintf("Lavez %s et coupez-%s en morceaux", le, pr), fmt.Sprintf("Wash the %s and cut %s into pieces", p.n.EN, it)
}

// stepWith reports whether a step names the food.
func stepWith(steps []string, name string) bool {
	for _, s := range steps {
		if strings.Contains(s, name) {
			return true
		}
	}
	return false
}

func has(parts []prep, h how) bool {
	for _, p := range parts {
		if p.how == h {
			return true
		}
	}
	return false
}

// fraisFR is "frais" agreed: "fraîche", "fraîches".
func fraisFR(n noun) string {
	switch {
	case n.fem && n.plural:
		return "fraîches"
	case n.fem:
		return "fraîche"
	}
	return "frais"
}

// pronOf is "le", "la" or "les" for one or several foods.
func pronOf(ps []prep) string {
	if len(ps) > 1 {
		return "les"
	}
	return ps[0].n.pron()
}

func drizzleFR(ps []prep) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.n.de()
	}
	return listFR(out)
}

// spreadFR: "de beurre, puis de confiture".
func spreadFR(ps []prep) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.n.de()
	}
	return strings.Join(out, ", puis ")
}

func drizzleEN(ps []prep) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.n.EN
	}
	return "the " + listEN(out)
}

// fruitPrep says how to prepare a fresh fruit for eating: peel a banana, rinse berries, core
// an apple.
func fruitPrep(p prep) (string, string) {
	fr := strings.ToLower(p.food.Name.FR)
	le, pr, it := p.n.le(), p.n.pron(), enIt(p.n)
	switch {
	case p.state == stateDry || strings.Contains(fr, "séché") || strings.Contains(fr, "datte") || strings.Contains(fr, "pruneau"):
		return fmt.Sprintf("Coupez %s en petits morceaux.", le), fmt.Sprintf("Chop the %s into small pieces.", p.n.EN)
	case strings.Contains(fr, "surgelé"):
		return fmt.Sprintf("Laissez décongeler %s au réfrigérateur la veille, ou ajoutez-%s encore surgelé%s.", le, pr, agreeSuffix(p.n)),
			fmt.Sprintf("Thaw the %s in the fridge the night before, or add %s still frozen.", p.n.EN, it)
	case strings.HasPrefix(fr, "banane"):
		return fmt.Sprintf("Pelez %s et coupez-%s en rondelles.", le, pr), fmt.Sprintf("Peel the %s and slice %s.", p.n.EN, it)
	case hasAny(fr, []string{"orange", "clémentine", "mandarine", "pamplemousse"}):
		return fmt.Sprintf("Pelez %s et détachez les quartiers.", le), fmt.Sprintf("Peel the %s and separate the segments.", p.n.EN)
	case hasAny(fr, []string{"kiwi", "mangue", "ananas", "melon", "pastèque", "papaye", "litchi", "grenade"}):
		return fmt.Sprintf("Pelez %s et coupez-%s en dés.", le, pr), fmt.Sprintf("Peel and dice the %s.", p.n.EN)
	case strings.HasPrefix(fr, "fraise"):
		return fmt.Sprintf("Rincez %s, équeutez-%s et coupez-%s en deux.", le, pr, pr), fmt.Sprintf("Rinse, hull and halve the %s.", p.n.EN)
	case hasAny(fr, []string{"framboise", "myrtille", "mûre", "groseille", "cassis", "raisin"}):
		return fmt.Sprintf("Rincez délicatement %s et égouttez-%s.", le, pr), fmt.Sprintf("Gently rinse and drain the %s.", p.n.EN)
	case strings.HasPrefix(fr, "cerise"):
		return fmt.Sprintf("Rincez %s et dénoyautez-%s.", le, pr), fmt.Sprintf("Rinse and stone the %s.", p.n.EN)
	case hasAny(fr, []string{"pêche", "nectarine", "brugnon", "abricot", "prune", "mirabelle"}):
		return fmt.Sprintf("Lavez %s, retirez le noyau et coupez-%s en quartiers.", le, pr), fmt.Sprintf("Wash the %s, remove the stone and cut %s into wedges.", p.n.EN, it)
	case hasAny(fr, []string{"pomme", "poire", "coing"}):
		return fmt.Sprintf("Lavez %s, retirez le trognon et coupez-%s en dés.", le, pr), fmt.Sprintf("Wash the %s, core and dice %s.", p.n.EN, it)
	}
	return fmt.Sprintf("Lavez %s et coupez-%s en morceaux.", le, pr), fmt.Sprintf("Wash the %s and cut %s into pieces.", p.n.EN, it)
}

// agreeSuffix is the ending of a participle for the noun: "", "e", "s", "es".
func agreeSuffix(n noun) string { return strings.TrimPrefix(n.agree("é"), "é") }

// weighBought is the step that turns a cooked food of the recipe into what the cook weighs: the
// dry grain or pulse, the raw meat or fish the shopping list bought ("Le riz se pèse sec : comptez
// 45 g de riz sec pour 100 g de riz cuit de la recette."). A ratio, not the recipe's grams, so
// the step stays true when the person edits the quantities or the servings.
func weighBought(p prep) (fr, en string) {
	adjFR, adjEN := boughtAdj(p)
	verb := "se pèse"
	if p.n.plural {
		verb = "se pèsent"
	}
	per := math.Max(5, math.Round(p.perGram*100/5)*5)
	fr = fmt.Sprintf("%s %s %s : comptez %s %s %s pour 100%sg %s %s de la recette.", capitalise(p.n.le()), verb, adjFR,
		FormatMass(per, Metric, "fr"), p.n.de(), adjFR, nbsp, p.n.de(), p.n.agree("cuit"))
	en = fmt.Sprintf("Weigh the %s %s: allow %s of %s %s per 100 g of cooked %s in the recipe.", p.n.EN, adjEN,
		FormatMass(per, Metric, "en"), adjEN, p.n.EN, p.n.EN)
	return fr, en
}

// boughtAdj is "sec"/"dry" or "cru"/"raw", agreed with the food's French noun.
func boughtAdj(p prep) (fr, en string) {
	if p.boughtAs == BoughtRawForm {
		return p.n.agree("cru"), "raw"
	}
	return map[[2]bool]string{{false, false}: "sec", {true, false}: "sèche", {false, true}: "secs", {true, true}: "sèches"}[[2]bool{p.n.fem, p.n.plural}], "dry"
}
