package nutrition

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// The solver (docs/nutrition.md, "The solver"):
//
//  1. Enumerate every composition-valid plate: subsets of the usable foods that follow the meal's
//     role caps and pairing rules (compose.go), 2–6 foods. Meal preps are small, so this is exact.
//     Cheap interval tests (macros at minimum and maximum portions, weight, salt, price at minimum
//     portions) drop most subsets before any arithmetic.
//  2. For each survivor, quantities by bounded least squares towards the centre of the target
//     (projected coordinate descent, each food within its portion bounds). A subset whose best
//     continuous quantities are more than two tolerance units off on some value cannot meet the
//     tolerance band (the least-squares optimum is at most √4 = 2 units off when a point of the
//     band exists), so it is dropped.
//  3. The most plausible survivors go to 5 g steps: a local search whose score keeps every value
//     inside the tolerance band (free inside it), salt, weight and price under their caps, and
//     portions close to what a cook serves. Plates inside the band are ranked by plausibility
//     (typical foods, typical portions, variety across the batch), not by distance to the centre.
//
// Feasibility is exact under these rules up to the search budget: Feasible is true iff a
// composition-valid plate in 5 g steps meets the tolerance, the caps and the price limit.

const (
	step     = 5.0 // grams
	minFoods = 2
	maxFoods = 6
	// band is the share of the tolerance the 5 g search aims inside, a margin for rounding.
	band = 0.8
	// discretiseBudget bounds the plates taken to 5 g steps in one search.
	discretiseBudget = 80
)

// item is a usable food prepared for the solver.
type item struct {
	food      Food
	kind      Kind
	role      role
	m         [4]float64 // kcal, protein, fat, carbs per gram
	salt      float64    // g of salt per gram
	eurPerG   float64
	pricePerG float64 // in the request's currency
	lo, hi    float64 // grams per serving when used
	typ       float64 // the serving a cook would use
	fit       int
	suggested bool
	// pantry: a cooking fat from the person's cupboard (GenerateRequest.PantryFoods).
	pantry bool
	// outOfSeason: produce not in season this month (GenerateRequest.OutOfSeason); plates
	// without it rank first among those that meet every rule.
	outOfSeason bool
}

// seasonPenalty is what one out-of-season food adds to a plate's plausibility: more than the
// seeded variety jitter (0.8), so an in-season vegetable wins a choice between two, less than a
// portion far from the usual one, and never anything against the meal rules or the tolerance,
// which are constraints the score does not weigh.
const seasonPenalty = 1.5

// problem is one request after preparation.
type problem struct {
	cat    Category
	items  []item
	target [4]float64
	tol    [4]float64
	limit  float64 // per serving, request currency; +Inf when none
	// capW and capS are the plate weight and salt caps for the target's energy (plateCapFor,
	// saltCapFor); newProblem sets them.
	capW, capS float64
	// capF is the fresh-fruit cap for the target's energy (fruitCapFor).
	capF       float64
	haveVeg    bool
	needStarch bool
	seed       uint64
	// budget, when positive, replaces discretiseBudget (the diagnosis's what-if searches).
	budget int
	// mustCode, when not 0, keeps only plates holding that food: a what-if that adds or widens
	// one food needs to look at no other plate, the others already failed.
	mustCode int
	// closest is the last search's closest plate when nothing met the target (the diagnosis
	// starts from it).
	closest *plate
	// spread: the request asks several lunches, which should not share their protein or starch
	// when other plates exist (docs/nutrition.md, "The solver", 4): search also takes plates of
	// the main foods the most plausible ones lack to 5 g steps, and pick spreads them first.
	spread bool
	// fuller: Generate's second search, which also takes fuller plates (fullerPlate).
	fuller bool
}

// fullerPenalty is what a fuller plate adds to its plausibility in the fuller search: a plate of
// one protein and one starch goes first when it serves as well, a fuller one still before a
// protein or starch the request's other lunches already hold (pick adds 4 for each).
const fullerPenalty = 2.0

