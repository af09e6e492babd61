package nutrition

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// One diagnosis when a target cannot be met: the smallest change that makes it reachable, tried
// in this order: a higher price limit (the same foods work without it), one food of a named kind
// from the meal's composition (a representative CIQUAL food stands for the kind), more of one
// food than its usual portion (twice its maximum). When no single change is enough, the value
// that misses most and the kind of food that fixes it.

// kindFix is a kind of food one may add to a meal, with the foods the check adds: the kind's
// representative CIQUAL food and its leanest common one (fromage blanc 0 % beside the average
// fromage blanc), each tried alone.
type kindFix struct {
	text Text
	// lowCarbText names the kind for a low-carb target, without its starchy examples (legumes);
	// zero: text.
	lowCarbText Text
	reps        []Food
	// diets the fix suits.
	vegetarian, vegan bool
}

// forTarget is f as advice to target t: a low-carb target is never sent to a starchy food, and
// hears the kind named without its starchy examples (lowCarbText); false when f does not apply.
func (f kindFix) forTarget(t Macros) (kindFix, bool) {
	if !lowCarb(t) {
		return f, true
	}
	if carbFood(f.reps[0]) {
		return f, false
	}
	if f.lowCarbText.EN != "" {
		f.text = f.lowCarbText
	}
	return f, true
}

// rep builds a representative food from CIQUAL figures (per 100 g).
func rep(code int, sub string, kcal, protein, fat, carbs, sodium float64) Food {
	return Food{Code: -code, Subgroup: sub, Per100g: Nutrients{Kcal: Of(kcal), ProteinG: Of(protein), FatG: Of(fat),
		CarbsG: Of(carbs), SodiumMg: Of(sodium)}}
}

var (
	repChicken  = rep(36017, "raw meat", 110, 23.4, 1.5, 0, 43)
	repCod      = rep(26043, "fish, raw", 77.4, 18.1, 0.57, 0, 65.2)
	repTofu     = rep(20904, "ingredients for vegetarian", 147, 13.4, 8.5, 2.87, 10)
	repLentils  = rep(20360, "legumes", 125, 10.1, 0.57, 16.2, 5.76)
	repChickpea = rep(20532, "legumes", 122, 6.74, 2.68, 15, 216)
	repRice     = rep(9104, "pasta, rice and grains", 155, 3.15, 0.7, 33.2, 18)
	repPotato   = rep(4003, "potatoes and other tubers", 81, 1.8, 0.34, 16.8, 20.6)
	repBroc     = rep(20057, "vegetables", 31.9, 2.9, 0.36, 2.15, 30)
	repPepper   = rep(20041, "vegetables", 22.6, 0.8, 0.27, 3.5, 8.4)
	repOil      = rep(17270, "vegetable oils", 899, 0.25, 99.9, 0, 5)
	repQuark    = rep(19501, "dairy products", 80, 7.02, 2.83, 6.34, 41.6)
	repQuark0   = rep(19644, "dairy products", 48.4, 7.34, 0.1, 4.22, 36)
	repEgg      = rep(22000, "eggs", 140, 12.8, 9.83, 0.06, 124)
	repOats     = rep(32140, "breakfast cereals", 369, 10.6, 7.82, 57.7, 4)
	repMuesli   = rep(32113, "breakfast cereals", 374, 10.3, 8.1, 59.8, 9)
	repBread    = rep(7001, "breads and similar", 287, 8.27, 1.4, 58.3, 500)
	repBreadW   = rep(7110, "breads and similar", 234, 8.66, 1.7, 41.2, 470)
	repBanana   = rep(13005, "fruits", 87.6, 1.06, 0.5, 19.7, 5)
	repApple    = rep(13039, "fruits", 54, 0.25, 0.25, 11.6, 1.5)
	repAlmond   = rep(15000, "nuts and seeds", 615, 18.8, 51.3, 9.51, 5)
	repWalnut   = rep(15005, "nuts and seeds", 709, 13.3, 67.3, 6.88, 5)
	repButter   = rep(16400, "butters", 753, 0.64, 83, 0.71, 14)
	repJam      = rep(31024, "jam", 248, 0.25, 0.5, 60.5, 7)
	repMilk     = rep(19041, "milk", 47.7, 3.48, 1.56, 5, 35)
	repEmmental = rep(12118, "cheese and similar", 368, 27.6, 28.2, 0.58, 272)
)

