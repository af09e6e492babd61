package before29

import "math"

// capToStock lowers a food's per-serving upper bound (and its usual serving) to what the person
// has of it (req.MaxGrams, for the whole recipe) and reports whether the food can still be used:
// not when what they have is under the minimum serving.
func capToStock(it *item, req GenerateRequest) bool {
	have, ok := req.MaxGrams[it.food.Code]
	if !ok || have <= 0 {
		return true
	}
	perServing := math.Floor(have / float64(max(req.Servings, 1)))
	if perServing < it.lo {
		return false
	}
	it.hi = math.Min(it.hi, perServing)
	it.typ = math.Min(it.typ, it.hi)
	return true
}
