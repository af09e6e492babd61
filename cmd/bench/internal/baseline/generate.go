package baseline

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Builtin is the offline generator: the solver picks foods and quantities, templates write the
// names and steps in French and English.
type Builtin struct {
	Prices *PriceTable
}

// NewBuiltin returns the built-in generator pricing foods with prices (which may be nil: foods
// without their own price then cost 0).
func NewBuiltin(prices *PriceTable) *Builtin { return &Builtin{Prices: prices} }

// Generate returns req.Count recipes (1 when Count is 0). It fails only with *Unsolvable (no usable
// food, invalid target) or when ctx is done.
func (b *Builtin) Generate(ctx context.Context, req GenerateRequest) ([]Recipe, error) {
	p, foods, err := b.prepare(req)
	if err != nil {
		return nil, err
	}
	count := min(max(req.Count, 1), MaxCount)
	out := make([]Recipe, 0, count)
	used := map[int]int{}
	var sets [][]int
	for n := 0; n < count; n++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("generate recipe %d of %d: %w", n+1, count, err)
		}
		rng := rand.New(rand.NewPCG(uint64(req.Seed), uint64(n)))
		cost := p.costs(rng, used)
		s := p.solve(cost, rng)
		// Same foods as an earlier recipe: keep each of them out in turn and take the closest
		// new combination, if any is within tolerance or at least as close.
		if containsSet(sets, s.idx) {
			dup := s
			bestDev := math.Inf(1)
			for _, j := range dup.idx {
				c := slices.Clone(cost)
				c[j] += 1e5
				alt := p.solve(c, rng)
				if containsSet(sets, alt.idx) {
					continue
				}
				d := p.deviation(p.achieved(alt)) + p.overPrice(alt)
				if p.within(p.achieved(alt)) {
					d = 0
				}
				if d < bestDev {
					s, bestDev = alt, d
				}
				if d == 0 {
					break
				}
			}
			if !p.within(p.achieved(s)) && p.within(p.achieved(dup)) {
				s = dup // variety never costs accuracy
			}
		}
		for _, j := range s.idx {
			used[j]++
		}
		sets = append(sets, sortedCopy(s.idx))
		r := b.recipe(req, p, s, foods, rng)
		if !r.WithinTolerance || p.price(s) > p.limit+1e-9 {
			r.Feasible = p.isFeasible()
			r.Explanation = p.explain(s, r.Feasible)
		}
		out = append(out, r)
	}
	return out, nil
}

func containsSet(sets [][]int, idx []int) bool {
	s := sortedCopy(idx)
	for _, o := range sets {
		if slices.Equal(o, s) {
			return true
		}
	}
	return false
}

func sortedCopy(idx []int) []int {
	s := slices.Clone(idx)
	slices.Sort(s)
	return s
}