// kindFixes are the kinds tried per meal, the likeliest fix first; never meat or fish for a
// breakfast or a snack.
var kindFixes = map[Category][]kindFix{
	LunchDinner: {
		{Text{"un aliment protéiné (viande, poisson, œufs, légumineuses ou tofu)", "a protein food (meat, fish, eggs, legumes or tofu)"},
			Text{"un aliment protéiné (viande, poisson, œufs ou tofu)", "a protein food (meat, fish, eggs or tofu)"}, []Food{repChicken, repCod}, false, false},
		{Text{"un aliment protéiné (œufs, légumineuses ou tofu)", "a protein food (eggs, legumes or tofu)"},
			Text{"un aliment protéiné (œufs ou tofu)", "a protein food (eggs or tofu)"}, []Food{repTofu, repEgg}, true, false},
		{Text{"un aliment protéiné (légumineuses ou tofu)", "a protein food (legumes or tofu)"},
			Text{"du tofu", "tofu"}, []Food{repTofu}, true, true},
		{Text{"un féculent (riz, pâtes, pommes de terre ou pain)", "a starchy food (rice, pasta, potatoes or bread)"}, Text{}, []Food{repRice, repPotato}, true, true},
		{Text{"des légumineuses (lentilles, pois chiches, haricots)", "legumes (lentils, chickpeas, beans)"}, Text{}, []Food{repLentils, repChickpea}, true, true},
		{Text{"un légume", "a vegetable"}, Text{}, []Food{repBroc, repPepper}, true, true},
		{Text{"une matière grasse (huile d’olive, de colza ou beurre)", "a fat (olive or rapeseed oil, or butter)"}, Text{}, []Food{repOil}, true, true},
		{Text{"un peu de fromage râpé", "a little grated cheese"}, Text{}, []Food{repEmmental}, true, false},
	},
	Breakfast: {
		{Text{"un laitage riche en protéines (skyr, fromage blanc)", "a protein-rich dairy food (skyr, quark)"}, Text{}, []Food{repQuark, repQuark0}, true, false},
		{Text{"des œufs", "eggs"}, Text{}, []Food{repEgg}, true, false},
		{Text{"des flocons d’avoine ou du muesli", "oat flakes or muesli"}, Text{}, []Food{repOats, repMuesli}, true, true},
		{Text{"du pain", "bread"}, Text{}, []Food{repBread, repBreadW}, true, true},
		{Text{"un fruit", "a fruit"}, Text{}, []Food{repBanana, repApple}, true, true},
		{Text{"des oléagineux (amandes, noix)", "nuts (almonds, walnuts)"}, Text{}, []Food{repAlmond, repWalnut}, true, true},
		{Text{"du beurre", "butter"}, Text{}, []Food{repButter}, true, false},
		{Text{"du lait", "milk"}, Text{}, []Food{repMilk}, true, false},
		{Text{"de la confiture", "jam"}, Text{}, []Food{repJam}, true, true},
	},
	Snack: {
		{Text{"un laitage riche en protéines (skyr, fromage blanc)", "a protein-rich dairy food (skyr, quark)"}, Text{}, []Food{repQuark, repQuark0}, true, false},
		{Text{"des oléagineux (amandes, noix)", "nuts (almonds, walnuts)"}, Text{}, []Food{repAlmond, repWalnut}, true, true},
		{Text{"un fruit", "a fruit"}, Text{}, []Food{repBanana, repApple}, true, true},
		{Text{"du pain", "bread"}, Text{}, []Food{repBread, repBreadW}, true, true},
		{Text{"du lait", "milk"}, Text{}, []Food{repMilk}, true, false},
	},
}

