package baseline

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// The solver, in three stages (docs/nutrition.md):
//
//  1. Selection, a linear program over every usable food: minimise the deviation from the target
//     (in tolerance units, L1) plus a tiny cost per food that encodes the category's food-group
//     preferences, a seeded random factor and a penalty for foods earlier recipes of the request
//     used. Simplex returns a vertex, so few foods are non-zero: that support is the recipe's
//     foods (2–6 of them). Different costs give different vertices, hence varied recipes.
//  2. Quantities: bounded least squares on the chosen foods, aimed at the centre of the target,
//     each food within its kind's bounds.
//  3. 5 g steps: round, then a local search over ±5/±10 g moves of one or two foods that keeps the
//     price under the limit and minimises the squared deviation in tolerance units.
//
// Feasibility (can any quantities of these foods meet the target within tolerance?) is decided on
// the continuous problem by a second linear program, only when the recipe misses.

const (
	step     = 5.0 // grams
	minFoods = 2
	maxFoods = 6
	// costWeight keeps food preferences far below one tolerance unit of deviation.
	costWeight = 1e-4
)

// item is a usable food prepared for the solver.
type item struct {
	food      Food
	kind      Kind
	m         [4]float64 // kcal, protein, fat, carbs per gram
	eurPerG   float64
	pricePerG float64 // in the request's currency
	lo, hi    float64 // grams per serving when used
	fit       int
	suggested bool
}

// problem is one request after preparation.
type problem struct {
	items    []item
	target   [4]float64
	tol      [4]float64
	limit    float64 // per serving, request currency; +Inf when none
	feasible *bool   // bandFeasible, computed once when first needed
}

// isFeasible caches bandFeasible.
func (p *problem) isFeasible() bool {
	if p.feasible == nil {
		f := p.bandFeasible()
		p.feasible = &f
	}
	return *p.feasible
}

// solution is a set of foods with grams per serving.
type solution struct {
	idx   []int     // into problem.items
	grams []float64 // per serving
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

// simplex is gonum's lp.Simplex that turns a panic on a degenerate program (it panics rather
// than errs on some malformed inputs) into an error: a recipe request must never crash a worker.
func simplex(c []float64, A *mat.Dense, b []float64, basic []int) (f float64, x []float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, x, err = 0, nil, fmt.Errorf("simplex: %v", r)
		}
	}()
	return lp.Simplex(c, A, b, 1e-10, basic)
}

// selectFoods runs stage 1 with per-food costs and returns the support of the LP solution (item
// indices with their grams), or nil when the LP fails numerically. lower[j] > 0 forces item j in
// at that many grams; excluded items are left out. Upper bounds are added lazily, only for foods
// the LP wants above their maximum: most never reach it, and a small LP is a fast one.
func (p *problem) selectFoods(cost []float64, withPrice bool, lower []float64, excluded []bool) (support []int, grams []float64) {
	var act []int
	for j := range p.items {
		if !excluded[j] {
			act = append(act, j)
		}
	}
	if len(act) == 0 {
		return nil, nil
	}
	bounded := make([]bool, len(act))
	for round := 0; round <= len(act); round++ {
		x, ok := p.selectLP(act, bounded, cost, withPrice, lower)
		if !ok {
			return nil, nil
		}
		over := false
		for i, j := range act {
			if !bounded[i] && x[i]*100+lower[j] > p.items[j].hi+1e-6 {
				bounded[i], over = true, true
			}
		}
		if over {
			continue
		}
		for i, j := range act {
			if g := x[i]*100 + lower[j]; g > 0.5 {
				support = append(support, j)
				grams = append(grams, math.Min(g, p.items[j].hi))
			}
		}
		return support, grams
	}
	return nil, nil
}