// prepare validates the request and turns usable foods into solver items.
func (b *Builtin) prepare(req GenerateRequest) (*problem, map[int]Food, error) {
	t := req.Target
	for _, v := range t.vec() {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return nil, nil, &Unsolvable{Code: "invalid_target", Reason: Text{
				FR: "L’objectif du repas doit être composé de nombres positifs.",
				EN: "The meal target must be made of non-negative numbers."}}
		}
	}
	if t.Kcal == 0 && t.ProteinG == 0 && t.FatG == 0 && t.CarbsG == 0 {
		return nil, nil, &Unsolvable{Code: "invalid_target", Reason: Text{
			FR: "L’objectif du repas est vide : renseignez vos besoins journaliers.",
			EN: "The meal target is empty: fill in your daily needs."}}
	}
	if len(req.Foods) == 0 {
		return nil, nil, &Unsolvable{Code: "no_foods", Reason: Text{
			FR: "Ajoutez des aliments à la préparation avant de générer une recette.",
			EN: "Add foods to the meal prep before generating a recipe."}}
	}
	pricing := Pricing{Table: b.Prices, Currency: req.Currency, USDPerEUR: req.USDPerEUR}
	p := &problem{target: t.vec(), tol: Tolerance(t).vec(), limit: math.Inf(1)}
	if req.PriceLimit > 0 {
		p.limit = req.PriceLimit
	}
	foods := map[int]Food{}
	var noEnergy, excluded int
	add := func(f Food, suggested bool) {
		if _, dup := foods[f.Code]; dup {
			return
		}
		if !DietAllows(req.Diet, f) {
			excluded++
			return
		}
		n := f.Per100g
		if !usable(n) {
			noEnergy++
			return
		}
		k := KindOf(f)
		rule := kindRules[k]
		eur := b.Prices.PerKgEUR(f) / 1000
		it := item{food: f, kind: k, suggested: suggested, lo: rule.min, hi: rule.max, fit: rule.fit[req.Category],
			m:       [4]float64{n.Kcal.V / 100, n.ProteinG.V / 100, n.FatG.V / 100, n.CarbsG.V / 100},
			eurPerG: eur, pricePerG: Money(eur, req.Currency, pricing.rate())}
		foods[f.Code] = f
		p.items = append(p.items, it)
	}
	for _, f := range req.Foods {
		add(f, false)
	}
	for _, f := range req.Suggestions {
		add(f, true)
	}
	if len(p.items) == 0 {
		switch {
		case excluded > 0 && noEnergy == 0:
			return nil, nil, &Unsolvable{Code: "diet_excludes_all", Reason: Text{
				FR: "Votre régime exclut tous les aliments de cette préparation.",
				EN: "Your diet excludes every food of this meal prep."}}
		default:
			return nil, nil, &Unsolvable{Code: "no_energy", Reason: Text{
				FR: "Aucun aliment de la préparation n’a de valeurs nutritionnelles utilisables (énergie et macronutriments).",
				EN: "None of the meal prep’s foods has usable nutrition values (energy and macronutrients)."}}
		}
	}
	return p, foods, nil
}

// recipe turns a solution into a Recipe with texts and every number recomputed.
func (b *Builtin) recipe(req GenerateRequest, p *problem, s solution, foods map[int]Food, rng *rand.Rand) Recipe {
	servings := max(req.Servings, 1)
	r := Recipe{Category: req.Category, Servings: servings, Target: req.Target.Rounded(), Source: SourceBuiltin, Feasible: true}
	order := make([]int, len(s.idx))
	for i := range order {
		order[i] = i
	}
	// Largest quantity first, as recipes list them.
	slices.SortStableFunc(order, func(a, c int) int {
		return int(math.Round(s.grams[c]*1000)) - int(math.Round(s.grams[a]*1000))
	})
	for _, i := range order {
		it := p.items[s.idx[i]]
		r.Ingredients = append(r.Ingredients, Ingredient{FoodCode: it.food.Code, Grams: int(math.Round(s.grams[i])) * servings, Suggested: it.suggested})
	}
	_ = Recompute(&r, foods, Pricing{Table: b.Prices, Currency: req.Currency, USDPerEUR: req.USDPerEUR})
	r.Target = req.Target.Rounded()
	r.WithinTolerance = WithinTolerance(req.Target, r.Nutrition.Macros())
	WriteTexts(&r, foods, rng.Uint64())
	return r
}

