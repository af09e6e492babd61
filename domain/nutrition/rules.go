package nutrition

import (
	"math"
	"strings"
)

// Food-group rules. Every rule keys on CIQUAL's English group/subgroup names (see
// data/ciqual/README.md); a person's own food has no group and gets the neutral rule. The table is
// documented in docs/nutrition.md.

// Kind is the family a food belongs to for recipes: it decides how much of it a serving holds,
// which meals it suits, the shopping aisle, and the words of names and steps.
type Kind string

// Kinds of food.
const (
	KindMeat       Kind = "meat"
	KindFish       Kind = "fish"
	KindEgg        Kind = "egg"
	KindDeli       Kind = "deli"
	KindLegume     Kind = "legume"
	KindVegetarian Kind = "vegetarian_protein"
	KindVegetable  Kind = "vegetable"
	KindFruit      Kind = "fruit"
	KindNut        Kind = "nut"
	KindTuber      Kind = "tuber"
	KindGrain      Kind = "grain"
	KindBread      Kind = "bread"
	KindCereal     Kind = "breakfast_cereal"
	KindMilk       Kind = "milk"
	KindDairy      Kind = "dairy"
	KindCheese     Kind = "cheese"
	KindCream      Kind = "cream"
	KindFat        Kind = "fat"
	KindSweet      Kind = "sweet"
	KindSweetener  Kind = "sweetener"
	KindSeasoning  Kind = "seasoning"
	KindSauce      Kind = "sauce"
	KindDish       Kind = "dish"
	KindDrink      Kind = "drink"
	KindOther      Kind = "other"
)

// kindRule holds what a kind means for a recipe.
type kindRule struct {
	// min and max grams of the food in one serving before the portions rules; recipes now use the portions
	// per meal of compose.go (portionOf).
	min, max float64
	// fit per category: 0 = avoid (no role in the meal's composition, compose.go: never chosen),
	// 1 = acceptable, 2 = good, 3 = typical (a term of the plausibility score).
	fit map[Category]int
	// main: the food can carry a recipe's name.
	main bool
	// aisle of the shopping list.
	aisle Aisle
	// cookMin: minutes of cooking it adds (the duration heuristic).
	cookMin int
}

var kindRules = map[Kind]kindRule{
	KindMeat:       {50, 250, fits(0, 3, 0), true, AisleMeatFish, 15},
	KindFish:       {50, 250, fits(0, 3, 0), true, AisleMeatFish, 12},
	KindEgg:        {50, 180, fits(2, 2, 2), true, AisleDairyEggs, 8},
	KindDeli:       {20, 120, fits(0, 2, 0), true, AisleMeatFish, 0},
	KindLegume:     {50, 300, fits(0, 3, 0), true, AisleGrocery, 10},
	KindVegetarian: {50, 250, fits(0, 3, 0), true, AisleFresh, 10},
	KindVegetable:  {40, 350, fits(0, 3, 0), true, AisleProduce, 10},
	KindFruit:      {40, 300, fits(3, 0, 3), true, AisleProduce, 0},
	KindNut:        {10, 50, fits(2, 0, 3), false, AisleGrocery, 0},
	KindTuber:      {80, 350, fits(0, 3, 0), true, AisleProduce, 20},
	KindGrain:      {40, 300, fits(0, 3, 0), true, AisleGrocery, 12},
	KindBread:      {30, 150, fits(3, 1, 2), false, AisleBakery, 0},
	KindCereal:     {25, 100, fits(3, 0, 2), true, AisleGrocery, 0},
	KindMilk:       {100, 400, fits(3, 0, 2), false, AisleDairyEggs, 0},
	KindDairy:      {60, 300, fits(3, 1, 3), true, AisleDairyEggs, 0},
	KindCheese:     {15, 80, fits(1, 2, 2), false, AisleDairyEggs, 0},
	KindCream:      {10, 60, fits(0, 2, 0), false, AisleDairyEggs, 0},
	KindFat:        {5, 30, fits(1, 3, 1), false, AisleGrocery, 0},
	KindSweet:      {10, 80, fits(1, 0, 1), false, AisleGrocery, 0},
	KindSweetener:  {5, 30, fits(2, 0, 2), false, AisleGrocery, 0},
	KindSeasoning:  {1, 10, fits(0, 2, 0), false, AisleGrocery, 0},
	KindSauce:      {10, 60, fits(0, 2, 0), false, AisleGrocery, 0},
	KindDish:       {100, 400, fits(0, 2, 0), true, AisleFresh, 5},
	KindDrink:      {100, 500, fits(1, 0, 1), false, AisleDrinks, 0},
	KindOther:      {10, 200, fits(1, 1, 1), true, AisleOther, 0},
}

