package nutrition

import "math"

// What the batch-cooking plan (domain/batchcook) needs from the engine: how each food of a
// recipe is cooked (CookTasks, the same decisions as the steps) and a plate's quantities for
// another target over fixed foods (SolvePlate: per-person plates from one pan, a swapped food).

// Appliance is what a cooking occupies in the kitchen.
type Appliance string

// Appliances. None is work without heat (cutting, draining, assembling).
const (
	ApplianceOven Appliance = "oven"
	ApplianceHob  Appliance = "hob"
	ApplianceNone Appliance = "none"
)

// CookTask is how one food of a recipe is prepared, as its steps prepare it.
type CookTask struct {
	FoodCode int `json:"foodCode"`
	// Name is the cook's name of the food ("riz", "blanc de poulet").
	Name      Text      `json:"name"`
	Kind      Kind      `json:"kind"`
	Appliance Appliance `json:"appliance"`
	// Method says what is done ("rôtir au four", "roast in the oven").
	Method Text `json:"method"`
	// ActiveMin is hands-on time; CookMin the time the appliance is busy, hands off.
	ActiveMin int `json:"activeMin"`
	CookMin   int `json:"cookMin"`
	// Overnight: soaked the night before (beans, chickpeas).
	Overnight bool `json:"overnight"`
	// Heated: the food is cooked or reheated in the recipe (false: added cold).
	Heated bool `json:"heated"`
	// ChangesWeight: raw meat or fish, dry grains or pulses weigh differently once cooked, so a
	// plate takes a share of the cooked pan rather than grams of the raw food.
	ChangesWeight bool `json:"changesWeight"`
	// StartPerGram is how many grams of the food as it goes into the pan one gram of it as the
	// recipe lists it takes: the dry rice or raw chicken the shopping list buys for a recipe's
	// cooked rice or grilled chicken (Name then says "riz sec", "poulet cru"); 1 otherwise.
	StartPerGram float64 `json:"startPerGram"`
}

var ovenHows = map[how]Text{
	hPoultryRoast: {FR: "rôtir au four", EN: "roast in the oven"},
	hFishOven:     {FR: "cuire en papillote au four", EN: "bake in a parcel"},
	hTuberRoast:   {FR: "rôtir au four", EN: "roast in the oven"},
	hVegRoast:     {FR: "rôtir au four", EN: "roast in the oven"},
}

var hobHows = map[how]Text{
	hSoakBeans: {FR: "cuire à l’eau après trempage", EN: "simmer after soaking"},
	hLentils:   {FR: "cuire à l’eau", EN: "simmer"}, hRice: {FR: "cuire à l’eau", EN: "simmer"},
	hPasta: {FR: "cuire à l’eau bouillante", EN: "boil"}, hGrain: {FR: "cuire à l’eau", EN: "simmer"},
	hCouscous: {FR: "gonfler à l’eau bouillante", EN: "soak in boiling water"}, hPolenta: {FR: "cuire en remuant", EN: "cook, stirring"},
	hNoodles: {FR: "cuire à l’eau", EN: "boil"}, hPotatoBoil: {FR: "cuire à l’eau", EN: "boil"},
	hPoultryPan: {FR: "poêler", EN: "pan-fry"}, hMincedPan: {FR: "poêler", EN: "pan-fry"}, hSteakPan: {FR: "saisir à la poêle", EN: "sear"},
	hPorkPan: {FR: "poêler", EN: "pan-fry"}, hBraise: {FR: "mijoter en cocotte", EN: "braise"}, hMeatPan: {FR: "poêler", EN: "pan-fry"},
	hFishPan: {FR: "poêler", EN: "pan-fry"}, hSeafood: {FR: "sauter", EN: "stir-fry"}, hLardons: {FR: "rissoler", EN: "brown"},
	hSausage: {FR: "poêler", EN: "pan-fry"}, hEggsBoiled: {FR: "cuire durs", EN: "hard-boil"}, hEggsScrambled: {FR: "brouiller", EN: "scramble"},
	hTofu: {FR: "dorer à la poêle", EN: "brown in a pan"}, hVegSteam: {FR: "cuire à la vapeur", EN: "steam"},
	hVegSaute: {FR: "faire sauter", EN: "sauté"}, hVegWilt: {FR: "faire tomber", EN: "wilt"},
}

// coldHows say what is done to a food without heat in a batch session.
var coldHows = map[how]Text{
	hReheat:     {FR: "déjà cuit, à répartir tel quel", EN: "already cooked, portion as it is"},
	hDishHot:    {FR: "déjà cuit, à répartir tel quel", EN: "already cooked, portion as it is"},
	hDrain:      {FR: "égoutter et rincer", EN: "drain and rinse"},
	hDrainFlake: {FR: "égoutter et émietter", EN: "drain and flake"},
	hVegRaw:     {FR: "laver et couper, à garder à part", EN: "wash and cut, kept apart"},
	hSlice:      {FR: "couper en tranches", EN: "slice"},
	hEggsPeel:   {FR: "écaler", EN: "peel"},
	hCheeseTop:  {FR: "râper ou couper", EN: "grate or cut"},
}

