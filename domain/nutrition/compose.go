package nutrition

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Plate composition: which foods a meal may hold and how many of each role, as a cook plates it
// (the table is in docs/nutrition.md). These are hard rules: the solver only ever looks at plates
// that follow them, and a food with no role in a meal is never chosen for it.

// role is what a food does on a plate of one meal.
type role uint8

// Roles. roleNone means the food does not belong to the meal ("avoid").
const (
	roleNone    role = iota
	roleProtein      // lunch: meat, fish, eggs, deli, tofu and other vegetarian proteins, ready dishes
	roleLegume       // lunch: the protein or the starch
	roleStarch       // lunch: grain, tuber, bread; breakfast and snack: bread or cereal (the base)
	roleVeg
	roleFat     // lunch: oil or butter; breakfast: butter or margarine on bread
	roleGarnish // lunch: cheese, cream or sauce, a little
	roleSeason  // herbs, spices
	roleDairy   // milk, yoghurt, fromage blanc
	roleFruit
	roleNut
	roleEgg // breakfast and snack
	roleCheese
	roleSweet // honey, jam, sugar, chocolate, biscuits: the added sugars
	roleDrink
	roleOther    // a person's own food (no CIQUAL group): allowed once in any meal
	roleAromatic // lunch: onion, garlic, shallot; they season a plate, they are not its vegetable
	roleDish     // lunch: a ready dish with its own starch (ravioli, chili, cassoulet, taboulé, lasagne)
	// roleDessert: a lunch's yoghurt or fromage blanc, served to finish the meal (or as a bowl's
	// dressing); the engine takes one only when no plate without it meets the target
	// (docs/nutrition.md, "Plate composition").
	roleDessert
	nRoles
)

// roleCaps are the most foods of each role one plate holds, per meal.
var roleCaps = map[Category][nRoles]int{
	LunchDinner: {roleProtein: 1, roleLegume: 1, roleStarch: 1, roleVeg: 2, roleFat: 1, roleGarnish: 1, roleSeason: 1, roleOther: 1,
		roleAromatic: 1, roleDish: 1, roleDessert: 1},
	Breakfast: {roleStarch: 1, roleDairy: 2, roleFruit: 2, roleNut: 1, roleEgg: 1, roleFat: 1, roleCheese: 1,
		roleSweet: 1, roleDrink: 1, roleOther: 1},
	Snack: {roleStarch: 1, roleDairy: 1, roleFruit: 2, roleNut: 1, roleEgg: 1, roleFat: 1, roleCheese: 1, roleSweet: 1,
		roleDrink: 1, roleOther: 1},
}

// plateCapG is the most a serving weighs, per meal, for a meal of up to refMealKcal (a bigger
// meal's cap grows with it: PlateCapFor). Breakfast counts its drink (a glass of milk or juice
// beside the bowl): 650 g.
var plateCapG = map[Category]float64{LunchDinner: 800, Breakfast: 650, Snack: 350}

// refMealKcal is the meal the portion table and plate caps are sized for (about a 2,150 kcal
// day's meals by the default split): a usual lunch of 130 g of chicken, 180 g of rice, 150 g of
// vegetables and a spoon of oil is 600–700 kcal. A meal with more energy gets portions and a
// plate cap that grow with it (mealScale).
var refMealKcal = map[Category]float64{LunchDinner: 700, Breakfast: 550, Snack: 250}

// fruitCapG is the most fresh fruit one serving holds, all fruits together, for a meal of up to
// refMealKcal (grown by mealScale like the plate cap): 350 g, a banana and a big apple, about
// four PNNS portions of 80–100 g. Two fruits each at its own maximum made 590 g of apricots and
// strawberries at a 660 kcal breakfast.
const fruitCapG = 350

// fruitCapFor is the most fresh fruit one serving of a meal of kcal holds.
func fruitCapFor(c Category, kcal float64) float64 { return fruitCapG * mealScale(c, kcal) }

