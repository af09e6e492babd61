package nutrition

import (
	"context"
	"errors"
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

// Generate returns up to req.Count distinct recipes (1 when Count is 0), each a composition-valid
// plate of the meal (docs/nutrition.md). When the target can be met it returns only recipes that
// meet it, fewer than Count when the foods do not make that many distinct plates (the caller
// refunds the missing ones); when it cannot, it returns the one closest plate with the diagnosis.
// It fails only with *Unsolvable (no usable food, no plate for the meal, invalid or inconsistent
// target) or when ctx is done.
func (b *Builtin) Generate(ctx context.Context, req GenerateRequest) ([]Recipe, error) {
	p, foods, err := b.prepare(req)
	if err != nil {
		var u *Unsolvable
		if errors.As(err, &u) && u.Code == "no_plate" {
			d := b.diagnose(req, nil)
			u.Reason, u.Suggestion = d.Text, &d
		}
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("generate recipes: %w", err)
	}
	count := min(max(req.Count, 1), MaxCount)
	rng := rand.New(rand.NewPCG(uint64(req.Seed), 0))
	forms := p.cat == LunchDinner && req.Pantry != nil && len(req.RecentDishes) > 0
	p.spread = p.cat == LunchDinner && (count > 1 || forms)
	found, closest := p.search(3*count + 5) // more than asked, for variety
	if len(found) == 0 && !req.fuller && p.cat == LunchDinner {
		req, p, foods, found, closest = b.fuller(req, p, foods, found, closest, count)
	}
	if p.spread && count > 1 && len(found) > 0 && !req.fuller {
		req, p, foods, found = b.fullerIfMoreVaried(req, p, foods, found, count)
	}
	if forms {
		p.rankForms(found, foods, req)
	}
	if len(found) == 0 {
		if closest == nil {
			d := b.diagnose(req, p)
			return nil, &Unsolvable{Code: "no_plate", Reason: d.Text, Suggestion: &d}
		}
		r := b.recipe(req, p, closest.solution, foods, rng, req.RecentDishes)
		r.Feasible = false
		d := b.diagnose(req, p)
		r.Explanation, r.Suggestion = &d.Text, &d
		return []Recipe{r}, nil
	}
	out := make([]Recipe, 0, count)
	recent := slices.Clone(req.RecentDishes) // the request's recipes vary their forms too
	picked := p.pick(found, count, rng)
	for i := range picked {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("generate recipe %d of %d: %w", len(out)+1, count, err)
		}
		if p.cat == LunchDinner {
			picked[i] = p.freshen(found, picked, i, foods, req, recent)
		}
		r := b.recipe(req, p, picked[i].solution, foods, rng, recent)
		recent = append(recent, r.Dish)
		out = append(out, r)
	}
	distinctNames(out, foods, rng.Uint64())
	return out, nil
}

// fuller is Generate's second search when no plate of one protein and one starch meets the
// target: fuller meals (a dessert from the meal prep's yoghurts, bread beside a protein and a
// legume; docs/nutrition.md, "Plate composition"). A refusal is then diagnosed on them too, so
// a suggestion is checked as Generate would serve it. It returns its arguments when the meal prep
// makes no fuller plate.
func (b *Builtin) fuller(req GenerateRequest, p *problem, foods map[int]Food, found []plate, closest *plate, count int) (GenerateRequest, *problem, map[int]Food, []plate, *plate) {
	f, ok := b.fullerSearch(req, p.spread, count)
	if !ok || len(f.found) == 0 && f.closest == nil {
		return req, p, foods, found, closest
	}
	return f.req, f.p, f.foods, f.found, f.closest
}

// fullerResult is one fuller search: its request, problem, foods and plates.
type fullerResult struct {
	req     GenerateRequest
	p       *problem
	foods   map[int]Food
	found   []plate
	closest *plate
}

