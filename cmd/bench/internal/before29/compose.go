package before29

import (
	"math"
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
	nRoles
)

// roleCaps are the most foods of each role one plate holds, per meal.
var roleCaps = map[Category][nRoles]int{
	LunchDinner: {roleProtein: 1, roleLegume: 1, roleStarch: 1, roleVeg: 2, roleFat: 1, roleGarnish: 1, roleSeason: 1, roleOther: 1,
		roleAromatic: 1},
	Breakfast: {roleStarch: 1, roleDairy: 2, roleFruit: 2, roleNut: 1, roleEgg: 1, roleFat: 1, roleCheese: 1,
		roleSweet: 1, roleDrink: 1, roleOther: 1},
	Snack: {roleStarch: 1, roleDairy: 1, roleFruit: 2, roleNut: 1, roleEgg: 1, roleCheese: 1, roleSweet: 1,
		roleDrink: 1, roleOther: 1},
}

// plateCapG is the most a serving weighs, per meal.
// Breakfast counts its drink (a glass of milk or juice beside the bowl): 650 g.
var plateCapG = map[Category]float64{LunchDinner: 800, Breakfast: 650, Snack: 350}

// flakesLiquidRatio: a bowl of oats or muesli (dry flakes, not porridge) holds at least 1.5 times
// their weight of milk, yoghurt or a drink, or the flakes are eaten dry.
const flakesLiquidRatio = 1.5

// saltCapG is the most salt (sodium × 2.5) one serving holds, per meal.
var saltCapG = map[Category]float64{LunchDinner: 2.5, Breakfast: 1.5, Snack: 1.5}

// maxFoodsPer is the most foods one plate holds, per meal: a snack is a small thing.
var maxFoodsPer = map[Category]int{LunchDinner: 6, Breakfast: 5, Snack: 3}

// roleOf is the food's role in a meal, roleNone when it does not belong there.
func roleOf(c Category, f Food) role {
	k := KindOf(f)
	if f.Subgroup == "alcoholic beverages" || f.Subgroup == "water" || strings.HasPrefix(f.Subgroup, "baby ") {
		return roleNone
	}
	oil := f.Subgroup == "vegetable oils" || f.Subgroup == "fish oils" || f.Subgroup == "other fats"
	switch c {
	case LunchDinner:
		switch k {
		case KindMeat, KindFish, KindEgg, KindDeli, KindVegetarian, KindDish:
			return roleProtein
		case KindLegume:
			return roleLegume
		case KindGrain, KindTuber, KindBread:
			return roleStarch
		case KindVegetable:
			if aromatic(f) {
				return roleAromatic
			}
			return roleVeg
		case KindFat:
			return roleFat
		case KindCheese, KindCream, KindSauce:
			return roleGarnish
		case KindSeasoning:
			return roleSeason
		case KindOther:
			return roleOther
		}
	case Breakfast, Snack:
		switch k {
		case KindCereal, KindBread:
			return roleStarch
		case KindMilk, KindDairy:
			return roleDairy
		case KindFruit:
			return roleFruit
		case KindNut:
			return roleNut
		case KindEgg:
			return roleEgg
		case KindCheese:
			return roleCheese
		case KindSweet, KindSweetener:
			return roleSweet
		case KindDrink:
			return roleDrink
		case KindOther:
			return roleOther
		case KindFat:
			if c == Breakfast && !oil {
				return roleFat // butter on bread
			}
		}
	}
	return roleNone
}

// portion is the grams of a food in one serving: lo and hi bound it, typ is what a cook serves.
type portion struct{ lo, typ, hi float64 }