// fullerPlate: a lunch with a protein, a legume and bread on the side (eggs, lentils and a slice
// of baguette), which Generate's second search takes when no plate of one protein and one
// starch meets the target; desserts are the other half of that search (roleDessert).
func fullerPlate(c Category, n [nRoles]int) bool {
	return c == LunchDinner && n[roleProtein]+n[roleLegume]+n[roleStarch] == 3
}

// solution is a set of foods with grams per serving.
type solution struct {
	idx   []int     // into problem.items
	grams []float64 // per serving
}

// plate is a solution with its plausibility score (lower is better).
type plate struct {
	solution
	score float64
	ok    bool // within tolerance, caps and price
	miss  float64
	// stale is how stale its dish form would be against the meal prep's (staleness): pick takes
	// a plate of a fresh form first.
	stale int
}

func (p *problem) achieved(s solution) [4]float64 {
	var a [4]float64
	for i, j := range s.idx {
		for k := range a {
			a[k] += p.items[j].m[k] * s.grams[i]
		}
	}
	return a
}

func (p *problem) price(s solution) float64 {
	var c float64
	for i, j := range s.idx {
		c += p.items[j].pricePerG * s.grams[i]
	}
	return c
}

// within reports whether achieved macros a meet the target within tolerance.
func (p *problem) within(a [4]float64) bool {
	for k := range a {
		if math.Abs(a[k]-p.target[k]) > p.tol[k]+1e-9 {
			return false
		}
	}
	return true
}

// deviation is the squared deviation in tolerance units.
func (p *problem) deviation(a [4]float64) float64 {
	var d float64
	for k := range a {
		r := (a[k] - p.target[k]) / p.tol[k]
		d += r * r
	}
	return d
}

// saltCap is the salt cap of the plate of items idx: the meal's, or dishSaltCapG for a plate
// holding a ready dish (docs/nutrition.md, "Rules that grow with the eater").
func (p *problem) saltCap(idx []int) float64 {
	for _, j := range idx {
		if p.items[j].role == roleDish {
			return math.Max(p.capS, dishSaltCapG)
		}
	}
	return p.capS
}

// capsOK: salt, weight and price within their caps.
func (p *problem) capsOK(s solution) bool {
	var salt, w float64
	for i, j := range s.idx {
		salt += p.items[j].salt * s.grams[i]
		w += s.grams[i]
	}
	return salt <= p.saltCap(s.idx)+1e-9 && w <= p.capW+1e-9 && p.price(s) <= p.limit+1e-9 && p.dryFlakes(s.idx, s.grams) <= 1e-9 &&
		p.extraFruit(s.idx, s.grams) <= 1e-9
}

// extraFruit is how many grams of fresh fruit the plate holds over its cap (capF, fruitCapFor).
func (p *problem) extraFruit(idx []int, grams []float64) float64 {
	var fruit float64
	for i, j := range idx {
		// From the item's kind: KindOf is too slow for the search's loop.
		if it := &p.items[j]; isFreshFruit(it.kind, 100*it.m[0]) {
			fruit += grams[i]
		}
	}
	return fruit - p.capF
}

// dryFlakes is how many grams of liquid (milk, yoghurt, a drink) the plate's flakes lack: a bowl
// of oats or muesli wants at least 1.5 times its weight of them (see flakesLiquidRatio).
func (p *problem) dryFlakes(idx []int, grams []float64) float64 {
	if p.cat == LunchDinner {
		return 0 // no flakes at lunch
	}
	var flakes, liquid float64
	for i, j := range idx {
		it := &p.items[j]
		switch {
		case it.kind == KindCereal && it.m[0] >= 1.5:
			flakes += grams[i]
		case it.kind == KindMilk || it.kind == KindDairy || it.kind == KindDrink:
			liquid += grams[i]
		}
	}
	return flakesLiquidRatio*flakes - liquid
}

// overCaps: salt or weight over its cap (the walls a plate never crosses, even a missing one).
func (p *problem) overCaps(s solution) bool {
	var salt, w float64
	for i, j := range s.idx {
		salt += p.items[j].salt * s.grams[i]
		w += s.grams[i]
	}
	return salt > p.saltCap(s.idx)+1e-9 || w > p.capW+1e-9 || p.dryFlakes(s.idx, s.grams) > 1e-9 || p.extraFruit(s.idx, s.grams) > 1e-9
}

