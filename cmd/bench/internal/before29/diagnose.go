package before29

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

// kindFix is a kind of food one may add to a meal, with a representative food for the check.
type kindFix struct {
	text Text
	rep  Food
	// diets the fix suits.
	vegetarian, vegan bool
}

// rep builds a representative food from CIQUAL figures (per 100 g).
func rep(code int, sub string, kcal, protein, fat, carbs, sodium float64) Food {
	return Food{Code: -code, Subgroup: sub, Per100g: Nutrients{Kcal: Of(kcal), ProteinG: Of(protein), FatG: Of(fat),
		CarbsG: Of(carbs), SodiumMg: Of(sodium)}}
}

var (
	repChicken = rep(36017, "raw meat", 110, 23.4, 1.5, 0, 43)
	repTofu    = rep(20904, "ingredients for vegetarian", 147, 13.4, 8.5, 2.87, 10)
	repLentils = rep(20360, "legumes", 125, 10.1, 0.57, 16.2, 5.76)
	repRice    = rep(9104, "pasta, rice and grains", 155, 3.15, 0.7, 33.2, 18)
	repBroc    = rep(20057, "vegetables", 31.9, 2.9, 0.36, 2.15, 30)
	repOil     = rep(17270, "vegetable oils", 899, 0.25, 99.9, 0, 5)
	repQuark   = rep(19501, "dairy products", 80, 7.02, 2.83, 6.34, 41.6)
	repEgg     = rep(22000, "eggs", 140, 12.8, 9.83, 0.06, 124)
	repOats    = rep(32140, "breakfast cereals", 369, 10.6, 7.82, 57.7, 4)
	repBread   = rep(7001, "breads and similar", 287, 8.27, 1.4, 58.3, 500)
	repBanana  = rep(13005, "fruits", 87.6, 1.06, 0.5, 19.7, 5)
	repAlmond  = rep(15000, "nuts and seeds", 615, 18.8, 51.3, 9.51, 5)
)

// kindFixes are the kinds tried per meal, the likeliest fix first; never meat or fish for a
// breakfast or a snack.
var kindFixes = map[Category][]kindFix{
	LunchDinner: {
		{Text{"un aliment protéiné (viande, poisson, œufs, légumineuses ou tofu)", "a protein food (meat, fish, eggs, legumes or tofu)"}, repChicken, false, false},
		{Text{"un aliment protéiné (œufs, légumineuses ou tofu)", "a protein food (eggs, legumes or tofu)"}, repTofu, true, false},
		{Text{"un aliment protéiné (légumineuses ou tofu)", "a protein food (legumes or tofu)"}, repTofu, true, true},
		{Text{"un féculent (riz, pâtes, pommes de terre ou pain)", "a starchy food (rice, pasta, potatoes or bread)"}, repRice, true, true},
		{Text{"des légumineuses (lentilles, pois chiches, haricots)", "legumes (lentils, chickpeas, beans)"}, repLentils, true, true},
		{Text{"un légume", "a vegetable"}, repBroc, true, true},
		{Text{"une matière grasse (huile d’olive, de colza ou beurre)", "a fat (olive or rapeseed oil, or butter)"}, repOil, true, true},
	},
	Breakfast: {
		{Text{"un laitage riche en protéines (skyr, fromage blanc)", "a protein-rich dairy food (skyr, quark)"}, repQuark, true, false},
		{Text{"des œufs", "eggs"}, repEgg, true, false},
		{Text{"des flocons d’avoine ou du muesli", "oat flakes or muesli"}, repOats, true, true},
		{Text{"du pain", "bread"}, repBread, true, true},
		{Text{"un fruit", "a fruit"}, repBanana, true, true},
		{Text{"des oléagineux (amandes, noix)", "nuts (almonds, walnuts)"}, repAlmond, true, true},
	},
	Snack: {
		{Text{"un laitage riche en protéines (skyr, fromage blanc)", "a protein-rich dairy food (skyr, quark)"}, repQuark, true, false},
		{Text{"des oléagineux (amandes, noix)", "nuts (almonds, walnuts)"}, repAlmond, true, true},
		{Text{"un fruit", "a fruit"}, repBanana, true, true},
		{Text{"du pain", "bread"}, repBread, true, true},
	},
}

