package mealprep

import (
	"fmt"
	"slices"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/fault"
)

// MealPrep is the aggregate. Behaviours check the rules and record events; state changes only
// when an event is applied, so replaying the stream rebuilds exactly the same meal prep.
type MealPrep struct {
	id      uuid.UUID
	owner   uuid.UUID
	version int64
	exists  bool
	deleted bool

	foods    []Ingredient // in the order they were added
	requests map[uuid.UUID]*Request
	recipes  map[uuid.UUID]*StoredRecipe
	// replaced holds the recipes a regeneration took off the list (RecipeReplaced).
	replaced map[uuid.UUID]bool
	ticks    map[int]Tick // the shopping list's, by food code (ticks.go)

	changes []Event
}

// Request is a generation request's state.
type Request struct {
	ID       uuid.UUID
	Category Category
	Count    int
	// Done holds the indexes that have their recipe.
	Done map[int]uuid.UUID
	// Failed is set once RecipeGenerationFailed was recorded.
	Failed bool
	// Replaces and Target: a regeneration's recipes to replace, by index, and its target.
	Replaces []uuid.UUID
	Target   *Macros
	// Larger: foods served larger than usual (RecipeGenerationRequested.Larger).
	Larger []int
}

// Finished reports whether the request will make no more recipes.
func (r *Request) Finished() bool { return r.Failed || len(r.Done) == r.Count }

// Unfulfilled is how many of the request's recipes were not made.
func (r *Request) Unfulfilled() int { return r.Count - len(r.Done) }

// StoredRecipe is a recipe's current state.
type StoredRecipe struct {
	RequestID   uuid.UUID
	Category    Category
	Servings    int
	Ingredients []Ingredient
	// Target is the meal target per serving the recipe was made for: an edit recomputes the
	// salt its steps add against it (docs/nutrition.md, "Salt as eaten").
	Target Macros
	// Kept: "regenerate the rest" leaves it.
	Kept bool
	// Dish is the recipe's dish form id ("curry"; empty for recipes made before dish forms).
	Dish string
}

// New is a meal prep with no stream yet.
func New(id uuid.UUID) *MealPrep {
	return &MealPrep{id: id, requests: map[uuid.UUID]*Request{}, recipes: map[uuid.UUID]*StoredRecipe{}, replaced: map[uuid.UUID]bool{}}
}

// FromHistory replays a meal prep's events in stream order.
func FromHistory(id uuid.UUID, events []Event) *MealPrep {
	m := New(id)
	for _, e := range events {
		m.apply(e)
		m.version++
	}
	return m
}

// ID is the meal prep's id.
func (m *MealPrep) ID() uuid.UUID { return m.id }

// Owner is the person the meal prep belongs to.
func (m *MealPrep) Owner() uuid.UUID { return m.owner }

// Version is the stream version the meal prep was loaded at (before uncommitted changes).
func (m *MealPrep) Version() int64 { return m.version }

// Exists reports whether the meal prep was created and not deleted.
func (m *MealPrep) Exists() bool { return m.exists && !m.deleted }

// Deleted reports whether the meal prep was deleted.
func (m *MealPrep) Deleted() bool { return m.deleted }

// Foods are the meal prep's foods in the order they were added.
func (m *MealPrep) Foods() []Ingredient { return slices.Clone(m.foods) }

// Request returns a generation request, or nil.
func (m *MealPrep) Request(id uuid.UUID) *Request { return m.requests[id] }

// Recipe returns a recipe's state, or nil.
func (m *MealPrep) Recipe(id uuid.UUID) *StoredRecipe { return m.recipes[id] }

