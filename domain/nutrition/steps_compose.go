package nutrition

import (
	"fmt"
	"math"
	"strings"
)

// The steps' composer (docs/nutrition.md, "Names, steps, duration"): planOf (steps.go) decides
// how each food is prepared; the techniques below write the steps of each way, in a table per
// stage; writeSteps orders the stages: weigh, long cookings (longest first), pan cookings, foods
// as bought, assembly, seasoning, serving.

// composer is one recipe's steps as they are written, and what the stages share: the fat the
// pans use, the salt the serving can still take, the minutes counted.
type composer struct {
	c        Category
	kcal     float64 // a serving's target energy: the salt cap grows with it
	parts    []prep
	servings int
	st       Steps
	// active is the hands-on minutes; longest the longest cooking (cookings run side by side).
	active, longest int
	// fat is the recipe's cooking fat (nil: none); fatUsed once a pan used it.
	fat     *prep
	fatUsed bool
	// saltOK: the steps salt (seasonOf); saltiest is the salty food that seasons the dish
	// otherwise (nil: the dish is at its cap without one).
	saltOK   bool
	saltiest *prep
	// unsaltedWater: the cooking water is unsalted and the pinch alone seasons (seasonOf).
	unsaltedWater    bool
	salted, saltedEN string
	// dish is the recipe's dish form (nil: the plate of separately cooked foods); took are the
	// foods its step brought together, boxed as the dish ("le curry").
	dish *dish
	took map[int]bool
}

// take marks foods the dish's step brought together.
func (k *composer) take(ps ...[]prep) {
	if k.took == nil {
		k.took = map[int]bool{}
	}
	for _, group := range ps {
		for _, p := range group {
			k.took[p.food.Code] = true
		}
	}
}

// asDish boxes the foods the dish took as the dish itself: "Répartissez le curry et le riz".
func (k *composer) asDish(hot []prep) []prep {
	if k.dish == nil || k.dish.form.box.FR == "" || len(k.took) == 0 {
		return hot
	}
	out := []prep{{n: k.dish.form.box, food: Food{Code: -1}}}
	for _, p := range hot {
		if !k.took[p.food.Code] {
			out = append(out, p)
		}
	}
	return out
}

// technique is one way of preparing food: per food (a step each, in the recipe's order) or per
// group (one step naming every food prepared that way).
type technique struct {
	hows  []how
	food  func(k *composer, p prep)
	group func(k *composer, ps []prep)
}

// write runs techniques in their order over the foods each applies to.
func (k *composer) write(ts []technique) {
	for _, t := range ts {
		ps := k.by(t.hows...)
		if len(ps) == 0 {
			continue
		}
		if t.group != nil {
			t.group(k, ps)
			continue
		}
		for _, p := range ps {
			t.food(k, p)
		}
	}
}

func (k *composer) step(fr, en string) {
	k.st.FR = append(k.st.FR, frTypo(fr))
	k.st.EN = append(k.st.EN, en)
}

// by is the recipe's foods prepared one of the ways hs, in the recipe's order.
func (k *composer) by(hs ...how) []prep {
	var out []prep
	for _, p := range k.parts {
		for _, h := range hs {
			if p.how == h {
				out = append(out, p)
			}
		}
	}
	return out
}

// inFat says where a food cooks: in a little of the recipe's fat, or in a dry non-stick pan.
func (k *composer) inFat(p prep) (string, string) {
	if k.fat == nil || !p.fat {
		return "à sec dans une poêle antiadhésive", "in a dry non-stick pan"
	}
	k.fatUsed = true
	return "dans un peu " + k.fat.n.de(), "in a little " + k.fat.n.EN
}

