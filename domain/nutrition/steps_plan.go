package nutrition

import (
	"slices"
	"strings"
)

// meal is what planOf knows of the whole recipe when it decides how one food is prepared.
type meal struct {
	c     Category
	parts []prep
	// The recipe has a fat, bread, a dairy product, a cereal; bowl: a breakfast or snack bowl.
	hasFat, hasBread, hasDairy, hasCereal, bowl bool
}

// has reports whether the recipe holds a food of one of the kinds.
func (m meal) has(k ...Kind) bool {
	for _, p := range m.parts {
		if slices.Contains(k, p.kind) {
			return true
		}
	}
	return false
}

// howOf decides, kind by kind, how a food is prepared given its state and the rest of the
// recipe; a kind without an entry is added as it is.
var howOf = map[Kind]func(p *prep, m meal){
	KindGrain:      howGrain,
	KindLegume:     howLegume,
	KindTuber:      howTuber,
	KindMeat:       howMeat,
	KindFish:       howFish,
	KindDeli:       howDeli,
	KindEgg:        howEgg,
	KindVegetarian: howVegetarian,
	KindVegetable:  howVegetable,
	KindFruit:      howFruit,
	KindDairy:      howDairy,
	KindMilk:       howMilk,
	KindCereal:     howCereal,
	KindBread:      howBread,
	KindNut:        howNut,
	KindCheese:     howCheese,
	KindCream:      howCream,
	KindFat:        howFat,
	KindSweetener:  howSweetener,
	KindSweet:      howSweet,
	KindSauce:      howSauce,
	KindSeasoning:  howSeasoning,
	KindDrink:      howDrink,
	KindDish:       howDish,
}

// planOf decides how each food of a recipe of category c is prepared (its how, minutes, water
// and whether it cooks in the recipe's fat).
func planOf(c Category, parts []prep) []prep {
	m := meal{c: c, parts: parts}
	m.hasFat, m.hasBread, m.hasDairy, m.hasCereal = m.has(KindFat), m.has(KindBread), m.has(KindDairy), m.has(KindCereal)
	m.bowl = c != LunchDinner && (m.hasDairy || m.hasCereal)
	for i := range parts {
		if how, ok := howOf[parts[i].kind]; ok {
			how(&parts[i], m)
		} else {
			parts[i].how = hAdd
		}
	}
	return parts
}

func howGrain(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	switch {
	case p.state == stateCooked:
		p.how = hReheat
	case p.state == stateCanned:
		p.how = hDrain
	case strings.Contains(fr, "avoine") && m.c != LunchDinner:
		p.how = hCereal
	case p.state == stateDry || p.state == stateRaw:
		p.how, p.vol, p.lo, p.hi = hGrain, "deux volumes", 12, 15
		byName(p, fr, grainMethods)
	default:
		p.how = hAdd
	}
}

func howLegume(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	switch {
	case p.state == stateCooked:
		p.how = hReheat
	case p.state == stateCanned:
		p.how = hDrain
	case p.state == stateDry:
		p.how, p.lo, p.hi = hSoakBeans, 60, 90
		byName(p, fr, legumeMethods)
	default:
		p.how = hAdd
	}
}

func howTuber(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	switch {
	case p.state == stateCooked:
		p.how = hReheat
	case p.state == stateCanned:
		p.how = hDrain
	case p.state == stateRaw && strings.Contains(fr, "à cuire"):
		p.how, p.lo, p.hi = hTuberRoast, 20, 25
	case p.state == stateRaw && m.hasFat:
		p.how, p.lo, p.hi, p.fat = hTuberRoast, 30, 35, true
	case p.state == stateRaw:
		p.how, p.lo, p.hi = hPotatoBoil, 20, 25
	default:
		p.how = hAdd
	}
}

func howMeat(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	p.fat = m.hasFat
	switch {
	case p.state == stateCanned:
		p.how = hDrain
	case p.state != stateRaw:
		p.how = hSlice
	case isPoultry(fr):
		p.how, p.lo, p.hi = hPoultryPan, 8, 10
		if hasAny(fr, []string{"cuisse", "pilon", "aile", "éviscéré", "entier"}) {
			p.how, p.lo, p.hi, p.fat = hPoultryRoast, 35, 40, false
		}
	case strings.Contains(fr, "haché") || strings.Contains(fr, "hachage") || strings.Contains(fr, "maigre 90") || strings.Contains(fr, "maigre 80"):
		p.how, p.lo, p.hi = hMincedPan, 6, 8
	case hasAny(fr, braiseCuts):
		p.how, p.lo, p.hi, p.fat = hBraise, 120, 150, m.hasFat
	case strings.HasPrefix(fr, "porc"):
		p.how, p.lo, p.hi = hPorkPan, 10, 12
	case hasAny(fr, steakCuts):
		p.how, p.lo, p.hi = hSteakPan, 4, 6
	default:
		p.how, p.lo, p.hi = hMeatPan, 10, 12
	}
}