// RecipeIDs lists the recipes (sorted, for deterministic events).
func (m *MealPrep) RecipeIDs() []uuid.UUID {
	ids := make([]uuid.UUID, 0, len(m.recipes))
	for id := range m.recipes {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
	return ids
}

// OwnedBy reports whether the meal prep exists and belongs to user. Callers answer 404 otherwise,
// so another person cannot learn that the id exists.
func (m *MealPrep) OwnedBy(user uuid.UUID) bool { return m.Exists() && m.owner == user }

// Changes are the events recorded by behaviours since the meal prep was loaded.
func (m *MealPrep) Changes() []Event { return m.changes }

func (m *MealPrep) record(e Event) {
	m.apply(e)
	m.changes = append(m.changes, e)
}

func (m *MealPrep) foodIndex(code int) int {
	return slices.IndexFunc(m.foods, func(f Ingredient) bool { return f.FoodCode == code })
}

func (m *MealPrep) apply(e Event) {
	switch e := e.(type) {
	case MealPrepCreated:
		m.exists, m.owner = true, e.OwnerID
	case MealPrepDuplicated:
		m.exists, m.owner = true, e.OwnerID
	case MealPrepDeleted:
		m.deleted = true
	case FoodAdded:
		m.foods = append(m.foods, Ingredient(e))
	case FoodQuantityChanged:
		if i := m.foodIndex(e.FoodCode); i >= 0 {
			m.foods[i].Grams = e.Grams
		}
	case FoodRemoved:
		if i := m.foodIndex(e.FoodCode); i >= 0 {
			m.foods = slices.Delete(m.foods, i, i+1)
		}
	case RecipeGenerationRequested:
		m.requests[e.RequestID] = &Request{ID: e.RequestID, Category: e.Category, Count: e.Count, Done: map[int]uuid.UUID{},
			Replaces: slices.Clone(e.Replaces), Target: e.Target, Larger: slices.Clone(e.Larger)}
	case RecipeGenerated:
		if r := m.requests[e.RequestID]; r != nil {
			r.Done[e.Index] = e.Recipe.ID
		}
		m.recipes[e.Recipe.ID] = &StoredRecipe{RequestID: e.RequestID, Dish: e.Recipe.Dish, Category: e.Recipe.Category, Servings: e.Recipe.Servings,
			Ingredients: slices.Clone(e.Recipe.Ingredients), Target: e.Recipe.Target}
	case RecipeGenerationFailed:
		if r := m.requests[e.RequestID]; r != nil {
			r.Failed = true
		}
	case RecipeUpdated:
		if r := m.recipes[e.RecipeID]; r != nil {
			if e.Servings > 0 {
				r.Servings = e.Servings
			}
			if len(e.Ingredients) > 0 {
				r.Ingredients = slices.Clone(e.Ingredients)
			}
		}
	case RecipeDeleted:
		delete(m.recipes, e.RecipeID)
	case ShoppingItemTicked:
		m.applyTick(e)
	case RecipeKept:
		if r := m.recipes[e.RecipeID]; r != nil {
			r.Kept = e.Kept
		}
	case RecipeReplaced:
		delete(m.recipes, e.OldRecipeID)
		m.replaced[e.OldRecipeID] = true
	case RecipeFoodSwapped:
		if r := m.recipes[e.RecipeID]; r != nil {
			r.Ingredients = slices.Clone(e.Ingredients)
		}
	}
}

func (m *MealPrep) live() error {
	if !m.Exists() {
		return fmt.Errorf("%w: %s", ErrNotFound, m.id)
	}
	return nil
}

// Create starts the meal prep for owner. name is checked here and stored by the caller.
func (m *MealPrep) Create(owner uuid.UUID, name string) error {
	if m.exists {
		return fmt.Errorf("%w: %s", ErrAlreadyExists, m.id)
	}
	if owner == uuid.Nil {
		return fmt.Errorf("%w: no owner", ErrNotOwner)
	}
	if _, err := CheckName(name); err != nil {
		return err
	}
	m.record(MealPrepCreated{OwnerID: owner})
	return nil
}

// Rename checks the new name; the caller stores it.
func (m *MealPrep) Rename(name string) error {
	if err := m.live(); err != nil {
		return err
	}
	if _, err := CheckName(name); err != nil {
		return err
	}
	m.record(MealPrepRenamed{})
	return nil
}

// DuplicateFrom starts this (new) meal prep as a copy of src's foods, for src's owner. Recipes
// are not copied.
func (m *MealPrep) DuplicateFrom(src *MealPrep) error {
	if m.exists {
		return fmt.Errorf("%w: %s", ErrAlreadyExists, m.id)
	}
	if err := src.live(); err != nil {
		return err
	}
	m.record(MealPrepDuplicated{OwnerID: src.owner, FromID: src.id})
	for _, f := range src.foods {
		m.record(FoodAdded(f))
	}
	return nil
}

// Delete closes the meal prep.
func (m *MealPrep) Delete() error {
	if err := m.live(); err != nil {
		return err
	}
	m.record(MealPrepDeleted{})
	return nil
}

// SetFood adds a food or changes its quantity; the same quantity again records nothing.
func (m *MealPrep) SetFood(code, grams int) error {
	if err := m.live(); err != nil {
		return err
	}
	if err := CheckFoodCode(code); err != nil {
		return err
	}
	if err := CheckStock(grams); err != nil {
		return err
	}
	i := m.foodIndex(code)
	switch {
	case i < 0 && len(m.foods) >= MaxFoods:
		return fmt.Errorf("%w: at most %d", ErrTooManyFoods, MaxFoods)
	case i < 0:
		m.record(FoodAdded{FoodCode: code, Grams: grams})
	case m.foods[i].Grams != grams:
		m.record(FoodQuantityChanged{FoodCode: code, Grams: grams})
	}
	return nil
}

// RemoveFood takes a food out.
func (m *MealPrep) RemoveFood(code int) error {
	if err := m.live(); err != nil {
		return err
	}
	if err := CheckFoodCode(code); err != nil {
		return err
	}
	if m.foodIndex(code) < 0 {
		return fmt.Errorf("%w: %d", ErrFoodNotFound, code)
	}
	m.record(FoodRemoved{FoodCode: code})
	return nil
}

// RequestGeneration records a request for count recipes of category, with larger servings of
// the foods larger names (each one of the meal prep's foods; nil for none). The caller charges
// count tokens under the request id in the same transaction.
func (m *MealPrep) RequestGeneration(requestID uuid.UUID, category Category, count int, larger []int) error {
	if err := m.live(); err != nil {
		return err
	}
	if _, err := ParseCategory(string(category)); err != nil {
		return err
	}
	if err := CheckCount(count); err != nil {
		return err
	}
	if len(m.foods) == 0 {
		return ErrNoFoods
	}
	if requestID == uuid.Nil {
		return fmt.Errorf("%w: empty request id", ErrRequestNotFound)
	}
	if m.requests[requestID] != nil {
		return fmt.Errorf("%w: %s", ErrRequestExists, requestID)
	}
	for _, code := range larger {
		if m.foodIndex(code) < 0 {
			return fmt.Errorf("%w: %d", ErrFoodNotFound, code)
		}
	}
	var kept []int
	if len(larger) > 0 {
		kept = slices.Compact(slices.Sorted(slices.Values(larger)))
	}
	m.record(RecipeGenerationRequested{RequestID: requestID, Category: category, Count: count, Larger: kept})
	return nil
}

// RecordRecipe adds the recipe made for index of a request. It returns false (and records
// nothing) when that index already has its recipe: a retried job is a no-op.
func (m *MealPrep) RecordRecipe(requestID uuid.UUID, index int, r Recipe) (bool, error) {
	req := m.requests[requestID]
	if req == nil {
		return false, fmt.Errorf("%w: %s", ErrRequestNotFound, requestID)
	}
	if _, done := req.Done[index]; done {
		return false, nil
	}
	if index < 0 || index >= req.Count {
		return false, fmt.Errorf("%w: %d of %d", ErrIndexOutOfRange, index, req.Count)
	}
	if req.Failed {
		return false, fmt.Errorf("%w: %s", ErrRequestClosed, requestID)
	}
	if err := m.live(); err != nil {
		return false, err
	}
	if r.ID == uuid.Nil || m.recipes[r.ID] != nil {
		return false, fmt.Errorf("mealprep: recipe id missing or reused: %s", r.ID)
	}
	if r.Category != req.Category {
		return false, fmt.Errorf("%w: recipe for %s in a %s request", ErrInvalidCategory, r.Category, req.Category)
	}
	if r.Servings < 1 || r.Servings > MaxServings {
		return false, ErrInvalidServings
	}
	if err := CheckIngredients(r.Ingredients); err != nil {
		return false, err
	}
	m.record(RecipeGenerated{RequestID: requestID, Index: index, Recipe: r})
	// A regenerated recipe takes its predecessor's place, if that one is still there.
	if index < len(req.Replaces) && m.recipes[req.Replaces[index]] != nil {
		m.record(RecipeReplaced{OldRecipeID: req.Replaces[index], NewRecipeID: r.ID})
	}
	return true, nil
}

// FailGeneration ends a request that will not make its remaining recipes and returns how many
// tokens must be refunded. A request already failed or complete records nothing and returns 0,
// so the refund happens once. It works on a deleted meal prep: its tokens are still owed. why is
// recorded with the failure, for the person.
func (m *MealPrep) FailGeneration(requestID uuid.UUID, reason FailureReason, why Diagnosis) (int, error) {
	req := m.requests[requestID]
	if req == nil {
		return 0, fmt.Errorf("%w: %s", ErrRequestNotFound, requestID)
	}
	if req.Finished() {
		return 0, nil
	}
	n := req.Unfulfilled()
	m.record(RecipeGenerationFailed{RequestID: requestID, Reason: reason, Unfulfilled: n,
		DiagnosisFR: why.FR, DiagnosisEN: why.EN, Suggestion: why.Suggestion})
	return n, nil
}

// RecipeChange is an update to a recipe; nil fields stay as they are.
type RecipeChange struct {
	Name        *string
	Servings    *int
	Ingredients []Ingredient
	// Nutrition, PriceCents and the Nutri-Score (HealthScore, HealthGrade) are recomputed by the
	// caller from food data when Ingredients is set.
	Nutrition   *Nutrition
	PriceCents  *int
	HealthScore *int
	HealthGrade string
}

// UpdateRecipe renames, changes servings or ingredients. A change that changes nothing records
// nothing.
func (m *MealPrep) UpdateRecipe(recipeID uuid.UUID, c RecipeChange) error {
	if err := m.live(); err != nil {
		return err
	}
	r := m.recipes[recipeID]
	if r == nil {
		return fmt.Errorf("%w: %s", ErrRecipeNotFound, recipeID)
	}
	e := RecipeUpdated{RecipeID: recipeID}
	if c.Name != nil {
		if _, err := CheckName(*c.Name); err != nil {
			return err
		}
		e.Renamed = true
	}
	if c.Servings != nil {
		if *c.Servings < 1 || *c.Servings > MaxServings {
			return ErrInvalidServings
		}
		if *c.Servings != r.Servings {
			e.Servings = *c.Servings
		}
	}
	if c.Ingredients != nil {
		if err := CheckIngredients(c.Ingredients); err != nil {
			return err
		}
		if !slices.Equal(c.Ingredients, r.Ingredients) {
			e.Ingredients, e.Nutrition, e.PriceCents = slices.Clone(c.Ingredients), c.Nutrition, c.PriceCents
			e.HealthScore, e.HealthGrade = c.HealthScore, c.HealthGrade
		}
	}
	if !e.Renamed && e.Servings == 0 && e.Ingredients == nil {
		return nil
	}
	m.record(e)
	return nil
}

// DeleteRecipe removes one recipe.
func (m *MealPrep) DeleteRecipe(recipeID uuid.UUID) error {
	if err := m.live(); err != nil {
		return err
	}
	if m.recipes[recipeID] == nil {
		return fmt.Errorf("%w: %s", ErrRecipeNotFound, recipeID)
	}
	m.record(RecipeDeleted{RecipeID: recipeID})
	return nil
}

// DeleteAllRecipes removes every recipe (nothing to record when there are none).
func (m *MealPrep) DeleteAllRecipes() error {
	if err := m.live(); err != nil {
		return err
	}
	for _, id := range m.RecipeIDs() {
		m.record(RecipeDeleted{RecipeID: id})
	}
	return nil
}

// KeepRecipe marks a recipe kept or not; the same mark again records nothing.
func (m *MealPrep) KeepRecipe(recipeID uuid.UUID, kept bool) error {
	if err := m.live(); err != nil {
		return err
	}
	r := m.recipes[recipeID]
	if r == nil {
		return fmt.Errorf("%w: %s", ErrRecipeNotFound, recipeID)
	}
	if r.Kept != kept {
		m.record(RecipeKept{RecipeID: recipeID, Kept: kept})
	}
	return nil
}

// Regeneration is one category's recipes to regenerate and the target their new recipes aim at.
type Regeneration struct {
	RequestID uuid.UUID
	Category  Category
	Replaces  []uuid.UUID
	Target    *Macros
}

// ErrNothingToRegenerate: every recipe is kept (or the one asked for is kept).
var ErrNothingToRegenerate = fault.New(fault.Conflict, "regenerate", "batchcook.error.nothing_to_regenerate", "mealprep: no recipe to regenerate")

// Replaceable says whether a regeneration may replace recipe id: ErrAlreadyReplaced when a
// regeneration replaced it or a pending one (not failed, its index not made yet) will, so two
// tabs or two devices never pay twice for one recipe, whatever their idempotency keys;
// ErrRecipeNotFound when the meal prep never had it (or it was deleted).
func (m *MealPrep) Replaceable(id uuid.UUID) error {
	if m.replaced[id] {
		return fmt.Errorf("%w: %s", ErrAlreadyReplaced, id)
	}
	for _, req := range m.requests {
		if req.Failed {
			continue
		}
		for i, old := range req.Replaces {
			if _, done := req.Done[i]; old == id && !done {
				return fmt.Errorf("%w: %s by request %s", ErrAlreadyReplaced, id, req.ID)
			}
		}
	}
	if m.recipes[id] == nil {
		return fmt.Errorf("%w: %s", ErrRecipeNotFound, id)
	}
	return nil
}

// RequestRegeneration records one request per batch of at most MaxCount recipes of one category,
// each replacing the recipes it names (none kept, none named twice, each Replaceable). The
// caller charges one token per replaced recipe in the same transaction and inserts the jobs.
func (m *MealPrep) RequestRegeneration(regs []Regeneration) error {
	if err := m.live(); err != nil {
		return err
	}
	if len(regs) == 0 {
		return ErrNothingToRegenerate
	}
	if len(m.foods) == 0 {
		return ErrNoFoods
	}
	// Every request is checked before any is recorded: a refusal records nothing.
	named, asked := map[uuid.UUID]bool{}, map[uuid.UUID]bool{}
	for _, g := range regs {
		if err := CheckCount(len(g.Replaces)); err != nil {
			return err
		}
		if g.RequestID == uuid.Nil || m.requests[g.RequestID] != nil || asked[g.RequestID] {
			return fmt.Errorf("%w: %s", ErrRequestExists, g.RequestID)
		}
		asked[g.RequestID] = true
		for _, id := range g.Replaces {
			if err := m.Replaceable(id); err != nil {
				return err
			}
			if named[id] {
				return fmt.Errorf("%w: %s named twice", ErrAlreadyReplaced, id)
			}
			named[id] = true
			r := m.recipes[id]
			switch {
			case r.Kept:
				return fmt.Errorf("%w: %s is kept", ErrNothingToRegenerate, id)
			case r.Category != "" && r.Category != g.Category:
				return fmt.Errorf("%w: %s is %s", ErrInvalidCategory, id, r.Category)
			}
		}
	}
	for _, g := range regs {
		m.record(RecipeGenerationRequested{RequestID: g.RequestID, Category: g.Category, Count: len(g.Replaces),
			Replaces: slices.Clone(g.Replaces), Target: g.Target})
	}
	return nil
}

// SwapFood replaces one ingredient of a recipe with another food; e carries the re-solved
// ingredients and the recomputed numbers and texts (the app computed them with the engine).
func (m *MealPrep) SwapFood(e RecipeFoodSwapped) error {
	if err := m.live(); err != nil {
		return err
	}
	r := m.recipes[e.RecipeID]
	if r == nil {
		return fmt.Errorf("%w: %s", ErrRecipeNotFound, e.RecipeID)
	}
	if !slices.ContainsFunc(r.Ingredients, func(in Ingredient) bool { return in.FoodCode == e.FromFoodCode }) {
		return fmt.Errorf("%w: %d", ErrFoodNotFound, e.FromFoodCode)
	}
	if err := CheckFoodCode(e.ToFoodCode); err != nil {
		return err
	}
	if err := CheckIngredients(e.Ingredients); err != nil {
		return err
	}
	m.record(e)
	return nil
}
