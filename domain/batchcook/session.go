package batchcook

import (
	"cmp"
	"math"
	"slices"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// pot is one food cooked one way in a session, for one or more recipes.
type pot struct {
	task   nutrition.CookTask
	grams  int
	shares []RecipeShare
	start  int
	end    int
	// batches: a pan or a steamer holds so much; more is cooked in turns.
	batches int
}

// panHolds is how much one pan (hob, frying) or one steamer basket cooks at a time: beyond it,
// food steams instead of browning, or does not cook evenly.
const (
	panHolds     = 700
	steamerHolds = 1000
)

var panMethods = map[string]bool{"pan-fry": true, "sear": true, "stir-fry": true, "brown": true, "brown in a pan": true, "sauté": true, "scramble": true}

// batchesOf is how many turns a pot takes.
func batchesOf(t nutrition.CookTask, grams int) int {
	switch {
	case t.Appliance == nutrition.ApplianceHob && panMethods[t.Method.EN]:
		return max(1, (grams+panHolds-1)/panHolds)
	case t.Method.EN == "steam":
		return max(1, (grams+steamerHolds-1)/steamerHolds)
	}
	return 1
}

// session lays out one cooking session: the recipes whose boxes it fills, their foods for
// those boxes (each box the grams of its person's plate), and the order of work. One pot cooks
// a food prepared the same way for every recipe that holds it; the longest cookings start first,
// the cook's hands do one thing at a time, the oven holds two dishes and the hob four pans, and
// cold preparation fills the waits.
func (plan *CookPlan) session(in Input, number, sessions int, tasks map[uuid.UUID][]nutrition.CookTask, plates map[uuid.UUID][]Plate) Session {
	s := Session{Number: number, Day: SessionDay(number, in.Days), Recipes: []CookedRecipe{}, Night: []WorkStep{}, Steps: []WorkStep{}}
	personIdx := map[string]int{}
	for i, p := range in.People {
		personIdx[p.Name] = i
	}
	byRecipe := map[uuid.UUID]*CookedRecipe{}
	var order []uuid.UUID
	names := map[uuid.UUID]string{}
	for _, b := range plan.Boxes {
		if b.Session != number {
			continue
		}
		if b.Freezer {
			s.FreezeBoxes++
		} else {
			s.FridgeBoxes++
		}
		cr := byRecipe[b.RecipeID]
		if cr == nil {
			cr = &CookedRecipe{RecipeID: b.RecipeID, Name: b.Recipe, Foods: []CookedFood{}}
			byRecipe[b.RecipeID] = cr
			order = append(order, b.RecipeID)
			names[b.RecipeID] = b.Recipe
		}
		cr.Portions++
		plate := plates[b.RecipeID][personIdx[b.Person]]
		for _, c := range plate.Components {
			i := slices.IndexFunc(cr.Foods, func(f CookedFood) bool { return f.FoodCode == c.FoodCode })
			if i < 0 {
				cr.Foods = append(cr.Foods, CookedFood{FoodCode: c.FoodCode, Name: c.Name})
				i = len(cr.Foods) - 1
			}
			cr.Foods[i].Grams += c.Grams
		}
	}
	var pots []*pot
	for _, id := range order {
		cr := byRecipe[id]
		// The cook weighs what goes into the pan: the dry rice, the raw chicken the shopping
		// list bought for a recipe's cooked rice or grilled chicken.
		for _, t := range tasks[id] {
			if t.StartPerGram <= 0 || t.StartPerGram == 1 {
				continue
			}
			for i := range cr.Foods {
				if cr.Foods[i].FoodCode == t.FoodCode {
					cr.Foods[i].Name, cr.Foods[i].Grams = t.Name, int(math.Round(float64(cr.Foods[i].Grams)*t.StartPerGram))
				}
			}
		}
		s.Recipes = append(s.Recipes, *cr)
		for _, t := range tasks[id] {
			g := 0
			for _, f := range cr.Foods {
				if f.FoodCode == t.FoodCode {
					g = f.Grams
				}
			}
			if g == 0 || t.Kind == nutrition.KindFat || t.Kind == nutrition.KindSeasoning {
				continue // fat and spices go into the pans, as the recipe's steps say
			}
			i := slices.IndexFunc(pots, func(p *pot) bool {
				return p.task.FoodCode == t.FoodCode && p.task.Appliance == t.Appliance && p.task.Method == t.Method
			})
			if i < 0 {
				pots = append(pots, &pot{task: t})
				i = len(pots) - 1
			}
			pots[i].grams += g
			pots[i].shares = append(pots[i].shares, RecipeShare{Recipe: names[id], Grams: g})
		}
	}
	s.Steps, s.Night, s.DurationMin = schedule(pots, s.FridgeBoxes+s.FreezeBoxes)
	return s
}

// schedule orders a session's pots: soaking the night before; heated pots longest first, each
// started when the cook's hands and a place on its appliance are free; cold preparation while
// things cook; then cooling and boxing.
func schedule(pots []*pot, boxes int) (steps, night []WorkStep, duration int) {
	steps, night = []WorkStep{}, []WorkStep{}
	var heated, cold []*pot
	for _, p := range pots {
		if p.task.Overnight {
			night = append(night, WorkStep{Kind: "soak", Appliance: nutrition.ApplianceNone, Food: p.task.Name, Grams: p.grams,
				Method: nutrition.Text{FR: "faire tremper dans trois volumes d’eau froide", EN: "soak in three volumes of cold water"},
				For:    p.shares, While: []nutrition.Text{}})
		}
		if p.task.Heated {
			heated = append(heated, p)
		} else {
			cold = append(cold, p)
		}
	}
	for _, p := range heated {
		p.batches = batchesOf(p.task, p.grams)
	}
	slices.SortStableFunc(heated, func(a, b *pot) int {
		return cmp.Compare(b.task.ActiveMin+b.task.CookMin, a.task.ActiveMin+a.task.CookMin)
	})
	hands := 0
	slots := map[nutrition.Appliance][]int{nutrition.ApplianceOven: make([]int, ovenSlots), nutrition.ApplianceHob: make([]int, hobSlots)}
	if slices.ContainsFunc(heated, func(p *pot) bool { return p.task.Appliance == nutrition.ApplianceOven }) {
		steps = append(steps, WorkStep{Kind: "preheat", Appliance: nutrition.ApplianceOven, StartMin: 0, EndMin: preheatMin,
			Method: nutrition.Text{FR: "préchauffer le four à 200\u00a0°C", EN: "preheat the oven to 200 °C (400 °F)"}, For: []RecipeShare{}, While: []nutrition.Text{}})
		for i := range slots[nutrition.ApplianceOven] {
			slots[nutrition.ApplianceOven][i] = preheatMin
		}
		hands = 1
	}
	end := 0
	var placed []*pot
	for _, p := range heated {
		free := slots[p.task.Appliance]
		best := 0
		for i := range free {
			if free[i] < free[best] {
				best = i
			}
		}
		p.start = max(hands, free[best])
		p.end = p.start + (p.task.ActiveMin+p.task.CookMin)*p.batches
		free[best] = p.end
		hands = p.start + p.task.ActiveMin
		if panMethods[p.task.Method.EN] {
			// A pan cooked in several turns keeps the cook at it; a steamer's next basket does not.
			hands = p.start + p.task.ActiveMin*p.batches + p.task.CookMin*(p.batches-1)
		}
		end = max(end, p.end)
		placed = append(placed, p)
	}
	for _, p := range cold {
		p.start = hands
		p.end = hands + p.task.ActiveMin
		hands = p.end
		end = max(end, p.end)
		placed = append(placed, p)
	}
	slices.SortStableFunc(placed, func(a, b *pot) int { return cmp.Compare(a.start, b.start) })
	for _, p := range placed {
		kind := "cook"
		if !p.task.Heated {
			kind = "prep"
		}
		w := WorkStep{Kind: kind, StartMin: p.start, EndMin: p.end, Appliance: p.task.Appliance, Method: p.task.Method,
			Food: p.task.Name, Grams: p.grams, Batches: max(p.batches, 1), For: p.shares, While: []nutrition.Text{}}
		if len(w.For) < 2 {
			w.For = []RecipeShare{}
		}
		for _, q := range placed {
			if q != p && q.task.Heated && q.task.CookMin > 0 && q.start < p.start && q.end > p.start {
				w.While = append(w.While, q.task.Name)
			}
		}
		steps = append(steps, w)
	}
	// Cool within the hour, then fill and label the boxes (a minute each).
	boxMin := max(5, boxes)
	steps = append(steps, WorkStep{Kind: "box", StartMin: end, EndMin: end + boxMin, Appliance: nutrition.ApplianceNone,
		Method: nutrition.Text{FR: "répartir dans les boîtes, laisser refroidir moins d’une heure, puis réfrigérer ou congeler selon l’étiquette",
			EN: "divide into the boxes, cool for under an hour, then refrigerate or freeze as labelled"},
		For: []RecipeShare{}, While: []nutrition.Text{}})
	return steps, night, end + boxMin
}