// freshFruit reports whether f counts towards fruitCapG: fruit, not dried (dried fruit is a
// spoonful; see portionProduce).
func freshFruit(f Food) bool { return isFreshFruit(KindOf(f), f.Per100g.Kcal.Or(0)) }

// isFreshFruit is freshFruit from a kind and kcal per 100 g already known (the solver's items).
func isFreshFruit(k Kind, kcalPer100g float64) bool {
	return k == KindFruit && kcalPer100g < freshFruitKcal
}

// freshFruitKcal: fruit with this many kcal per 100 g or more is dried (portionProduce).
const freshFruitKcal = 250.0

// maxMealScale bounds the growth: a 1,400 kcal lunch is twice a usual plate, no more.
const maxMealScale = 2.0

// mealScale is how much the usual and maximum portions and the plate cap grow for a meal of
// kcal: kcal over the reference meal, never below 1 (a small eater's minimum portions and caps
// stay those of the table) nor above maxMealScale.
func mealScale(c Category, kcal float64) float64 {
	ref := refMealKcal[c]
	if ref <= 0 || math.IsNaN(kcal) {
		return 1
	}
	return math.Min(math.Max(kcal/ref, 1), maxMealScale)
}

// minSnackScale bounds how far a small snack's least portions shrink: a 135 kcal snack (a
// 1,500 kcal day's 9 %) is 60 % of the reference one, so its least portions are 60 % of the
// table's (20 g of bread, 50 g of fruit or yoghurt, 60 g of milk), never less.
const minSnackScale = 0.6

// snackScale is how much a snack of kcal below the reference snack shrinks its least portions
// (1 for a usual or bigger snack): a small eater's snack is a slice of bread with an egg, not
// the table's 30 g of bread, or it cannot be as small as their target. Eggs come whole.
func snackScale(c Category, f Food, kcal float64) float64 {
	ref := refMealKcal[c]
	if c != Snack || ref <= 0 || math.IsNaN(kcal) || KindOf(f) == KindEgg {
		return 1
	}
	return math.Min(math.Max(kcal/ref, minSnackScale), 1)
}

// WHO's adult salt limit (5 g a day, Guideline: sodium intake for adults and children, 2012),
// taken at the reference intake of 2,000 kcal: 2.5 g per 1,000 kcal of a meal.
const (
	whoSaltGPerDay = 5.0
	whoRefDayKcal  = 2000.0
)

// saltCapFor is the most salt one serving of a meal of kcal holds: the WHO's day scaled to the
// meal's energy, never below the meal's floor (saltCapG).
func saltCapFor(c Category, kcal float64) float64 {
	if math.IsNaN(kcal) {
		kcal = 0
	}
	return math.Max(saltCapG[c], whoSaltGPerDay*kcal/whoRefDayKcal)
}

// dishSaltCapG is the salt cap of a lunch or dinner holding a ready dish, when above the meal's:
// a ready dish comes salted by its maker (ravioli, chili, cassoulet, lasagne: 0.9–1.0 g per
// 100 g in CIQUAL, a 400 g tin 3.7–3.9 g), so under the meal's 2.5 g no usual serving of one is
// a lunch. 4 g is 80 % of the WHO's day: the person bought the dish, the recipe says so and adds
// no salt of its own.
const dishSaltCapG = 4.0

// plateCapFor is the most one serving of a meal of kcal weighs: the table's cap × mealScale.
func plateCapFor(c Category, kcal float64) float64 { return plateCapG[c] * mealScale(c, kcal) }

// flakesLiquidRatio: a bowl of oats or muesli (dry flakes, not porridge) holds at least 1.5 times
// their weight of milk, yoghurt or a drink, or the flakes are eaten dry.
const flakesLiquidRatio = 1.5

// saltCapG is the least of the salt caps (sodium × 2.5, g a serving), per meal: the cap of a
// meal whose share of the WHO's 5 g is smaller (saltCapFor). At breakfast 1.8 g allows the
// French breakfast of 100 g of baguette (1.25 g), butter and a bowl of milk; a lunch keeps the
// 2.5 g it had (ham, feta or a ready dish in a usual lunch).
var saltCapG = map[Category]float64{LunchDinner: 2.5, Breakfast: 1.8, Snack: 1.5}

