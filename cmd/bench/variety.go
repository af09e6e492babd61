package main

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/nutrition/nutritiontest"
)

// varietyRun measures a week's variety (no database, docs/mealprep.md "A varied week"): for
// every realistic meal prep (nutritiontest.MealPreps) and eater, the lunch/dinner recipes a
// varied week asks for (mealprep.RecipesWanted: 4 for 7 days) are made three ways: one request
// of 4 ("generate what is missing"), four requests of one with the main foods spread (the app,
// mealprepapp.GenerateSpread), and four of one from all the foods (before); each week is laid
// out by the batch-cooking plan (7 days, 2 sessions). Figures over its 14 lunches and dinners:
// distinct recipes, the largest share of one main food (goal ≤ 1/3), the longest run of one dish.
func varietyRun(ctx context.Context) error {
	catalog, prices, err := shippedFoods()
	if err != nil {
		return err
	}
	shelf, err := batchcook.ParseShelfTable(bytes.NewReader(data.ShelfLifeCSV))
	if err != nil {
		return err
	}
	gen := nutrition.NewBuiltin(prices)
	wanted := mealprep.RecipesWanted(nutrition.DefaultMealSplit, mealprep.PlanDays)[mealprep.LunchDinner]
	type tally struct {
		weeks, distinct, runMeals, runDays, within int
		// recipes and offTarget: the recipes made, and those outside the tolerance (a closest plate).
		recipes, offTarget int
		share, worst       float64
		// open counts the weeks whose meal prep holds 4 proteins and 4 starches, enough for no
		// main food in over a third of 14 meals (4 recipes of 3 or 4 meals each); openWithin those
		// that meet it.
		open, openWithin int
		// served counts the weeks whose eater gets a lunch within tolerance from each of 4
		// proteins and each of 4 starches (the others of its group left out): the weeks where a
		// third per main food is possible at all; servedWithin those that meet it.
		served, servedWithin int
	}
	flows := []string{"one request of 4", "one at a time, spread", "one at a time, all foods"}
	tallies := make([]tally, len(flows))
	for _, prep := range nutritiontest.MealPreps {
		var foods []nutrition.Food
		byCode := map[int]nutrition.Food{}
		for _, c := range prep.Codes {
			if f, ok := catalog[c]; ok {
				foods = append(foods, f)
				byCode[c] = f
			}
		}
		groups := map[mealprep.MainGroup]int{}
		for _, f := range foods {
			if nutrition.DietAllows(prep.Diet, f) {
				groups[mealprep.MainGroupOf(f)]++
			}
		}
		open := groups[mealprep.MainProtein] >= 4 && groups[mealprep.MainStarch] >= 4
		for ei, e := range nutritiontest.Eaters {
			n, err := nutrition.CalculateNeeds(nutrition.NeedsInput{Body: e.Body, Activity: e.Activity, Objective: e.Goal, Preset: nutrition.PresetDefault})
			if err != nil {
				return err
			}
			person := batchcook.Person{ID: uuid.New(), Name: e.Name, Daily: n.Goals().Macros(), Split: nutrition.DefaultMealSplit}
			req := nutrition.GenerateRequest{Foods: foods, Category: nutrition.LunchDinner, Target: person.MealTarget(nutrition.LunchDinner),
				Diet: prep.Diet, Servings: 4, Seed: int64(ei)}
			served := mainsServed(ctx, gen, req, mealprep.MainProtein) >= 4 && mainsServed(ctx, gen, req, mealprep.MainStarch) >= 4
			for fi := range flows {
				rs := varietyRecipes(ctx, gen, req, wanted, fi)
				if len(rs) == 0 {
					continue
				}
				w, err := weekOf(rs, byCode, person, shelf)
				if err != nil {
					return err
				}
				t := &tallies[fi]
				t.recipes += len(rs)
				for _, r := range rs {
					if !r.WithinTolerance {
						t.offTarget++
					}
				}
				t.weeks++
				t.distinct += w.distinct
				t.runMeals = max(t.runMeals, w.runMeals)
				t.runDays = max(t.runDays, w.runDays)
				t.share += w.share
				t.worst = max(t.worst, w.share)
				if 3*w.mainMeals <= w.meals {
					t.within++
				}
				if served {
					t.served++
					if 3*w.mainMeals <= w.meals {
						t.servedWithin++
					}
				}
				if open {
					t.open++
					if 3*w.mainMeals <= w.meals {
						t.openWithin++
					}
				}
			}
		}
	}
	fmt.Printf("\n== Week variety: %d realistic meal preps × %d eaters, %d lunch/dinner recipes asked, 7 days, 2 sessions ==\n",
		len(nutritiontest.MealPreps), len(nutritiontest.Eaters), wanted)
	fmt.Println("| recipes made as | weeks | distinct dishes (food sets) / 14 meals, mean | largest main-food share: mean, worst | weeks ≤ 1/3 | of them with 4 proteins and 4 starches | of them whose 4 proteins and 4 starches each make the eater a lunch | longest run: meals in a row, days running | recipes off their target |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for i, t := range tallies {
		w := float64(max(t.weeks, 1))
		fmt.Printf("| %s | %d | %.2f | %.0f %%, %.0f %% | %d (%.0f %%) | %d of %d | %d of %d | %d, %d | %d of %d |\n", flows[i], t.weeks, float64(t.distinct)/w,
			100*t.share/w, 100*t.worst, t.within, 100*float64(t.within)/w, t.openWithin, t.open, t.servedWithin, t.served, t.runMeals, t.runDays, t.offTarget, t.recipes)
	}
	spread, before := tallies[1], tallies[2]
	summary.add("variety: weeks with no main food in over 1/3 of 14 meals, meal preps of 4+ proteins and starches (recipes asked one at a time)",
		fmt.Sprintf("%d of %d", spread.openWithin, spread.open), fmt.Sprintf("%d of %d (all foods)", before.openWithin, before.open), "",
		"all", spread.openWithin == spread.open)
	summary.info("variety: same, one request of 4 (the engine's spread)", fmt.Sprintf("%d of %d", tallies[0].within, tallies[0].weeks), "", "")
	summary.info("variety: weeks within 1/3 whose eater gets a lunch from 4 proteins and 4 starches each (one request of 4; one at a time)",
		fmt.Sprintf("%d of %d; %d of %d", tallies[0].servedWithin, tallies[0].served, spread.servedWithin, spread.served), "", "")
	summary.add("variety: longest run of one dish (meals in a row)", fmt.Sprintf("%d", spread.runMeals), "", "", "1 (never twice in a row)", spread.runMeals <= 1)
	return nil
}