// CookTasks lists how each food of a recipe of category c is prepared, in the recipe's order,
// with the same decisions and minutes as its steps (steps.go), for the batch-cooking plan.
func CookTasks(c Category, ings []Ingredient, foods map[int]Food, servings int) []CookTask {
	parts := partsOf(c, ings, foods, servings)
	out := make([]CookTask, 0, len(parts))
	for _, p := range parts {
		active, cook := p.timing()
		t := CookTask{FoodCode: p.food.Code, Name: Text{FR: p.n.FR, EN: p.n.EN}, Kind: p.kind, Appliance: ApplianceNone,
			ActiveMin: active, CookMin: cook, Method: Text{FR: "préparer", EN: "prepare"}, StartPerGram: 1}
		if p.boughtAs != AsUsed {
			fr, en := boughtAdj(p)
			t.Name, t.StartPerGram = Text{FR: p.n.FR + " " + fr, EN: en + " " + p.n.EN}, p.perGram
		}
		if m, ok := ovenHows[p.how]; ok {
			t.Appliance, t.Method, t.Heated = ApplianceOven, m, true
		} else if m, ok := hobHows[p.how]; ok {
			t.Appliance, t.Method, t.Heated = ApplianceHob, m, true
		} else {
			t.CookMin = 0
			if m, ok := coldHows[p.how]; ok {
				t.Method = m
			}
		}
		t.Overnight = p.how == hSoakBeans
		switch p.state {
		case stateRaw:
			t.ChangesWeight = t.Heated && (p.kind == KindMeat || p.kind == KindFish || p.kind == KindTuber)
		case stateDry:
			t.ChangesWeight = t.Heated && (p.kind == KindGrain || p.kind == KindLegume)
		}
		out = append(out, t)
	}
	return out
}

// PlateFit is a plate's quantities for one serving, solved for a target.
type PlateFit struct {
	// Grams per food, in the order given, in 5 g steps (0 for a food the meal has no place for).
	Grams    []int  `json:"grams"`
	Achieved Macros `json:"achieved"`
	// Within: every value within the published tolerance of the target (Tolerance).
	Within bool `json:"within"`
	// Reachable: the foods can meet the target within their portions and the plate's caps
	// (the continuous optimum is within tolerance); a plate that is not reachable cannot be
	// within, whatever the grams.
	Reachable bool `json:"reachable"`
}

// PlateStretch is how far past a food's usual largest serving one person's plate may go: a big
// eater's plate from a shared pan (a 2,600 kcal day's lunch wants 150 g of dry rice, the serving
// bound is 120 g).
const PlateStretch = 1.5

// plateSolvePulls are the weights of the pull towards usual servings SolvePlate tries, in order.
var plateSolvePulls = []float64{0.02, 0.05, 0.2, 0}

// SolvePlate sets one serving's grams of the given foods (all of them, each between its portion's
// minimum for meal c and PlateStretch times its maximum, the plate within its weight and salt caps) so the plate meets target as closely
// as the engine's solver can: bounded least squares, then 5 g steps. It is the engine's own
// search over one fixed set of foods: a person's plate from a shared pan, a recipe whose food
// was swapped.
func SolvePlate(c Category, foods []Food, target Macros) PlateFit {
	return solvePlate(c, foods, target, nil, plateSolvePulls, 0)
}

// plateLikePulls are the pulls SolvePlateLike tries, firmest first: the recipe's own plate scaled
// to the eater, then looser ones until the plate is within tolerance.
var plateLikePulls = []float64{5, 0.5, 0}

// SolvePlateLike is SolvePlate for one person's serving of a recipe whose serving is ref (grams
// per food, in the order of foods): each food is pulled towards its share of ref scaled by the
// person's energy (target.Kcal over ref's), so two eaters of one pan get the same dish in their
// own sizes (docs/mealprep.md, "Plates from one pan"), and the pull loosens only as far as the
// tolerance needs.
func SolvePlateLike(c Category, foods []Food, ref []float64, target Macros) PlateFit {
	var kcal float64
	for i, f := range foods {
		if i < len(ref) {
			kcal += f.Per100g.Kcal.Or(0) * ref[i] / 100
		}
	}
	if kcal <= 0 || len(ref) != len(foods) {
		return SolvePlate(c, foods, target)
	}
	k := target.Kcal / kcal
	scaled := make([]float64, len(ref))
	for i, g := range ref {
		scaled[i] = g * k
	}
	// First each food within a band of its share, wider each time; then the engine's plate for
	// the target (SolvePlate), which may bend the dish to meet it; when even that plate cannot
	// meet the target, the recipe's own plate scaled to the eater, as close as it gets.
	for _, band := range plateLikeBands {
		if fit := solvePlate(c, foods, target, scaled, plateLikePulls, band); fit.Within {
			return fit
		}
	}
	engine := SolvePlate(c, foods, target)
	if engine.Within || engine.Reachable {
		return engine
	}
	if fit := solvePlate(c, foods, target, scaled, plateLikePulls, 0); fit.Within || !fit.Reachable {
		return fit
	}
	return engine
}