// ok: within tolerance, the caps and the price limit.
func (p *problem) ok(s solution) bool { return p.within(p.achieved(s)) && p.capsOK(s) }

// miss is how far a solution is from acceptable (0 when ok).
func (p *problem) miss(s solution) float64 {
	if p.ok(s) {
		return 0
	}
	return p.deviation(p.achieved(s)) + p.overPrice(s)
}

func (p *problem) overPrice(s solution) float64 {
	if pr := p.price(s); pr > p.limit+1e-9 {
		return 1e6 * (pr - p.limit + 0.01)
	}
	return 0
}

// subset is a composition-valid set of foods with its continuous quantities.
type subset struct {
	idx    []int
	grams  []float64
	prior  float64 // plausibility of the continuous plate, for the order of stage 3
	devMax float64 // worst value of the continuous plate, in tolerance units
}

// enumerate calls visit with every composition-valid subset of the items (indices ascending).
// With reach, it skips the subsets whose foods at their least portions already exceed the
// target's band on some value, the plate weight cap or the price limit: every larger subset
// does too (no food brings a negative amount), so candidates(false) would drop them all.
func (p *problem) enumerate(reach bool, visit func(idx []int)) {
	caps := roleCaps[p.cat]
	maxN := min(maxFoodsPer[p.cat], maxFoods)
	var counts [nRoles]int
	idx := make([]int, 0, maxN)
	kinds := make([]Kind, 0, maxN) // pairsWell reads it, never keeps it
	var least [6]float64           // the four values, weight and price at the least portions
	var rec func(from int)
	rec = func(from int) {
		if len(idx) >= 1 && validPlate(p.cat, counts, len(idx), p.haveVeg, p.needStarch) && (p.fuller || !fullerPlate(p.cat, counts)) {
			kinds = kinds[:0]
			for _, j := range idx {
				kinds = append(kinds, p.items[j].kind)
			}
			if pairsWell(p.cat, kinds) {
				visit(idx)
			}
		}
		if len(idx) == maxN {
			return
		}
		for j := from; j < len(p.items); j++ {
			r := p.items[j].role
			if counts[r] >= caps[r] {
				continue
			}
			prev := least
			if reach && p.beyondReach(&least, j) {
				least = prev
				continue
			}
			counts[r]++
			idx = append(idx, j)
			rec(j + 1)
			idx = idx[:len(idx)-1]
			counts[r]--
			least = prev
		}
	}
	rec(0)
}

// beyondReach adds item j at its least portion to least (the four values, weight, price) and
// reports whether they exceed the band's top, the weight cap or the price limit.
func (p *problem) beyondReach(least *[6]float64, j int) bool {
	it := &p.items[j]
	out := false
	for k := 0; k < 4; k++ {
		least[k] += it.m[k] * it.lo
		out = out || least[k] > p.target[k]+p.tol[k]
	}
	least[4] += it.lo
	least[5] += it.pricePerG * it.lo
	return out || least[4] > p.capW || least[5] > p.limit+1e-9
}

