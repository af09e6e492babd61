package baseline

import (
	"errors"
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