// plateLikeBands are how far one person's grams of a food may stray from the recipe's share
// scaled to their energy (a factor either way), tried in order until a plate meets the target.
var plateLikeBands = []float64{2}

// solvePlate is SolvePlate pulling each food towards typ (nil: its usual serving) with the pulls
// given, in order; band > 1 also keeps each food within typ / band and typ × band. Only the
// engine's own plate (typ nil) walks every 5 g plate when the local search misses.
func solvePlate(c Category, foods []Food, target Macros, typ []float64, pulls []float64, band float64) PlateFit {
	p, s := plateProblem(c, foods, target, typ, band)
	out := PlateFit{Grams: make([]int, len(foods))}
	if len(s.idx) == 0 {
		return out
	}
	// A light pull towards usual servings first. When its 5 g plate misses, other pulls: a
	// weak one can run one food to its bound (450 g of carrots beside 10 g of oil) where the
	// steps stick outside the band, while a firmer one keeps every food near its serving and
	// lands inside it. The first plate in the band wins; else the closest of them.
	exact := p.fit(s, 0)
	out.Reachable = p.ok(exact)
	best := p.discretise(p.fit(s, pulls[0]))
	tried := []solution{best}
	for _, lambda := range pulls[1:] {
		if p.ok(best) {
			break
		}
		cont := exact
		if lambda > 0 {
			cont = p.fit(s, lambda)
		}
		d := p.discretise(cont)
		tried = append(tried, d)
		if p.ok(d) || p.miss(d) < p.miss(best) {
			best = d
		}
	}
	if typ != nil && !p.ok(best) {
		best = p.likePlate(s, best, tried, pulls[0], out.Reachable)
	}
	if !p.ok(best) && out.Reachable && typ == nil {
		if g, ok := p.exhaustive(best); ok {
			best = g
		}
	}
	s = best
	a := p.achieved(s)
	out.Achieved = Macros{Kcal: a[0], ProteinG: a[1], FatG: a[2], CarbsG: a[3]}.Rounded()
	out.Within = p.ok(s)
	// The continuous search may stop short of a corner the 5 g steps found.
	out.Reachable = out.Reachable || out.Within
	j := 0
	for i, f := range foods {
		if !usable(f.Per100g) || roleOf(c, f) == roleNone {
			continue
		}
		out.Grams[i] = int(math.Round(s.grams[j]))
		j++
	}
	return out
}

// plateProblem is solvePlate's problem: every usable food of the meal, each between its
// portion's minimum and PlateStretch times its maximum, pulled towards typ (nil: its usual
// serving) and within typ / band and typ × band when band > 1; the solution starts at typ.
func plateProblem(c Category, foods []Food, target Macros, typ []float64, band float64) (*problem, solution) {
	p := &problem{cat: c, target: target.vec(), tol: Tolerance(target).vec(), limit: math.Inf(1),
		capW: plateCapFor(c, target.Kcal), capS: saltCapFor(c, target.Kcal),
		capF: fruitCapFor(c, target.Kcal)}
	var s solution
	for i, f := range foods {
		if !usable(f.Per100g) || roleOf(c, f) == roleNone {
			continue
		}
		por := portionFor(c, f, target.Kcal)
		lo, hi := por.lo, por.hi*PlateStretch
		if typ != nil {
			por.typ = math.Min(math.Max(typ[i], lo), hi)
			if band > 1 {
				lo, hi = math.Max(lo, math.Min(por.typ/band, hi)), math.Min(hi, math.Max(por.typ*band, lo))
			}
		}
		n := f.Per100g
		p.items = append(p.items, item{food: f, kind: KindOf(f), role: roleOf(c, f), lo: lo, hi: hi, typ: por.typ,
			salt: saltPerG(f), m: [4]float64{n.Kcal.V / 100, n.ProteinG.V / 100, n.FatG.V / 100, n.CarbsG.V / 100}})
		s.idx = append(s.idx, len(p.items)-1)
		s.grams = append(s.grams, por.typ)
	}
	return p, s
}

// likePlate is the plate like the recipe's (typ given) that misses the target anyway: the
// firmest pull's rounded (the target is out of the foods' reach), or the firmest tried that
// misses about as little as the closest plate; never the closest plate's odd shape (540 g of
// courgette beside 70 g of carrots for the bigger eater of a pan).
func (p *problem) likePlate(s, best solution, tried []solution, firm float64, reachable bool) solution {
	if !reachable {
		// the 5 g search would chase the unreachable target with the vegetables: round the
		// firm pull's plate instead
		best = p.fit(s, firm)
		for i, j := range best.idx {
			it := p.items[j]
			best.grams[i] = math.Min(math.Max(math.Round(best.grams[i]/5)*5, math.Ceil(it.lo/5)*5), math.Floor(it.hi/5)*5)
		}
		return best
	}
	for _, d := range tried {
		if p.miss(d) <= 1.25*p.miss(best)+0.25 {
			return d
		}
	}
	return best
}