// candidates returns the composition-valid subsets that can reach the band, with their continuous
// quantities, most plausible first. all also keeps the others (for the closest plate when nothing
// can reach the band).
func (p *problem) candidates(all bool) []subset {
	var out []subset
	capW := p.capW
	p.enumerate(!all, func(idx []int) {
		capS := p.saltCap(idx)
		if p.mustCode != 0 && !slices.ContainsFunc(idx, func(j int) bool { return p.items[j].food.Code == p.mustCode }) {
			return
		}
		var lo, hi [4]float64
		var w, salt, price float64
		for _, j := range idx {
			it := &p.items[j]
			for k := range lo {
				lo[k] += it.m[k] * it.lo
				hi[k] += it.m[k] * it.hi
			}
			w += it.lo
			salt += it.salt * it.lo
			price += it.pricePerG * it.lo
		}
		if w > capW || salt > capS+1e-9 {
			return
		}
		if !all {
			if price > p.limit+1e-9 {
				return
			}
			for k := range lo {
				if lo[k] > p.target[k]+p.tol[k] || hi[k] < p.target[k]-p.tol[k] {
					return
				}
			}
		}
		s := subset{idx: slices.Clone(idx)}
		g := make([]float64, len(idx))
		for i, j := range idx {
			g[i] = p.items[j].typ
		}
		s.grams = p.fit(solution{s.idx, g}, 0.01).grams
		a := p.achieved(solution{s.idx, s.grams})
		for k := range a {
			s.devMax = math.Max(s.devMax, math.Abs(a[k]-p.target[k])/p.tol[k])
		}
		if !all && s.devMax > 2 {
			return
		}
		s.prior = p.plausibility(solution{s.idx, s.grams}) + s.devMax
		if s.devMax > 1 {
			s.prior += 100 // continuous quantities outside the band: rarely rescued by the steps
		}
		out = append(out, s)
	})
	slices.SortStableFunc(out, func(a, b subset) int { return cmp.Compare(a.prior, b.prior) })
	return out
}

// plausibility scores a plate as a cook would (lower is better): foods typical of the meal,
// portions close to the usual serving, and a small pull towards the centre of the target. A
// seeded jitter per set of foods varies the recipes between requests.
func (p *problem) plausibility(s solution) float64 {
	var sc float64
	h := p.seed
	var roles [nRoles]int
	for i, j := range s.idx {
		it := &p.items[j]
		r := (s.grams[i] - it.typ) / it.typ
		sc += r * r
		sc += 0.3 * float64(3-it.fit)
		if it.outOfSeason {
			sc += seasonPenalty
		}
		h = h*1099511628211 + uint64(it.food.Code) + 1
		roles[it.role]++
	}
	if p.fuller && (fullerPlate(p.cat, roles) || p.cat == LunchDinner && roles[roleDessert] > 0) {
		sc += fullerPenalty
	}
	sc += 0.1 * p.deviation(p.achieved(s))
	h ^= h >> 29
	h *= 0x9E3779B97F4A7C15
	h ^= h >> 32
	return sc + 0.8*float64(h%1000)/1000
}

// fit sets quantities by projected coordinate descent on the squared deviation in tolerance units
// plus lambda × the squared relative distance to each food's usual portion (at most six
// variables and four residuals: a few dozen sweeps).
func (p *problem) fit(s solution, lambda float64) solution {
	g := slices.Clone(s.grams)
	w := [4]float64{}
	for k := range w {
		w[k] = 1 / (p.tol[k] * p.tol[k])
	}
	// Each food's curvature and pull to its usual portion do not change between sweeps.
	var denBuf, pullBuf [maxFoods]float64
	den, pull := denBuf[:0], pullBuf[:0]
	if len(s.idx) > maxFoods {
		den, pull = make([]float64, 0, len(s.idx)), make([]float64, 0, len(s.idx))
	}
	for _, j := range s.idx {
		it := &p.items[j]
		var d float64
		for k := 0; k < 4; k++ {
			d += w[k] * it.m[k] * it.m[k]
		}
		l := lambda / (it.typ * it.typ)
		den, pull = append(den, d+l), append(pull, l*it.typ)
	}
	a := p.achieved(solution{s.idx, g})
	for sweep := 0; sweep < 200; sweep++ {
		moved := 0.0
		for i, j := range s.idx {
			if den[i] == 0 {
				continue
			}
			it := &p.items[j]
			var num float64
			for k := 0; k < 4; k++ {
				rest := a[k] - it.m[k]*g[i]
				num += w[k] * it.m[k] * (p.target[k] - rest)
			}
			num += pull[i]
			ng := num / den[i]
			if ng < it.lo {
				ng = it.lo
			}
			if ng > it.hi {
				ng = it.hi
			}
			if d := ng - g[i]; d != 0 {
				for k := 0; k < 4; k++ {
					a[k] += it.m[k] * d
				}
				g[i] = ng
				if d < 0 {
					d = -d
				}
				if d > moved {
					moved = d
				}
			}
		}
		if moved < 0.5 {
			break
		}
	}
	return solution{s.idx, g}
}