// diagnose returns the one change that makes req's target reachable (p is req prepared, or nil
// when no plate could be made at all).
func (b *Builtin) diagnose(req GenerateRequest, p *problem) Text {
	lead := Text{FR: "Ces aliments ne permettent pas d’atteindre l’objectif de ce repas : ", EN: "These foods cannot meet this meal’s target: "}
	feasibleWith := func(q GenerateRequest, must int, widen func(*problem)) (*problem, []plate) {
		q.Suggestions = slices.Clone(q.Suggestions)
		qp, _, err := b.prepare(q)
		if err != nil {
			return nil, nil
		}
		qp.budget = 15 // a what-if: the likeliest plates are enough to tell
		qp.mustCode = must
		if widen != nil {
			widen(qp)
		}
		found, _ := qp.search(1)
		return qp, found
	}
	if req.PriceLimit > 0 {
		q := req
		q.PriceLimit = 0
		if qp, found := feasibleWith(q, 0, nil); len(found) > 0 {
			need := math.Ceil(qp.price(found[0].solution)*2) / 2
			cur := string(req.Currency)
			if cur == "" {
				cur = string(EUR)
			}
			return Text{
				FR: lead.FR + fmt.Sprintf("la limite de prix est trop basse ; il faut environ %s\u00a0%s par portion.", frDecimal(need), cur),
				EN: lead.EN + fmt.Sprintf("the price limit is too low; it takes about %.2f %s per serving.", need, cur)}
		}
	}
	for _, f := range kindFixes[req.Category] {
		if !fixSuits(req.Diet, f) {
			continue
		}
		q := req
		q.Foods = append(slices.Clone(req.Foods), f.rep)
		if _, found := feasibleWith(q, f.rep.Code, nil); len(found) > 0 {
			return Text{FR: lead.FR + "ajoutez " + f.text.FR + ".", EN: lead.EN + "add " + f.text.EN + "."}
		}
	}
	if p == nil || !p.hasPlate() {
		// No plate at all: the kind of food that makes one comes first, even if more is needed.
		for _, f := range kindFixes[req.Category] {
			if !fixSuits(req.Diet, f) {
				continue
			}
			q := req
			q.Foods = append(slices.Clone(req.Foods), f.rep)
			if qp, _, err := b.prepare(q); err == nil && qp.hasPlate() {
				return Text{FR: lead.FR + "ajoutez " + f.text.FR + ".", EN: lead.EN + "add " + f.text.EN + "."}
			}
		}
	}
	if p != nil {
		// More of one food of the closest plate than its usual portion allows.
		var near []int
		if p.closest != nil {
			near = p.closest.idx
		}
		for _, j := range near {
			it := p.items[j]
			if _, found := feasibleWith(req, it.food.Code, func(q *problem) {
				for i := range q.items {
					if q.items[i].food.Code == it.food.Code {
						q.items[i].hi *= 2
					}
				}
			}); len(found) > 0 {
				g := 0.0
				for i, k := range found[0].idx {
					if k == j {
						g = found[0].grams[i]
					}
				}
				if g > it.hi {
					return Text{
						FR: lead.FR + fmt.Sprintf("il faudrait %.0f\u00a0g de « %s », plus qu’une portion habituelle (%.0f\u00a0g au plus) ; ajoutez un autre aliment de ce type.", g, it.food.Name.FR, it.hi),
						EN: lead.EN + fmt.Sprintf("it would take %.0f g of “%s”, more than a usual serving (%.0f g at most); add another food of that kind.", g, it.food.Name.EN, it.hi)}
				}
			}
		}
	}
	return b.worstGap(req, p, lead)
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
	return !(f.rep.Code == repTofu.Code && f.vegetarian)
}