// names lists foods with their articles ("le riz et les brocolis", "the rice and broccoli"),
// a name once.
func names(ps []prep) (string, string) {
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

func newComposer(c Category, kcal float64, parts []prep, servings int) *composer {
	k := &composer{c: c, kcal: kcal, parts: parts, servings: servings}
	for i := range parts {
		if parts[i].kind == KindFat && parts[i].how == hFat && k.fat == nil {
			k.fat = &parts[i]
		}
	}
	k.salt()
	for _, p := range parts {
		a, cook := p.timing()
		k.active += a
		k.longest = max(k.longest, cook)
	}
	return k
}

// salt reads the serving's salt decision (seasonOf): the same one Recompute counts, so the steps
// salt exactly when the figures say they do.
func (k *composer) salt() {
	s := seasonOf(k.c, k.kcal, k.parts)
	k.saltOK, k.unsaltedWater = s.ok, s.unsaltedWater
	if s.saltiest >= 0 && s.salty {
		k.saltiest = &k.parts[s.saltiest]
	}
	k.salted, k.saltedEN = "salée", "salted "
	if !s.waterOK {
		k.salted, k.saltedEN = "non salée", "unsalted "
	}
}

// longHows are the long cookings, in the order longFirst sorts their steps from.
var longHows = []how{hSoakBeans, hLentils, hRice, hPasta, hNoodles, hGrain, hCouscous, hPolenta, hPotatoBoil,
	hTuberRoast, hBraise, hPoultryRoast, hVegRoast, hFishOven}

// writeSteps writes a recipe's steps in both languages and its duration in minutes; kcal is a
// serving's target energy, which sets the salt cap (seasonOf).
func writeSteps(c Category, kcal float64, parts []prep, servings int) (Steps, int) {
	return composeSteps(c, kcal, parts, servings, nil)
}

// composeSteps is writeSteps for a dish form d (nil: the plate): the foods the dish prepares
// itself skip their own technique, and the dish's technique follows the foods' cookings.
func composeSteps(c Category, kcal float64, parts []prep, servings int, d *dish) (Steps, int) {
	if d != nil {
		parts = d.intoDish(parts)
	}
	k := newComposer(c, kcal, parts, servings)
	k.dish = d
	k.step("Pesez les ingrédients selon les quantités de la recette.", "Weigh the ingredients as the recipe lists them.")
	for _, p := range parts {
		if p.boughtAs != AsUsed {
			k.step(weighBought(p))
		}
	}
	k.preheat()
	// 1. Long cookings first: soaking, pulses, grains, tubers, braises, roasts, the longest first
	// (the oven heats while the couscous soaks).
	longStart := len(k.st.FR)
	k.write(longCookings)
	longFirst(&k.st, longStart, k.by(longHows...))
	// 2. Pan and pot cookings of proteins, eggs and vegetables; 3. foods eaten as bought.
	k.write(panCookings)
	k.write(asBought)
	// 4. The dish's own technique (dish_steps.go), then assembly. A baked dish is seasoned before
	// it goes in the oven, as a cook seasons a gratin's layers.
	baked := d != nil && d.form.oven > 0
	if baked {
		k.season()
	}
	if d != nil {
		d.form.cook(k, d)
	}
	if d == nil || d.c == LunchDinner || d.form.inDish == nil {
		k.bowlOrSides()
	}
	k.write(readyDishes) // a ready dish reheats before its bread is served beside it
	k.breads()
	k.cheese()
	k.write(toServe)
	if c != LunchDinner {
		k.write(desserts)
	}
	k.dressWithFat()
	k.write(added)
	k.everyFoodNamed()
	// 5. Seasoning; 6. serving.
	if !baked {
		k.season()
	}
	k.serve()
	if c == LunchDinner {
		k.write(desserts) // a lunch's dessert comes after the plate
	}
	total := 3 + k.active + k.longest
	return k.st, int(math.Ceil(float64(max(total, 5))/5) * 5)
}

// bowlOrSides writes a breakfast or snack bowl (cereal, yoghurt, milk, fruit, nuts), or the
// nuts, toppings and bases served beside a plate.
func (k *composer) bowlOrSides() {
	base, cereal, nuts, drizzle := k.by(hBase), k.by(hCereal), k.by(hNuts), k.by(hDrizzle)
	if k.c != LunchDinner && (len(base) > 0 || len(cereal) > 0) {
		k.step(k.bowl(base, cereal, nuts, drizzle))
		return
	}
	if len(nuts) > 0 {
		f, e := names(nuts)
		if k.c == LunchDinner {
			k.step(fmt.Sprintf("Concassez grossièrement %s et parsemez-en le plat au moment de servir.", f), fmt.Sprintf("Roughly chop %s and scatter over the dish when serving.", e))
		} else {
			k.step(fmt.Sprintf("Servez avec %s.", f), fmt.Sprintf("Serve with %s.", e))
		}
	}
	if len(drizzle) > 0 {
		f, e := names(drizzle)
		k.step(fmt.Sprintf("Servez avec %s.", f), fmt.Sprintf("Serve with %s.", e))
	}
	for _, p := range k.by(hBase) {
		k.step(fmt.Sprintf("Servez %s dans un bol.", p.n.le()), fmt.Sprintf("Serve the %s in a bowl.", p.n.EN))
	}
}

// bowl is the one step that fills a bowl.
func (k *composer) bowl(base, cereal, nuts, drizzle []prep) (string, string) {
	fruit := k.by(hFruit)
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
		adds = append(adds, k.by(hRice, hGrain, hCouscous, hPolenta, hReheat)...)
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
	return fr, en
}

// breads writes the bread: toasted or on the side, spread.
func (k *composer) breads() {
	base, cereal := k.by(hBase), k.by(hCereal)
	toast, side, spread := k.by(hToast), k.by(hBreadSide), k.by(hSpread)
	if ps := append(append([]prep{}, toast...), side...); len(ps) > 0 {
		f, e := names(ps)
		lead, leadEN := "Servez "+f, "Serve "+e
		if len(toast) > 0 {
			tf, te := names(toast)
			lead, leadEN = "Faites griller "+tf, "Toast "+te
			if len(spread) == 0 && len(side) == 0 && (len(base) > 0 || len(cereal) > 0 || has(k.parts, hEggsScrambled)) {
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
			k.step(fmt.Sprintf("%s et tartinez %s.", lead, spreadFR(spread)), fmt.Sprintf("%s and spread with %s.", leadEN, se))
			spread = nil
		} else if k.c == LunchDinner || len(base) > 0 || len(cereal) > 0 || has(k.parts, hEggsScrambled) {
			k.step(lead+" à côté.", leadEN+" on the side.")
		} else {
			k.step(lead+".", leadEN+".")
		}
	}
}

// cheese writes the cheese beside the plate or on it.
func (k *composer) cheese() {
	for _, p := range k.by(hCheeseSide) {
		if hasAny(strings.ToLower(p.food.Name.FR), []string{"feta", "chèvre frais", "ricotta", "cottage"}) {
			k.step(fmt.Sprintf("Émiettez %s.", p.n.le()), fmt.Sprintf("Crumble the %s.", p.n.EN))
			continue
		}
		k.step(fmt.Sprintf("Coupez %s en tranches.", p.n.le()), fmt.Sprintf("Slice the %s.", p.n.EN))
	}
	if ps := k.by(hCheeseTop); len(ps) > 0 {
		fr, en := names(ps)
		grated := strings.Contains(fr, "râpé") && len(ps) == 1
		switch {
		case grated && k.c != LunchDinner && len(k.by(hToast)) > 0:
			k.step(fmt.Sprintf("Parsemez le pain %s et faites gratiner 2 à 3%sminutes sous le gril du four.", ps[0].n.de(), nbsp),
				fmt.Sprintf("Sprinkle %s over the bread and grill for 2 to 3 minutes, until melted.", en))
		case grated:
			k.step(fmt.Sprintf("Parsemez le plat %s au moment de servir.", ps[0].n.de()), fmt.Sprintf("Sprinkle %s over the dish when serving.", en))
		default:
			k.step(cheeseTopFR(ps), cheeseTopEN(ps))
		}
	}
}

// toServe are the last touches before the table: sauces, ready dishes, desserts.
var toServe = []technique{
	{hows: []how{hSauce}, food: writeSauce},
	{hows: []how{hDishCold}, food: writeDishCold},
	{hows: []how{hAsIs}, food: writeAsIs},
}

// readyDishes are ready dishes heated or cooked as their package says.
var readyDishes = []technique{
	{hows: []how{hDishHot}, food: writeDishHot},
	{hows: []how{hDishRaw}, food: writeDishRaw},
}

// desserts are served last at lunch and beside the bowl in the morning.
var desserts = []technique{{hows: []how{hDessert}, food: writeDessert}}

// added are foods simply added.
var added = []technique{{hows: []how{hAdd}, food: writeAdd}}

// writeSauce warms a tomato sauce over the dish; other sauces go on at the table.
func writeSauce(k *composer, p prep) {
	if strings.Contains(strings.ToLower(p.food.Name.FR), "sauce tomate") || strings.Contains(strings.ToLower(p.food.Name.FR), "bolognaise") {
		k.step(fmt.Sprintf("Faites chauffer %s 3%sminutes à feu doux et nappez-en le plat.", p.n.le(), nbsp), fmt.Sprintf("Warm the %s for 3 minutes over low heat and spoon it over the dish.", p.n.EN))
		return
	}
	k.step(fmt.Sprintf("Ajoutez %s au moment de servir.", p.n.le()), fmt.Sprintf("Add the %s when serving.", p.n.EN))
}

// writeDishHot reheats a ready dish.
func writeDishHot(k *composer, p prep) {
	k.step(fmt.Sprintf("Réchauffez %s à cœur, 3 à 4%sminutes au micro-ondes ou à la poêle, en remuant à mi-chemin.", p.n.le(), nbsp),
		fmt.Sprintf("Reheat the %s until piping hot, 3 to 4 minutes in the microwave or a pan, stirring halfway.", p.n.EN))
}

// writeDishCold serves a ready salad or sandwich chilled.
func writeDishCold(k *composer, p prep) {
	k.step(fmt.Sprintf("Servez %s bien %s.", p.n.le(), fraisFR(p.n)), fmt.Sprintf("Serve the %s chilled.", p.n.EN))
}

// writeDishRaw cooks a ready dish sold raw as its package says.
func writeDishRaw(k *composer, p prep) {
	k.step(fmt.Sprintf("Faites cuire %s comme l’indique l’emballage, jusqu’à ce que ce soit bien chaud à cœur.", p.n.le()),
		fmt.Sprintf("Cook the %s as the package says, until piping hot in the centre.", p.n.EN))
}

// writeAsIs serves a food on the side.
func writeAsIs(k *composer, p prep) {
	k.step(fmt.Sprintf("Servez %s à part.", p.n.le()), fmt.Sprintf("Serve the %s on the side.", p.n.EN))
}

// writeDessert serves a dessert.
func writeDessert(k *composer, p prep) {
	if k.c != LunchDinner {
		k.step(fmt.Sprintf("Servez %s à côté.", p.n.le()), fmt.Sprintf("Serve the %s on the side.", p.n.EN))
		return
	}
	if strings.Contains(p.n.FR, "dessert") {
		k.step(fmt.Sprintf("Servez %s pour finir le repas.", p.n.le()), fmt.Sprintf("Serve the %s to finish the meal.", p.n.EN))
		return
	}
	k.step(fmt.Sprintf("Servez %s en dessert.", p.n.le()), fmt.Sprintf("Serve the %s as dessert.", p.n.EN))
}

// writeAdd adds a food.
func writeAdd(k *composer, p prep) {
	k.step(fmt.Sprintf("Ajoutez %s.", p.n.le()), fmt.Sprintf("Add the %s.", p.n.EN))
}

// dressWithFat: a fat no pan used dresses the dish.
func (k *composer) dressWithFat() {
	if k.fat != nil && !k.fatUsed {
		if spreadable(k.fat.food) {
			k.step(fmt.Sprintf("Ajoutez %s en noisettes sur le plat chaud au moment de servir.", k.fat.n.le()), fmt.Sprintf("Dot the %s over the hot dish when serving.", k.fat.n.EN))
		} else {
			k.step(fmt.Sprintf("Arrosez le plat d’un filet %s au moment de servir.", k.fat.n.de()), fmt.Sprintf("Drizzle the %s over the dish when serving.", k.fat.n.EN))
		}
	}
}

// everyFoodNamed: every food is in some step (a second fat, a spread without bread…).
func (k *composer) everyFoodNamed() {
	for _, p := range k.parts {
		if p.how == hGlass || stepWith(k.st.FR, p.n.FR) || p.how == hReheat && k.c == LunchDinner && k.servings > 1 {
			continue // a boxed cooked grain is named by the boxing step
		}
		if p.how == hDessert && k.c == LunchDinner {
			continue // a lunch's dessert has its own step, after the plate
		}
		if p.kind == KindFat {
			k.step(fmt.Sprintf("Arrosez le plat d’un filet %s au moment de servir.", p.n.de()), fmt.Sprintf("Drizzle the %s over the dish when serving.", p.n.EN))
			continue
		}
		k.step(fmt.Sprintf("Servez avec %s.", p.n.le()), fmt.Sprintf("Serve with the %s.", p.n.EN))
	}
}

// season writes the seasoning: a pinch of salt within the cap, pepper, optional herbs and spices.
func (k *composer) season() {
	savoury := savouryMeal(k.c, k.parts)
	opt := pantry(k.c, k.parts)
	if k.dish != nil {
		opt = Text{} // the dish's seasonings are in its own step
	}
	// Eggs beside a bowl of yoghurt at breakfast: the salt and pepper go on the eggs, not in the bowl.
	eggsBesideBowl := false
	if k.c != LunchDinner {
		var eggs, bowl bool
		for _, p := range k.parts {
			eggs = eggs || p.kind == KindEgg
			bowl = bowl || p.kind == KindDairy
		}
		eggsBesideBowl = eggs && bowl
	}
	switch {
	case savoury && k.saltOK && eggsBesideBowl:
		fr, en := "Salez les œufs d’une pincée de sel, poivrez-les et servez-les à côté du bol.", "Season the eggs with a pinch of salt and some pepper and serve them beside the bowl."
		if opt.FR != "" {
			fr += " Facultatif, selon votre placard : " + opt.FR + "."
			en += " Optional, from the cupboard: " + opt.EN + "."
		}
		k.step(fr, en)
	case savoury && k.saltOK && k.dish != nil && k.dish.salty != nil:
		k.step(fmt.Sprintf("Ne salez pas davantage : %s remplace la pincée de sel ; poivrez.", k.dish.salty.nounFR()),
			fmt.Sprintf("Add no more salt: the %s replaces the pinch of salt; season with pepper.", k.dish.salty.Name.EN))
	case savoury && k.saltOK:
		fr, en := "Salez d’une pincée de sel et poivrez.", "Season with a pinch of salt and some pepper."
		if k.unsaltedWater {
			fr = "Salez d’une pincée de sel et poivrez : l’eau de cuisson reste sans sel, pour que le repas garde sa part de sel."
			en = "Season with a pinch of salt and some pepper: the cooking water stays unsalted, so the meal keeps to its share of salt."
		}
		if opt.FR != "" {
			fr += " Facultatif, selon votre placard : " + opt.FR + "."
			en += " Optional, from the cupboard: " + opt.EN + "."
		}
		k.step(fr, en)
	case savoury:
		// the cap is near: the steps cook in unsalted water (k.salted) and say why here
		fr := "Ne salez pas : le plat contient déjà la part de sel de ce repas ; poivrez."
		en := "Do not add salt: the dish already holds this meal’s share of salt; season with pepper."
		if k.saltiest != nil {
			fr = fmt.Sprintf("Ne salez pas : %s apporte déjà le sel du plat ; poivrez.", k.saltiest.n.le())
			en = fmt.Sprintf("Do not add salt: the %s already brings enough; season with pepper.", k.saltiest.n.EN)
			if k.saltiest.n.plural {
				fr = strings.Replace(fr, "apporte", "apportent", 1)
			}
			if enIt(k.saltiest.n) == "them" {
				en = strings.Replace(en, "brings", "bring", 1)
			}
		}
		if opt.FR != "" {
			fr += " Facultatif, selon votre placard : " + opt.FR + "."
			en += " Optional, from the cupboard: " + opt.EN + "."
		}
		k.step(fr, en)
	case opt.FR != "":
		k.step("Facultatif, selon votre placard : une pincée de "+opt.FR+".", "Optional, from the cupboard: a pinch of "+opt.EN+".")
	}
}

// keepDays is how long the boxes keep: 2 days with fish, else 3.
func (k *composer) keepDays() (string, string) {
	for _, p := range k.parts {
		if p.kind == KindFish {
			return "2 jours", "2 days"
		}
	}
	if k.dish != nil && k.dish.form.keep == 1 {
		return "1 jour", "1 day"
	}
	if k.dish != nil && k.dish.form.keep == 2 {
		return "2 jours", "2 days"
	}
	return "3 jours", "3 days"
}

// serve writes the serving: lunches and dinners are batch-cooking boxes; breakfasts and
// snacks are served.
func (k *composer) serve() {
	for _, p := range k.by(hGlass) {
		k.step(fmt.Sprintf("Servez %s dans un verre.", p.n.le()), fmt.Sprintf("Serve the %s in a glass.", p.n.EN))
	}
	switch {
	case k.c == LunchDinner:
		k.serveBoxes()
	case k.servings > 1:
		fr := fmt.Sprintf("Préparez de même %d portions ; elles se gardent 2 jours au réfrigérateur en boîte hermétique", k.servings)
		en := fmt.Sprintf("Make %d servings the same way; they keep for 2 days in the fridge in airtight boxes", k.servings)
		if len(k.by(hFruit)) > 0 {
			fr += " (coupez les fruits au dernier moment)"
			en += " (cut the fruit at the last minute)"
		}
		k.step(fr+".", en+".")
		k.active += k.servings - 1
	default:
		k.step("Servez aussitôt, ou emportez dans une boîte hermétique.", "Serve at once, or pack in an airtight box.")
	}
}

// boxParts sorts a lunch's foods for its box: a box is reheated only for its hot part
// (hard-boiled eggs burst in the microwave; canned fish, raw vegetables and cold cuts are eaten
// cold, added after reheating); a drained food goes with the hot part when there is one.
func (k *composer) boxParts() (hot, cold, raw []prep) {
	var neutral []prep
	for _, p := range k.parts {
		switch {
		case p.how == hVegRaw:
		case p.how == hInDish && k.dish != nil && k.dish.form.cold && (p.kind == KindDairy || p.kind == KindMilk):
			// a cold dish's yoghurt is its dressing, kept apart in a pot (coldDish)
		case p.how == hInDish:
			hot = append(hot, p) // cooked into the dish (an omelette's eggs, a gratin's cheese)
		case servedCold(p):
			cold = append(cold, p)
		case p.how == hDrain:
			neutral = append(neutral, p)
		case p.how == hReheat || p.how == hDishHot:
			hot = append(hot, p)
		default:
			if _, cook := p.timing(); cook > 0 {
				hot = append(hot, p)
			}
		}
	}
	if len(hot) > 0 {
		hot = append(hot, neutral...)
	} else {
		cold = append(cold, neutral...)
	}
	return hot, cold, k.by(hVegRaw)
}

// serveBoxes writes how a lunch or dinner is boxed and eaten.
func (k *composer) serveBoxes() {
	hot, cold, raw := k.boxParts()
	if len(hot)+len(cold)+len(raw) == 0 {
		k.step("Servez aussitôt.", "Serve at once.")
		return
	}
	if k.dish != nil && k.dish.form.cold {
		k.serveCold(append(hot, cold...), raw)
		return
	}
	if len(hot) == 0 {
		k.serveCold(cold, raw)
		return
	}
	k.serveHot(k.asDish(hot), append(append([]prep{}, cold...), raw...), cold)
}

// serveCold: a box eaten cold.
func (k *composer) serveCold(cold, raw []prep) {
	keep, keepEN := k.keepDays()
	eggs := false
	for _, p := range cold {
		eggs = eggs || p.kind == KindEgg
	}
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
	if k.servings > 1 {
		k.step(fmt.Sprintf("Répartissez %s dans %d boîtes hermétiques et gardez-les au réfrigérateur %s au plus.", f, k.servings, keep),
			fmt.Sprintf("Divide %s between %d airtight boxes and keep them in the fridge for up to %s.", e, k.servings, keepEN))
		k.step(fmt.Sprintf("Au moment de manger, sortez une boîte du réfrigérateur 10%sminutes avant%s et mangez froid%s.", nbsp, addFR, noHeat),
			fmt.Sprintf("To eat, take one box out of the fridge 10 minutes before%s and eat it cold%s.", addEN, noHeatEN))
		k.active += 2
	} else {
		k.step(fmt.Sprintf("Dressez %s dans l’assiette%s et servez froid. À emporter : en boîte hermétique, %s au réfrigérateur au plus ; sortez-la 10%sminutes avant de manger%s.", f, addFR, keep, nbsp, noHeat),
			fmt.Sprintf("Plate %s%s and serve cold. To take away: in an airtight box, up to %s in the fridge; take it out 10 minutes before eating%s.", e, addEN, keepEN, noHeatEN))
	}
}

// serveHot: a box reheated, what is eaten cold added after.
func (k *composer) serveHot(hot, addAfter, cold []prep) {
	keep, keepEN := k.keepDays()
	f, e := names(hot)
	then, thenEN := "", ""
	if len(addAfter) > 0 {
		af, ae := names(addAfter)
		then, thenEN = ", puis ajoutez "+af, ", then add "+ae
	}
	if k.servings > 1 {
		apart, apartEN := "", ""
		if len(cold) > 0 {
			cf, ce := names(cold)
			apart, apartEN = fmt.Sprintf(" ; gardez %s à part, dans de petites boîtes", cf), fmt.Sprintf("; keep %s apart, in small boxes", ce)
		}
		k.step(fmt.Sprintf("Répartissez %s dans %d boîtes hermétiques, laissez refroidir moins d’une heure, puis fermez et gardez au réfrigérateur %s au plus%s.", f, k.servings, keep, apart),
			fmt.Sprintf("Divide %s between %d airtight boxes, let cool for under an hour, then close and keep in the fridge for up to %s%s.", e, k.servings, keepEN, apartEN))
		what, whatEN := "une boîte", "one box"
		if len(cold) > 0 {
			what, whatEN = "une boîte "+deList(hot), "one box of "+strings.TrimPrefix(e, "the ")
		}
		k.step("Au moment de manger, réchauffez "+what+" 2 à 3"+nbsp+"minutes au micro-ondes, jusqu’à ce que ce soit bien chaud"+then+".",
			"To eat, reheat "+whatEN+" in the microwave for 2 to 3 minutes, until piping hot"+thenEN+".")
		k.active += 2
	} else {
		serve := " et servez chaud"
		if then != "" {
			serve = " ; servez aussitôt"
		}
		k.step(fmt.Sprintf("Dressez %s dans l’assiette%s%s. À emporter : en boîte hermétique, refroidie moins d’une heure, %s au réfrigérateur au plus ; réchauffez-la 2 à 3%sminutes au micro-ondes%s.", f, then, serve, keep, nbsp, then),
			fmt.Sprintf("Plate %s%s and serve hot. To take away: in an airtight box, cooled in under an hour, up to %s in the fridge; reheat for 2 to 3 minutes in the microwave%s.", e, thenEN, keepEN, thenEN))
	}
}
