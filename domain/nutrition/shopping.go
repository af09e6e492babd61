package nutrition

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// The shopping list: every ingredient of a meal prep's recipes, scaled to the portions the meal
// prep's schedule eats over a number of days, merged by food, rounded up to what a shop sells,
// grouped by aisle, priced as an estimate.

// MinDays and MaxDays bound a shopping-list export.
const (
	MinDays = 1
	MaxDays = 14
)

// Errors for the days field; the page shows "Export needs a number of days" /
// « L’export nécessite un nombre de jours » for ErrDaysMissing.
var (
	ErrDaysMissing    = errors.New("export needs a number of days")
	ErrDaysOutOfRange = errors.New("number of days out of range")
)

// ValidateDays checks the days field of an export (0 means missing).
func ValidateDays(days int) error {
	switch {
	case days == 0:
		return ErrDaysMissing
	case days < MinDays || days > MaxDays:
		return fmt.Errorf("%w: %d not in %d–%d", ErrDaysOutOfRange, days, MinDays, MaxDays)
	}
	return nil
}

// ShoppingItem is one food to buy.
type ShoppingItem struct {
	FoodCode int   `json:"foodCode"`
	Name     Text  `json:"name"`
	Aisle    Aisle `json:"aisle"`
	// NeededG is what the recipes use (cooked weight for a cooked grain or pulse).
	NeededG float64 `json:"neededG"`
	// Form says when the food is bought in another state than the recipe uses it: a cooked
	// grain or pulse is bought dry, cooked meat or fish raw. FormG is NeededG in that state.
	Form  Form    `json:"form"`
	FormG float64 `json:"formG"`
	// PurchaseG is what is bought (in Form's state): whole packs, or loose food rounded up to
	// the shop's step.
	PurchaseG float64 `json:"purchaseG"`
	// Packs are the packs bought, largest first; empty for food sold loose.
	Packs []PackCount `json:"packs"`
	// Cost is the estimate for PurchaseG in the list's currency.
	Cost float64 `json:"cost"`
	// TakesOver flags a food that takes over the list (FlagTakeOvers); "" for the others.
	TakesOver TakeOver `json:"takesOver,omitempty"`
}

// TakeOver is why one food takes over a week's shopping (docs/nutrition.md, Shopping list).
type TakeOver string

// Reasons a food takes over the list.
const (
	// TakeOverBudget: more than BudgetShare of the list's price, in a list of three foods or more.
	TakeOverBudget TakeOver = "budget"
	// TakeOverFresh: more than FreshGramsPerPersonWeek of one fresh vegetable a person and week.
	TakeOverFresh TakeOver = "fresh"
)

// Thresholds of FlagTakeOvers.
const (
	BudgetShare             = 0.40
	FreshGramsPerPersonWeek = 2000
)

// FlagTakeOvers marks the items that take over the list for people eating from it over its
// days: a food over BudgetShare of the total (a week's 7 lb of salmon, $128 of $169) or a fresh
// vegetable over FreshGramsPerPersonWeek a person (3.4 kg of spinach). The price comes first.
func (l *ShoppingList) FlagTakeOvers(foods map[int]Food, people int) {
	items := 0
	for _, a := range l.Aisles {
		items += len(a.Items)
	}
	fresh := float64(FreshGramsPerPersonWeek) * float64(max(people, 1)) * float64(l.Days) / 7
	for ai := range l.Aisles {
		for ii := range l.Aisles[ai].Items {
			it := &l.Aisles[ai].Items[ii]
			it.TakesOver = ""
			switch {
			case items >= 3 && l.Total > 0 && it.Cost > BudgetShare*l.Total:
				it.TakesOver = TakeOverBudget
			case KindOf(foods[it.FoodCode]) == KindVegetable && it.NeededG > fresh:
				it.TakesOver = TakeOverFresh
			}
		}
	}
}

// PackCount is a number of packs of one size.
type PackCount struct {
	Count int `json:"count"`
	// Grams of food in one pack (drained weight for a can).
	Grams float64 `json:"grams"`
	Label Text    `json:"label"`
}

// AisleItems are a list's items in one aisle.
type AisleItems struct {
	Aisle Aisle          `json:"aisle"`
	Items []ShoppingItem `json:"items"`
}

