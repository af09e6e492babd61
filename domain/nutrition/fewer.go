package nutrition

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// DiagnoseFewer is the one change that lets req's foods make more distinct recipes than the made
// ones (Generate never repeats a plate, so a request may get fewer than it asked): one food of a
// named kind of the meal, aware of the diet, the first of kindFixes with which the foods make
// more distinct plates meeting the target. The zero Text when no single kind does.
func (b *Builtin) DiagnoseFewer(req GenerateRequest, made int) Text {
	count := min(max(req.Count, 1), MaxCount)
	if made < 1 || made >= count {
		return Text{}
	}
	for _, f := range kindFixes[req.Category] {
		if !fixSuits(req.Diet, f) {
			continue
		}
		f, ok := f.forTarget(req.Target)
		if !ok {
			continue
		}
		q := req
		q.Foods = append(slices.Clone(req.Foods), f.reps[0])
		q.Suggestions = slices.Clone(req.Suggestions)
		qp, _, err := b.prepare(q)
		if err != nil {
			continue
		}
		found, _ := qp.search(3*count + 5)
		if len(qp.pick(found, count, rand.New(rand.NewPCG(uint64(req.Seed), 0)))) <= made {
			continue
		}
		fr := fmt.Sprintf("ces aliments ne donnent que %d recettes différentes pour l’objectif de ce repas", made)
		en := fmt.Sprintf("these foods make only %d different recipes for this meal’s target", made)
		if made == 1 {
			fr = "ces aliments ne donnent qu’une recette pour l’objectif de ce repas"
			en = "these foods make only one recipe for this meal’s target"
		}
		return Text{FR: "Pour plus de variété\u202f: " + fr + "\u202f; ajoutez " + f.text.FR + ".",
			EN: "For more variety: " + en + "; add " + f.text.EN + "."}
	}
	return Text{}
}