// maxFoodsPer is the most foods one plate holds, per meal: a snack is a small thing.
var maxFoodsPer = map[Category]int{LunchDinner: 6, Breakfast: 5, Snack: 3}

// lunchRoles is each kind's role at lunch and dinner; ready dishes and aromatic vegetables are
// decided by lunchRoleOf.
var lunchRoles = map[Kind]role{
	KindMeat: roleProtein, KindFish: roleProtein, KindEgg: roleProtein, KindDeli: roleProtein,
	KindVegetarian: roleProtein, KindLegume: roleLegume,
	KindGrain: roleStarch, KindTuber: roleStarch, KindBread: roleStarch,
	KindVegetable: roleVeg, KindFat: roleFat,
	KindCheese: roleGarnish, KindCream: roleGarnish, KindSauce: roleGarnish, KindDairy: roleDessert,
	KindSeasoning: roleSeason, KindOther: roleOther,
}

// morningRoles is each kind's role at breakfast and at a snack; fats are decided by
// morningRoleOf.
var morningRoles = map[Kind]role{
	KindCereal: roleStarch, KindBread: roleStarch, KindMilk: roleDairy, KindDairy: roleDairy,
	KindFruit: roleFruit, KindNut: roleNut, KindEgg: roleEgg, KindCheese: roleCheese,
	KindSweet: roleSweet, KindSweetener: roleSweet, KindDrink: roleDrink, KindOther: roleOther,
}

// roleOf is the food's role in a meal, roleNone when it does not belong there.
func roleOf(c Category, f Food) role {
	if f.Subgroup == "alcoholic beverages" || f.Subgroup == "water" || strings.HasPrefix(f.Subgroup, "baby ") {
		return roleNone
	}
	switch c {
	case LunchDinner:
		return lunchRoleOf(f)
	case Breakfast, Snack:
		return morningRoleOf(c, f)
	}
	return roleNone
}

// lunchRoleOf: a ready dish holding its own starch is a main (roleDish), another one a protein;
// onions, garlic and herbs are aromatics, not the plate's vegetable.
func lunchRoleOf(f Food) role {
	switch k := KindOf(f); {
	case k == KindDish && starchyDish(f):
		return roleDish
	case k == KindDish:
		return roleProtein
	case k == KindVegetable && aromatic(f):
		return roleAromatic
	default:
		if r, ok := lunchRoles[k]; ok {
			return r
		}
		return roleNone
	}
}

// morningRoleOf: butter goes on bread at breakfast and at a snack (the tartine of a French
// goûter); oils have no place in a morning plate.
func morningRoleOf(c Category, f Food) role {
	k := KindOf(f)
	if k == KindFat {
		oil := f.Subgroup == "vegetable oils" || f.Subgroup == "fish oils" || f.Subgroup == "other fats"
		if !oil {
			return roleFat
		}
		return roleNone
	}
	if r, ok := morningRoles[k]; ok {
		return r
	}
	return roleNone
}

// starchyDishCarbsG is the carbohydrate content (g per 100 g) from which a ready dish holds its
// own starch: ravioli, chili, cassoulet, taboulé and lasagne hold 9–24 g; choucroute (3 g) or
// ratatouille (5 g) do not, and take potatoes or rice like any protein.
const starchyDishCarbsG = 8

// starchyDish: a ready dish whose own carbohydrates are its plate's starch (docs/nutrition.md,
// "Plate composition").
func starchyDish(f Food) bool {
	return KindOf(f) == KindDish && f.Per100g.CarbsG.Or(0) >= starchyDishCarbsG
}

// Suits reports whether the food may be part of a recipe for the meal (its kind has a role in
// the meal's composition): foods that do not are never chosen, whoever proposes them.
func Suits(c Category, f Food) bool { return roleOf(c, f) != roleNone }

// portion is the grams of a food in one serving: lo and hi bound it, typ is what a cook serves.
type portion struct{ lo, typ, hi float64 }

