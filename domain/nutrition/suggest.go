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
	gap, base, basePlate, met := b.suggestGap(req)
	if met {
		return nil
	}
	cands := suggestCandidates(req, catalog, gap)
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

// suggestGap is the closest recipe's shortfall from req's target in tolerance units, the
// prepared problem (nil when no food is usable: the whole target is the gap), whether its foods
// make any plate, and met when they already meet the target.
func (b *Builtin) suggestGap(req GenerateRequest) (gap [4]float64, base *problem, basePlate, met bool) {
	p, _, err := b.prepare(req)
	if err != nil {
		t, tol := req.Target.vec(), Tolerance(req.Target).vec()
		for k := range gap {
			gap[k] = t[k] / tol[k]
		}
		return gap, nil, false, false
	}
	found, closest := p.search(1)
	if len(found) > 0 {
		return gap, p, true, true
	}
	var a [4]float64
	if closest != nil {
		a = p.achieved(closest.solution)
	}
	for k := range gap {
		gap[k] = (p.target[k] - a[k]) / p.tol[k]
	}
	return gap, p, p.hasPlate(), false
}

// suggestCand is a catalog food with how much of the gap it closes alone.
type suggestCand struct {
	f     Food
	score float64
}

// suggestCandidates ranks the catalog foods that may join req's meal by how much of gap each
// closes alone at its best quantity within its serving bounds (more than a quarter of it), best
// first.
func suggestCandidates(req GenerateRequest, catalog []Food, gap [4]float64) []suggestCand {
	gapNorm := math.Sqrt(gap[0]*gap[0] + gap[1]*gap[1] + gap[2]*gap[2] + gap[3]*gap[3])
	if gapNorm == 0 {
		return nil
	}
	tol := Tolerance(req.Target).vec()
	have := map[int]bool{}
	for _, f := range req.Foods {
		have[f.Code] = true
	}
	var cands []suggestCand
	for _, f := range catalog {
		if have[f.Code] || !suggestable(req, f) {
			continue
		}
		// How much of the gap the food alone closes at its best quantity within its serving
		// bounds: the gap's length minus what is left (in tolerance units).
		n := f.Per100g
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
			cands = append(cands, suggestCand{f, closed})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		return cands[i].f.Code < cands[j].f.Code
	})
	return cands
}

// suggestable: a catalog food one may suggest for req's meal: usable, allowed by the diet, not
// excluded, not a prepared dish (not an ingredient one adds to close a gap), and one that
// belongs to the meal.
func suggestable(req GenerateRequest, f Food) bool {
	if suggestExcluded[f.Subgroup] || !usable(f.Per100g) || !DietAllows(req.Diet, f) {
		return false
	}
	k := KindOf(f)
	return k != KindDish && Suits(req.Category, f) && kindRules[k].fit[req.Category] >= 2
}
