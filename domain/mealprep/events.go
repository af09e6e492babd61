package mealprep

import (
	"encoding/json"
	"errors"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/eventcodec"
)

// Stable event type names. Change a payload incompatibly by adding a .v2, never by editing.
const (
	TypeMealPrepCreated           = "MealPrepCreated.v1"
	TypeMealPrepRenamed           = "MealPrepRenamed.v1"
	TypeMealPrepDuplicated        = "MealPrepDuplicated.v1"
	TypeMealPrepDeleted           = "MealPrepDeleted.v1"
	TypeFoodAdded                 = "FoodAdded.v1"
	TypeFoodQuantityChanged       = "FoodQuantityChanged.v1"
	TypeFoodRemoved               = "FoodRemoved.v1"
	TypeRecipeGenerationRequested = "RecipeGenerationRequested.v1"
	TypeRecipeGenerated           = "RecipeGenerated.v1"
	TypeRecipeGenerationFailed    = "RecipeGenerationFailed.v1"
	TypeRecipeUpdated             = "RecipeUpdated.v1"
	TypeRecipeDeleted             = "RecipeDeleted.v1"
	TypeRecipeKept                = "RecipeKept.v1"
	TypeRecipeReplaced            = "RecipeReplaced.v1"
	TypeRecipeFoodSwapped         = "RecipeFoodSwapped.v1"
)

// Event is a meal-prep event.
type Event interface {
	// EventType is the stable versioned name.
	EventType() string
}

// MealPrepCreated starts a meal prep. The name is stored beside the log (see the package doc).
type MealPrepCreated struct {
	OwnerID uuid.UUID `json:"ownerID"`
}

// MealPrepRenamed says the person renamed the meal prep; the name itself is stored beside the log.
type MealPrepRenamed struct{}

// MealPrepDuplicated starts a meal prep as a copy of another one's foods (FoodAdded events follow
// in the same append). Recipes are not copied.
type MealPrepDuplicated struct {
	OwnerID uuid.UUID `json:"ownerID"`
	FromID  uuid.UUID `json:"fromID"`
}

// MealPrepDeleted closes the meal prep: it disappears from lists and refuses every command.
type MealPrepDeleted struct{}

// FoodAdded puts a food (CIQUAL or custom code) in the meal prep with a quantity.
type FoodAdded struct {
	FoodCode int `json:"foodCode"`
	Grams    int `json:"grams"`
}

// FoodQuantityChanged sets a food's quantity.
type FoodQuantityChanged struct {
	FoodCode int `json:"foodCode"`
	Grams    int `json:"grams"`
}

// FoodRemoved takes a food out of the meal prep.
type FoodRemoved struct {
	FoodCode int `json:"foodCode"`
}

// RecipeGenerationRequested records a paid request for count recipes of a category. The tokens
// were charged under the request id (the ledger's charge ref) in the same transaction.
type RecipeGenerationRequested struct {
	RequestID uuid.UUID `json:"requestID"`
	Category  Category  `json:"category"`
	Count     int       `json:"count"`
	// Replaces, on a regeneration, is the recipe each index replaces: its recipe,
	// once made, takes the old one's place (RecipeReplaced). Absent on a plain request.
	Replaces []uuid.UUID `json:"replaces,omitempty"`
	// Target, on a regeneration, is the per-serving target that closes the day's gap to the
	// goals with the recipes kept; absent: the person's meal target.
	Target *Macros `json:"target,omitempty"`
	// Larger are foods of the meal prep the person takes in a larger serving than usual for
	// this request (a refusal's "more of" suggestion, applied); absent: usual servings.
	Larger []int `json:"larger,omitempty"`
}

// RecipeKept marks a recipe kept (or no longer kept): "regenerate the rest" leaves it.
type RecipeKept struct {
	RecipeID uuid.UUID `json:"recipeID"`
	Kept     bool      `json:"kept"`
}

// RecipeReplaced takes a recipe out of the list for the one regenerated in its place; the old
// recipe stays in the log.
type RecipeReplaced struct {
	OldRecipeID uuid.UUID `json:"oldRecipeID"`
	NewRecipeID uuid.UUID `json:"newRecipeID"`
}