// ShoppingList is a meal prep's shopping list for a number of days.
type ShoppingList struct {
	Days     int          `json:"days"`
	Currency Currency     `json:"currency"`
	Aisles   []AisleItems `json:"aisles"`
	Total    float64      `json:"total"`
	// Estimated is always true: prices come from the group table.
	Estimated bool `json:"estimated"`
}

// Packing is how shops sell a kind of food: in packs of the given sizes, or loose, rounded up
// to Step grams. The table is in docs/nutrition.md (Shopping list).
type Packing struct {
	Step  float64
	Packs []PackSize
}

// PackSize is one size of pack: the grams of food it holds and what the shelf calls it.
type PackSize struct {
	Grams float64
	Label Text
}

func pack(g float64, fr, en string) PackSize { return PackSize{Grams: g, Label: Text{FR: fr, EN: en}} }

// EggGrams is the edible part of one medium egg, which CIQUAL's egg rows are per 100 g of.
const EggGrams = 50

// market is the pack sizes of one market, per kind of food, smallest first, and the step loose
// food is weighed by.
type market struct {
	oil, dry, egg, potato, fishCan, meat, fish, deli, milk, dairy, cheese, cream, butter, nut,
	cereal, sugar, jam, tofu, sauce, drink, flour []PackSize
	// drainedCan are cans of pulses and vegetables by their drained weight (what the recipe
	// weighs); wholeCan cans of tomatoes in their juice, whole.
	drainedCan, wholeCan []PackSize
	loose                float64
}

// Pack sizes of French supermarkets (2026).
var frenchMarket = market{
	oil:     []PackSize{pack(460, "bouteille de 50\u00a0cl", "0.5 L bottle"), pack(920, "bouteille de 1\u00a0L", "1 L bottle")},
	dry:     []PackSize{pack(500, "paquet de 500\u00a0g", "500 g pack"), pack(1000, "paquet de 1\u00a0kg", "1 kg pack")},
	egg:     []PackSize{pack(6*EggGrams, "boîte de 6\u00a0œufs", "box of 6 eggs"), pack(12*EggGrams, "boîte de 12\u00a0œufs", "box of 12 eggs")},
	potato:  []PackSize{pack(1000, "filet de 1\u00a0kg", "1 kg bag"), pack(2500, "filet de 2,5\u00a0kg", "2.5 kg bag")},
	fishCan: []PackSize{pack(140, "boîte de 140\u00a0g égouttés", "can (140 g drained)")},
	meat:    []PackSize{pack(250, "barquette de 250\u00a0g", "250 g tray"), pack(400, "barquette de 400\u00a0g", "400 g tray"), pack(600, "barquette de 600\u00a0g", "600 g tray"), pack(1000, "barquette de 1\u00a0kg", "1 kg tray")},
	fish:    []PackSize{pack(250, "barquette de 250\u00a0g", "250 g tray"), pack(500, "barquette de 500\u00a0g", "500 g tray")},
	deli:    []PackSize{pack(150, "paquet de 150\u00a0g", "150 g pack")},
	milk:    []PackSize{pack(1030, "brique de 1\u00a0L", "1 L carton")},
	dairy:   []PackSize{pack(500, "pot ou lot de 500\u00a0g", "500 g tub or pack"), pack(1000, "pot de 1\u00a0kg", "1 kg tub")},
	cheese:  []PackSize{pack(200, "pièce ou sachet de 200\u00a0g", "200 g piece or bag")},
	cream:   []PackSize{pack(200, "pot de 20\u00a0cl", "20 cl pot"), pack(500, "pot de 50\u00a0cl", "50 cl pot")},
	butter:  []PackSize{pack(250, "plaquette de 250\u00a0g", "250 g block")},
	nut:     []PackSize{pack(125, "sachet de 125\u00a0g", "125 g bag"), pack(250, "sachet de 250\u00a0g", "250 g bag")},
	cereal:  []PackSize{pack(500, "paquet de 500\u00a0g", "500 g pack")},
	sugar:   []PackSize{pack(250, "pot de 250\u00a0g", "250 g jar"), pack(500, "pot de 500\u00a0g", "500 g jar"), pack(1000, "paquet de 1\u00a0kg", "1 kg pack")},
	jam:     []PackSize{pack(370, "pot de 370\u00a0g", "370 g jar")},
	tofu:    []PackSize{pack(200, "bloc de 200\u00a0g", "200 g block")},
	sauce:   []PackSize{pack(250, "flacon de 250\u00a0g", "250 g bottle")},
	drink:   []PackSize{pack(1000, "bouteille de 1\u00a0L", "1 L bottle")},
	flour:   []PackSize{pack(1000, "paquet de 1\u00a0kg", "1 kg pack")},
	// A 400 g can holds about 240 g drained, a 4/4 can of 800 g about 480 g.
	drainedCan: []PackSize{pack(240, "boîte de 400\u00a0g (240\u00a0g égouttés)", "400 g can (240 g drained)"), pack(480, "boîte de 800\u00a0g (480\u00a0g égouttés)", "800 g can (480 g drained)")},
	wholeCan:   []PackSize{pack(400, "boîte de 400\u00a0g", "400 g can"), pack(800, "boîte de 800\u00a0g", "800 g can")},
	loose:      100,
}