// portionOf is the food's serving in a meal. Dry grains, pulses and flakes weigh less than cooked
// ones for the same plate; strong cheeses (hard, over 300 kcal per 100 g) are a garnish.
func portionOf(c Category, f Food) portion {
	k := KindOf(f)
	kcal := f.Per100g.Kcal.Or(0)
	for _, by := range []func(Category, Kind, Food, float64) (portion, bool){portionMain, portionStarch, portionProduce, portionDairy} {
		if p, ok := by(c, k, f, kcal); ok {
			return p
		}
	}
	switch k {
	case KindFat:
		return portion{5, 10, 20}
	case KindSweetener:
		return portion{5, 10, 15}
	case KindSweet:
		return portion{10, 20, 30}
	case KindSeasoning:
		return portion{1, 3, 10}
	case KindSauce:
		if f.Per100g.SodiumMg.Or(0) > 2000 { // soy sauce and the like: a dash
			return portion{5, 10, 15}
		}
		return portion{10, 20, 40}
	case KindDish:
		return portion{150, 300, 450}
	case KindDrink:
		return portion{100, 200, 300}
	}
	return portion{10, 100, 200}
}

// portionMain is portionOf for a plate's protein: meat, fish, tofu, eggs, delicatessen, pulses
// (dry ones, over 250 kcal per 100 g, weigh less than cooked ones for the same plate).
func portionMain(c Category, k Kind, _ Food, kcal float64) (portion, bool) {
	switch k {
	case KindMeat, KindFish, KindVegetarian:
		return portion{80, 130, 250}, true
	case KindEgg:
		switch c {
		case LunchDinner:
			return portion{50, 120, 180}, true
		case Snack:
			return portion{50, 60, 120}, true
		}
		return portion{50, 100, 180}, true
	case KindDeli:
		return portion{30, 60, 120}, true
	case KindLegume:
		if kcal >= 250 {
			return portion{30, 60, 100}, true
		}
		return portion{80, 150, 250}, true
	}
	return portion{}, false
}

// portionStarch is portionOf for grains, tubers, bread and breakfast cereals (dry grains and
// flakes weigh less than cooked ones).
func portionStarch(c Category, k Kind, _ Food, kcal float64) (portion, bool) {
	switch k {
	case KindGrain, KindTuber:
		if kcal >= 250 {
			return portion{40, 70, 120}, true
		}
		return portion{100, 180, 300}, true
	case KindBread:
		if c == LunchDinner {
			return portion{30, 60, 120}, true
		}
		return portion{30, 60, 100}, true
	case KindCereal:
		if kcal < 150 { // porridge, cooked
			return portion{100, 200, 300}, true
		}
		if c == Breakfast {
			return portion{25, 50, 90}, true // a big bowl of oats or muesli for a hungry morning
		}
		return portion{25, 50, 80}, true
	}
	return portion{}, false
}

// portionProduce is portionOf for vegetables, fruit and nuts.
func portionProduce(_ Category, k Kind, f Food, kcal float64) (portion, bool) {
	switch k {
	case KindVegetable:
		if aromatic(f) {
			return portion{20, 50, 100}, true // onion, garlic, shallot: they season a plate
		}
		if leafy(f) {
			return portion{30, 80, 150}, true // salad leaves are light: 80 g is a big bowl
		}
		return portion{60, 150, 300}, true
	case KindFruit:
		if kcal >= freshFruitKcal { // dried fruit
			return portion{15, 30, 50}, true
		}
		return portion{80, 130, 250}, true
	case KindNut:
		return portion{10, 20, 40}, true
	}
	return portion{}, false
}