// RecipeFoodSwapped replaces one ingredient with another food; the engine re-solved the
// quantities (Ingredients, whole recipe) and rewrote the name and steps (template output).
// Nutrition, price and score are recomputed as for RecipeUpdated.
type RecipeFoodSwapped struct {
	RecipeID        uuid.UUID    `json:"recipeID"`
	FromFoodCode    int          `json:"fromFoodCode"`
	ToFoodCode      int          `json:"toFoodCode"`
	Ingredients     []Ingredient `json:"ingredients"`
	Nutrition       Nutrition    `json:"nutrition"`
	PriceCents      int          `json:"priceCents"`
	HealthScore     *int         `json:"healthScore,omitempty"`
	HealthGrade     string       `json:"healthGrade,omitempty"`
	WithinTolerance bool         `json:"withinTolerance"`
	NameFR          string       `json:"nameFr"`
	NameEN          string       `json:"nameEn"`
	StepsFR         []string     `json:"stepsFr"`
	StepsEN         []string     `json:"stepsEn"`
	DurationMin     int          `json:"durationMin"`
}

// RecipeGenerated adds the recipe made for one index (0..count-1) of a request. At most one per
// request and index, so a retried job never makes a second recipe.
type RecipeGenerated struct {
	RequestID uuid.UUID `json:"requestID"`
	Index     int       `json:"index"`
	Recipe    Recipe    `json:"recipe"`
}

// RecipeGenerationFailed ends a request that could not make all its recipes. Unfulfilled tokens
// are refunded (once, keyed by the request) in the same transaction. Reason is a code the page
// translates (FailureReason); DiagnosisFR/EN, when the engine refused the request, say what to
// change (absent in events recorded before diagnoses existed, and for failures it cannot explain).
type RecipeGenerationFailed struct {
	RequestID   uuid.UUID     `json:"requestID"`
	Reason      FailureReason `json:"reason"`
	Unfulfilled int           `json:"unfulfilled"`
	DiagnosisFR string        `json:"diagnosisFr,omitempty"`
	DiagnosisEN string        `json:"diagnosisEn,omitempty"`
	// Suggestion is the diagnosis's change as data, when the engine checked one (absent before
	// suggestions were recorded): the page offers it as an action.
	Suggestion *Advice `json:"suggestion,omitempty"`
}

// Diagnosis is the engine's one change that would make a refused request possible, in French
// and English; empty when there is none to tell. Suggestion is that change as data, when the
// engine checked one.
type Diagnosis struct {
	FR, EN     string
	Suggestion *Advice
}

// Advice is a change the engine checked makes a refused request feasible
// (docs/nutrition.md, "Accuracy and tolerance"), as `gamelle nutrition solve` prints it: Action is add_food
// (any one of FoodCodes, or both when Pair), more_of (more of a food the meal prep holds) or
// raise_price_limit (to PriceLimit, in the person's currency).
type Advice struct {
	Action     string  `json:"action"`
	FoodCodes  []int   `json:"foodCodes,omitempty"`
	PriceLimit float64 `json:"priceLimit,omitempty"`
	Pair       bool    `json:"pair,omitempty"`
}

// RecipeUpdated changes a recipe's servings or ingredients (nutrition and price recomputed by
// the command handler from food data) or records that it was renamed (name stored beside the log).
type RecipeUpdated struct {
	RecipeID    uuid.UUID    `json:"recipeID"`
	Renamed     bool         `json:"renamed,omitempty"`
	Servings    int          `json:"servings,omitempty"`
	Ingredients []Ingredient `json:"ingredients,omitempty"`
	// Nutrition is the whole recipe's recomputed nutrition when ingredients changed.
	Nutrition *Nutrition `json:"nutrition,omitempty"`
	// PriceCents is the recomputed price estimate of the whole recipe (EUR cents).
	PriceCents *int `json:"priceCents,omitempty"`
	// HealthScore and HealthGrade are the recomputed Nutri-Score (absent in events recorded
	// before edits recomputed it: the old score then stays).
	HealthScore *int   `json:"healthScore,omitempty"`
	HealthGrade string `json:"healthGrade,omitempty"`
}