// discretise takes continuous quantities to 5 g steps by a local search over ±5/±10 g moves of
// one food, ±5 g of two, and, when still outside the band, ±5 g of every food at once. The score
// is free inside the band (a light pull to the centre only) and steep outside it; salt, weight
// and price caps are walls; portions are pulled towards the usual serving.
func (p *problem) discretise(s solution) solution {
	n := len(s.idx)
	lo, hi := make([]float64, n), make([]float64, n)
	g := make([]float64, n)
	for i, j := range s.idx {
		it := p.items[j]
		lo[i] = math.Max(step, math.Ceil(it.lo/step)*step)
		hi[i] = math.Max(lo[i], math.Floor(it.hi/step)*step)
		g[i] = math.Min(math.Max(math.Round(s.grams[i]/step)*step, lo[i]), hi[i])
	}
	score := p.stepScore(s.idx)
	best := score(g)
	try := func(moves ...float64) bool {
		// moves: pairs of (food index, delta)
		for m := 0; m < len(moves); m += 2 {
			i, d := int(moves[m]), moves[m+1]
			if ng := g[i] + d; ng < lo[i]-1e-9 || ng > hi[i]+1e-9 {
				return false
			}
		}
		for m := 0; m < len(moves); m += 2 {
			g[int(moves[m])] += moves[m+1]
		}
		if sc := score(g); sc < best-1e-9 {
			best = sc
			return true
		}
		for m := 0; m < len(moves); m += 2 {
			g[int(moves[m])] -= moves[m+1]
		}
		return false
	}
	for iter := 0; iter < 300; iter++ {
		improved := singleMoves(n, try) || pairMoves(n, try)
		if !improved && !p.ok(solution{s.idx, g}) {
			improved = p.jointMove(g, lo, hi, score, &best)
		}
		if !improved {
			break
		}
	}
	return solution{s.idx, g}
}

// singleMoves tries ±5 and ±10 g on each of n foods in turn (every improving one is kept) and
// reports whether any improved the plate.
func singleMoves(n int, try func(moves ...float64) bool) bool {
	improved := false
	for i := 0; i < n; i++ {
		for _, d := range []float64{-2 * step, -step, step, 2 * step} {
			if try(float64(i), d) {
				improved = true
			}
		}
	}
	return improved
}

// pairMoves tries ±5 g on two foods at once and stops at the first that improves the plate.
func pairMoves(n int, try func(moves ...float64) bool) bool {
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for _, di := range []float64{-step, step} {
				for _, dj := range []float64{-step, step} {
					if try(float64(i), di, float64(j), dj) {
						return true
					}
				}
			}
		}
	}
	return false
}

// stepScore is discretise's score of a plate of the foods idx in grams g (lower is better):
// free inside the band but a light pull to its centre, steep outside it; salt, weight, price
// and dry flakes are walls; portions are pulled towards the usual serving.
func (p *problem) stepScore(idx []int) func(g []float64) float64 {
	capW, capS := p.capW, p.saltCap(idx)
	return func(g []float64) float64 {
		var a [4]float64
		var w, salt, price, port float64
		for i, j := range idx {
			it := &p.items[j]
			for k := range a {
				a[k] += it.m[k] * g[i]
			}
			w += g[i]
			salt += it.salt * g[i]
			price += it.pricePerG * g[i]
			r := (g[i] - it.typ) / it.typ
			port += r * r
		}
		var sc float64
		for k := range a {
			d := math.Abs(a[k]-p.target[k]) / p.tol[k]
			sc += 0.1 * d * d
			if d > band {
				sc += 100 * (d - band) * (d - band + 1)
			}
		}
		sc += 0.5 * port
		if w > capW {
			sc += 1e4 * (w - capW + 1)
		}
		if salt > capS+1e-9 {
			sc += 1e4 * (salt - capS + 0.1)
		}
		if price > p.limit+1e-9 {
			sc += 1e6 * (price - p.limit + 0.01)
		}
		if dry := p.dryFlakes(idx, g); dry > 1e-9 {
			sc += 1e4 * (dry + 1)
		}
		if extra := p.extraFruit(idx, g); extra > 1e-9 {
			sc += 1e4 * (extra + 1)
		}
		return sc
	}
}