// portionDairy is portionOf for milk, yoghurt and the like, cheese and cream; strong cheeses
// (over 250 kcal per 100 g) are a garnish.
func portionDairy(c Category, k Kind, _ Food, kcal float64) (portion, bool) {
	switch k {
	case KindMilk:
		return portion{100, 200, 300}, true
	case KindDairy:
		if c == Breakfast {
			return portion{80, 150, 300}, true // a breakfast bowl of fromage blanc, skyr or yoghurt
		}
		if c == LunchDinner {
			return portion{50, 100, 150}, true // a pot of yoghurt or a bowl of fromage blanc to finish a meal
		}
		return portion{80, 150, 250}, true
	case KindCheese:
		if kcal >= 250 { // camembert, feta and harder: a garnish
			return portion{5, 20, 30}, true
		}
		return portion{15, 30, 60}, true
	case KindCream:
		return portion{10, 20, 40}, true
	}
	return portion{}, false
}

// aromatic: onions, garlic, shallots and leeks' cousins, vegetables one uses by the handful.
// Aromatic reports whether the vegetable seasons a plate rather than being its vegetable
// (onion, garlic, shallot): a lunch needs another vegetable.
func Aromatic(f Food) bool { return aromatic(f) }

func aromatic(f Food) bool {
	n := strings.ToLower(f.Name.FR)
	for _, w := range []string{"oignon", "ail,", "ail ", "échalote", "echalote"} {
		if strings.HasPrefix(n, w) {
			return true
		}
	}
	return false
}

// leafy: salad leaves, eaten raw by the bowlful but light.
func leafy(f Food) bool {
	n := strings.ToLower(f.Name.FR)
	for _, w := range []string{"laitue", "salade", "mesclun", "mâche", "roquette", "cresson", "frisée", "scarole", "batavia", "jeunes pousses"} {
		if strings.HasPrefix(n, w) {
			return true
		}
	}
	return false
}

// mainRole: the roles whose food is a recipe's main food, for variety across a batch.
func mainRole(r role) bool {
	return r == roleProtein || r == roleLegume || r == roleDairy || r == roleStarch || r == roleEgg || r == roleDish
}

// validPlate reports whether counts (foods per role) make a plate of meal c; haveVeg says the
// meal prep holds a usable vegetable, needStarch that a starch is wanted (see docs/nutrition.md).
// The pairing rules that need more than counts are in pairsWell.
func validPlate(c Category, n [nRoles]int, total int, haveVeg, needStarch bool) bool {
	if total > maxFoodsPer[c] {
		return false
	}
	// A ready dish with its own starch is a lunch alone, or with a vegetable and/or bread.
	if dish := n[roleDish]; c == LunchDinner && dish > 0 {
		others := total - dish - n[roleVeg] - n[roleStarch] - n[roleDessert]
		return dish == 1 && others == 0
	}
	if total < minFoods {
		return false
	}
	switch c {
	case LunchDinner:
		return validLunch(n, total, haveVeg, needStarch)
	case Breakfast:
		if n[roleStarch]+n[roleDairy]+n[roleEgg] == 0 {
			return false
		}
	case Snack:
		if n[roleCheese] > 0 && (n[roleDairy] > 0 || n[roleSweet] > 0) {
			return false
		}
	}
	// A morning plate: butter goes on bread, and sweets, butter and a drink go with two foods.
	return (n[roleFat] == 0 || n[roleStarch] > 0) && total-n[roleSweet]-n[roleFat]-n[roleDrink] >= 2
}

// validLunch is validPlate's rule for a lunch or dinner without a ready dish.
func validLunch(n [nRoles]int, total int, haveVeg, needStarch bool) bool {
	main := n[roleProtein] + n[roleLegume]
	if main < 1 && n[roleOther] == 0 {
		return false
	}
	if main+n[roleStarch] > 3 {
		return false // one protein and one starch: no chicken with lentils and rice (lunchPairings)
	}
	if needStarch && n[roleStarch]+n[roleLegume] == 0 {
		return false
	}
	if haveVeg && n[roleVeg] == 0 {
		return false
	}
	// Fat, garnish and herbs go with a plate, they are not one.
	return total-n[roleFat]-n[roleGarnish]-n[roleSeason]-n[roleDessert] >= 2
}

// plateKinds are a plate's foods' kinds (a slice, not a map: the solver asks for every plate).
type plateKinds []Kind