func howFish(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	p.fat = m.hasFat
	switch {
	case p.state == stateCanned:
		p.how = hDrainFlake
	case hasAny(fr, spreadWords) || strings.HasPrefix(fr, "oeufs de") || strings.HasPrefix(fr, "œufs de"):
		p.how = hAsIs
		if m.hasBread && m.c != LunchDinner {
			p.how = hSpread
		}
	case p.state != stateRaw && strings.HasPrefix(p.food.Subgroup, "seafood"):
		p.how = hShell
	case p.state != stateRaw && p.food.Subgroup == "fish, cooked":
		p.how = hFlake
	case p.state != stateRaw:
		p.how = hSlice
	case strings.HasPrefix(p.food.Subgroup, "seafood"):
		p.how, p.lo, p.hi = hSeafood, 2, 3
	case m.hasFat:
		p.how, p.lo, p.hi = hFishPan, 6, 8
	default:
		p.how, p.lo, p.hi = hFishOven, 12, 15
	}
}

func howDeli(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	p.fat = m.hasFat
	switch {
	case p.state == stateRaw && strings.Contains(fr, "lardon"):
		p.how, p.lo, p.hi, p.fat = hLardons, 5, 6, false
	case p.state == stateRaw && strings.Contains(fr, "poitrine"):
		p.how, p.lo, p.hi, p.fat = hLardons, 5, 6, false
	case p.state == stateRaw:
		p.how, p.lo, p.hi = hSausage, 12, 15
	case p.state == stateCanned:
		p.how = hDrain
	case hasAny(fr, spreadWords):
		p.how = hAsIs
		if m.hasBread && m.c != LunchDinner {
			p.how = hSpread
		}
	default:
		p.how = hSlice
	}
}

func howEgg(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	switch {
	case p.state != stateRaw && (strings.Contains(fr, "dur") || strings.Contains(fr, "coque")):
		p.how = hEggsPeel
	case p.state != stateRaw && (strings.Contains(fr, "omelette") || strings.Contains(fr, "tortilla")):
		p.how = hSlice
	case p.state != stateRaw:
		p.how = hAsIs
	case strings.Contains(fr, "poudre"):
		p.how = hAdd
	case m.c == Breakfast:
		p.how, p.fat, p.lo, p.hi = hEggsScrambled, m.hasFat, 3, 4
	default:
		p.how = hEggsBoiled
	}
}

func howVegetarian(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	switch {
	case strings.Contains(fr, "soyeux"):
		p.how = hAdd
	default:
		p.how, p.fat, p.lo, p.hi = hTofu, m.hasFat, 8, 10
	}
}

func howVegetable(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	name := strings.ToLower(p.n.FR)
	switch {
	case p.state == stateCooked:
		p.how = hReheat
	case Undrained(p.food) && m.c == LunchDinner:
		// Tomatoes in their juice are the dish's sauce: simmered, never drained.
		p.how, p.lo, p.hi = hTomatoSimmer, 8, 10
	case Undrained(p.food):
		p.how = hAdd
	case p.state == stateCanned:
		p.how = hDrain
	case p.state == stateDry || strings.Contains(fr, "séché") || strings.Contains(fr, "concentré") || strings.Contains(fr, "purée"):
		p.how = hAdd
	default:
		rawVegetable(p, m, fr, name)
	}
}

// rawVegetable: a fresh vegetable is steamed unless its name calls for another method
// (vegMethods), eaten raw at breakfast or as a snack when it can be, and cooked in the fat when
// the recipe has one.
func rawVegetable(p *prep, m meal, fr, name string) {
	p.how, p.lo, p.hi = hVegSteam, 10, 12
	for _, vm := range vegMethods {
		if strings.Contains(fr, vm.word) || strings.Contains(name, vm.word) {
			p.how, p.lo, p.hi = vm.how, vm.lo, vm.hi
			break
		}
	}
	if m.c != LunchDinner && hasAny(fr, []string{"carotte", "concombre", "radis", "céleri", "poivron", "tomate"}) {
		p.how = hVegRaw
	}
	if strings.Contains(fr, "surgelé") && p.how == hVegRaw {
		p.how, p.lo, p.hi = hVegSteam, 8, 10
	}
	// Without a fat: mushrooms still go in a dry pan, onions and leeks sweat with a splash of
	// water, peppers and aubergines roast dry (steamed, they are watery).
	switch {
	case m.hasFat || p.how != hVegSaute:
	case strings.Contains(fr, "champignon"):
	case hasAny(fr, []string{"oignon", "poireau", "échalote"}):
		p.how = hVegWilt
	case strings.Contains(fr, "poivron"):
		p.how, p.lo, p.hi = hVegRoast, 20, 25
	default:
		p.how = hVegSteam
	}
	p.fat = m.hasFat && (p.how == hVegSaute || p.how == hVegRoast || p.how == hVegWilt)
}

