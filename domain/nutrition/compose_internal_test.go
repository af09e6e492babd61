package nutrition

import "testing"

// A kind's fit is 0 (avoid) exactly when it has no role in the meal: the table of docs/nutrition.md
// and the composition rules say the same thing.
func TestFitZeroIsNoRole(t *testing.T) {
	for k, r := range kindRules {
		for _, c := range Categories {
			f := Food{Subgroup: subgroupOf(k), Per100g: Nutrients{Kcal: Of(100)}}
			if f.Subgroup == "" {
				continue
			}
			if (r.fit[c] == 0) != (roleOf(c, f) == roleNone) {
				t.Errorf("%s at %s: fit %d, role %d", k, c, r.fit[c], roleOf(c, f))
			}
		}
	}
}

// subgroupOf is one CIQUAL subgroup of kind k ("" for kinds no subgroup maps to).
func subgroupOf(k Kind) string {
	for s, kk := range subgroupKinds {
		if kk == k && s != "vegetable oils" && s != "fish oils" && s != "other fats" && s != "alcoholic beverages" &&
			s != "water" && s[:min(5, len(s))] != "baby " {
			return s
		}
	}
	return ""
}