// Suggestion actions (the `gamelle nutrition solve` face and the recipes page).
const (
	ActionAddFood         = "add_food"
	ActionMoreOf          = "more_of"
	ActionRaisePriceLimit = "raise_price_limit"
)

// Suggestion is the one change that makes a refused target feasible, checked by solving again
// with it before it is shown: add a food (FoodCodes are CIQUAL foods that each do), more of a
// food of the meal prep (FoodCodes holds it), or a higher price limit (PriceLimit). When no
// single change does, Action is add_food with the two foods both needed, or no food at all,
// and Text says so.
type Suggestion struct {
	Action     string  `json:"action"`
	FoodCodes  []int   `json:"foodCodes"`
	PriceLimit float64 `json:"priceLimit,omitempty"`
	Text       Text    `json:"text"`
	// Pair: FoodCodes are two foods both needed (no single one is enough).
	Pair bool `json:"pair,omitempty"`
}

// holds reports whether the request's foods already hold the kind of food a fix adds: a food of
// the same role in the meal (a starch beside potatoes and bread), or for a lunch's protein and a
// breakfast's or snack's dairy, of the same kind (chicken may be suggested beside eggs, not
// beside turkey; milk beside fromage blanc, not beside another milk); the cupboard's cooking fats
// count as held. Such a kind is never
// suggested as an addition, only as more of its food.
func holds(req GenerateRequest, fix Food) bool {
	r := roleOf(req.Category, fix)
	for _, f := range slices.Concat(req.Foods, req.PantryFoods) {
		if !usable(f.Per100g) || !DietAllows(req.Diet, f) || roleOf(req.Category, f) != r {
			continue
		}
		if r != roleProtein && r != roleDairy || KindOf(f) == KindOf(fix) {
			return true
		}
	}
	return false
}

// lowCarb: a target with less than a quarter of its energy from carbohydrates (the low-carb
// preset's meals): starches, legumes, bread, oats and fruit are not what it lacks.
func lowCarb(t Macros) bool {
	return t.Kcal > 0 && t.CarbsG*KcalPerGCarbs < 0.25*t.Kcal
}

// carbFood: more than 40 % of the food's energy is carbohydrate.
func carbFood(f Food) bool {
	k := f.Per100g.Kcal.Or(0)
	return k > 0 && f.Per100g.CarbsG.Or(0)*KcalPerGCarbs > 0.4*k
}

// diagnoseLead opens every diagnosis.
var diagnoseLead = Text{FR: "Ces aliments ne permettent pas d’atteindre l’objectif de ce repas : ", EN: "These foods cannot meet this meal’s target: "}

// diagnose returns the one checked change that makes req's target reachable (p is req
// prepared, or nil when no plate could be made at all), in this order: a higher price limit,
// one food of a kind the meal prep lacks (its representative or its leanest food), more of one
// of its foods, two foods; else it says no single change is enough.
// repAllergens are the allergens the allergen table finds in each representative food's CIQUAL
// food (TestRepAllergensAreTheTables), by CIQUAL code: a fix is never tried, nor named, with a
// food holding an allergen the person declares (GenerateRequest.Exclude).
var repAllergens = map[int][]Allergen{
	26043: {AllergenFish}, 20904: {AllergenSoy}, 22000: {AllergenEggs},
	19501: {AllergenMilk}, 19644: {AllergenMilk}, 16400: {AllergenMilk}, 19041: {AllergenMilk}, 12118: {AllergenMilk},
	32140: {AllergenGluten, AllergenPeanuts, AllergenSoy, AllergenMilk, AllergenNuts},
	32113: {AllergenGluten, AllergenPeanuts, AllergenSoy, AllergenMilk, AllergenNuts},
	7001:  {AllergenGluten}, 7110: {AllergenGluten}, 15000: {AllergenNuts}, 15005: {AllergenNuts},
}

// RepAllergens are the allergens of the representative food a suggestion names by code (its
// CIQUAL code), for the allergen table's test.
func RepAllergens(code int) []Allergen { return repAllergens[code] }