// fullerSearch prepares req again with fuller meals allowed and searches it as Generate does;
// ok is false when the request cannot be prepared.
func (b *Builtin) fullerSearch(req GenerateRequest, spread bool, count int) (fullerResult, bool) {
	req.fuller = true
	q, qfoods, err := b.prepare(req)
	if err != nil {
		return fullerResult{}, false
	}
	q.spread = spread
	found, closest := q.search(3*count + 5)
	return fullerResult{req: req, p: q, foods: qfoods, found: found, closest: closest}, true
}

// fullerIfMoreVaried is the fuller search (GenerateRequest.fuller) for a request of several
// lunches when its recipes would share fewer proteins and starches than the plates of one protein
// and one starch: eggs whose only plate ends with a fromage blanc bring a fourth protein to a week
// that would otherwise eat the minced beef twice (docs/nutrition.md, "The solver", 4). The trial
// picks use their own random stream, so a request the fuller search does not help is served as
// before.
func (b *Builtin) fullerIfMoreVaried(req GenerateRequest, p *problem, foods map[int]Food, found []plate, count int) (GenerateRequest, *problem, map[int]Food, []plate) {
	trial := func(pp *problem, f []plate) [2]int {
		return pp.shared(pp.pick(f, count, rand.New(rand.NewPCG(uint64(req.Seed), 1))))
	}
	a := trial(p, found)
	if a == [2]int{} {
		return req, p, foods, found // nothing shared: nothing to gain
	}
	f, ok := b.fullerSearch(req, true, count)
	if !ok || len(f.found) == 0 {
		return req, p, foods, found
	}
	if c := trial(f.p, f.found); c[0] < a[0] || c[0] == a[0] && c[1] < a[1] {
		return f.req, f.p, f.foods, f.found
	}
	return req, p, foods, found
}

// distinctNames renames the recipes of one request so that no two share a name (in either
// language): a recipe named like an earlier one also names the heaviest food that tells it from
// that one; the earlier one does when the later one holds no food of its own; recipes of the same
// foods in other amounts are numbered ("variante 2").
func distinctNames(rs []Recipe, foods map[int]Food, seed uint64) {
	clash := func(i int) int {
		for j := range rs {
			if j != i && (rs[j].Name.FR == rs[i].Name.FR || rs[j].Name.EN == rs[i].Name.EN) {
				return j
			}
		}
		return -1
	}
	force := make([]map[int]bool, len(rs))
	for i := range rs {
		force[i] = map[int]bool{}
	}
	for i := 1; i < len(rs); i++ {
		for try := 0; try < 4; try++ {
			j := clash(i)
			if j < 0 {
				break
			}
			if c, ok := heaviestOwn(rs[i], rs[j], force[i]); ok {
				force[i][c] = true
				rs[i].Name = nameWith(&rs[i], foods, seed, force[i])
				continue
			}
			if c, ok := heaviestOwn(rs[j], rs[i], force[j]); ok {
				old := rs[j].Name
				force[j][c] = true
				rs[j].Name = nameWith(&rs[j], foods, seed, force[j])
				if clash(j) >= 0 && clash(j) != i {
					rs[j].Name, force[j][c] = old, false
				} else {
					continue
				}
			}
			break
		}
		if clash(i) >= 0 {
			n := 2
			for _, r := range rs[:i] {
				if strings.HasPrefix(r.Name.FR, rs[i].Name.FR+" (variante") {
					n++
				}
			}
			rs[i].Name.FR += fmt.Sprintf(" (variante %d)", n)
			rs[i].Name.EN += fmt.Sprintf(" (variant %d)", n)
		}
	}
}

// heaviestOwn is the heaviest food of a that b lacks and a's name does not force yet.
func heaviestOwn(a, b Recipe, forced map[int]bool) (int, bool) {
	in := map[int]bool{}
	for _, ing := range b.Ingredients {
		in[ing.FoodCode] = true
	}
	code, grams := 0, -1
	for _, ing := range a.Ingredients {
		if !in[ing.FoodCode] && !forced[ing.FoodCode] && ing.Grams > grams {
			code, grams = ing.FoodCode, ing.Grams
		}
	}
	return code, grams >= 0
}

