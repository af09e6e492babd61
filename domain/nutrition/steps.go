package nutrition

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

// parboiled strips the words of rice and wheat cooked in part (built once: a Replacer's build
// is most of its cost).
var parboiled = strings.NewReplacer("parboiled", "", "pre-cooked", "", "precooked", "")

// stateOf reads a food's state from its French and English names, then its subgroup.
func stateOf(f Food) foodState {
	fr, en := strings.ToLower(f.Name.FR), strings.ToLower(f.Name.EN)
	// "Parboiled" and "pre-cooked" rice or wheat are still raw grains to cook: only the
	// words after them say whether this entry is cooked.
	en = parboiled.Replace(en)
	ws := words(fr)
	k := KindOf(f)
	switch {
	case hasWord(ws, cannedWordsFR) || hasAny(en, []string{"canned", "drained"}):
		return stateCanned
	case strings.Contains(fr, "à cuire") || hasAny(en, []string{"to cook", "to be recooked"}):
		return stateRaw
	case hasWord(ws, cookedWordsFR) || hasAny(en, cookedWordsEN):
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
	return stateFromWords(f, k, ws, en)
}

// cookedWordsEN are the English words of a cooked food.
var cookedWordsEN = []string{"cooked", "boiled", "roasted", "grilled", "steamed", "braised", "fried"}

// stateFromWords is stateOf for a food neither canned, cooked nor cured: dried, raw (a raw
// grain or pulse is dry), or as its subgroup and water say.
func stateFromWords(f Food, k Kind, ws map[string]bool, en string) foodState {
	grainOrPulse := k == KindGrain || k == KindLegume
	switch {
	case hasWord(ws, dryWordsFR) || hasAny(en, []string{"dried", "dry"}):
		return stateDry
	case (hasWord(ws, rawWordsFR) || strings.Contains(en, "raw")) && grainOrPulse:
		return stateDry
	case hasWord(ws, rawWordsFR) || strings.Contains(en, "raw"):
		return stateRaw
	}
	switch f.Subgroup {
	case "raw meat", "fish, raw", "seafood, raw":
		return stateRaw
	case "cooked meat", "fish, cooked", "seafood, cooked":
		return stateCooked
	}
	if grainOrPulse && f.Per100g.WaterG.Known && f.Per100g.WaterG.V < 40 && f.Subgroup != "flours" {
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
	hTomatoSimmer
	// hInDish: the dish form's own step prepares the food (dishes.go): its usual technique
	// writes nothing.
	hInDish
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
	case hTomatoSimmer:
		return 2, p.hi
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
// cookMethod is how a grain or pulse named by word cooks: the method, its water and minutes.
type cookMethod struct {
	word   string
	how    how
	vol    string
	lo, hi int
}

var grainMethods = []cookMethod{
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
var legumeMethods = []cookMethod{
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

// possFR is the French possessive before a noun's own juice: « leur » for a plural, « son » else.
func possFR(n noun) string {
	if n.plural {
		return "leur"
	}
	return "son"
}