// safeReps are the fix's foods without an allergen the request excludes.
func safeReps(req GenerateRequest, f kindFix) []Food {
	if len(req.Exclude) == 0 {
		return f.reps
	}
	var out []Food
	for _, r := range f.reps {
		if !slices.ContainsFunc(repAllergens[-r.Code], func(a Allergen) bool { return slices.Contains(req.Exclude, a) }) {
			out = append(out, r)
		}
	}
	return out
}

func (b *Builtin) diagnose(req GenerateRequest, p *problem) Suggestion {
	lead := diagnoseLead
	if s, ok := b.priceSuggestion(req); ok {
		return s
	}
	var fixes []kindFix
	for _, f := range kindFixes[req.Category] {
		if !fixSuits(req.Diet, f) || holds(req, f.reps[0]) {
			continue
		}
		if f.reps = safeReps(req, f); len(f.reps) == 0 {
			continue
		}
		f, ok := f.forTarget(req.Target)
		if !ok {
			continue
		}
		fixes = append(fixes, f)
	}
	for _, f := range fixes {
		var codes []int
		for _, r := range f.reps {
			if _, found := b.whatIf(p, req, []Food{r}, r.Code, nil); len(found) > 0 {
				codes = append(codes, -r.Code)
			}
		}
		if len(codes) > 0 {
			return Suggestion{Action: ActionAddFood, FoodCodes: codes, Text: Text{FR: lead.FR + "ajoutez " + f.text.FR + ".", EN: lead.EN + "add " + f.text.EN + "."}}
		}
	}
	if s, ok := b.moreOfSuggestion(req, p); ok {
		return s
	}
	// Two kinds together, the likeliest first: only plates holding the first need a look (with
	// the second alone no plate worked).
	for i, f := range fixes {
		for _, g := range fixes[i+1:] {
			if _, found := b.whatIf(p, req, []Food{f.reps[0], g.reps[0]}, f.reps[0].Code, nil); len(found) > 0 {
				return Suggestion{Action: ActionAddFood, FoodCodes: []int{-f.reps[0].Code, -g.reps[0].Code}, Pair: true, Text: Text{
					FR: lead.FR + "aucun aliment seul ne suffit ; ajoutez " + f.text.FR + " et " + g.text.FR + ".",
					EN: lead.EN + "no single food is enough; add " + f.text.EN + " and " + g.text.EN + "."}}
			}
		}
	}
	gap := b.worstGap(req, p, Text{})
	return Suggestion{Action: ActionAddFood, FoodCodes: []int{}, Text: Text{
		FR: lead.FR + "aucun changement d’un ou deux aliments ne suffit (" + gap.FR + ").",
		EN: lead.EN + "no change of one or two foods is enough (" + gap.EN + ")."}}
}

// whatIf searches req with the foods extra added as a what-if (the likeliest plates are enough
// to tell), keeping only plates holding food must (0: any) and letting widen change the problem
// first. base is req prepared (nil: prepare it again): the what-if copies its items and adds
// extra's, rather than prepare every food again; a base holding suggested foods is prepared
// again, so the added foods keep their place before them.
func (b *Builtin) whatIf(base *problem, req GenerateRequest, extra []Food, must int, widen func(*problem)) (*problem, []plate) {
	var qp *problem
	if base != nil && !slices.ContainsFunc(base.items, func(it item) bool { return it.suggested }) {
		c := *base
		c.items, c.closest = slices.Clone(base.items), nil
		for _, f := range extra {
			if slices.ContainsFunc(c.items, func(it item) bool { return it.food.Code == f.Code }) {
				continue
			}
			if it, skip := b.newItem(req, f, false); skip == skipNone {
				c.addItem(it)
			}
		}
		qp = &c
	} else {
		q := req
		q.Foods = append(slices.Clone(req.Foods), extra...)
		q.Suggestions = slices.Clone(q.Suggestions)
		var err error
		if qp, _, err = b.prepare(q); err != nil {
			return nil, nil
		}
	}
	qp.budget = 15
	qp.mustCode = must
	if widen != nil {
		widen(qp)
	}
	found, _ := qp.search(1)
	return qp, found
}