func fits(breakfast, lunchDinner, snack int) map[Category]int {
	return map[Category]int{Breakfast: breakfast, LunchDinner: lunchDinner, Snack: snack}
}

// subgroupKinds maps CIQUAL subgroups (English) to kinds.
var subgroupKinds = map[string]Kind{
	"raw meat": KindMeat, "cooked meat": KindMeat, "other meat products": KindMeat,
	"delicatessen meat and similar": KindDeli,
	"fish, raw":                     KindFish, "fish, cooked": KindFish, "fish products": KindFish,
	"seafood, raw": KindFish, "seafood, cooked": KindFish,
	"eggs":                                  KindEgg,
	"legumes":                               KindLegume,
	"ingredients for vegetarian":            KindVegetarian,
	"vegetables":                            KindVegetable,
	"seaweed":                               KindVegetable,
	"fruits":                                KindFruit,
	"nuts and seeds":                        KindNut,
	"potatoes and other tubers":             KindTuber,
	"pasta, rice and grains":                KindGrain,
	"flours":                                KindGrain,
	"breads and similar":                    KindBread,
	"savoury biscuits":                      KindBread,
	"pastry dough":                          KindBread,
	"breakfast cereals":                     KindCereal,
	"cereal bars":                           KindSweet,
	"milk":                                  KindMilk,
	"baby milk and beverages":               KindMilk,
	"dairy products":                        KindDairy,
	"cheese and similar":                    KindCheese,
	"cream and similar":                     KindCream,
	"butters":                               KindFat,
	"margarines":                            KindFat,
	"vegetable oils":                        KindFat,
	"fish oils":                             KindFat,
	"other fats":                            KindFat,
	"plant-based spreads":                   KindFat,
	"sugars and honey":                      KindSweetener,
	"jam":                                   KindSweetener,
	"chocolate and chocolate products":      KindSweet,
	"non-chocolate confectionery":           KindSweet,
	"sweet biscuits":                        KindSweet,
	"cakes and pastry":                      KindSweet,
	"Viennese pastries":                     KindSweet,
	"ice cream":                             KindSweet,
	"sorbet":                                KindSweet,
	"frozen desserts":                       KindSweet,
	"baby deserts":                          KindSweet,
	"baby biscuits and cereals":             KindCereal,
	"herbs":                                 KindSeasoning,
	"spices":                                KindSeasoning,
	"salts":                                 KindSeasoning,
	"condiments":                            KindSauce,
	"sauces":                                KindSauce,
	"cooking aids":                          KindSeasoning,
	"foods for particular nutritional uses": KindOther,
	"dishes":                                KindDish,
	"mixed salads":                          KindDish,
	"pizzas, crepe and pies":                KindDish,
	"sandwiches":                            KindDish,
	"savoury pastries and other starters":   KindDish,
	"soups":                                 KindDish,
	"baby dishes":                           KindDish,
	"water":                                 KindDrink,
	"non-alcoholic beverages":               KindDrink,
	"alcoholic beverages":                   KindDrink,
}

// KindOf classifies a food by its CIQUAL subgroup, then group; unknown groups are KindOther.
func KindOf(f Food) Kind {
	if k, ok := subgroupKinds[f.Subgroup]; ok {
		// Oats sit among grains in CIQUAL but are eaten as breakfast flakes and porridge.
		if k == KindGrain && strings.Contains(strings.ToLower(f.Name.FR), "avoine") {
			return KindCereal
		}
		return k
	}
	switch f.Group {
	case "ice cream and sorbet", "sugar and confectionery":
		return KindSweet
	case "beverages":
		return KindDrink
	}
	return KindOther
}

// FVLShare is the share (0–100 %) of a food that Nutri-Score 2023 counts as fruit, vegetable or
// legume. CIQUAL does not give it; we derive it from the subgroup (docs/nutrition.md): fruits,
// vegetables (seaweed included) and legumes count fully; potatoes and tubers, nuts, oils, juices
// and mixed dishes count as 0, a deliberate underestimate for dishes whose recipe we do not know.
func FVLShare(f Food) float64 {
	switch f.Subgroup {
	case "fruits", "vegetables", "legumes", "seaweed":
		return 100
	}
	return 0
}

// ServingBounds are the least and most grams of a food one serving holds in any meal it belongs
// to (Portion gives them per meal; the solver uses those).
func ServingBounds(f Food) (minG, maxG float64) {
	minG, maxG = math.Inf(1), 0
	for _, c := range Categories {
		if c == LunchDinner || Suits(c, f) {
			p := portionOf(c, f)
			minG, maxG = math.Min(minG, p.lo), math.Max(maxG, p.hi)
		}
	}
	return minG, maxG
}