// US supermarket sizes (2026), for people who count in pounds: masses in lb and oz, liquids in
// fl oz, quarts and gallons, converted with the densities the French sizes use (oil 0.92 g/ml,
// milk 1.03, cream and drinks 1); loose food is weighed by the quarter pound.
var usMarket = market{
	oil:     []PackSize{pack(floz(16)*0.92, "bouteille de 16\u00a0fl\u00a0oz", "16 fl oz bottle"), pack(floz(48)*0.92, "bouteille de 48\u00a0fl\u00a0oz", "48 fl oz bottle")},
	dry:     []PackSize{pack(lb(1), "paquet de 1\u00a0lb", "1 lb bag"), pack(lb(2), "paquet de 2\u00a0lb", "2 lb bag")},
	egg:     []PackSize{pack(6*EggGrams, "boîte de 6\u00a0œufs", "half-dozen eggs"), pack(12*EggGrams, "boîte de 12\u00a0œufs", "dozen eggs")},
	potato:  []PackSize{pack(lb(5), "sac de 5\u00a0lb", "5 lb bag"), pack(lb(10), "sac de 10\u00a0lb", "10 lb bag")},
	fishCan: []PackSize{pack(oz(4), "boîte de 5\u00a0oz (4\u00a0oz égouttés)", "5 oz can (4 oz drained)")},
	meat:    []PackSize{pack(lb(1), "barquette de 1\u00a0lb", "1 lb pack"), pack(lb(1.5), "barquette de 1,5\u00a0lb", "1.5 lb pack"), pack(lb(2), "barquette de 2\u00a0lb", "2 lb pack"), pack(lb(3), "barquette de 3\u00a0lb", "3 lb pack")},
	fish:    []PackSize{pack(lb(1), "barquette de 1\u00a0lb", "1 lb pack"), pack(lb(2), "sachet de 2\u00a0lb", "2 lb bag")},
	deli:    []PackSize{pack(oz(8), "paquet de 8\u00a0oz", "8 oz pack")},
	milk:    []PackSize{pack(floz(32)*1.03, "brique d’un quart (32\u00a0fl\u00a0oz)", "quart"), pack(floz(64)*1.03, "bidon d’un demi-gallon (64\u00a0fl\u00a0oz)", "half gallon")},
	dairy:   []PackSize{pack(lb(1), "pot de 16\u00a0oz", "16 oz tub"), pack(lb(2), "pot de 32\u00a0oz", "32 oz tub")},
	cheese:  []PackSize{pack(oz(8), "pièce ou sachet de 8\u00a0oz", "8 oz block or bag")},
	cream:   []PackSize{pack(floz(8), "brique de 8\u00a0fl\u00a0oz", "8 fl oz carton"), pack(floz(16), "brique de 16\u00a0fl\u00a0oz", "16 fl oz carton")},
	butter:  []PackSize{pack(lb(0.5), "boîte de 8\u00a0oz (2 bâtonnets)", "8 oz box (2 sticks)"), pack(lb(1), "boîte de 1\u00a0lb (4 bâtonnets)", "1 lb box (4 sticks)")},
	nut:     []PackSize{pack(oz(8), "sachet de 8\u00a0oz", "8 oz bag"), pack(lb(1), "sachet de 16\u00a0oz", "16 oz bag")},
	cereal:  []PackSize{pack(oz(18), "boîte de 18\u00a0oz", "18 oz box")},
	sugar:   []PackSize{pack(lb(1), "boîte de 1\u00a0lb", "1 lb box"), pack(lb(4), "sac de 4\u00a0lb", "4 lb bag")},
	jam:     []PackSize{pack(oz(18), "pot de 18\u00a0oz", "18 oz jar")},
	tofu:    []PackSize{pack(oz(14), "bloc de 14\u00a0oz", "14 oz block")},
	sauce:   []PackSize{pack(oz(12), "flacon de 12\u00a0oz", "12 oz bottle")},
	drink:   []PackSize{pack(floz(64), "bouteille de 64\u00a0fl\u00a0oz", "64 fl oz bottle")},
	flour:   []PackSize{pack(lb(2), "sac de 2\u00a0lb", "2 lb bag"), pack(lb(5), "sac de 5\u00a0lb", "5 lb bag")},
	// A 15 oz can holds about 9 oz drained, a 29 oz can about 17 oz; tomatoes come in 14.5 and 28 oz cans.
	drainedCan: []PackSize{pack(oz(9), "boîte de 15\u00a0oz (9\u00a0oz égouttés)", "15 oz can (9 oz drained)"), pack(oz(17), "boîte de 29\u00a0oz (17\u00a0oz égouttés)", "29 oz can (17 oz drained)")},
	wholeCan:   []PackSize{pack(oz(14.5), "boîte de 14,5\u00a0oz", "14.5 oz can"), pack(oz(28), "boîte de 28\u00a0oz", "28 oz can")},
	loose:      GramsPerPound / 4,
}