// RecipeDeleted removes a recipe.
type RecipeDeleted struct {
	RecipeID uuid.UUID `json:"recipeID"`
}

// FailureReason says why a request ended without all its recipes.
type FailureReason string

// Failure reasons; each has a translation on the page.
const (
	// FailureGenerator: the generator failed on every attempt.
	FailureGenerator FailureReason = "generator_error"
	// FailureTimeout: the generator did not answer in time on the last attempt.
	FailureTimeout FailureReason = "timeout"
	// FailureDeleted: the meal prep was deleted before the recipes were made.
	FailureDeleted FailureReason = "mealprep_deleted"
	// FailureNoFoods: the meal prep had no usable foods when the job ran.
	FailureNoFoods FailureReason = "no_foods"
	// FailureTolerance: recipes missed the published tolerance on a feasible target; they are
	// kept and their tokens refunded.
	FailureTolerance FailureReason = "out_of_tolerance"
	// FailureTooFew: the foods make fewer distinct recipes than asked (the engine never returns
	// the same plate twice); the missing ones are refunded.
	FailureTooFew FailureReason = "too_few_recipes"
	// FailureInconsistentTarget: the person's calorie goal contradicts their macronutrients
	// (4/9/4 kcal per g, beyond 15 %); no recipe can honour both.
	FailureInconsistentTarget FailureReason = "inconsistent_target"
	// FailureUnreachable: the meal prep's foods make plates of the meal but none meets the
	// target; the engine's closest plate is not kept, its diagnosis says which change would.
	FailureUnreachable FailureReason = "target_unreachable"
)

// Ingredient is a food and its quantity in a recipe.
type Ingredient struct {
	FoodCode int `json:"foodCode"`
	Grams    int `json:"grams"`
}

// Macros are energy and macronutrients.
type Macros struct {
	Kcal     float64 `json:"kcal"`
	ProteinG float64 `json:"proteinG"`
	FatG     float64 `json:"fatG"`
	CarbsG   float64 `json:"carbsG"`
}

// Nutrition is what a quantity of food provides: macros and the other per-100 g nutrients of
// the food table.
type Nutrition struct {
	Macros
	SatFatG  float64 `json:"satFatG"`
	FibreG   float64 `json:"fibreG"`
	SugarsG  float64 `json:"sugarsG"`
	SaltG    float64 `json:"saltG"`
	SodiumMg float64 `json:"sodiumMg"`
}

// Recipe is what the generator produced, as stored in RecipeGenerated. Names and steps are
// template output in both languages; numbers were computed from food data.
type Recipe struct {
	ID          uuid.UUID    `json:"id"`
	Category    Category     `json:"category"`
	Servings    int          `json:"servings"`
	Ingredients []Ingredient `json:"ingredients"`
	// Target is the meal target per serving; Nutrition is the whole recipe's.
	Target    Macros    `json:"target"`
	Nutrition Nutrition `json:"nutrition"`
	// WithinTolerance: per serving, every macro within the published tolerance of the target.
	WithinTolerance bool `json:"withinTolerance"`
	// Feasible: the foods could meet the target (a miss on a feasible target is refunded).
	Feasible bool `json:"feasible"`
	// ExplanationFR/EN say which macro cannot be met and what would fix it, when so.
	ExplanationFR string `json:"explanationFr,omitempty"`
	ExplanationEN string `json:"explanationEn,omitempty"`
	DurationMin   int    `json:"durationMin"`
	PriceCents    int    `json:"priceCents"`
	// HealthScore and HealthGrade are empty until the engine computes them.
	HealthScore *int   `json:"healthScore,omitempty"`
	HealthGrade string `json:"healthGrade,omitempty"`
	// Generator names what made the recipe ("builtin", "ai", or "ai_fallback").
	Generator string `json:"generator"`
	// Dish is the dish form the engine wrote the recipe as (docs/nutrition.md, "Dish forms");
	// absent in recipes made before dish forms.
	Dish    string   `json:"dish,omitempty"`
	NameFR  string   `json:"nameFr"`
	NameEN  string   `json:"nameEn"`
	StepsFR []string `json:"stepsFr,omitempty"`
	StepsEN []string `json:"stepsEn,omitempty"`
}