// mainsServed is how many foods of group g each make a lunch within tolerance for req's eater when
// they are the meal prep's only food of the group.
func mainsServed(ctx context.Context, gen nutrition.Generator, req nutrition.GenerateRequest, g mealprep.MainGroup) int {
	n := 0
	for _, f := range req.Foods {
		if mealprep.MainGroupOf(f) != g || !nutrition.DietAllows(req.Diet, f) {
			continue
		}
		one := req
		one.Count = 1
		one.Foods = slices.DeleteFunc(slices.Clone(req.Foods), func(o nutrition.Food) bool { return mealprep.MainGroupOf(o) == g && o.Code != f.Code })
		if rs, err := gen.Generate(ctx, one); err == nil && len(rs) > 0 && rs[0].WithinTolerance {
			n++
		}
	}
	return n
}

// varietyRecipes makes a week's lunch/dinner recipes one way (flow, as varietyRun lists them).
func varietyRecipes(ctx context.Context, gen nutrition.Generator, req nutrition.GenerateRequest, wanted, flow int) []nutrition.Recipe {
	if flow == 0 {
		req.Count = wanted
		rs, _ := gen.Generate(ctx, req)
		return rs
	}
	var out []nutrition.Recipe
	var prior [][]int
	for k := range wanted {
		one := req
		one.Count, one.Seed = 1, req.Seed*100+int64(k)
		var rs []nutrition.Recipe
		if flow == 1 {
			rs, _ = mealprepapp.GenerateSpread(ctx, gen, one, prior)
		} else {
			rs, _ = gen.Generate(ctx, one)
		}
		if len(rs) == 0 {
			continue
		}
		out = append(out, rs[0])
		codes := make([]int, 0, len(rs[0].Ingredients))
		for _, in := range rs[0].Ingredients {
			codes = append(codes, in.FoodCode)
		}
		prior = append(prior, codes)
	}
	return out
}