// gridLimit bounds exhaustive: the plates of a few foods (two to four, usually) it walks.
const gridLimit = 1 << 21

// exhaustive walks every 5 g plate of s's foods between their bounds, when there are at most
// gridLimit of them, and returns the one within tolerance and the caps whose portions are
// closest to the usual servings. The local search misses a plate that sits in a corner (the
// lentils at their minimum, one spoon of oil and 165 g of courgette); a plate of two to four
// foods is small enough to walk whole.
func (p *problem) exhaustive(s solution) (solution, bool) {
	n := len(s.idx)
	lo, hi := make([]float64, n), make([]float64, n)
	total := 1
	for i, j := range s.idx {
		it := p.items[j]
		lo[i] = math.Max(step, math.Ceil(it.lo/step)*step)
		hi[i] = math.Max(lo[i], math.Floor(it.hi/step)*step)
		total *= int((hi[i]-lo[i])/step) + 1
		if total > gridLimit {
			return s, false
		}
	}
	g := slices.Clone(lo)
	var best []float64
	bestScore := math.Inf(1)
	for {
		if sol := (solution{s.idx, g}); p.ok(sol) {
			var sc float64
			for i, j := range s.idx {
				r := (g[i] - p.items[j].typ) / p.items[j].typ
				sc += r * r
			}
			if sc += 0.1 * p.deviation(p.achieved(sol)); sc < bestScore {
				best, bestScore = slices.Clone(g), sc
			}
		}
		i := 0
		for ; i < n; i++ {
			if g[i] += step; g[i] <= hi[i]+1e-9 {
				break
			}
			g[i] = lo[i]
		}
		if i == n {
			break
		}
	}
	if best == nil {
		return s, false
	}
	return solution{s.idx, best}, true
}