// has reports whether the plate holds a food of any of the kinds.
func (p plateKinds) has(ks ...Kind) bool {
	for _, x := range p {
		if slices.Contains(ks, x) {
			return true
		}
	}
	return false
}

// count is how many of the plate's foods are of kind k.
func (p plateKinds) count(k Kind) int {
	n := 0
	for _, x := range p {
		if x == k {
			n++
		}
	}
	return n
}

// pairing is one rule of the pairing table: refuses says when a plate breaks it.
type pairing struct {
	why     string
	refuses func(c Category, p plateKinds) bool
}

// morningPairings is the pairing table of breakfasts and snacks. Eggs and cheese are savoury:
// with bread (or fruit), never in a bowl of cereal or honey, and not together; cheese is no side
// for yoghurt; eggs may come with a yoghurt or milk on the side at breakfast, not at a snack.
var morningPairings = []pairing{
	{"eggs and cheese are savoury: never with cereal or sweet things", func(_ Category, p plateKinds) bool {
		return p.has(KindEgg, KindCheese) && p.has(KindCereal, KindSweet, KindSweetener)
	}},
	{"cheese is no side for yoghurt or milk", func(_ Category, p plateKinds) bool {
		return p.has(KindCheese) && p.has(KindDairy, KindMilk)
	}},
	{"at a snack eggs come without milk or yoghurt", func(c Category, p plateKinds) bool {
		return c == Snack && p.has(KindEgg) && p.has(KindDairy, KindMilk)
	}},
	{"a milk and a yoghurt, not two of either", func(_ Category, p plateKinds) bool {
		return p.count(KindMilk) > 1 || p.count(KindDairy) > 1
	}},
	{"milk and yoghurt together only around a bowl of cereal or, at breakfast, bread", func(c Category, p plateKinds) bool {
		return p.has(KindMilk) && p.has(KindDairy) && !p.has(KindCereal) && (c == Snack || !p.has(KindBread))
	}},
	{"eggs and cheese not together", func(_ Category, p plateKinds) bool {
		return p.has(KindEgg) && p.has(KindCheese)
	}},
	{"cheese comes with bread", func(_ Category, p plateKinds) bool {
		return p.has(KindCheese) && !p.has(KindBread)
	}},
	{"eggs come with bread; at breakfast they may also sit beside a bowl of yoghurt", func(c Category, p plateKinds) bool {
		return p.has(KindEgg) && !p.has(KindBread) && (c == Snack || !p.has(KindDairy))
	}},
	{"flakes are not eaten dry: milk, yoghurt or a plant drink", func(_ Category, p plateKinds) bool {
		return p.has(KindCereal) && !p.has(KindDairy, KindMilk, KindDrink)
	}},
	{"butter goes on bread, not in a bowl of oats", func(_ Category, p plateKinds) bool {
		return p.has(KindFat) && !p.has(KindBread)
	}},
	{"jam, honey and sugar go on bread, in a yoghurt or fromage blanc or in a bowl of cereal, not beside a fruit or a glass of milk", func(_ Category, p plateKinds) bool {
		return p.has(KindSweetener) && !p.has(KindBread, KindDairy, KindCereal)
	}},
}

// lunchPairings is the pairing table of lunches and dinners.
var lunchPairings = []pairing{
	{"a ready dish comes with bread, not a second dish of rice or potatoes", func(_ Category, p plateKinds) bool {
		return p.has(KindDish) && p.has(KindGrain, KindTuber)
	}},
	{"a protein and a legume take bread on the side, never a second dish of rice or potatoes", func(_ Category, p plateKinds) bool {
		return p.has(KindLegume) && p.has(KindMeat, KindFish, KindEgg, KindDeli, KindVegetarian, KindDish) && p.has(KindGrain, KindTuber)
	}},
	{"no cheese on fish", func(_ Category, p plateKinds) bool {
		return p.has(KindFish) && p.has(KindCheese)
	}},
}