// selectLP builds and solves the stage-1 program in standard form:
//
//	minimise Σ_k (over_k + under_k) / tol_k + costWeight Σ_j cost_j y_j
//	Σ_j m_kj y_j − over_k + under_k = target_k − Σ_j m_kj lower_j   (k = kcal, protein, fat, carbs)
//	y_j + u_j = (hi_j − lower_j)                                     (bounded foods only)
//	Σ_j price_j y_j + s = limit − Σ_j price_j lower_j                (with a price limit)
//
// with y in units of 100 g. The slack and deviation columns give an obvious first basis.
func (p *problem) selectLP(act []int, bounded []bool, cost []float64, withPrice bool, lower []float64) ([]float64, bool) {
	n := len(act)
	nb := 0
	for _, b := range bounded {
		if b {
			nb++
		}
	}
	rows := nb + 4
	if withPrice {
		rows++
	}
	cols := n + nb + 8
	if withPrice {
		cols++
	}
	A := mat.NewDense(rows, cols, nil)
	b := make([]float64, rows)
	c := make([]float64, cols)
	basic := make([]int, 0, rows)
	rest := p.target
	spent := 0.0
	r := 0
	for i, j := range act {
		it := p.items[j]
		c[i] = costWeight * cost[j]
		for k := range rest {
			rest[k] -= it.m[k] * lower[j]
		}
		spent += it.pricePerG * lower[j]
		if bounded[i] {
			A.Set(r, i, 1)
			A.Set(r, n+r, 1)
			b[r] = math.Max(it.hi-lower[j], 0) / 100
			basic = append(basic, n+r)
			r++
		}
	}
	dev := n + nb
	for k := 0; k < 4; k++ {
		row := nb + k
		for i, j := range act {
			A.Set(row, i, p.items[j].m[k]*100)
		}
		A.Set(row, dev+k, -1)  // over the target
		A.Set(row, dev+4+k, 1) // under the target
		b[row] = rest[k]
		c[dev+k] = 1 / p.tol[k]
		c[dev+4+k] = 1 / p.tol[k]
		if rest[k] >= 0 {
			basic = append(basic, dev+4+k)
		} else {
			b[row] = rest[k]
			basic = append(basic, dev+k)
		}
	}
	if withPrice {
		row := nb + 4
		for i, j := range act {
			A.Set(row, i, p.items[j].pricePerG*100)
		}
		A.Set(row, dev+8, 1)
		b[row] = p.limit - spent
		if b[row] < 0 {
			return nil, false
		}
		basic = append(basic, dev+8)
	}
	_, x, err := simplex(c, A, b, basic)
	if err != nil || x == nil {
		return nil, false
	}
	return x[:n], true
}

// selectWithMinimums repeats stage 1 until every chosen food reaches its minimum serving: a food
// the LP wants below half its minimum is left out, one above half is forced to its minimum (a
// few rounds of a branch-free rounding of the semi-continuous problem).
func (p *problem) selectWithMinimums(cost []float64, withPrice bool) (support []int, grams []float64) {
	lower := make([]float64, len(p.items))
	excluded := make([]bool, len(p.items))
	for round := 0; round < 6; round++ {
		s, g := p.selectFoods(cost, withPrice, lower, excluded)
		if s == nil {
			return support, grams
		}
		support, grams = s, g
		worst, ratio := -1, 1.0
		for i, j := range s {
			if r := g[i] / p.items[j].lo; r < ratio-1e-9 {
				worst, ratio = j, r
			}
		}
		if worst < 0 {
			return support, grams
		}
		if ratio < 0.5 {
			excluded[worst] = true
		} else {
			lower[worst] = p.items[worst].lo
		}
	}
	return support, grams
}

// bandFeasible decides whether continuous quantities (0 to the per-food maximum) of the usable
// foods meet every macro within tolerance and the price limit: phase one of a simplex on
// lo ≤ A x ≤ hi. It is the definition of "feasible" for the refund rule.
func (p *problem) bandFeasible() bool {
	n := len(p.items)
	withPrice := !math.IsInf(p.limit, 1)
	rows := n + 8
	if withPrice {
		rows++
	}
	cols := 2*n + 8
	if withPrice {
		cols++
	}
	A := mat.NewDense(rows, cols, nil)
	b := make([]float64, rows)
	c := make([]float64, cols)
	for j, it := range p.items {
		A.Set(j, j, 1)
		A.Set(j, n+j, 1)
		b[j] = it.hi / 100
	}
	for k := 0; k < 4; k++ {
		lower, upper := n+2*k, n+2*k+1
		for j, it := range p.items {
			A.Set(lower, j, it.m[k]*100)
			A.Set(upper, j, it.m[k]*100)
		}
		A.Set(lower, 2*n+2*k, -1) // A x - s = t - tol
		A.Set(upper, 2*n+2*k+1, 1)
		b[lower] = math.Max(p.target[k]-p.tol[k], 0)
		b[upper] = p.target[k] + p.tol[k]
	}
	if withPrice {
		r := n + 8
		for j, it := range p.items {
			A.Set(r, j, it.pricePerG*100)
		}
		A.Set(r, 2*n+8, 1)
		b[r] = p.limit
	}
	_, _, err := simplex(c, A, b, nil)
	return err == nil
}

