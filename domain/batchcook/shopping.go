package batchcook

import (
	"fmt"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// Eaten is what everyone the plan cooks for eats over days, as a shopping list buys it: one
// recipe per recipe and person, of one serving (that person's plate, SolvePlate for their meal
// target, the plate Build puts in their boxes), and the portions of it they eat on the owner's
// schedule (a lunch or dinner only when their own split has it, a breakfast or snack likewise).
// Build cooks exactly these plates, so a list bought from them holds what the plan cooks and
// what is plated on the day (in.Shelf, as Build's, orders the days alike). Days are checked as the shopping list checks them (up to two
// weeks), not as the plan does (a week).
func Eaten(in Input, days int) ([]nutrition.Recipe, []int, error) {
	if err := nutrition.ValidateDays(days); err != nil {
		return nil, nil, err
	}
	if len(in.People) < 1 || len(in.People) > MaxPeople {
		return nil, nil, fmt.Errorf("%w: %d", ErrPeople, len(in.People))
	}
	owner := in.People[0]
	tasks := map[uuid.UUID][]nutrition.CookTask{}
	// index[recipe][person] is the position of that person's plate in the result.
	index := map[[2]int]int{}
	var out []nutrition.Recipe
	for ri, r := range in.Recipes {
		foods := make([]nutrition.Food, 0, len(r.Ingredients))
		for _, ing := range r.Ingredients {
			foods = append(foods, in.Foods[ing.FoodCode])
		}
		tasks[r.ID] = nutrition.CookTasks(r.Category, r.Ingredients, in.Foods, r.Servings)
		for pi, plate := range platesFor(r, in.People, foods, tasks[r.ID]) {
			one := nutrition.Recipe{Category: r.Category, Servings: 1}
			for _, c := range plate.Components {
				one.Ingredients = append(one.Ingredients, nutrition.Ingredient{FoodCode: c.FoodCode, Grams: c.Grams})
			}
			index[[2]int{ri, pi}] = len(out)
			out = append(out, one)
		}
	}
	recipeIdx := make(map[uuid.UUID]int, len(in.Recipes))
	for i, r := range in.Recipes {
		recipeIdx[r.ID] = i
	}
	portions := make([]int, len(out))
	for _, d := range mealprep.ScheduleOf(scheduleRecipes(in, tasks), owner.Split, days).Days {
		eachPortion(d, owner.Split, func(id uuid.UUID, _ nutrition.Category, meal Meal) {
			for pi, p := range in.People {
				if eats(p.Split, meal) {
					portions[index[[2]int{recipeIdx[id], pi}]]++
				}
			}
		})
	}
	return out, portions, nil
}