// varietyWeek is one week's figures over its lunches and dinners.
type varietyWeek struct {
	meals, distinct int
	// mainMeals is the most meals one main food is in; share is it over meals.
	mainMeals int
	share     float64
	// runMeals is the most meals in a row of one recipe; runDays the most days running.
	runMeals, runDays int
}

// weekOf lays the recipes out with the batch-cooking plan and measures its lunches and dinners.
func weekOf(rs []nutrition.Recipe, foods map[int]nutrition.Food, p batchcook.Person, shelf batchcook.ShelfTable) (varietyWeek, error) {
	in := batchcook.Input{Days: 7, Sessions: 2, Foods: foods, People: []batchcook.Person{p}, Shelf: shelf}
	codes := map[uuid.UUID][]int{}
	for _, r := range rs {
		id := uuid.New()
		in.Recipes = append(in.Recipes, batchcook.Recipe{ID: id, Name: id.String(), Category: r.Category, Servings: r.Servings, Ingredients: r.Ingredients})
		for _, i := range r.Ingredients {
			codes[id] = append(codes[id], i.FoodCode)
		}
	}
	plan, err := batchcook.Build(in)
	if err != nil {
		return varietyWeek{}, err
	}
	var w varietyWeek
	seen, inMeals := map[string]bool{}, map[int]int{}
	lastDay, days := map[uuid.UUID]int{}, map[uuid.UUID]int{}
	var prev uuid.UUID
	run := 0
	for _, d := range plan.Eating {
		for _, m := range d.Meals {
			if m.Meal != batchcook.MealLunch && m.Meal != batchcook.MealDinner {
				continue
			}
			w.meals++
			seen[fmt.Sprint(slices.Sorted(slices.Values(codes[m.RecipeID])))] = true
			for _, c := range codes[m.RecipeID] {
				if mealprep.MainGroupOf(foods[c]) != "" {
					inMeals[c]++
				}
			}
			if m.RecipeID == prev {
				run++
			} else {
				run = 1
			}
			prev, w.runMeals = m.RecipeID, max(w.runMeals, run)
			switch lastDay[m.RecipeID] {
			case d.Day:
			case d.Day - 1:
				days[m.RecipeID]++
			default:
				days[m.RecipeID] = 1
			}
			lastDay[m.RecipeID], w.runDays = d.Day, max(w.runDays, days[m.RecipeID])
		}
	}
	w.distinct = len(seen)
	for _, n := range inMeals {
		w.mainMeals = max(w.mainMeals, n)
	}
	w.share = float64(w.mainMeals) / float64(max(w.meals, 1))
	return w, nil
}