// fit solves stage 2 on the chosen foods by projected coordinate descent (the problem has at
// most six variables and four residuals, so it converges in a few dozen sweeps).
func (p *problem) fit(s solution) solution {
	g := slices.Clone(s.grams)
	w := [4]float64{}
	for k := range w {
		w[k] = 1 / (p.tol[k] * p.tol[k])
	}
	a := p.achieved(solution{s.idx, g})
	for sweep := 0; sweep < 200; sweep++ {
		moved := 0.0
		for i, j := range s.idx {
			it := &p.items[j]
			var num, den float64
			for k := 0; k < 4; k++ {
				rest := a[k] - it.m[k]*g[i]
				num += w[k] * it.m[k] * (p.target[k] - rest)
				den += w[k] * it.m[k] * it.m[k]
			}
			if den == 0 {
				continue
			}
			ng := math.Min(math.Max(num/den, it.lo), it.hi)
			if d := ng - g[i]; d != 0 {
				for k := 0; k < 4; k++ {
					a[k] += it.m[k] * d
				}
				g[i] = ng
				moved = math.Max(moved, math.Abs(d))
			}
		}
		if moved < 0.01 {
			break
		}
	}
	return solution{s.idx, g}
}

// discretise runs stage 3.
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
	cur := solution{s.idx, g}
	a := p.achieved(cur)
	price := p.price(cur)
	score := func(a [4]float64, price float64) float64 {
		d := p.deviation(a)
		if price > p.limit+1e-9 {
			d += 1e6 * (price - p.limit + 0.01)
		}
		return d
	}
	best := score(a, price)
	deltas := []float64{-2 * step, -step, step, 2 * step}
	try := func(i int, di float64, j int, dj float64) bool {
		ni := g[i] + di
		if ni < lo[i] || ni > hi[i] {
			return false
		}
		if j >= 0 {
			nj := g[j] + dj
			if nj < lo[j] || nj > hi[j] {
				return false
			}
		}
		na := a
		np := price
		ii := &p.items[s.idx[i]]
		for k := 0; k < 4; k++ {
			na[k] += ii.m[k] * di
		}
		np += ii.pricePerG * di
		if j >= 0 {
			jj := &p.items[s.idx[j]]
			for k := 0; k < 4; k++ {
				na[k] += jj.m[k] * dj
			}
			np += jj.pricePerG * dj
		}
		if sc := score(na, np); sc < best-1e-12 {
			best, a, price = sc, na, np
			g[i] += di
			if j >= 0 {
				g[j] += dj
			}
			return true
		}
		return false
	}
	for iter := 0; iter < 500; iter++ {
		improved := false
		for i := 0; i < n; i++ {
			for _, d := range deltas {
				if try(i, d, -1, 0) {
					improved = true
				}
			}
		}
		if !improved {
			for i := 0; i < n && !improved; i++ {
				for j := i + 1; j < n && !improved; j++ {
					for _, di := range deltas[1:3] {
						for _, dj := range deltas[1:3] {
							if try(i, di, j, dj) {
								improved = true
							}
						}
					}
				}
			}
		}
		if !improved && n <= maxFoods {
			// Every food ±5 g at once (3^n moves): escapes the corners where single and pair
			// moves all make things worse.
			improved = p.jointMove(s.idx, g, lo, hi, &a, &price, &best, score)
		}
		if !improved {
			break
		}
	}
	return cur
}

