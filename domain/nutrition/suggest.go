package nutrition

import (
	"math"
	"slices"
	"sort"
)

// suggestExcluded are subgroups never suggested: nobody adds baby food, alcohol or a dietary
// supplement to a meal prep to reach a macro target.
var suggestExcluded = map[string]bool{
	"baby biscuits and cereals": true, "baby deserts": true, "baby dishes": true, "baby milk and beverages": true,
	"alcoholic beverages": true, "foods for particular nutritional uses": true, "salts": true, "spices": true,
	"herbs": true, "water": true,
}

// SuggestFoods picks up to n catalog foods that would close the gap between what req.Foods can
// reach and req.Target, for people who allow food suggestions: it returns nil when the meal
// prep's foods already meet the target. The closest recipe's shortfall (in tolerance units)
// ranks catalog foods by how well their macro profile points the same way; among the best, those
// that make the target feasible come first, one per subgroup. Pass the result as
// req.Suggestions; the recipes mark the ingredients they take from it.
func (b *Builtin) SuggestFoods(req GenerateRequest, catalog []Food, n int) []Food {
	if n <= 0 {
		return nil
	}
	req.Suggestions = nil
	var gap [4]float64
	var base *problem
	basePlate := false
	p, _, err := b.prepare(req)
	switch {
	case err == nil:
		found, closest := p.search(1)
		if len(found) > 0 {
			return nil
		}
		basePlate = p.hasPlate()
		var a [4]float64
		if closest != nil {
			a = p.achieved(closest.solution)
		}
		for k := range gap {
			gap[k] = (p.target[k] - a[k]) / p.tol[k]
		}
		base = p
	default:
		// No usable food at all: the whole target is the gap.
		t, tol := req.Target.vec(), Tolerance(req.Target).vec()
		for k := range gap {
			gap[k] = t[k] / tol[k]
		}
	}
	tol := Tolerance(req.Target).vec()
	have := map[int]bool{}
	for _, f := range req.Foods {
		have[f.Code] = true
	}
	type cand struct {
		f     Food
		score float64
	}
	var cands []cand
	gapNorm := math.Sqrt(gap[0]*gap[0] + gap[1]*gap[1] + gap[2]*gap[2] + gap[3]*gap[3])
	if gapNorm == 0 {
		return nil
	}
	for _, f := range catalog {
		n := f.Per100g
		if have[f.Code] || suggestExcluded[f.Subgroup] || !usable(n) || !DietAllows(req.Diet, f) {
			continue
		}
		// Prepared dishes are not ingredients one adds to close a gap.
		// Foods that do not belong to the meal are never suggested for it.
		if k := KindOf(f); k == KindDish || !Suits(req.Category, f) || kindRules[k].fit[req.Category] < 2 {
			continue
		}
		// How much of the gap the food alone closes at its best quantity within its serving
		// bounds: the gap's length minus what is left (in tolerance units).
		v := [4]float64{n.Kcal.V / 100 / tol[0], n.ProteinG.V / 100 / tol[1], n.FatG.V / 100 / tol[2], n.CarbsG.V / 100 / tol[3]}
		vv := v[0]*v[0] + v[1]*v[1] + v[2]*v[2] + v[3]*v[3]
		if vv == 0 {
			continue
		}
		hi := portionFor(req.Category, f, req.Target.Kcal).hi
		g := math.Min(math.Max((v[0]*gap[0]+v[1]*gap[1]+v[2]*gap[2]+v[3]*gap[3])/vv, 0), hi)
		var left float64
		for k := range v {
			d := gap[k] - g*v[k]
			left += d * d
		}
		if closed := gapNorm - math.Sqrt(left); closed > 0.25*gapNorm {
			cands = append(cands, cand{f, closed})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		return cands[i].f.Code < cands[j].f.Code
	})
	// Each candidate, best first, is tried in the meal prep (a few dozen searches at most): one
	// fix per subgroup, and one other per subgroup for when too few fix it.
	var fixes, others []Food
	fixSub, otherSub := map[string]bool{}, map[string]bool{}
	checks := 0
	for _, c := range cands {
		if len(fixes) >= n {
			break
		}
		if fixSub[c.f.Subgroup] {
			continue
		}
		if base != nil && checks < 80 {
			with := req
			with.Foods = append(slices.Clone(req.Foods), c.f)
			q, _, err := b.prepare(with)
			if err == nil && !basePlate && !q.hasPlate() {
				continue // the meal prep makes no plate, and this food does not complete one
			}
			checks++
			if err == nil && q.feasible() {
				fixes = append(fixes, c.f)
				fixSub[c.f.Subgroup] = true
				continue
			}
		}
		if !otherSub[c.f.Subgroup] {
			otherSub[c.f.Subgroup] = true
			others = append(others, c.f)
		}
	}
	out := append(fixes, others...)
	if len(out) > n {
		out = out[:n]
	}
	return out
}