// priceSuggestion is the raised price limit that makes req feasible, when its foods work without
// a limit.
func (b *Builtin) priceSuggestion(req GenerateRequest) (Suggestion, bool) {
	if req.PriceLimit <= 0 {
		return Suggestion{}, false
	}
	q := req
	q.PriceLimit = 0
	qp, found := b.whatIf(nil, q, nil, 0, nil)
	if len(found) == 0 {
		return Suggestion{}, false
	}
	lead := diagnoseLead
	need := math.Ceil(qp.price(found[0].solution)*2) / 2
	cur := string(req.Currency)
	if cur == "" {
		cur = string(EUR)
	}
	return Suggestion{Action: ActionRaisePriceLimit, FoodCodes: []int{}, PriceLimit: need, Text: Text{
		FR: lead.FR + fmt.Sprintf("la limite de prix est trop basse ; il faut environ %s %s par portion.", frDecimal(need), cur),
		EN: lead.EN + fmt.Sprintf("the price limit is too low; it takes about %.2f %s per serving.", need, cur)}}, true
}

// moreOfSuggestion is "more of" the first of p's foods (the closest plate's first) that makes
// req feasible at up to largerServing times its usual maximum, when it takes more than that
// maximum; only of a food a larger serving of makes sense (largerMakesSense).
func (b *Builtin) moreOfSuggestion(req GenerateRequest, p *problem) (Suggestion, bool) {
	if p == nil {
		return Suggestion{}, false
	}
	var order []int
	if p.closest != nil {
		order = slices.Clone(p.closest.idx)
	}
	for j := range p.items {
		if !slices.Contains(order, j) && !p.items[j].suggested {
			order = append(order, j)
		}
	}
	lead := diagnoseLead
	for _, j := range order {
		it := p.items[j]
		if slices.Contains(req.Larger, it.food.Code) {
			continue // already served larger: no "more" of it
		}
		if !largerMakesSense(it.food) {
			continue
		}
		_, found := b.whatIf(p, req, nil, it.food.Code, func(q *problem) {
			for i := range q.items {
				if q.items[i].food.Code == it.food.Code {
					q.items[i].hi *= largerServing
				}
			}
		})
		if len(found) == 0 {
			continue
		}
		g := 0.0
		for i, k := range found[0].idx {
			if p.items[k].food.Code == it.food.Code {
				g = found[0].grams[i]
			}
		}
		if g > it.hi {
			// The cook's name ("pommes de terre", not CIQUAL's "Pomme de terre, épluchée, crue"):
			// the sentence is read beside recipes that name it so.
			n := culinaryName(it.food)
			return Suggestion{Action: ActionMoreOf, FoodCodes: []int{it.food.Code}, Text: Text{
				FR: lead.FR + fmt.Sprintf("prévoyez plus %s : il en faudrait %.0f g par portion, plus qu’une portion habituelle (%.0f g au plus).", n.de(), g, it.hi),
				EN: lead.EN + fmt.Sprintf("plan more %s: it would take %.0f g a serving, more than a usual serving (%.0f g at most).", n.EN, g, it.hi)}}, true
		}
	}
	return Suggestion{}, false
}

// largerMakesSense reports whether a cook would serve more of f to feed a larger eater: a
// protein, a starch, a legume, bread, breakfast cereal, milk or a soy drink, a yoghurt or a ready dish. Not fruit
// or vegetables (650 g of blueberries at breakfast is a volume, not a serving), nor a fat, a
// cheese, a sweet or a seasoning, which season a plate rather than feed it.
func largerMakesSense(f Food) bool {
	switch KindOf(f) {
	case KindMeat, KindFish, KindEgg, KindDeli, KindLegume, KindVegetarian, KindTuber, KindGrain,
		KindBread, KindCereal, KindMilk, KindDairy, KindDish:
		return true
	case KindDrink:
		return f.Per100g.ProteinG.Or(0) >= 2.5 // a soy drink is drunk as milk; a juice is not more food
	}
	return false
}