// jointMove tries every combination of -5, 0, +5 g on all foods and applies the best improving one.
func (p *problem) jointMove(idx []int, g, lo, hi []float64, a *[4]float64, price, best *float64, score func([4]float64, float64) float64) bool {
	n := len(g)
	total := 1
	for i := 0; i < n; i++ {
		total *= 3
	}
	bestCode, bestScore := -1, *best
	var bestA [4]float64
	var bestP float64
	for code := 1; code < total; code++ {
		na, np := *a, *price
		ok := true
		for i, c := 0, code; i < n; i, c = i+1, c/3 {
			d := float64(c%3-1) * step
			if d == 0 {
				continue
			}
			if g[i]+d < lo[i] || g[i]+d > hi[i] {
				ok = false
				break
			}
			it := &p.items[idx[i]]
			for k := 0; k < 4; k++ {
				na[k] += it.m[k] * d
			}
			np += it.pricePerG * d
		}
		if !ok {
			continue
		}
		if sc := score(na, np); sc < bestScore-1e-12 {
			bestCode, bestScore, bestA, bestP = code, sc, na, np
		}
	}
	if bestCode < 0 {
		return false
	}
	for i, c := 0, bestCode; i < n; i, c = i+1, c/3 {
		g[i] += float64(c%3-1) * step
	}
	*a, *price, *best = bestA, bestP, bestScore
	return true
}

// solve builds one recipe's solution for the given per-food costs. When the first attempt misses
// the tolerance it tries again with the preferences re-drawn, then with the swap neighbourhood,
// and keeps the closest (misses are rare, so the extra work is too).
func (p *problem) solve(cost []float64, rng *rand.Rand) solution {
	best := p.solveOnce(cost)
	if p.ok(best) {
		return best
	}
	bestDev := p.miss(best)
	if !p.isFeasible() {
		// No quantities can meet the target: one more try on deviation alone for the closest.
		c := make([]float64, len(cost))
		for j := range c {
			c[j] = 1
		}
		if s := p.solveOnce(c); p.miss(s) < bestDev {
			return s
		}
		return best
	}
	for attempt := 0; attempt < 4; attempt++ {
		c := slices.Clone(cost)
		for j := range c {
			c[j] *= 0.3 + 1.4*rng.Float64()
		}
		if attempt == 3 {
			for j := range c {
				c[j] = 1 // deviation alone decides
			}
		}
		s := p.solveOnce(c)
		if p.ok(s) {
			return s
		}
		if d := p.miss(s); d < bestDev {
			best, bestDev = s, d
		}
	}
	return p.swaps(best, cost)
}

// ok: within tolerance and under the price limit.
func (p *problem) ok(s solution) bool {
	return p.within(p.achieved(s)) && p.price(s) <= p.limit+1e-9
}

// miss is how far a solution is from acceptable (0 when ok).
func (p *problem) miss(s solution) float64 {
	if p.ok(s) {
		return 0
	}
	return p.deviation(p.achieved(s)) + p.overPrice(s)
}

// swaps replaces each chosen food by each other food in turn: every candidate gets its continuous
// quantities (cheap), and only the closest few are taken to 5 g steps (the costly part).
func (p *problem) swaps(s solution, cost []float64) solution {
	best, bestDev := s, p.miss(s)
	type cand struct {
		sol solution
		dev float64
	}
	for round := 0; round < 2 && bestDev > 0; round++ {
		cur := best
		var cands []cand
		for i := range cur.idx {
			for j := range p.items {
				if slices.Contains(cur.idx, j) {
					continue
				}
				c := slices.Clone(cur.idx)
				g := slices.Clone(cur.grams)
				c[i], g[i] = j, p.items[j].lo
				f := p.fit(solution{c, g})
				cands = append(cands, cand{f, p.deviation(p.achieved(f)) + p.overPrice(f)})
			}
		}
		sort.Slice(cands, func(a, b int) bool { return cands[a].dev < cands[b].dev })
		for _, c := range cands[:min(len(cands), 6)] {
			d := p.discretise(c.sol)
			if m := p.miss(d); m < bestDev {
				best, bestDev = d, m
				if m == 0 {
					return best
				}
			}
		}
	}
	return best
}