// formsRun measures, for a pantry, a fortnight of lunches and dinners cooked one at a time (docs/nutrition.md,
// "Dish forms"): for every realistic meal prep and eater, 14 recipes asked one after the other as
// the app asks them (the default pantry, the dish forms already made, the main foods spread),
// the eater declaring one allergen in turn (the app's filter, then the engine's Exclude):
// distinct dish forms (goal ≥ 6), the largest share of one main food (goal ≤ 1/3), recipes
// holding the declared allergen (goal 0).
func formsRun(ctx context.Context, label string, pantry []string) error {
	catalog, prices, err := shippedFoods()
	if err != nil {
		return err
	}
	gen := nutrition.NewBuiltin(prices)
	var weeks, forms, minForms, withinThird, allergenHits, recipes, twice, bigWeeks, bigForms int
	// planTwice: meals in a row of one dish form in the fortnight's plan (mealprep.ScheduleOf);
	// planAvoidable: those of the weeks whose forms' portions could all be kept apart.
	var planTwice, planAvoidable int
	var bigWithinThird int // weeks of the 20-food meal preps with no main food in over a third
	var perPrep []string
	// fits counts, per dish form, the recipes whose foods fill its roles; lacks those whose
	// pantry lacks a staple of it, by the staple.
	fits, lacks := map[string]int{}, map[string]map[string]int{}
	minForms = 1 << 30
	for pi, prep := range nutritiontest.MealPreps {
		for ei, e := range nutritiontest.Eaters {
			n, err := nutrition.CalculateNeeds(nutrition.NeedsInput{Body: e.Body, Activity: e.Activity, Objective: e.Goal, Preset: nutrition.PresetDefault})
			if err != nil {
				return err
			}
			declared := []nutrition.Allergen{nutrition.Allergens[(pi*len(nutritiontest.Eaters)+ei)%len(nutrition.Allergens)]}
			var foods []nutrition.Food
			for _, c := range prep.Codes {
				if f, ok := catalog[c]; ok && !nutrition.ContainsAny(f, declared) {
					foods = append(foods, f)
				}
			}
			person := batchcook.Person{Daily: n.Goals().Macros(), Split: nutrition.DefaultMealSplit}
			req := nutrition.GenerateRequest{Foods: foods, Category: nutrition.LunchDinner, Target: person.MealTarget(nutrition.LunchDinner),
				Diet: prep.Diet, Servings: 1, Count: 1, Exclude: declared, Pantry: nutrition.SafePantry(pantry, declared)}
			seen, inMeals := map[string]bool{}, map[int]int{}
			var prior [][]int
			var recent []string // the forms made, by their latest recipe (mealprep.MealPrep.Dishes)
			var sched []mealprep.ScheduleRecipe
			made := 0
			for k := range 14 {
				one := req
				one.Seed, one.RecentDishes = int64(ei*1000+k), slices.Clone(recent)
				rs, _ := mealprepapp.GenerateSpread(ctx, gen, one, prior)
				if len(rs) == 0 {
					continue
				}
				made++
				for id, missing := range nutrition.FormsOf(rs[0], catalog, one.Pantry) {
					fits[id]++
					for _, m := range missing {
						if lacks[id] == nil {
							lacks[id] = map[string]int{}
						}
						lacks[id][m]++
					}
				}
				if len(recent) > 0 && recent[len(recent)-1] == rs[0].Dish {
					twice++
				}
				recent = append(slices.DeleteFunc(recent, func(d string) bool { return d == rs[0].Dish }), rs[0].Dish)
				sched = append(sched, mealprep.ScheduleRecipe{ID: uuid.New(), Category: nutrition.LunchDinner, Dish: rs[0].Dish})
				seen[rs[0].Dish] = true
				codes := make([]int, 0, len(rs[0].Ingredients))
				for _, in := range rs[0].Ingredients {
					codes = append(codes, in.FoodCode)
					if nutrition.ContainsAny(catalog[in.FoodCode], declared) {
						allergenHits++
					}
					if mealprep.MainGroupOf(catalog[in.FoodCode]) != "" {
						inMeals[in.FoodCode]++
					}
				}
				prior = append(prior, codes)
			}
			if made == 0 {
				continue
			}
			adjacent, avoidable := formRuns(sched)
			planTwice += adjacent
			if avoidable {
				planAvoidable += adjacent
			}
			weeks, recipes, forms = weeks+1, recipes+made, forms+len(seen)
			minForms = min(minForms, len(seen))
			if len(prep.Codes) >= 20 {
				bigWeeks, bigForms = bigWeeks+1, bigForms+len(seen)
			}
			perPrep = append(perPrep, fmt.Sprintf("%s/%d %d", prep.Name, ei, len(seen)))
			most := 0
			for _, c := range inMeals {
				most = max(most, c)
			}
			if 3*most <= made {
				withinThird++
				if len(prep.Codes) >= 20 {
					bigWithinThird++
				}
			}
		}
	}
	w := float64(max(weeks, 1))
	fmt.Printf("\n== Dish forms, %s: %d realistic meal preps × %d eaters, 14 lunches and dinners asked one at a time ==\n", label, len(nutritiontest.MealPreps), len(nutritiontest.Eaters))
	fmt.Printf("fortnights %d, recipes %d; distinct dish forms per 14: mean %.1f, least %d; of the meal preps of 20 foods or more (%d fortnights): mean %.1f; same form twice in a row: %d as asked, %d in the week's plan (%d where the forms allowed otherwise); no main food in over 1/3: %d of %d (meal preps of 20 foods or more: %d of %d); recipes holding the declared allergen: %d\n",
		weeks, recipes, float64(forms)/w, minForms, bigWeeks, float64(bigForms)/float64(max(bigWeeks, 1)), twice, planTwice, planAvoidable, withinThird, weeks, bigWithinThird, bigWeeks, allergenHits)
	fmt.Printf("forms per meal prep/eater: %s\n", strings.Join(perPrep, ", "))
	var reach []string
	for _, id := range nutrition.DishIDsFor(nutrition.LunchDinner) {
		line := fmt.Sprintf("%s %d", id, fits[id])
		for m, n := range lacks[id] {
			line += fmt.Sprintf(" (%d lack %s)", n, m)
		}
		reach = append(reach, line)
	}
	fmt.Printf("recipes whose foods fill each lunch form's roles (of %d), and those whose pantry lacks a staple it needs: %s\n", recipes, strings.Join(reach, "; "))
	summary.add("dish forms, "+label+": distinct forms per 14 lunches and dinners (mean)", fmt.Sprintf("%.1f", float64(forms)/w), "", "", "≥ 6", float64(forms)/w >= 6)
	summary.add("dish forms, "+label+": same, meal preps of 20 foods or more (the issue's week)", fmt.Sprintf("%.1f", float64(bigForms)/float64(max(bigWeeks, 1))), "", "", "≥ 6", bigForms >= 6*bigWeeks)
	summary.add("dish forms, "+label+": same form twice in a row in the week's plan, where the forms allowed otherwise", fmt.Sprintf("%d (all: %d)", planAvoidable, planTwice), "", "", "0", planAvoidable == 0)
	summary.add("dish forms, "+label+": fortnights of 20-food meal preps with no main food in over 1/3 of 14 lunches", fmt.Sprintf("%d of %d", bigWithinThird, bigWeeks), "", "", "all", bigWithinThird == bigWeeks)
	summary.add("dish forms, "+label+": recipes holding a declared allergen", fmt.Sprintf("%d of %d", allergenHits, recipes), "", "", "0", allergenHits == 0)
	return nil
}

// formRuns lays the recipes out over a week of lunches and dinners as the plan does
// (mealprep.ScheduleOf) and counts the meals that follow one of the same dish form; avoidable
// says whether the forms' portions could all have been kept apart (no form over half the meals).
func formRuns(sched []mealprep.ScheduleRecipe) (adjacent int, avoidable bool) {
	s := mealprep.ScheduleOf(sched, nutrition.DefaultMealSplit, 7)
	form := map[uuid.UUID]string{}
	for _, r := range sched {
		form[r.ID] = r.Dish
	}
	portions, meals := map[string]int{}, 0
	prev := ""
	for _, d := range s.Days {
		for _, m := range d.Meals {
			for range m.Portions {
				f := form[m.RecipeID]
				if f != "" && f == prev {
					adjacent++
				}
				prev = f
				portions[f]++
				meals++
			}
		}
	}
	most := 0
	for _, n := range portions {
		most = max(most, n)
	}
	return adjacent, most <= (meals+1)/2
}