// Grams in lb pounds, oz ounces, and millilitres in n US fluid ounces (grams at 1 g/ml).
func lb(n float64) float64   { return n * GramsPerPound }
func oz(n float64) float64   { return n * GramsPerOunce }
func floz(n float64) float64 { return n * 29.5735295625 }

func marketOf(units Units) market {
	if units == Imperial {
		return usMarket
	}
	return frenchMarket
}

// cannedFishCodes are CIQUAL's canned fish and seafood ("appertisé" among "fish products"),
// sold by the can.
var cannedFishCodes = map[int]bool{
	10005: true, 10028: true, 10081: true, 25994: true, 26027: true, 26034: true, 26035: true, 26039: true,
	26040: true, 26086: true, 26096: true, 26097: true, 26119: true, 26123: true, 26142: true, 26179: true,
	26180: true, 26181: true, 26231: true, 26242: true, 26243: true, 26245: true, 26697: true, 26698: true,
}

// Form is the state a food is bought in when the recipe uses it in another one.
type Form string

// Forms of purchase.
const (
	// AsUsed: bought as the recipe uses it.
	AsUsed Form = ""
	// BoughtDryForm: a cooked grain or pulse, bought dry (DryGrams).
	BoughtDryForm Form = "dry"
	// BoughtRawForm: cooked meat or fish, bought raw (cooked grams ÷ CookedYield).
	BoughtRawForm Form = "raw"
)

// CookedYield is what a kilo of raw meat or fish weighs once cooked (about 0.72 for meat
// grilled, roasted or braised, 0.80 for fish): the shopping list buys cooked meat and fish raw.
var CookedYield = map[string]float64{"cooked meat": 0.72, "fish, cooked": 0.80}

// PurchaseOf says in which state the food is bought and how many grams of it grams of the food
// (as the recipe uses it) need.
func PurchaseOf(f Food, grams float64) (Form, float64) {
	if BoughtDry(f) {
		return BoughtDryForm, DryGrams(f, grams)
	}
	if y, ok := CookedYield[f.Subgroup]; ok {
		return BoughtRawForm, grams / y
	}
	return AsUsed, grams
}