// solveOnce builds one recipe's solution for the given per-food costs.
func (p *problem) solveOnce(cost []float64) solution {
	withPrice := !math.IsInf(p.limit, 1)
	support, grams := p.selectWithMinimums(cost, withPrice)
	if support == nil && withPrice {
		support, grams = p.selectWithMinimums(cost, false)
	}
	if len(support) == 0 {
		// The LP found nothing useful (all-zero target, or numerical trouble): start from the
		// cheapest-cost foods.
		support, grams = p.cheapest(cost, minFoods), nil
	}
	if len(support) > maxFoods {
		support, grams = p.largest(support, grams, maxFoods)
	}
	s := solution{idx: support, grams: make([]float64, len(support))}
	for i, j := range support {
		s.grams[i] = p.items[j].lo
		if grams != nil {
			s.grams[i] = math.Min(math.Max(grams[i], p.items[j].lo), p.items[j].hi)
		}
	}
	if len(s.idx) < minFoods && len(p.items) >= minFoods {
		s = p.complete(s, cost)
	}
	s = p.fit(s)
	best := p.discretise(s)
	if p.within(p.achieved(best)) && p.price(best) <= p.limit+1e-9 {
		return best
	}
	// Repair: drop each food in turn, or add the food that best closes the gap, and keep the
	// closest. Cheap with at most six foods and a few dozen candidates.
	bestDev := p.deviation(p.achieved(best)) + p.overPrice(best)
	consider := func(c solution) {
		c = p.discretise(p.fit(c))
		if d := p.deviation(p.achieved(c)) + p.overPrice(c); d < bestDev-1e-12 {
			best, bestDev = c, d
		}
	}
	if len(s.idx) > minFoods {
		for drop := range s.idx {
			consider(without(s, drop))
		}
	}
	if len(s.idx) < maxFoods {
		for _, j := range p.ranked(cost) {
			if !slices.Contains(s.idx, j) {
				consider(with(s, j, p.items[j].lo))
			}
		}
	}
	return best
}

func (p *problem) overPrice(s solution) float64 {
	if pr := p.price(s); pr > p.limit+1e-9 {
		return 1e6 * (pr - p.limit + 0.01)
	}
	return 0
}

func without(s solution, i int) solution {
	return solution{idx: slices.Delete(slices.Clone(s.idx), i, i+1), grams: slices.Delete(slices.Clone(s.grams), i, i+1)}
}

func with(s solution, j int, g float64) solution {
	return solution{idx: append(slices.Clone(s.idx), j), grams: append(slices.Clone(s.grams), g)}
}

// ranked returns item indices by increasing cost.
func (p *problem) ranked(cost []float64) []int {
	idx := make([]int, len(p.items))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return cost[idx[a]] < cost[idx[b]] })
	return idx
}

func (p *problem) cheapest(cost []float64, n int) []int {
	r := p.ranked(cost)
	if len(r) > n {
		r = r[:n]
	}
	return r
}

// largest keeps the n foods that carry the most energy (then protein) in the LP solution.
func (p *problem) largest(support []int, grams []float64, n int) ([]int, []float64) {
	type sg struct {
		j int
		g float64
		w float64
	}
	all := make([]sg, len(support))
	for i, j := range support {
		it := p.items[j]
		all[i] = sg{j, grams[i], it.m[0]*grams[i] + 4*it.m[1]*grams[i]}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].w > all[b].w })
	all = all[:n]
	out, og := make([]int, n), make([]float64, n)
	for i, x := range all {
		out[i], og[i] = x.j, x.g
	}
	return out, og
}

// complete adds foods until the recipe has minFoods, choosing the one that fits best.
func (p *problem) complete(s solution, cost []float64) solution {
	for len(s.idx) < minFoods {
		var best solution
		bestDev := math.Inf(1)
		for _, j := range p.ranked(cost) {
			if slices.Contains(s.idx, j) {
				continue
			}
			c := p.fit(with(s, j, p.items[j].lo))
			if d := p.deviation(p.achieved(c)) + costWeight*cost[j]; d < bestDev {
				best, bestDev = c, d
			}
		}
		if best.idx == nil {
			return s
		}
		s = best
	}
	return s
}

// costs returns recipe n's per-food costs: category fit, a seeded random factor, and a penalty
// for foods that earlier recipes used (variety).
func (p *problem) costs(rng *rand.Rand, used map[int]int) []float64 {
	c := make([]float64, len(p.items))
	for j, it := range p.items {
		base := [4]float64{40, 8, 3, 1}[it.fit]
		c[j] = base*(0.5+rng.Float64()) + 6*float64(used[j])
		if it.suggested {
			c[j] += 4 // the person's own foods first
		}
	}
	return c
}
