// Package mealprep is the meal-prep aggregate: one event stream per meal prep
// ("mealprep-<id>") holding its foods, the recipe generation requests made on it and the recipes
// they produced. Rules (quantities, counts, categories, names, who may generate what) live here.
//
// Events carry ids, food codes and numbers only. Text the person types (the meal prep's name, a
// recipe's new name) is not in the log: the command handler stores it in a plain table owned by
// the person, so erasing the person erases the text. Generated recipe names and steps come from
// the engine's templates and carry nothing personal.
//
// The package is pure: no SQL, no HTTP. app code runs the commands against the event store.
package mealprep

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/domain/text"
)

// StreamPrefix starts every meal-prep stream id.
const StreamPrefix = "mealprep-"

// StreamID is the event stream of a meal prep.
func StreamID(id uuid.UUID) string { return StreamPrefix + id.String() }

// IDFromStream parses a meal-prep stream id back into the meal prep's id.
func IDFromStream(streamID string) (uuid.UUID, error) {
	rest, ok := strings.CutPrefix(streamID, StreamPrefix)
	if !ok {
		return uuid.Nil, fmt.Errorf("mealprep: %q is not a meal-prep stream", streamID)
	}
	id, err := uuid.Parse(rest)
	if err != nil {
		return uuid.Nil, fmt.Errorf("mealprep: stream %q: %w", streamID, err)
	}
	return id, nil
}

// Limits of the rules ("Bad input").
const (
	// MaxGrams is the largest quantity of one food: 5 kg.
	MaxGrams = 5000
	// MaxFoodCode is the largest food code: codes (CIQUAL's and custom foods') are 32-bit.
	MaxFoodCode = 1<<31 - 1
	// MinCount and MaxCount bound how many recipes one request asks for.
	MinCount = 1
	MaxCount = 10
	// MaxNameRunes bounds meal-prep and recipe names.
	MaxNameRunes = 80
	// MaxFoods bounds the foods of one meal prep, which bounds the generator's input.
	MaxFoods = 60
	// MaxServings bounds a recipe's servings.
	MaxServings = 20
	// MaxIngredients bounds a recipe's ingredient list.
	MaxIngredients = 12
)

// Category is the meal a recipe is for: the recipe engine's category, so a request's category
// passes to the engine and its recipes come back without conversion.
type Category = nutrition.Category

// Categories (docs/product.md §3).
const (
	Breakfast   = nutrition.Breakfast
	LunchDinner = nutrition.LunchDinner
	Snack       = nutrition.Snack
)

// Categories lists the categories in display order.
var Categories = nutrition.Categories

// ParseCategory accepts one of Categories.
func ParseCategory(s string) (Category, error) {
	for _, c := range Categories {
		if string(c) == s {
			return c, nil
		}
	}
	return "", fmt.Errorf("%w: %q", ErrInvalidCategory, s)
}

// Domain errors. Handlers map them to translated field errors.
var (
	ErrInvalidName        = fault.New(fault.Invalid, "name", "mealprep.error.name", "mealprep: name must be 1 to 80 characters")
	ErrInvalidGrams       = fault.New(fault.Invalid, "grams", "mealprep.error.grams", "mealprep: quantity must be more than 0 g and at most 5 kg")
	ErrInvalidFoodCode    = fault.New(fault.Invalid, "foodCode", "mealprep.error.food_unknown", "mealprep: food code must be a positive number")
	ErrInvalidCount       = fault.New(fault.Invalid, "count", "mealprep.error.count", "mealprep: count must be 1 to 10")
	ErrInvalidCategory    = fault.New(fault.Invalid, "category", "mealprep.error.category", "mealprep: unknown category")
	ErrInvalidServings    = fault.New(fault.Invalid, "servings", "mealprep.error.servings", "mealprep: servings must be 1 to 20")
	ErrInvalidIngredients = fault.New(fault.Invalid, "ingredients", "mealprep.error.ingredients", "mealprep: a recipe has 1 to 12 distinct ingredients")
	ErrNoFoods            = fault.New(fault.Conflict, "form", "mealprep.error.no_foods", "mealprep: add foods before generating recipes")
	ErrTooManyFoods       = fault.New(fault.Conflict, "foodCode", "mealprep.error.too_many_foods", "mealprep: too many foods")
	ErrFoodNotFound       = fault.New(fault.Conflict, "foodCode", "mealprep.error.food_absent", "mealprep: food not in this meal prep")
	ErrRecipeNotFound     = fault.New(fault.NotFound, "", "", "mealprep: recipe not found")
	ErrRequestNotFound    = errors.New("mealprep: generation request not found")
	ErrRequestExists      = errors.New("mealprep: generation request already made")
	ErrRequestClosed      = errors.New("mealprep: generation request already finished")
	ErrIndexOutOfRange    = errors.New("mealprep: recipe index outside the request")
	ErrNotFound           = fault.New(fault.NotFound, "", "", "mealprep: meal prep not found")
	ErrAlreadyExists      = errors.New("mealprep: meal prep already exists")
	ErrNotOwner           = errors.New("mealprep: not the owner")
	// ErrAlreadyReplaced: a regeneration names a recipe that another regeneration has replaced,
	// or will replace once its job runs (docs/mealprep.md, "Keep and regenerate").
	ErrAlreadyReplaced = fault.New(fault.Conflict, "regenerate", "batchcook.error.already_replaced", "mealprep: recipe already replaced or being replaced")
)

// CheckName validates a meal-prep or recipe name and returns it trimmed.
func CheckName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || !utf8.ValidString(name) || utf8.RuneCountInString(name) > MaxNameRunes || text.Check(name) != nil {
		return "", ErrInvalidName
	}
	return name, nil
}

// CheckFoodCode validates a food code's range (whether the food exists is the caller's to ask).
func CheckFoodCode(code int) error {
	if code <= 0 || code > MaxFoodCode {
		return fmt.Errorf("%w: %d", ErrInvalidFoodCode, code)
	}
	return nil
}

// CheckStock validates what the person has of a meal prep's food: 0 (not said, no limit) or a
// quantity CheckGrams accepts. The recipes never use more of the food than that.
func CheckStock(g int) error {
	if g == 0 {
		return nil
	}
	return CheckGrams(g)
}

// CheckGrams validates a quantity.
func CheckGrams(g int) error {
	if g <= 0 || g > MaxGrams {
		return fmt.Errorf("%w: %d", ErrInvalidGrams, g)
	}
	return nil
}

// CheckCount validates how many recipes a request asks for.
func CheckCount(n int) error {
	if n < MinCount || n > MaxCount {
		return fmt.Errorf("%w: %d", ErrInvalidCount, n)
	}
	return nil
}

// CheckIngredients validates a recipe's ingredient list.
func CheckIngredients(ings []Ingredient) error {
	if len(ings) == 0 || len(ings) > MaxIngredients {
		return fmt.Errorf("%w: %d ingredients", ErrInvalidIngredients, len(ings))
	}
	seen := make(map[int]bool, len(ings))
	for _, in := range ings {
		if err := CheckFoodCode(in.FoodCode); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalidIngredients, err)
		}
		if seen[in.FoodCode] {
			return fmt.Errorf("%w: food %d twice", ErrInvalidIngredients, in.FoodCode)
		}
		seen[in.FoodCode] = true
		if err := CheckGrams(in.Grams); err != nil {
			return fmt.Errorf("%w: food %d: %w", ErrInvalidIngredients, in.FoodCode, err)
		}
	}
	return nil
}
