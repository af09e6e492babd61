package nutrition

// Salt as eaten (docs/nutrition.md, "Salt as eaten"): a recipe's salt is its foods' salt plus
// the salt its steps add, the pinch and the salt the cooking water leaves in the food. One
// decision, seasonOf, says whether the steps salt at all; the steps (composer.salt) and the
// figures (Recompute) both read it, so they never disagree.

const (
	// pinchG is the salt a pinch adds to a serving.
	pinchG = 0.4
	// saltedWaterGPerL is the salted cooking water: 10 g of salt per litre, the usual
	// "1 L, 10 g, 100 g" rule for pasta, used for every salted water of the steps.
	saltedWaterGPerL = 10.0
	// dryUptake is the water one gram of dry grain takes up when cooked (100 g of rice gives
	// 240–260 g cooked): used when the recipe lists the grain dry.
	dryUptake = 1.5
	// pastaSaltPerDryG is the salt one gram of dry pasta keeps from water at 10 g/L and
	// 1 L per 100 g (USDA Nutrient Data Laboratory: cooked pasta's sodium grows linearly from
	// 28 mg/100 g at 4 g of salt per 100 g of pasta to 230 mg at 40 g; at 10 g, about 62 mg of
	// sodium per 100 g cooked, 0.35 g of salt per 100 g dry): the rest is drained away.
	pastaSaltPerDryG = 0.0035
	// potatoSaltShare is the share of the water's salt boiled potatoes keep (about a third of
	// the sodium is retained by drained potatoes and pasta), in water of their own weight.
	potatoSaltShare = 1.0 / 3
)

// seasoning is the steps' salt decision for one serving.
type seasoning struct {
	// ok: the steps salt (a pinch when savoury, and the cooking water when waterOK); else they
	// say not to.
	ok bool
	// waterOK: the cooking water is salted. unsaltedWater: it would be, but its salt would take
	// the serving over the cap while the pinch alone does not, so the water stays unsalted and
	// the pinch goes in at the end (the steps say why).
	waterOK, unsaltedWater bool
	// saltiest is the index of the food bringing the most salt (-1: none).
	saltiest int
	// salty: that food is salty by itself (soy sauce, ham, feta, smoked fish, a ready dish).
	salty bool
	// foodG is the foods' salt; addedG the salt the steps add (0 when !ok).
	foodG, addedG float64
}

// seasonOf decides the salt of a serving of parts for a meal of category c whose target is kcal,
// when no food is salty by itself: the steps salt the cooking water and add a pinch when the
// foods' salt, the water's and the pinch stay within the engine's cap for that plate
// (PlateSaltCapFor); else, when the foods' salt and the pinch do, only the pinch (the water
// unsalted); else nothing.
func seasonOf(c Category, kcal float64, parts []prep) seasoning {
	s := seasoning{saltiest: -1}
	foods := make([]Food, 0, len(parts))
	var best, bestSalty float64
	for i, p := range parts {
		foods = append(foods, p.food)
		per100 := SaltOf(p.food.Per100g).Or(0)
		g := per100 * p.gramsPerServing / 100
		s.foodG += g
		switch {
		case per100 >= 2 && g >= 0.3 && (!s.salty || g > bestSalty):
			// a salty food is the one named, even beside a food bringing more grams of salt
			s.salty, s.saltiest, bestSalty = true, i, g
		case !s.salty && (s.saltiest < 0 || g > best):
			s.saltiest = i
		}
		best = max(best, g)
	}
	var water, pinch float64
	for _, p := range parts {
		water += waterSaltG(p)
	}
	if savouryMeal(c, parts) {
		pinch = pinchG
	}
	capS := PlateSaltCapFor(c, Macros{Kcal: kcal}, foods)
	switch {
	case s.salty:
	case s.foodG+water+pinch <= capS+1e-9:
		s.ok, s.waterOK, s.addedG = true, true, water+pinch
	case s.foodG+pinch <= capS+1e-9:
		s.ok, s.unsaltedWater, s.addedG = true, water > 0, pinch
	}
	return s
}

// waterSaltG is the salt one serving of p keeps from salted cooking water: grains, rice,
// couscous and polenta take up all their water; pasta and boiled potatoes keep a share.
func waterSaltG(p prep) float64 {
	dry := p.gramsPerServing
	uptake := dry * dryUptake
	if p.boughtAs == BoughtDryForm {
		dry = p.gramsPerServing * p.perGram
		uptake = p.gramsPerServing - dry
	}
	switch p.how {
	case hRice, hGrain, hCouscous, hPolenta:
		return uptake * saltedWaterGPerL / 1000
	case hPasta:
		return dry * pastaSaltPerDryG
	case hPotatoBoil:
		return p.gramsPerServing * saltedWaterGPerL / 1000 * potatoSaltShare
	}
	return 0
}

// savouryMeal: the plate is seasoned with salt and pepper (a meat, fish, egg, pulse, vegetable
// or tuber, or a grain at lunch or dinner).
func savouryMeal(c Category, parts []prep) bool {
	for _, p := range parts {
		switch p.kind {
		case KindMeat, KindFish, KindEgg, KindLegume, KindVegetarian, KindVegetable, KindTuber, KindDeli:
			return true
		case KindGrain:
			if c == LunchDinner {
				return true
			}
		}
	}
	return false
}

// addedSaltG is the salt the steps of recipe r add to one serving (seasonOf).
func addedSaltG(r *Recipe, foods map[int]Food) float64 {
	parts := partsOf(r.Category, r.Ingredients, foods, r.Servings)
	return seasonOf(r.Category, r.Target.Kcal, parts).addedG
}