// PackingOf says how French shops sell the food (in the state PurchaseOf buys it).
func PackingOf(f Food) Packing { return PackingIn(f, Metric) }

// PackingIn says how the shops of the person's market sell the food: French sizes, or US sizes
// (lb, oz, fl oz) for people who count in pounds.
func PackingIn(f Food, units Units) Packing {
	m := marketOf(units)
	if packs := cannedPacks(f, m); packs != nil {
		return Packing{Packs: packs}
	}
	if packs, ok := packsBySubgroup[f.Subgroup]; ok {
		return Packing{Packs: packs(m)}
	}
	switch k := KindOf(f); k {
	case KindBread:
		return Packing{Step: 250}
	case KindSeasoning:
		return Packing{Step: 10}
	default:
		if packs, ok := packsByKind[k]; ok {
			return Packing{Packs: packs(m)}
		}
	}
	// Loose produce is weighed (by 100 g), as are sweets, dishes and anything else.
	return Packing{Step: m.loose}
}

// cannedPacks are the cans canned fish, pulses, vegetables and grains are sold in; nil for
// another food.
func cannedPacks(f Food, m market) []PackSize {
	k := KindOf(f)
	switch {
	case cannedFishCodes[f.Code]:
		return m.fishCan
	case Undrained(f) && (k == KindVegetable || k == KindLegume):
		return m.wholeCan
	case Canned(f) && (k == KindVegetable || k == KindLegume || k == KindGrain):
		return m.drainedCan
	}
	return nil
}

// packsBySubgroup are the packs of the CIQUAL subgroups whose packing is not their kind's.
var packsBySubgroup = map[string]func(market) []PackSize{
	"vegetable oils": func(m market) []PackSize { return m.oil },
	"fish oils":      func(m market) []PackSize { return m.oil },
	"butters":        func(m market) []PackSize { return m.butter },
	"margarines":     func(m market) []PackSize { return m.butter },
	"flours":         func(m market) []PackSize { return m.flour },
	"jam":            func(m market) []PackSize { return m.jam },
	"raw meat":       func(m market) []PackSize { return m.meat },
	"cooked meat":    func(m market) []PackSize { return m.meat },
	"fish, raw":      func(m market) []PackSize { return m.fish },
	"seafood, raw":   func(m market) []PackSize { return m.fish },
	"fish, cooked":   func(m market) []PackSize { return m.fish },
}

// packsByKind are the packs of each kind of food sold packed.
var packsByKind = map[Kind]func(market) []PackSize{
	KindGrain:      func(m market) []PackSize { return m.dry },
	KindLegume:     func(m market) []PackSize { return m.dry },
	KindEgg:        func(m market) []PackSize { return m.egg },
	KindTuber:      func(m market) []PackSize { return m.potato },
	KindMeat:       func(m market) []PackSize { return m.deli },
	KindDeli:       func(m market) []PackSize { return m.deli },
	KindFish:       func(m market) []PackSize { return m.fish },
	KindMilk:       func(m market) []PackSize { return m.milk },
	KindDairy:      func(m market) []PackSize { return m.dairy },
	KindCheese:     func(m market) []PackSize { return m.cheese },
	KindCream:      func(m market) []PackSize { return m.cream },
	KindNut:        func(m market) []PackSize { return m.nut },
	KindCereal:     func(m market) []PackSize { return m.cereal },
	KindSweetener:  func(m market) []PackSize { return m.sugar },
	KindVegetarian: func(m market) []PackSize { return m.tofu },
	KindSauce:      func(m market) []PackSize { return m.sauce },
	KindDrink:      func(m market) []PackSize { return m.drink },
	KindFat:        func(m market) []PackSize { return m.butter },
}