// prepare validates the request and turns usable foods into solver items.
func (b *Builtin) prepare(req GenerateRequest) (*problem, map[int]Food, error) {
	t := req.Target
	if err := checkRequest(req); err != nil {
		return nil, nil, err
	}
	p := &problem{cat: req.Category, target: t.vec(), tol: Tolerance(t).vec(), limit: math.Inf(1), seed: uint64(req.Seed),
		capW: plateCapFor(req.Category, t.Kcal), capS: saltCapFor(req.Category, t.Kcal),
		capF: fruitCapFor(req.Category, t.Kcal)}
	p.needStarch, p.fuller = needsStarch(p.target), req.fuller
	if req.PriceLimit > 0 {
		p.limit = req.PriceLimit
	}
	foods := map[int]Food{}
	var noEnergy, excluded, offMeal int
	add := func(f Food, suggested bool) {
		if _, dup := foods[f.Code]; dup {
			return
		}
		it, skip := b.newItem(req, f, suggested)
		switch skip {
		case skipDiet:
			excluded++
		case skipNoEnergy:
			noEnergy++
		case skipOffMeal, skipDessert:
			offMeal++ // meal rules are constraints: a food that does not belong is never a candidate
		case skipNone:
			p.addItem(it)
			foods[f.Code] = f
		}
	}
	for _, f := range req.Foods {
		add(f, false)
	}
	for _, f := range req.Suggestions {
		add(f, true)
	}
	if len(p.items) > 0 {
		b.addPantryFat(p, req, foods)
	}
	if len(p.items) == 0 {
		return nil, nil, noItems(offMeal, excluded, noEnergy)
	}
	return p, foods, nil
}

// addPantryFat adds the first of the cupboard's cooking fats that belongs to the meal when the
// meal prep's foods hold none (docs/nutrition.md, "Pantry staples"): oil at lunch, butter on a
// breakfast's bread.
func (b *Builtin) addPantryFat(p *problem, req GenerateRequest, foods map[int]Food) {
	if slices.ContainsFunc(p.items, func(it item) bool { return it.kind == KindFat && !it.suggested }) {
		return
	}
	for _, f := range req.PantryFoods {
		if _, dup := foods[f.Code]; dup || ContainsAny(f, req.Exclude) {
			continue
		}
		if it, skip := b.newItem(req, f, false); skip == skipNone && it.kind == KindFat {
			it.pantry = true
			p.addItem(it)
			foods[f.Code] = f
			return
		}
	}
}

// largerServing is how far a larger serving (GenerateRequest.Larger, a "more of" suggestion
// applied) goes past the usual maximum: the bound moreOfSuggestion checks.
const largerServing = 1.5

// Why newItem leaves a food out.
const (
	skipNone = iota
	skipDiet
	skipNoEnergy
	skipOffMeal
	skipStock // none left in the person's stock
	// skipDessert: a lunch's yoghurt, left for a second search when the first finds no plate.
	skipDessert
)

// newItem is food f as a solver item for req (suggested: a food the engine proposes), or why it
// is left out.
func (b *Builtin) newItem(req GenerateRequest, f Food, suggested bool) (item, int) {
	if !DietAllows(req.Diet, f) {
		return item{}, skipDiet
	}
	n := f.Per100g
	if !usable(n) {
		return item{}, skipNoEnergy
	}
	ro := roleOf(req.Category, f)
	if ro == roleNone {
		return item{}, skipOffMeal
	}
	if ro == roleDessert && !req.fuller {
		return item{}, skipDessert
	}
	k := KindOf(f)
	por := portionFor(req.Category, f, req.Target.Kcal)
	eur := b.Prices.PerKgEUR(f) / 1000
	pricing := Pricing{Table: b.Prices, Currency: req.Currency, USDPerEUR: req.USDPerEUR}
	it := item{food: f, kind: k, role: ro, suggested: suggested, lo: por.lo, hi: por.hi, typ: por.typ,
		fit: max(kindRules[k].fit[req.Category], 1), salt: saltPerG(f),
		m:       [4]float64{n.Kcal.V / 100, n.ProteinG.V / 100, n.FatG.V / 100, n.CarbsG.V / 100},
		eurPerG: eur, pricePerG: Money(eur, req.Currency, pricing.rate()), outOfSeason: req.OutOfSeason[f.Code]}
	if slices.Contains(req.Larger, f.Code) {
		it.hi *= largerServing
	}
	if !capToStock(&it, req) {
		return item{}, skipStock
	}
	return it, skipNone
}