// pairsWell checks the pairing table by kind on a composition-valid plate.
func pairsWell(c Category, kinds []Kind) bool {
	p := plateKinds(kinds)
	table := lunchPairings
	if c != LunchDinner {
		table = morningPairings
	}
	for _, r := range table {
		if r.refuses(c, p) {
			return false
		}
	}
	return true
}

// needsStarch: a lunch wants a starch or a legume when the target is not low in carbohydrates
// (20 g or more, and at least a quarter of its energy); below that a protein with vegetables is
// the plate (a low-carb lunch of 860 kcal still holds 32 g of carbohydrates, from vegetables).
func needsStarch(target [4]float64) bool {
	return target[3] >= 20 && target[3]*KcalPerGCarbs >= 0.25*target[0]
}

// saltPerG is the food's salt (sodium × 2.5) per gram.
func saltPerG(f Food) float64 { return SaltOf(f.Per100g).Or(0) / 100 }

// KcalFromMacros is the energy the macros carry at 4/9/4 kcal per gram.
func KcalFromMacros(m Macros) float64 {
	return KcalPerGProtein*m.ProteinG + KcalPerGFat*m.FatG + KcalPerGCarbs*m.CarbsG
}

// ConsistentTarget reports whether the target's energy is within 15 % (and 12 kcal, one tolerance unit) of its
// macros' energy.
func ConsistentTarget(m Macros) bool {
	e := KcalFromMacros(m)
	return math.Abs(m.Kcal-e) <= 0.15*e+12
}

// Portion is the food's serving in a meal: the least and most grams one serving holds when a
// recipe uses it, and the usual serving.
func Portion(c Category, f Food) (lo, typ, hi float64) {
	p := portionOf(c, f)
	return p.lo, p.typ, p.hi
}

// SaltCapG is the most salt (sodium × 2.5, g) one serving of meal c holds at the least: the cap
// of a meal of usual energy (SaltCapFor gives a target's).
func SaltCapG(c Category) float64 { return saltCapG[c] }

// PlateCapG is the most one serving of meal c of usual energy weighs (g; PlateCapFor gives a
// target's).
func PlateCapG(c Category) float64 { return plateCapG[c] }

// SaltCapFor is the most salt (g) one serving of meal c with target t holds (docs/nutrition.md,
// "Rules that grow with the eater").
func SaltCapFor(c Category, t Macros) float64 { return saltCapFor(c, t.Kcal) }

// PlateSaltCapFor is SaltCapFor for a plate of these foods: a lunch holding a ready dish with
// its own starch may hold dishSaltCapG.
func PlateSaltCapFor(c Category, t Macros, foods []Food) float64 {
	capS := saltCapFor(c, t.Kcal)
	for _, f := range foods {
		if roleOf(c, f) == roleDish {
			return math.Max(capS, dishSaltCapG)
		}
	}
	return capS
}

// PlateCapFor is the most one serving of meal c with target t weighs (g).
func PlateCapFor(c Category, t Macros) float64 { return plateCapFor(c, t.Kcal) }

// FruitCapFor is the most fresh fruit, all fruits together, one serving of meal c with target t
// holds (g).
func FruitCapFor(c Category, t Macros) float64 { return fruitCapFor(c, t.Kcal) }

// FreshFruit reports whether f counts towards FruitCapFor (fruit, not dried).
func FreshFruit(f Food) bool { return freshFruit(f) }

// PortionFor is Portion for a meal with target t: the usual and maximum servings grow with the
// meal's energy (mealScale), the minimum stays but for a snack smaller than the reference one
// (snackScale).
func PortionFor(c Category, f Food, t Macros) (lo, typ, hi float64) {
	p := portionFor(c, f, t.Kcal)
	return p.lo, p.typ, p.hi
}

