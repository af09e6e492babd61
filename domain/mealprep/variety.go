package mealprep

import (
	"slices"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// Main foods spread across the meal prep (docs/mealprep.md, "Main foods spread"): a week of
// lunches and dinners reads as one dish when the same chicken or the same rice is in most of
// them.

// MainGroup is the part of a plate a main food takes: the protein or the starch.
type MainGroup string

// Main groups; "" is a food that is no main food (vegetables, fats, cheese, ready dishes…).
const (
	MainProtein MainGroup = "protein"
	MainStarch  MainGroup = "starch"
)

// MainGroupOf is the main group of a food by its kind: meat, fish, eggs, delicatessen,
// vegetarian proteins and pulses are a protein; grains, potatoes and bread a starch.
func MainGroupOf(f nutrition.Food) MainGroup {
	switch nutrition.KindOf(f) {
	case nutrition.KindMeat, nutrition.KindFish, nutrition.KindEgg, nutrition.KindDeli, nutrition.KindVegetarian, nutrition.KindLegume:
		return MainProtein
	case nutrition.KindGrain, nutrition.KindTuber, nutrition.KindBread:
		return MainStarch
	}
	return ""
}

// SpreadMains is foods (a lunch/dinner request's) without the main foods that one more recipe
// would put in over a third of the recipes (the meal prep's lunch/dinner recipes, each its food
// codes, and the new one: 5 of 14 is over, so a food in 4 of 13 goes), as long as
// another food of the same group stays: when every food of a group is that common, the least
// used of them stay. The order of foods is kept.
func SpreadMains(foods []nutrition.Food, recipes [][]int) []nutrition.Food {
	if len(recipes) == 0 {
		return foods
	}
	in := map[int]int{}
	for _, r := range recipes {
		seen := map[int]bool{}
		for _, c := range r {
			if !seen[c] {
				seen[c] = true
				in[c]++
			}
		}
	}
	common := func(code int) bool { return 3*(in[code]+1) > len(recipes)+1 }
	// least[g] is the fewest recipes any food of the group is in: the group's foods in no more
	// stay when all of them are common.
	least := map[MainGroup]int{}
	rare := map[MainGroup]bool{}
	for _, f := range foods {
		g := MainGroupOf(f)
		if g == "" {
			continue
		}
		if n, ok := least[g]; !ok || in[f.Code] < n {
			least[g] = in[f.Code]
		}
		rare[g] = rare[g] || !common(f.Code)
	}
	return slices.DeleteFunc(slices.Clone(foods), func(f nutrition.Food) bool {
		g := MainGroupOf(f)
		if g == "" || !common(f.Code) {
			return false
		}
		return rare[g] || in[f.Code] > least[g]
	})
}

// LunchDinnerFoods are the food codes of each lunch/dinner recipe of the meal prep but those
// of the request (its own recipes, which a retry makes again) and those it replaces, in the
// recipes' id order: what SpreadMains weighs a request's foods against.
func (m *MealPrep) LunchDinnerFoods(request uuid.UUID) [][]int {
	var replaced []uuid.UUID
	if q := m.requests[request]; q != nil {
		replaced = q.Replaces
	}
	var out [][]int
	for _, id := range m.RecipeIDs() {
		r := m.recipes[id]
		if r.Category != LunchDinner || r.RequestID == request || slices.Contains(replaced, id) {
			continue
		}
		codes := make([]int, 0, len(r.Ingredients))
		for _, in := range r.Ingredients {
			codes = append(codes, in.FoodCode)
		}
		out = append(out, codes)
	}
	return out
}

// Dishes are the dish forms of the meal prep's recipes of category c but those of the request
// and those it replaces, once each, ordered by their latest recipe (the recipes' id order, the
// form of the newest recipe last): the forms a new recipe of the request had better not repeat,
// the last one least of all (nutrition.GenerateRequest.RecentDishes, docs/mealprep.md "A varied
// week").
func (m *MealPrep) Dishes(request uuid.UUID, c Category) []string {
	var replaced []uuid.UUID
	if q := m.requests[request]; q != nil {
		replaced = q.Replaces
	}
	out := []string{}
	for _, id := range m.RecipeIDs() {
		r := m.recipes[id]
		if r.Category != c || r.Dish == "" || r.RequestID == request || slices.Contains(replaced, id) {
			continue
		}
		out = append(slices.DeleteFunc(out, func(d string) bool { return d == r.Dish }), r.Dish)
	}
	return out
}