// worstGap names the value the closest plate misses most, and the kind of food that fixes it.
func (b *Builtin) worstGap(req GenerateRequest, p *problem, lead Text) Text {
	t, tol := req.Target.vec(), Tolerance(req.Target).vec()
	var a [4]float64
	if p != nil && p.closest != nil {
		a = p.achieved(p.closest.solution)
	}
	worst, wd := 0, 0.0
	for k := range a {
		if d := math.Abs(a[k]-t[k]) / tol[k]; d > wd {
			worst, wd = k, d
		}
	}
	proteinFR, proteinEN := "un aliment riche en protéines (skyr, fromage blanc, œufs)", "a protein-rich food (skyr, quark, eggs)"
	if req.Category == LunchDinner {
		proteinFR, proteinEN = "un aliment riche en protéines (viande, poisson, œufs, tofu, légumineuses)", "a protein-rich food (meat, fish, eggs, tofu, legumes)"
	}
	names := [4][3]string{{"d’énergie", "Energy", "is"}, {"de protéines", "Protein", "is"}, {"de lipides", "Fat", "is"}, {"de glucides", "Carbohydrates", "are"}}
	units := [4]string{"kcal", "g", "g", "g"}
	fixLow := [4][2]string{
		{"un aliment plus énergétique", "a more energy-dense food"},
		{proteinFR, proteinEN},
		{"une source de lipides", "a fat source"},
		{"un féculent ou un fruit", "a starchy food or fruit"},
	}
	fixHigh := [4][2]string{
		{"des aliments plus légers", "lighter foods"},
		{"des aliments moins protéinés", "foods with less protein"},
		{"des aliments plus maigres", "leaner foods"},
		{"des aliments pauvres en glucides", "low-carbohydrate foods"},
	}
	d := a[worst] - t[worst]
	amount := fmt.Sprintf("%.0f\u00a0%s", math.Abs(d), units[worst])
	if lead.FR == "" {
		if d < 0 {
			return Text{FR: fmt.Sprintf("il manque %s %s", amount, names[worst][0]),
				EN: fmt.Sprintf("%s %s %s short", names[worst][1], names[worst][2], strings.Replace(amount, "\u00a0", " ", 1))}
		}
		return Text{FR: fmt.Sprintf("%s %s en trop", amount, names[worst][0]),
			EN: fmt.Sprintf("%s %s %s over", names[worst][1], names[worst][2], strings.Replace(amount, "\u00a0", " ", 1))}
	}
	if d < 0 {
		return Text{FR: lead.FR + fmt.Sprintf("il manque %s %s ; ajoutez %s.", amount, names[worst][0], fixLow[worst][0]),
			EN: lead.EN + fmt.Sprintf("%s %s %s short; add %s.", names[worst][1], names[worst][2], strings.Replace(amount, "\u00a0", " ", 1), fixLow[worst][1])}
	}
	return Text{FR: lead.FR + fmt.Sprintf("%s %s en trop ; choisissez %s.", amount, names[worst][0], fixHigh[worst][0]),
		EN: lead.EN + fmt.Sprintf("%s %s %s over; choose %s.", names[worst][1], names[worst][2], strings.Replace(amount, "\u00a0", " ", 1), fixHigh[worst][1])}
}

// frDecimal writes a price with a decimal comma.
func frDecimal(v float64) string { return strings.Replace(fmt.Sprintf("%.2f", v), ".", ",", 1) }

// fixSuits: the fix is for this diet (omnivores are told "meat, fish, eggs…", vegans never).
func fixSuits(d Diet, f kindFix) bool {
	switch d {
	case Vegetarian:
		return f.vegetarian
	case Vegan:
		return f.vegan
	}
	return !(f.reps[0].Code == repTofu.Code && f.vegetarian)
}