// portionFor is portionOf grown by mealScale, and for a small snack its least portion shrunk by
// snackScale (in 5 g steps); herbs and spices season, whatever the plate's size. Vegetables grow
// by the square root of the scale: they are the plate's volume, not its energy, and grown like
// the rest they made 530 g of broccoli in a big eater's omelette.
func portionFor(c Category, f Food, kcal float64) portion {
	p := portionOf(c, f)
	kind := KindOf(f)
	if kind == KindSeasoning {
		return p
	}
	if s := snackScale(c, f, kcal); s < 1 {
		return portion{math.Max(math.Round(p.lo*s/step)*step, step), p.typ, p.hi}
	}
	k := mealScale(c, kcal)
	if kind == KindVegetable {
		k = math.Sqrt(k) // 1.78 → 1.33: 400 g of broccoli at most, not 534
	}
	return portion{p.lo, p.typ * k, p.hi * k}
}

// plateTotals are the grams PlateProblems weighs against the caps: the plate, its salt, its
// flakes and the liquid they soak in, its fresh fruit.
type plateTotals struct{ w, salt, flakes, liquid, fruit float64 }

func (t *plateTotals) add(f Food, g float64) {
	t.w += g
	t.salt += saltPerG(f) * g
	if freshFruit(f) {
		t.fruit += g
	}
	switch k := KindOf(f); {
	case k == KindCereal && f.Per100g.Kcal.Or(0) >= 150:
		t.flakes += g
	case k == KindMilk || k == KindDairy || k == KindDrink:
		t.liquid += g
	}
}

// PlateProblems lists the meal rules a plate breaks (none: nil): a food that does not belong to
// the meal, a composition or pairing the table refuses, a portion outside its bounds, salt or
// weight over the cap. ings are one serving's grams; prep is the meal prep the plate came from
// (a lunch must hold a vegetable when it has one); target decides whether a starch is wanted. The
// property tests and the bench judge recipes with it, the solver only builds plates that pass.
func PlateProblems(c Category, target Macros, ings []Ingredient, foods map[int]Food, prep []Food) []string {
	var out []string
	var counts [nRoles]int
	var kinds []Kind
	var t plateTotals
	for _, ing := range ings {
		f := foods[ing.FoodCode]
		r := roleOf(c, f)
		if r == roleNone {
			out = append(out, "does not belong to the meal: "+f.Name.EN)
			continue
		}
		counts[r]++
		kinds = append(kinds, KindOf(f))
		g := float64(ing.Grams)
		if p := portionFor(c, f, target.Kcal); g < p.lo-1e-9 || g > p.hi+1e-9 {
			out = append(out, fmt.Sprintf("portion %.0f g of %s outside %.0f–%.0f g", g, f.Name.EN, p.lo, p.hi))
		}
		t.add(f, g)
	}
	if c != LunchDinner && t.flakes > 0 && flakesLiquidRatio*t.flakes > t.liquid+1e-9 {
		out = append(out, fmt.Sprintf("%.0f g of flakes with %.0f g of milk, yoghurt or drink", t.flakes, t.liquid))
	}
	haveVeg := false
	for _, f := range prep {
		if roleOf(c, f) == roleVeg && usable(f.Per100g) {
			haveVeg = true
		}
	}
	for r, n := range counts {
		if n > roleCaps[c][r] {
			out = append(out, fmt.Sprintf("%d foods of role %d, at most %d", n, r, roleCaps[c][r]))
		}
	}
	if !validPlate(c, counts, len(ings), haveVeg, needsStarch(target.vec())) {
		out = append(out, "composition")
	}
	if !pairsWell(c, kinds) {
		out = append(out, "pairing")
	}
	if capW := plateCapFor(c, target.Kcal); t.w > capW+1e-9 {
		out = append(out, fmt.Sprintf("weight %.0f g over %.0f g", t.w, capW))
	}
	if capF := fruitCapFor(c, target.Kcal); t.fruit > capF+1e-9 {
		out = append(out, fmt.Sprintf("fruit %.0f g over %.0f g", t.fruit, capF))
	}
	capS := saltCapFor(c, target.Kcal)
	if c == LunchDinner && counts[roleDish] > 0 {
		capS = math.Max(capS, dishSaltCapG)
	}
	if t.salt > capS+1e-9 {
		out = append(out, fmt.Sprintf("salt %.2f g over %.2f g", t.salt, capS))
	}
	return out
}