// addItem appends it to the problem's foods.
func (p *problem) addItem(it item) {
	if it.role == roleVeg && !it.suggested {
		p.haveVeg = true // the meal prep's own vegetable, not one the engine may suggest
	}
	p.items = append(p.items, it)
}

// checkRequest refuses a target that is not non-negative numbers, an empty or inconsistent one,
// and a request without foods.
func checkRequest(req GenerateRequest) error {
	t := req.Target
	for _, v := range t.vec() {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return &Unsolvable{Code: "invalid_target", Reason: Text{
				FR: "L’objectif du repas doit être composé de nombres positifs.",
				EN: "The meal target must be made of non-negative numbers."}}
		}
	}
	if t.Kcal == 0 && t.ProteinG == 0 && t.FatG == 0 && t.CarbsG == 0 {
		return &Unsolvable{Code: "invalid_target", Reason: Text{
			FR: "L’objectif du repas est vide : renseignez vos besoins journaliers.",
			EN: "The meal target is empty: fill in your daily needs."}}
	}
	if !ConsistentTarget(t) {
		e := KcalFromMacros(t)
		return &Unsolvable{Code: "inconsistent_target", Reason: Text{
			FR: fmt.Sprintf("L’objectif de %.0f\u00a0kcal ne correspond pas à ses macronutriments, qui font %.0f\u00a0kcal (4\u00a0kcal par gramme de protéines et de glucides, 9 par gramme de lipides) : corrigez l’un ou l’autre.", t.Kcal, e),
			EN: fmt.Sprintf("The %.0f kcal target does not match its macronutrients, which make %.0f kcal (4 kcal per gram of protein and carbohydrates, 9 per gram of fat): correct one or the other.", t.Kcal, e)}}
	}
	if len(req.Foods) == 0 {
		return &Unsolvable{Code: "no_foods", Reason: Text{
			FR: "Ajoutez des aliments à la préparation avant de générer une recette.",
			EN: "Add foods to the meal prep before generating a recipe."}}
	}
	return nil
}

// noItems is why no food of a request made a solver item: foods that do not belong to the meal
// (Generate writes the diagnosis), a diet that excludes them all, or no usable nutrition values.
func noItems(offMeal, excluded, noEnergy int) error {
	switch {
	case offMeal > 0:
		return &Unsolvable{Code: "no_plate"}
	case excluded > 0 && noEnergy == 0:
		return &Unsolvable{Code: "diet_excludes_all", Reason: Text{
			FR: "Votre régime exclut tous les aliments de cette préparation.",
			EN: "Your diet excludes every food of this meal prep."}}
	default:
		return &Unsolvable{Code: "no_energy", Reason: Text{
			FR: "Aucun aliment de la préparation n’a de valeurs nutritionnelles utilisables (énergie et macronutriments).",
			EN: "None of the meal prep’s foods has usable nutrition values (energy and macronutrients)."}}
	}
}

// recipe turns a solution into a Recipe with texts and every number recomputed.
func (b *Builtin) recipe(req GenerateRequest, p *problem, s solution, foods map[int]Food, rng *rand.Rand, recent []string) Recipe {
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
		r.Ingredients = append(r.Ingredients, Ingredient{FoodCode: it.food.Code, Grams: int(math.Round(s.grams[i])) * servings, Suggested: it.suggested, Pantry: it.pantry})
	}
	_ = recomputeNumbers(&r, foods, Pricing{Table: b.Prices, Currency: req.Currency, USDPerEUR: req.USDPerEUR})
	r.Target = req.Target.Rounded()
	r.WithinTolerance = WithinTolerance(req.Target, r.Nutrition.Macros())
	WriteDish(&r, foods, rng.Uint64(), req.Pantry, recent)
	return r
}

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