// EventType implements Event.
func (MealPrepCreated) EventType() string { return TypeMealPrepCreated }

// EventType implements Event.
func (MealPrepRenamed) EventType() string { return TypeMealPrepRenamed }

// EventType implements Event.
func (MealPrepDuplicated) EventType() string { return TypeMealPrepDuplicated }

// EventType implements Event.
func (MealPrepDeleted) EventType() string { return TypeMealPrepDeleted }

// EventType implements Event.
func (FoodAdded) EventType() string { return TypeFoodAdded }

// EventType implements Event.
func (FoodQuantityChanged) EventType() string { return TypeFoodQuantityChanged }

// EventType implements Event.
func (FoodRemoved) EventType() string { return TypeFoodRemoved }

// EventType implements Event.
func (RecipeGenerationRequested) EventType() string { return TypeRecipeGenerationRequested }

// EventType implements Event.
func (RecipeGenerated) EventType() string { return TypeRecipeGenerated }

// EventType implements Event.
func (RecipeGenerationFailed) EventType() string { return TypeRecipeGenerationFailed }

// EventType implements Event.
func (RecipeUpdated) EventType() string { return TypeRecipeUpdated }

// EventType implements Event.
func (RecipeDeleted) EventType() string { return TypeRecipeDeleted }

// EventType implements Event.
func (RecipeKept) EventType() string { return TypeRecipeKept }

// EventType implements Event.
func (RecipeReplaced) EventType() string { return TypeRecipeReplaced }

// EventType implements Event.
func (RecipeFoodSwapped) EventType() string { return TypeRecipeFoodSwapped }

// ErrUnknownEventType is returned by Decode for a type this package does not know.
var ErrUnknownEventType = errors.New("mealprep: unknown event type")

// IsMealPrepEvent reports whether eventType belongs to a meal-prep stream.
func IsMealPrepEvent(eventType string) bool {
	return codec.Knows(eventType)
}

func decodeInto[T Event](payload []byte) (Event, error) {
	var v T
	if err := json.Unmarshal(payload, &v); err != nil {
		return nil, err
	}
	return v, nil
}

// codec lists the area's event types, each with the Go type it decodes into.
var codec = eventcodec.New("mealprep", ErrUnknownEventType, map[string]func([]byte) (Event, error){
	TypeMealPrepCreated:           decodeInto[MealPrepCreated],
	TypeMealPrepRenamed:           decodeInto[MealPrepRenamed],
	TypeMealPrepDuplicated:        decodeInto[MealPrepDuplicated],
	TypeMealPrepDeleted:           decodeInto[MealPrepDeleted],
	TypeFoodAdded:                 decodeInto[FoodAdded],
	TypeFoodQuantityChanged:       decodeInto[FoodQuantityChanged],
	TypeFoodRemoved:               decodeInto[FoodRemoved],
	TypeRecipeGenerationRequested: decodeInto[RecipeGenerationRequested],
	TypeRecipeGenerated:           decodeInto[RecipeGenerated],
	TypeRecipeGenerationFailed:    decodeInto[RecipeGenerationFailed],
	TypeRecipeUpdated:             decodeInto[RecipeUpdated],
	TypeRecipeDeleted:             decodeInto[RecipeDeleted],
	TypeShoppingItemTicked:        decodeInto[ShoppingItemTicked],
	TypeRecipeKept:                decodeInto[RecipeKept],
	TypeRecipeReplaced:            decodeInto[RecipeReplaced],
	TypeRecipeFoodSwapped:         decodeInto[RecipeFoodSwapped],
})

// Decode turns a stored event back into its Go value.
func Decode(eventType string, payload []byte) (Event, error) { return codec.Decode(eventType, payload) }