func howFruit(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	prepared := hasAny(fr, []string{"compote", "salade de fruits", "purée", "au sirop", "mélange"})
	switch {
	case strings.Contains(fr, "citron"):
		p.how = hLemon
	case p.state == stateCanned:
		p.how = hDrain
	case m.c == LunchDinner && prepared:
		p.how = hDessert
	case m.c == LunchDinner:
		p.how = hFruitDessert
	case prepared:
		p.how = hBase
		if m.hasDairy {
			p.how = hDrizzle
		}
	default:
		p.how = hFruit
	}
}

func howDairy(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	switch {
	case m.c == LunchDinner:
		p.how = hDessert
	case strings.Contains(fr, "à boire"):
		p.how = hGlass
	default:
		p.how = hBase
	}
}

func howMilk(p *prep, m meal) {
	p.how = hGlass
	if m.c != LunchDinner && m.hasCereal && !m.hasDairy {
		p.how = hBase
	}
}

func howCereal(p *prep, m meal) {
	p.how = hCereal
}

func howBread(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	switch {
	case m.c == LunchDinner:
		p.how = hBreadSide
	case p.food.Subgroup == "pastry dough":
		p.how = hDishRaw
	case p.food.Subgroup != "breads and similar" || hasAny(fr, []string{"biscotte", "galette", "grillé", "pita", "sans gluten", "pop-corn", "cracker", "gressin", "tortilla", "wrap"}):
		p.how = hBreadSide
	default:
		p.how = hToast
	}
}

func howNut(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	p.how = hNuts
	if strings.Contains(fr, "beurre de") || strings.Contains(fr, "pâte d") || strings.Contains(fr, "purée d") {
		p.how = hDrizzle
		if m.hasBread && m.c != LunchDinner {
			p.how = hSpread
		}
	}
}

func howCheese(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	switch {
	case m.c == LunchDinner || strings.Contains(fr, "râpé"):
		p.how = hCheeseTop
	case m.hasBread && (strings.Contains(fr, "frais") || strings.Contains(fr, "tartiner")):
		p.how = hSpread
	default:
		p.how = hCheeseSide
	}
}

func howCream(p *prep, m meal) {
	p.how = hSauce
	if m.bowl {
		p.how = hBase
	}
}

func howFat(p *prep, m meal) {
	p.how = hFat
	if m.c != LunchDinner && m.hasBread && !m.has(KindEgg) && spreadable(p.food) {
		p.how = hSpread
	}
}

func howSweetener(p *prep, m meal) {
	fr := strings.ToLower(p.food.Name.FR)
	p.how = hDrizzle
	if m.c != LunchDinner && m.hasBread && (!m.bowl || strings.Contains(fr, "confiture")) {
		p.how = hSpread
	}
}

func howSweet(p *prep, m meal) {
	p.how = hDessert
}

func howSauce(p *prep, m meal) {
	p.how = hSauce
}

func howSeasoning(p *prep, m meal) {
	p.how = hHerb
}

func howDrink(p *prep, m meal) {
	p.how = hGlass
	if m.c != LunchDinner && m.hasCereal && !m.hasDairy && !m.has(KindMilk) && plantDrink(p.food) {
		p.how = hBase
	}
}

func howDish(p *prep, m meal) {
	switch {
	case p.state == stateRaw:
		p.how = hDishRaw
	case p.food.Subgroup == "mixed salads" || p.food.Subgroup == "sandwiches":
		p.how = hDishCold
	default:
		p.how = hDishHot
	}
}

// byName cooks p by the first method whose word its French name holds (else as already set).
func byName(p *prep, fr string, methods []cookMethod) {
	for _, cm := range methods {
		if strings.Contains(fr, cm.word) {
			p.how, p.vol, p.lo, p.hi = cm.how, cm.vol, cm.lo, cm.hi
			return
		}
	}
}