// Buy chooses what to buy for grams of food (grams of what is bought: dry weight for a food
// bought dry): loose food rounded up to the step; packed food in the packs that waste least,
// then the fewest packs. It returns the packs, largest first, and the grams bought.
func (p Packing) Buy(grams float64) ([]PackCount, float64) {
	if grams <= 0 {
		return nil, 0
	}
	if len(p.Packs) == 0 {
		st := p.Step
		if st <= 0 {
			st = 100
		}
		return nil, math.Ceil(grams/st-1e-9) * st
	}
	largest := p.Packs[len(p.Packs)-1]
	maxK := int(math.Ceil(grams/largest.Grams - 1e-9))
	bestTotal, bestN := math.Inf(1), 0
	var best []PackCount
	for k := 0; k <= maxK; k++ {
		rest := grams - float64(k)*largest.Grams
		for _, sz := range p.Packs {
			m := 0
			if rest > 1e-9 {
				m = int(math.Ceil(rest/sz.Grams - 1e-9))
			}
			total, n := float64(k)*largest.Grams+float64(m)*sz.Grams, k+m
			if total > bestTotal+1e-9 || (math.Abs(total-bestTotal) <= 1e-9 && n >= bestN) {
				continue
			}
			bestTotal, bestN = total, n
			switch {
			case sz == largest:
				best = []PackCount{{Count: n, Grams: sz.Grams, Label: sz.Label}}
			case k == 0:
				best = []PackCount{{Count: m, Grams: sz.Grams, Label: sz.Label}}
			case m == 0:
				best = []PackCount{{Count: k, Grams: largest.Grams, Label: largest.Label}}
			default:
				best = []PackCount{{Count: k, Grams: largest.Grams, Label: largest.Label}, {Count: m, Grams: sz.Grams, Label: sz.Label}}
			}
		}
	}
	return best, bestTotal
}

// BuildShoppingList merges the recipes' ingredients over days, each recipe cooked whole once a
// day (ValidateDays first). foods must hold every ingredient's food.
func BuildShoppingList(recipes []Recipe, foods map[int]Food, days int, pricing Pricing) (ShoppingList, error) {
	portions := make([]int, len(recipes))
	for i, r := range recipes {
		portions[i] = max(r.Servings, 1) * days
	}
	return BuildShoppingListOfPortions(recipes, portions, foods, days, pricing)
}

// BuildShoppingListOfPortions buys portions[i] portions of recipes[i] over days: a recipe's
// ingredients (for its Servings) scaled by portions ÷ Servings, so the list buys exactly what
// the meal prep's schedule eats (domain/mealprep ScheduleOf). foods must hold every
// ingredient's food.
func BuildShoppingListOfPortions(recipes []Recipe, portions []int, foods map[int]Food, days int, pricing Pricing) (ShoppingList, error) {
	if err := ValidateDays(days); err != nil {
		return ShoppingList{}, err
	}
	if len(portions) != len(recipes) {
		return ShoppingList{}, fmt.Errorf("shopping list: %d portion counts for %d recipes", len(portions), len(recipes))
	}
	needed := map[int]float64{}
	for i, r := range recipes {
		scale := float64(portions[i]) / float64(max(r.Servings, 1))
		for _, ing := range r.Ingredients {
			if _, ok := foods[ing.FoodCode]; !ok {
				return ShoppingList{}, fmt.Errorf("shopping list: %w %d", ErrUnknownFood, ing.FoodCode)
			}
			needed[ing.FoodCode] += float64(ing.Grams) * scale
		}
	}
	cur := pricing.Currency
	if cur == "" {
		cur = EUR
	}
	list := ShoppingList{Days: days, Currency: cur, Estimated: true}
	byAisle := map[Aisle][]ShoppingItem{}
	total := 0.0
	for code, g := range needed {
		if g <= 0 {
			continue
		}
		f := foods[code]
		form, need := PurchaseOf(f, g)
		packs, buy := PackingIn(f, pricing.Units).Buy(need)
		perKg := pricing.Table.DryPerKgEUR(f) // dry product for a cooked grain or pulse
		if form == BoughtRawForm {
			perKg *= CookedYield[f.Subgroup] // the table prices the cooked kilo
		}
		cost := Money(perKg*buy/1000, cur, pricing.rate())
		total += cost
		a := AisleOf(f)
		if packs == nil {
			packs = []PackCount{}
		}
		byAisle[a] = append(byAisle[a], ShoppingItem{FoodCode: code, Name: f.Name, Aisle: a, NeededG: round(g, 1),
			Form: form, FormG: round(need, 1), PurchaseG: buy, Packs: packs, Cost: round(cost, 2)})
	}
	for _, a := range Aisles {
		items := byAisle[a]
		if len(items) == 0 {
			continue
		}
		slices.SortFunc(items, func(x, y ShoppingItem) int { return strings.Compare(x.Name.FR, y.Name.FR) })
		list.Aisles = append(list.Aisles, AisleItems{Aisle: a, Items: items})
	}
	list.Total = round(total, 2)
	return list, nil
}

