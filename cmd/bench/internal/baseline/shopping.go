package baseline

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// The shopping list: every ingredient of a meal prep's recipes (each recipe cooked once a day,
// all its servings) over a number of days, merged by food, rounded up to what a shop sells,
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
	// NeededG is what the recipes use; PurchaseG is rounded up to the food's purchase step.
	NeededG   float64 `json:"neededG"`
	PurchaseG float64 `json:"purchaseG"`
	// Cost is the estimate for PurchaseG in the list's currency.
	Cost float64 `json:"cost"`
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

// purchaseStep is the quantity shops sell a kind in (grams): loose produce by 100 g, meat at the
// counter by 50 g, dry goods by the 500 g pack… Cooked grains and legumes (bought cooked or canned)
// go by 250 g.
var purchaseStep = map[Kind]float64{
	KindMeat: 50, KindFish: 50, KindDeli: 50, KindEgg: 60, KindLegume: 500, KindVegetarian: 200,
	KindVegetable: 100, KindFruit: 100, KindNut: 100, KindTuber: 500, KindGrain: 500, KindBread: 250,
	KindCereal: 250, KindMilk: 500, KindDairy: 125, KindCheese: 100, KindCream: 200, KindFat: 250,
	KindSweet: 100, KindSweetener: 250, KindSeasoning: 10, KindSauce: 100, KindDish: 100, KindDrink: 500,
	KindOther: 100,
}

// PurchaseAmount rounds grams up to what a shop sells of the food.
func PurchaseAmount(f Food, grams float64) float64 {
	if grams <= 0 {
		return 0
	}
	k := KindOf(f)
	st := purchaseStep[k]
	if (k == KindGrain || k == KindLegume) && f.Per100g.WaterG.Or(0) > 40 {
		st = 250
	}
	if st == 0 {
		st = 100
	}
	return math.Ceil(grams/st-1e-9) * st
}

// BuildShoppingList merges the recipes' ingredients over days (ValidateDays first). foods must
// hold every ingredient's food.
func BuildShoppingList(recipes []Recipe, foods map[int]Food, days int, pricing Pricing) (ShoppingList, error) {
	if err := ValidateDays(days); err != nil {
		return ShoppingList{}, err
	}
	needed := map[int]float64{}
	for _, r := range recipes {
		for _, ing := range r.Ingredients {
			if _, ok := foods[ing.FoodCode]; !ok {
				return ShoppingList{}, fmt.Errorf("shopping list: %w %d", ErrUnknownFood, ing.FoodCode)
			}
			needed[ing.FoodCode] += float64(ing.Grams) * float64(days)
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
		buy := PurchaseAmount(f, g)
		cost := Money(pricing.Table.PerKgEUR(f)*buy/1000, cur, pricing.rate())
		total += cost
		a := AisleOf(f)
		byAisle[a] = append(byAisle[a], ShoppingItem{FoodCode: code, Name: f.Name, Aisle: a, NeededG: g, PurchaseG: buy, Cost: round(cost, 2)})
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

// CSV renders the list for spreadsheets: one row per food with its aisle, the quantity in the
// person's units, grams to buy and the estimated cost; a final total row. French lists use ";"
// as the separator and a decimal comma, as French spreadsheets expect.
func (l ShoppingList) CSV(locale string, units Units) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	num := func(v float64) string {
		s := fmt.Sprintf("%.2f", v)
		if locale != "en" {
			s = strings.Replace(s, ".", ",", 1)
		}
		return s
	}
	if locale == "en" {
		_ = w.Write([]string{"aisle", "food", "quantity", "grams", "estimated cost (" + string(l.Currency) + ")"})
	} else {
		w.Comma = ';'
		_ = w.Write([]string{"rayon", "aliment", "quantité", "grammes", "coût estimé (" + string(l.Currency) + ")"})
	}
	for _, a := range l.Aisles {
		for _, it := range a.Items {
			_ = w.Write([]string{AisleName(a.Aisle, locale), it.Name.In(locale), FormatMass(it.PurchaseG, units, locale),
				fmt.Sprintf("%.0f", it.PurchaseG), num(it.Cost)})
		}
	}
	total := Text{FR: "Total", EN: "Total"}.In(locale)
	_ = w.Write([]string{total, "", "", "", num(l.Total)})
	w.Flush()
	return buf.Bytes()
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
			fmt.Fprintf(&b, "- %s%s %s\n", it.Name.In(locale), colon, FormatMass(it.PurchaseG, units, locale))
		}
	}
	if locale == "en" {
		fmt.Fprintf(&b, "\nEstimated total: %s\n", FormatMoney(l.Total, l.Currency, locale))
	} else {
		fmt.Fprintf(&b, "\nTotal estimé\u00a0: %s\n", FormatMoney(l.Total, l.Currency, locale))
	}
	return b.String()
}