// jointMove tries every combination of -5, 0, +5 g on all foods and applies the best improving one.
func (p *problem) jointMove(g, lo, hi []float64, score func([]float64) float64, best *float64) bool {
	n := len(g)
	total := 1
	for i := 0; i < n; i++ {
		total *= 3
	}
	bestCode, bestScore := -1, *best
	ng := make([]float64, n)
	for code := 1; code < total; code++ {
		ok := true
		for i, c := 0, code; i < n; i, c = i+1, c/3 {
			ng[i] = g[i] + float64(c%3-1)*step
			if ng[i] < lo[i]-1e-9 || ng[i] > hi[i]+1e-9 {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if sc := score(ng); sc < bestScore-1e-9 {
			bestCode, bestScore = code, sc
		}
	}
	if bestCode < 0 {
		return false
	}
	for i, c := 0, bestCode; i < n; i, c = i+1, c/3 {
		g[i] += float64(c%3-1) * step
	}
	*best = bestScore
	return true
}

// closestLook bounds the plates search takes to 5 g steps for the closest one.
const closestLook = 40

// search returns plates that meet the target within tolerance, the caps and the price limit,
// most plausible first: at least want of them when that many exist within the budget. When none
// does, it returns nil and the closest composition-valid plate (ok false), if any.
func (p *problem) search(want int) (found []plate, closest *plate) {
	cands := p.candidates(false)
	budget := discretiseBudget
	if p.budget > 0 {
		budget = p.budget
	}
	outside := 20 // plates whose continuous quantities are outside the band: a few tries
	next := 0
	for ; next < len(cands); next++ {
		c := cands[next]
		if budget == 0 || len(found) >= want {
			break
		}
		if c.devMax > 1 {
			if outside == 0 {
				break
			}
			outside--
		}
		budget--
		d := p.discretise(solution{c.idx, c.grams})
		if p.ok(d) {
			found = append(found, plate{solution: d, score: p.plausibility(d), ok: true})
		}
	}
	if p.spread {
		found = p.spreadPlates(cands[next:], found)
	}
	if len(found) > 0 {
		sort.SliceStable(found, func(a, b int) bool { return found[a].score < found[b].score })
		return found, nil
	}
	if p.budget > 0 {
		return nil, nil // a what-if only asks whether
	}
	// Nothing reaches the band: the closest plate, for the recipe that explains why.
	all := p.candidates(true)
	overPrice := func(c subset) float64 {
		var pr float64
		for _, j := range c.idx {
			pr += p.items[j].pricePerG * p.items[j].lo
		}
		if pr > p.limit+1e-9 {
			return 1e3
		}
		return 0
	}
	slices.SortStableFunc(all, func(a, b subset) int { return cmp.Compare(a.devMax+overPrice(a), b.devMax+overPrice(b)) })
	// The 8 closest plates within the caps, looking at no more than closestLook: the closest few
	// may all be over the salt or weight cap, and a diagnosis without a closest plate can only
	// say the whole target is missing.
	kept := 0
	for i, c := range all {
		if kept == 8 || i == closestLook {
			break
		}
		d := p.discretise(solution{c.idx, c.grams})
		if p.overCaps(d) {
			continue
		}
		kept++
		pl := plate{solution: d, miss: p.miss(d)}
		if closest == nil || pl.miss < closest.miss {
			closest = &pl
		}
	}
	p.closest = closest
	return nil, closest
}

// spreadBudget bounds the plates spreadPlates takes to 5 g steps for new pairs of main foods;
// spreadTries the candidates it tries for each main food no plate found holds.
const (
	spreadBudget = 40
	spreadTries  = 6
)

// spreadPlates adds to found, from the candidates search did not reach (most plausible first),
// plates of the main foods no found plate holds, then the best plate of each set of main foods
// (protein and starch) none has: the most plausible plates of a large meal prep often all hold
// the same chicken and rice, and pick can only spread the main foods of the plates it is given.
func (p *problem) spreadPlates(rest []subset, found []plate) []plate {
	held, seen := map[int]bool{}, map[[3]int]bool{}
	mark := func(idx []int) {
		k := p.mainKey(idx)
		seen[k] = true
		for _, j := range k {
			held[j] = true
		}
	}
	for _, f := range found {
		mark(f.idx)
	}
	tried := map[int]int{}
	take := func(c subset) bool {
		d := p.discretise(solution{c.idx, c.grams})
		if !p.ok(d) {
			return false
		}
		found = append(found, plate{solution: d, score: p.plausibility(d), ok: true})
		mark(c.idx)
		return true
	}
	for _, c := range rest {
		k := p.mainKey(c.idx)
		if j := slices.IndexFunc(k[:], func(j int) bool { return j >= 0 && !held[j] && tried[j] < spreadTries }); j >= 0 {
			tried[k[j]]++
			take(c)
		}
	}
	budget := spreadBudget
	for _, c := range rest {
		if budget == 0 {
			break
		}
		if !seen[p.mainKey(c.idx)] {
			budget--
			take(c)
		}
	}
	return found
}

// mainKey is the plate's main foods (its protein, legume, ready dish and starch; at most three by
// the composition rules), item indices ascending, -1 for none.
func (p *problem) mainKey(idx []int) [3]int {
	k := [3]int{-1, -1, -1}
	n := 0
	for _, j := range sortedCopy(idx) {
		if r := p.items[j].role; n < len(k) && (proteinRole(r) || r == roleStarch) {
			k[n] = j
			n++
		}
	}
	return k
}

// proteinRole: the role gives a lunch its protein (a legume and a ready dish with its own starch
// count as the protein they are).
func proteinRole(r role) bool { return r == roleProtein || r == roleLegume || r == roleDish }

// hasPlate reports whether the items make any composition-valid plate within the salt and
// weight caps at minimum portions, whatever the target.
func (p *problem) hasPlate() bool {
	found := false
	p.enumerate(false, func(idx []int) {
		if found {
			return
		}
		var w, salt float64
		for _, j := range idx {
			w += p.items[j].lo
			salt += p.items[j].salt * p.items[j].lo
		}
		found = w <= p.capW && salt <= p.saltCap(idx)+1e-9
	})
	return found
}

// feasible reports whether any composition-valid plate in 5 g steps meets the target.
func (p *problem) feasible() bool {
	found, _ := p.search(1)
	return len(found) > 0
}

// pick chooses n distinct plates from found for one request: each in turn the most plausible
// once the foods earlier recipes used are penalised (variety: the main food above all). With
// spread (several lunches), a plate whose protein, then whose starch, fewer earlier recipes hold
// comes first whatever its plausibility, then one whose dish form is fresher (plate.stale): every
// plate found meets the target and the rules.
func (p *problem) pick(found []plate, n int, rng *rand.Rand) []plate {
	var out []plate
	usedMain := map[int]int{}
	used := map[int]int{}
	taken := make([]bool, len(found))
	for len(out) < n {
		best, bestScore, bestReuse := -1, math.Inf(1), [3]int{}
		for i, f := range found {
			if taken[i] || p.sameFoods(out, f) {
				continue
			}
			sc := f.score + 0.2*rng.Float64()
			for _, j := range f.idx {
				if mainRole(p.items[j].role) {
					sc += 4 * float64(usedMain[j])
				}
				sc += 0.5 * float64(used[j])
			}
			reuse := p.reuse(f, usedMain)
			if c := slices.Compare(reuse[:], bestReuse[:]); best < 0 || c < 0 || c == 0 && sc < bestScore {
				best, bestScore, bestReuse = i, sc, reuse
			}
		}
		if best < 0 {
			break
		}
		taken[best] = true
		out = append(out, found[best])
		for _, j := range found[best].idx {
			used[j]++
			if mainRole(p.items[j].role) {
				usedMain[j]++
			}
		}
	}
	if p.spread {
		p.unshare(found, out)
	}
	return out
}

// unshare improves a spread pick in place: a recipe is swapped for another plate found when that
// leaves fewer recipes sharing a protein, or as many and fewer sharing a starch. Picking one
// recipe at a time can give the second recipe the pasta the last one's eggs had no other starch
// than; the swaps undo that.
func (p *problem) unshare(found, out []plate) {
	best := p.shared(out)
	for improved := true; improved; {
		improved = false
		for i := range out {
			for _, f := range found {
				if p.sameFoods(out, f) {
					continue
				}
				was := out[i]
				out[i] = f
				if c := p.shared(out); c[0] < best[0] || c[0] == best[0] && c[1] < best[1] {
					best, improved = c, true
					continue
				}
				out[i] = was
			}
		}
	}
}

// shared counts, over plates, the recipes beyond the first that hold each protein food, then each
// starch.
func (p *problem) shared(plates []plate) [2]int {
	in := map[int]int{}
	var c [2]int
	for _, pl := range plates {
		for _, j := range pl.idx {
			switch r := p.items[j].role; {
			case proteinRole(r):
				if in[j]++; in[j] > 1 {
					c[0]++
				}
			case r == roleStarch:
				if in[j]++; in[j] > 1 {
					c[1]++
				}
			}
		}
	}
	return c
}

// reuse is how many earlier recipes of the request (usedMain) hold the plate's protein foods and
// its starch (zero without spread), then how stale its dish form is.
func (p *problem) reuse(f plate, usedMain map[int]int) [3]int {
	r := [3]int{2: f.stale}
	if !p.spread {
		return r
	}
	for _, j := range f.idx {
		switch ro := p.items[j].role; {
		case proteinRole(ro):
			r[0] += usedMain[j]
		case ro == roleStarch:
			r[1] += usedMain[j]
		}
	}
	return r
}

func (p *problem) sameFoods(out []plate, f plate) bool {
	s := sortedCopy(f.idx)
	for _, o := range out {
		if slices.Equal(sortedCopy(o.idx), s) {
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