// formNames say what is bought when it is not what the recipe uses.
var formNames = map[Form]Text{BoughtDryForm: {FR: "sec", EN: "dry"}, BoughtRawForm: {FR: "cru", EN: "raw"}}

// Quantity writes what to buy for people: the packs ("barquette de 400 g", "2 × paquet de
// 500 g (1 kg)") or, for loose food, the mass in the person's units ("300 g", "11 oz"); a food
// bought dry or raw says so ("sec", "cru"). The mass follows packs when there are several or
// the person counts in pounds.
func (it ShoppingItem) Quantity(units Units, locale string) string {
	mass := FormatMass(it.PurchaseG, units, locale)
	form := formNames[it.Form].In(locale)
	if len(it.Packs) == 0 {
		if form != "" {
			return mass + " (" + form + ")"
		}
		return mass
	}
	times := " × "
	if locale != "en" {
		times = "\u00a0×\u00a0"
	}
	parts := make([]string, 0, len(it.Packs))
	for _, p := range it.Packs {
		if p.Count == 1 {
			parts = append(parts, p.Label.In(locale))
		} else {
			parts = append(parts, fmt.Sprintf("%d%s%s", p.Count, times, p.Label.In(locale)))
		}
	}
	var notes []string
	if len(it.Packs) > 1 || it.Packs[0].Count > 1 || units == Imperial {
		notes = append(notes, mass)
	}
	if form != "" {
		notes = append(notes, form)
	}
	q := strings.Join(parts, " + ")
	if len(notes) > 0 {
		q += " (" + strings.Join(notes, ", ") + ")"
	}
	return q
}

// AisleName is an aisle's name in the locale.
func AisleName(a Aisle, locale string) string {
	return aisleNames[a].In(locale)
}

var aisleNames = map[Aisle]Text{
	AisleProduce:   {FR: "Fruits et légumes", EN: "Fruit and vegetables"},
	AisleBakery:    {FR: "Boulangerie", EN: "Bakery"},
	AisleMeatFish:  {FR: "Boucherie et poissonnerie", EN: "Meat and fish"},
	AisleDairyEggs: {FR: "Crèmerie et œufs", EN: "Dairy and eggs"},
	AisleFresh:     {FR: "Rayon frais", EN: "Chilled"},
	AisleGrocery:   {FR: "Épicerie", EN: "Grocery"},
	AisleDrinks:    {FR: "Boissons", EN: "Drinks"},
	AisleOther:     {FR: "Divers", EN: "Other"},
}

// Text renders the list as plain text to copy into a notes app or a message.
func (l ShoppingList) Text(locale string, units Units) string {
	var b strings.Builder
	if locale == "en" {
		day := "days"
		if l.Days == 1 {
			day = "day"
		}
		fmt.Fprintf(&b, "Shopping list for %d %s\n", l.Days, day)
	} else {
		jour := "jours"
		if l.Days == 1 {
			jour = "jour"
		}
		fmt.Fprintf(&b, "Liste de courses pour %d\u00a0%s\n", l.Days, jour)
	}
	for _, a := range l.Aisles {
		fmt.Fprintf(&b, "\n%s\n", AisleName(a.Aisle, locale))
		for _, it := range a.Items {
			colon := "\u00a0:"
			if locale == "en" {
				colon = ":"
			}
			fmt.Fprintf(&b, "- %s%s %s\n", it.Name.In(locale), colon, it.Quantity(units, locale))
		}
	}
	if locale == "en" {
		fmt.Fprintf(&b, "\nEstimated total: %s\n", FormatMoney(l.Total, l.Currency, locale))
	} else {
		fmt.Fprintf(&b, "\nTotal estimé\u00a0: %s\n", FormatMoney(l.Total, l.Currency, locale))
	}
	return b.String()
}