// explain says why a recipe misses: which values are off, and what kind of food would fix each.
func (p *problem) explain(s solution, feasible bool) *Text {
	a := p.achieved(s)
	var fr, en []string
	if pr := p.price(s); pr > p.limit+1e-9 || (!feasible && p.priceBlocks()) {
		fr = append(fr, "La limite de prix est trop basse pour ces aliments : augmentez-la ou ajoutez des aliments moins chers (légumineuses, œufs, céréales).")
		en = append(en, "The price limit is too low for these foods: raise it or add cheaper foods (legumes, eggs, grains).")
	}
	// French: "Il manque 12 g de protéines", with the elided "d’" before a vowel.
	names := [4][3]string{{"d’énergie", "Energy", "is"}, {"de protéines", "Protein", "is"}, {"de lipides", "Fat", "is"}, {"de glucides", "Carbohydrates", "are"}}
	units := [4]string{"kcal", "g", "g", "g"}
	fixLow := [4][2]string{
		{"un aliment plus énergétique (féculents, oléagineux, huile)", "a more energy-dense food (starches, nuts, oil)"},
		{"un aliment riche en protéines (viande, poisson, œufs, tofu, légumineuses, skyr)", "a protein-rich food (meat, fish, eggs, tofu, legumes, skyr)"},
		{"une source de lipides (huile, beurre, oléagineux, fromage)", "a fat source (oil, butter, nuts, cheese)"},
		{"un féculent ou un fruit (pâtes, riz, pain, pommes de terre, flocons d’avoine)", "a starchy food or fruit (pasta, rice, bread, potatoes, oats)"},
	}
	fixHigh := [4][2]string{
		{"des aliments plus légers (légumes, fruits, protéines maigres)", "lighter foods (vegetables, fruit, lean protein)"},
		{"des aliments moins protéinés (légumes, fruits, céréales)", "foods with less protein (vegetables, fruit, grains)"},
		{"des aliments maigres (légumes, fruits, viande maigre, pâtes, riz)", "low-fat foods (vegetables, fruit, lean meat, pasta, rice)"},
		{"des aliments pauvres en glucides (viande, poisson, œufs, légumes verts, huile)", "low-carbohydrate foods (meat, fish, eggs, green vegetables, oil)"},
	}
	for k := range a {
		d := a[k] - p.target[k]
		if math.Abs(d) <= p.tol[k]+1e-9 {
			continue
		}
		amount := fmt.Sprintf("%.0f %s", math.Abs(d), units[k])
		if d < 0 {
			fr = append(fr, fmt.Sprintf("Il manque %s %s : ajoutez %s.", frNBSP(amount), names[k][0], fixLow[k][0]))
			en = append(en, fmt.Sprintf("%s %s %s short: add %s.", names[k][1], names[k][2], amount, fixLow[k][1]))
		} else {
			fr = append(fr, fmt.Sprintf("%s %s en trop : remplacez une partie par %s.", capitalise(frNBSP(amount)), names[k][0], fixHigh[k][0]))
			en = append(en, fmt.Sprintf("%s %s %s over: swap some for %s.", names[k][1], names[k][2], amount, fixHigh[k][1]))
		}
	}
	if len(fr) == 0 {
		return nil
	}
	lead := Text{FR: "Ces aliments ne permettent pas d’atteindre l’objectif. ", EN: "These foods cannot meet the target. "}
	if feasible {
		lead = Text{FR: "Recette hors tolérance malgré des aliments adaptés. ", EN: "Recipe outside the tolerance although the foods allow it. "}
	}
	return &Text{FR: lead.FR + strings.Join(fr, " "), EN: lead.EN + strings.Join(en, " ")}
}

// frNBSP puts a no-break space between a number and its unit (French typography).
func frNBSP(s string) string { return strings.Replace(s, " ", "\u00a0", 1) }

// usable: energy and the three macros known, finite and plausible per 100 g (energy above 0 and
// at most 1,000 kcal, each macro 0–100 g). Anything else cannot be solved with, and a person's
// own food with a typo must not derail a recipe.
func usable(n Nutrients) bool {
	if !n.HasMacros() {
		return false
	}
	if k := n.Kcal.V; math.IsNaN(k) || k <= 0 || k > 1000 {
		return false
	}
	for _, v := range []float64{n.ProteinG.V, n.FatG.V, n.CarbsG.V} {
		if math.IsNaN(v) || v < 0 || v > 100 {
			return false
		}
	}
	return true
}

// priceBlocks reports whether the price limit is what makes the target infeasible: the same foods
// without a limit could meet it.
func (p *problem) priceBlocks() bool {
	if math.IsInf(p.limit, 1) {
		return false
	}
	free := &problem{items: p.items, target: p.target, tol: p.tol, limit: math.Inf(1)}
	return free.bandFeasible()
}
