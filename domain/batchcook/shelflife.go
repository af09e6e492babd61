// Package batchcook builds the batch-cooking plan of a meal prep: which recipes to cook
// in which session, how much of each food, the order of work across the oven and the hob, one
// labelled box per person and meal (fridge or freezer by the shelf-life table) and each person's
// plate from the shared pan. Pure rules: no SQL, no HTTP; the app layer gives it the recipes,
// the foods, the household and the shelf-life table.
package batchcook

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gamelle/gamelle/domain/nutrition"
)

// ShelfKind is a kind of cooked food with its own shelf life (data/shelflife/shelflife.csv).
type ShelfKind string

// Shelf kinds of the table.
const (
	ShelfMeat       ShelfKind = "cooked_meat"
	ShelfFish       ShelfKind = "cooked_fish"
	ShelfEggs       ShelfKind = "cooked_eggs"
	ShelfGrains     ShelfKind = "cooked_grains"
	ShelfVegetables ShelfKind = "cooked_vegetables"
	ShelfRawVeg     ShelfKind = "raw_vegetables"
	ShelfSauces     ShelfKind = "sauces"
	ShelfDairy      ShelfKind = "dairy"
	ShelfDishes     ShelfKind = "cooked_dishes"
	// ShelfNone: fats, herbs and spices, which cook into the dish and limit nothing.
	ShelfNone ShelfKind = ""
)

// ShelfLife is how long a kind keeps: days in the fridge after the cooking day, and whether it
// may be frozen.
type ShelfLife struct {
	FridgeDays    int  `json:"fridgeDays"`
	Freezes       bool `json:"freezes"`
	FreezerMonths int  `json:"freezerMonths"`
}

// ShelfTable is the shelf life of every kind.
type ShelfTable map[ShelfKind]ShelfLife

// ErrShelfTable: the shipped table is malformed or misses a kind.
var ErrShelfTable = errors.New("batchcook: shelf-life table")

// ParseShelfTable reads data/shelflife/shelflife.csv; every kind must be there.
func ParseShelfTable(r io.Reader) (ShelfTable, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrShelfTable, err)
	}
	t := ShelfTable{}
	for i, row := range rows {
		if i == 0 {
			continue
		}
		if len(row) < 4 {
			return nil, fmt.Errorf("%w: line %d has %d columns", ErrShelfTable, i+1, len(row))
		}
		days, err1 := strconv.Atoi(row[1])
		months, err2 := strconv.Atoi(row[3])
		if err1 != nil || err2 != nil || days < 0 || (row[2] != "yes" && row[2] != "no") {
			return nil, fmt.Errorf("%w: line %d", ErrShelfTable, i+1)
		}
		t[ShelfKind(strings.TrimSpace(row[0]))] = ShelfLife{FridgeDays: days, Freezes: row[2] == "yes", FreezerMonths: months}
	}
	for _, k := range []ShelfKind{ShelfMeat, ShelfFish, ShelfEggs, ShelfGrains, ShelfVegetables, ShelfRawVeg, ShelfSauces, ShelfDairy, ShelfDishes} {
		if _, ok := t[k]; !ok {
			return nil, fmt.Errorf("%w: no row for %s", ErrShelfTable, k)
		}
	}
	return t, nil
}

// ShelfKindOf is the shelf kind of a food as a recipe prepares it (heated: cooked or reheated in
// the recipe).
func ShelfKindOf(k nutrition.Kind, heated bool) ShelfKind {
	switch k {
	case nutrition.KindMeat, nutrition.KindDeli:
		return ShelfMeat
	case nutrition.KindFish:
		return ShelfFish
	case nutrition.KindEgg:
		return ShelfEggs
	case nutrition.KindGrain, nutrition.KindTuber, nutrition.KindLegume, nutrition.KindBread, nutrition.KindCereal:
		return ShelfGrains
	case nutrition.KindVegetable:
		if heated {
			return ShelfVegetables
		}
		return ShelfRawVeg
	case nutrition.KindVegetarian:
		return ShelfVegetables
	case nutrition.KindSauce:
		return ShelfSauces
	case nutrition.KindCream, nutrition.KindCheese, nutrition.KindDairy, nutrition.KindMilk:
		return ShelfDairy
	case nutrition.KindFat, nutrition.KindSeasoning, nutrition.KindSweetener:
		return ShelfNone
	}
	return ShelfDishes
}