// portionOf is the food's serving in a meal. Dry grains, pulses and flakes weigh less than cooked
// ones for the same plate; strong cheeses (hard, over 300 kcal per 100 g) are a garnish.
func portionOf(c Category, f Food) portion {
	k := KindOf(f)
	kcal := f.Per100g.Kcal.Or(0)
	dry := kcal >= 250
	switch k {
	case KindMeat, KindFish, KindVegetarian:
		return portion{80, 130, 250}
	case KindEgg:
		switch c {
		case LunchDinner:
			return portion{50, 120, 180}
		case Snack:
			return portion{50, 60, 120}
		}
		return portion{50, 100, 180}
	case KindDeli:
		return portion{30, 60, 120}
	case KindLegume:
		if dry {
			return portion{30, 60, 100}
		}
		return portion{80, 150, 250}
	case KindGrain, KindTuber:
		if dry {
			return portion{40, 70, 120}
		}
		return portion{100, 180, 300}
	case KindBread:
		if c == LunchDinner {
			return portion{30, 60, 120}
		}
		return portion{30, 60, 100}
	case KindCereal:
		if kcal < 150 { // porridge, cooked
			return portion{100, 200, 300}
		}
		if c == Breakfast {
			return portion{25, 50, 90} // a big bowl of oats or muesli for a hungry morning
		}
		return portion{25, 50, 80}
	case KindVegetable:
		if aromatic(f) {
			return portion{20, 50, 100} // onion, garlic, shallot: they season a plate
		}
		if leafy(f) {
			return portion{30, 80, 150} // salad leaves are light: 80 g is a big bowl
		}
		return portion{60, 150, 300}
	case KindFruit:
		if dry {
			return portion{15, 30, 50}
		}
		return portion{80, 130, 250}
	case KindNut:
		return portion{10, 20, 40}
	case KindMilk:
		return portion{100, 200, 300}
	case KindDairy:
		if c == Breakfast {
			return portion{80, 150, 300} // a breakfast bowl of fromage blanc, skyr or yoghurt
		}
		return portion{80, 150, 250}
	case KindCheese:
		if kcal >= 250 { // camembert, feta and harder: a garnish
			return portion{5, 20, 30}
		}
		return portion{15, 30, 60}
	case KindCream:
		return portion{10, 20, 40}
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

// aromatic: onions, garlic, shallots and leeks' cousins, vegetables one uses by the handful.
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
	return r == roleProtein || r == roleLegume || r == roleDairy || r == roleStarch || r == roleEgg
}

// validPlate reports whether counts (foods per role) make a plate of meal c; haveVeg says the
// meal prep holds a usable vegetable, needStarch that a starch is wanted (see docs/nutrition.md).
// The pairing rules that need more than counts are in pairsWell.
func validPlate(c Category, n [nRoles]int, total int, haveVeg, needStarch bool) bool {
	if total < minFoods || total > maxFoodsPer[c] {
		return false
	}
	switch c {
	case LunchDinner:
		main := n[roleProtein] + n[roleLegume]
		if main < 1 && n[roleOther] == 0 {
			return false
		}
		if main+n[roleStarch] > 2 {
			return false // one protein and one starch: no chicken with lentils and rice
		}
		if needStarch && n[roleStarch]+n[roleLegume] == 0 {
			return false
		}
		if haveVeg && n[roleVeg] == 0 {
			return false
		}
		// Fat, garnish and herbs go with a plate, they are not one.
		if total-n[roleFat]-n[roleGarnish]-n[roleSeason] < 2 {
			return false
		}
	case Breakfast:
		if n[roleStarch]+n[roleDairy]+n[roleEgg] == 0 {
			return false
		}
		if n[roleFat] > 0 && n[roleStarch] == 0 {
			return false // butter goes on bread
		}
		if total-n[roleSweet]-n[roleFat]-n[roleDrink] < 2 {
			return false
		}
	case Snack:
		if n[roleCheese] > 0 && (n[roleDairy] > 0 || n[roleSweet] > 0) {
			return false
		}
		if total-n[roleSweet]-n[roleDrink] < 2 {
			return false
		}
	}
	return true
}

// pairsWell checks the pairing table by kind on a composition-valid plate.
func pairsWell(c Category, kinds []Kind) bool {
	has := func(k Kind) bool {
		for _, x := range kinds {
			if x == k {
				return true
			}
		}
		return false
	}
	count := func(k Kind) int {
		n := 0
		for _, x := range kinds {
			if x == k {
				n++
			}
		}
		return n
	}
	sweet := has(KindSweet) || has(KindSweetener)
	dairy := has(KindDairy) || has(KindMilk)
	switch c {
	case Breakfast, Snack:
		// Eggs and cheese are savoury: with bread (or fruit), never in a bowl of cereal or honey,
		// and not together; cheese is no side for yoghurt; eggs may come with a yoghurt or milk on
		// the side at breakfast, not at a snack.
		if (has(KindEgg) || has(KindCheese)) && (has(KindCereal) || sweet) {
			return false
		}
		if has(KindCheese) && dairy || c == Snack && has(KindEgg) && dairy {
			return false
		}
		if count(KindMilk) > 1 || count(KindDairy) > 1 {
			return false // a milk and a yoghurt, not two of either
		}
		if has(KindMilk) && has(KindDairy) && !has(KindCereal) && (c == Snack || !has(KindBread)) {
			return false // milk and yoghurt together only around a bowl of cereal or, at breakfast, bread
		}
		if has(KindEgg) && has(KindCheese) {
			return false
		}
		if has(KindCheese) && !has(KindBread) || has(KindEgg) && !has(KindBread) && (c == Snack || !has(KindDairy)) {
			return false // cheese and eggs come with bread; at breakfast eggs may also sit beside a bowl of yoghurt
		}
		if has(KindCereal) && !dairy && !has(KindDrink) {
			return false // flakes are not eaten dry: milk, yoghurt or a plant drink
		}
		if has(KindFat) && !has(KindBread) {
			return false // butter goes on bread, not in a bowl of oats
		}
	case LunchDinner:
		if has(KindDish) && (has(KindGrain) || has(KindTuber) || has(KindBread)) {
			return false // a ready dish already has its starch
		}
		if has(KindFish) && has(KindCheese) {
			return false // no cheese on fish
		}
	}
	return true
}

// needsStarch: a lunch wants a starch or a legume when the meal prep has one and the target is
// not low in carbohydrates (20 g or more); below that a protein with vegetables is the plate.
func needsStarch(target [4]float64) bool { return target[3] >= 20 }

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
