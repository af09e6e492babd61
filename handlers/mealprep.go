package handlers

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	inertia "github.com/romsar/gonertia/v3"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/handlers/page"
	"github.com/gamelle/gamelle/projections/mealpreps"
)

// MealPreps serves the meal-prep pages: the foods screen with its food search, the
// recipes screen with the plan and the generation progress, and the recipe detail. Every route
// needs a signed-in person, and a meal prep is only ever shown to its owner: anyone else gets
// the not-found page, never 403, so ids do not leak.
type MealPreps struct {
	*Core
	mealpreps *mealprepapp.Service
}

// NewMealPreps returns the meal-prep pages over their service.
func NewMealPreps(c *Core, s *mealprepapp.Service) *MealPreps {
	return &MealPreps{Core: c, mealpreps: s}
}

// Routes registers the meal-prep routes (field names are the contract).
func (h *MealPreps) Routes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(h.requireUser)
		r.Post("/mealprep", h.create)
		r.Delete("/mealprep", h.delete)
		r.Post("/mealprep/duplicate", h.duplicate)
		r.Get("/mealprep/{id}/food", h.foodPage)
		r.Get("/mealprep/{id}/food/search", h.search)
		r.Post("/mealprep/{id}/food", h.setFood)
		r.Post("/mealprep/{id}/food/custom", h.addCustomFood)
		r.Delete("/mealprep/{id}/food", h.removeFood)
		r.Get("/mealprep/{id}/recipes", h.recipesPage)
		r.Post("/mealprep/{id}/recipes", h.generate)
		r.Post("/mealprep/{id}/recipes/missing", h.generateMissing)
		r.Patch("/mealprep/{id}/recipes", h.updateRecipe)
		r.Delete("/mealprep/{id}/recipes", h.deleteRecipes)
		r.Get("/mealprep/{id}/recipe/{recipeId}", h.recipePage)
	})
}

// fail answers a command's error by its kind (Core.answerError), in the domain's own words.
func (h *MealPreps) fail(w http.ResponseWriter, r *http.Request, err error) {
	h.answerError(w, r, err, nil)
}

// generateWording: the generate form shows the tokens prompt beside the recipe count.
var generateWording = wording{ledger.ErrInsufficientTokens: {Field: "count"}}

// missingWording: the "generate what is missing" button shows every refusal as its own
// message, and a shortfall names the whole set's price.
var missingWording = wording{ledger.ErrInsufficientTokens: {Field: "missing", Key: "mealprep.error.missing_tokens"}}

// waitRead gives the read models a bounded moment to include a write before the next page reads
// them; a slow projection shows a slightly stale page rather than an error.
func (h *MealPreps) waitRead(ctx context.Context, res mealprepapp.Result) {
	wctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_ = h.mealpreps.WaitForReadModels(wctx, res.Position)
}

func (h *MealPreps) owner(r *http.Request) uuid.UUID {
	u, _ := currentUser(r.Context())
	return u.ID
}

// owned checks the meal prep of the URL belongs to the person, against the read model (one
// index lookup, which also gives its name and food count): pages never replay the stream.
func (h *MealPreps) owned(w http.ResponseWriter, r *http.Request) (mealpreps.Header, bool) {
	id, ok := pathID(r, "id")
	if !ok {
		h.notFound(w, r)
		return mealpreps.Header{}, false
	}
	m, err := h.mealpreps.Owned(r.Context(), h.owner(r), id)
	if err != nil {
		h.fail(w, r, err)
		return mealpreps.Header{}, false
	}
	return m, true
}

func foodPath(id uuid.UUID) string    { return "/mealprep/" + id.String() + "/food" }
func recipesPath(id uuid.UUID) string { return "/mealprep/" + id.String() + "/recipes" }

type nameForm struct {
	Name string `json:"name"`
}

type idForm struct {
	ID string `json:"id"`
}

func (h *MealPreps) create(w http.ResponseWriter, r *http.Request) {
	var f nameForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	id, res, err := h.mealpreps.Create(r.Context(), h.owner(r), f.Name)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.inertia.Redirect(w, r, foodPath(id), http.StatusSeeOther)
}

func (h *MealPreps) bodyID(w http.ResponseWriter, r *http.Request) (uuid.UUID, bool) {
	var f idForm
	return h.bodyAndID(w, r, &f, &f.ID)
}

func (h *MealPreps) delete(w http.ResponseWriter, r *http.Request) {
	id, ok := h.bodyID(w, r)
	if !ok {
		return
	}
	res, err := h.mealpreps.Delete(r.Context(), h.owner(r), id)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.redirectWithFlash(w, r, "/dashboard/general", "success", h.t(r, "mealprep.flash.deleted"))
}

func (h *MealPreps) duplicate(w http.ResponseWriter, r *http.Request) {
	id, ok := h.bodyID(w, r)
	if !ok {
		return
	}
	name, err := h.mealpreps.Name(r.Context(), id)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	copyName := h.t(r, "mealprep.copy_name", map[string]any{"Name": name})
	if _, err := mealprep.CheckName(copyName); err != nil {
		copyName = name
	}
	newID, res, err := h.mealpreps.Duplicate(r.Context(), h.owner(r), id, copyName)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.inertia.Redirect(w, r, foodPath(newID), http.StatusSeeOther)
}

// foodLine is a food of the meal prep as the foods screen shows it.
type foodLine struct {
	nutritionapp.Food
	Grams       int                `json:"grams"`
	DietWarning mealprep.Exclusion `json:"dietWarning" ts:"Exclusion | ''"`
	// DeclaredAllergens name, in the page's language, the allergens the person declares that
	// this food contains: generation leaves it out, so the page says why (docs/mealprep.md).
	DeclaredAllergens []string `json:"declaredAllergens"`
}

func (h *MealPreps) person(r *http.Request) (mealprepapp.Person, error) {
	return h.mealpreps.Person(r.Context(), h.pool, h.owner(r))
}

// declaredAllergens names, in lang, the allergens of f that the person declares (none: empty).
func declaredAllergens(p mealprepapp.Person, f nutritionapp.Food, lang string) []string {
	out := []string{}
	if len(p.Allergens) == 0 {
		return out
	}
	// On an English page the English name stands in for the French one: the table then reads
	// the food more broadly, never less (docs/nutrition.md, "Allergens").
	name := nutrition.Text{FR: f.Name, EN: f.NameEN}
	if name.EN == "" {
		name.EN = f.Name
	}
	for _, a := range nutrition.AllergensOf(nutrition.Food{Code: f.Code, Name: name, Group: f.GroupEN, Subgroup: f.SubgroupEN}) {
		if slices.Contains(p.Allergens, a) {
			out = append(out, a.Name().In(lang))
		}
	}
	return out
}

func (h *MealPreps) dietWarning(p mealprepapp.Person, f nutritionapp.Food) mealprep.Exclusion {
	ex, bad := mealprep.DietConflict(p.Diet, mealprep.FoodGroups{Code: f.Code, Group: f.GroupEN, Subgroup: f.SubgroupEN, NameEN: f.NameEN})
	if !bad {
		return ""
	}
	return ex
}

// massUnit is how the person reads quantities: grams or pounds.
type massUnit string

var (
	_ = page.Enum[massUnit]("g", "lb")
	_ = page.Enum(mealprep.Categories...)
	_ = page.Enum(mealprep.ExcludedMeat, mealprep.ExcludedFish, mealprep.ExcludedEgg, mealprep.ExcludedDairy, mealprep.ExcludedHoney)
)

// mealPrepHeader names the meal prep a page is about.
type mealPrepHeader struct {
	ID   uuid.UUID `json:"id"`
	Name string    `json:"name"`
	// Only on the recipes page.
	FoodCount int `json:"foodCount,omitempty"`
}

type mealprepFoodProps struct {
	MealPrep mealPrepHeader       `json:"mealPrep"`
	Foods    []foodLine           `json:"foods"`
	Groups   []nutritionapp.Group `json:"groups"`
	Settings struct {
		Units massUnit       `json:"units"`
		Diet  nutrition.Diet `json:"diet"`
	} `json:"settings"`
	Limits struct {
		MaxGrams int `json:"maxGrams"`
		MaxFoods int `json:"maxFoods"`
	} `json:"limits"`
	// InSeason are the codes of the meal prep's foods in season this month.
	InSeason []int `json:"inSeason"`
	// SeasonalVegetables are the month's vegetables, offered when the meal prep holds none.
	SeasonalVegetables []seasonalFood `json:"seasonalVegetables"`
}

var mealprepFoodPage = page.Define[mealprepFoodProps]("mealprep/food")

type mealprepRecipesProps struct {
	MealPrep   mealPrepHeader                      `json:"mealPrep"`
	Recipes    page.Lazy[[]mealprepapp.RecipeView] `json:"recipes"`
	Plan       page.Lazy[mealprep.Plan]            `json:"plan"`
	Goals      page.Lazy[mealprepGoals]            `json:"goals"`
	Generation page.Lazy[[]mealpreps.RequestView]  `json:"generation"`
	Categories []mealprep.Category                 `json:"categories"`
	Limits     struct {
		MinCount int `json:"minCount"`
		MaxCount int `json:"maxCount"`
	} `json:"limits"`
}

type mealprepGoals struct {
	Daily     mealprep.Macros `json:"daily"`
	Defaulted bool            `json:"defaulted"`
	// Units is how the person reads the plan's quantities (the stock lines).
	Units massUnit `json:"units"`
}

var mealprepRecipesPage = page.Define[mealprepRecipesProps]("mealprep/recipes")

type mealprepRecipeProps struct {
	MealPrep mealPrepHeader         `json:"mealPrep"`
	Recipe   mealprepapp.RecipeView `json:"recipe"`
	Settings struct {
		Units    massUnit `json:"units"`
		Currency string   `json:"currency"`
	} `json:"settings"`
	Limits struct {
		MaxServings int `json:"maxServings"`
		MaxGrams    int `json:"maxGrams"`
	} `json:"limits"`
	// InSeason are the codes of the recipe's ingredients in season this month.
	InSeason []int `json:"inSeason"`
	// Allergens are those of the 14 its foods contain (nutrition.AllergensOf), Annex II's order,
	// named as the regulation names them in the page's language (docs/mealprep.md, "Allergens").
	Allergens []allergenChoice `json:"allergens"`
}

var mealprepRecipePage = page.Define[mealprepRecipeProps]("mealprep/recipe")

func (h *MealPreps) foodPage(w http.ResponseWriter, r *http.Request) {
	m, ok := h.owned(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	lang := localeFrom(ctx)
	p, err := h.person(r)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	foods, err := h.mealpreps.FoodsOf(ctx, m)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	codes := make([]int, 0, len(foods))
	for _, f := range foods {
		codes = append(codes, f.FoodCode)
	}
	known, err := h.mealpreps.Foods().ByCodes(ctx, h.pool, lang, h.owner(r), codes)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	lines := make([]foodLine, 0, len(codes))
	hasVeg := false
	for _, f := range foods {
		food := known[f.FoodCode]
		food.Code = f.FoodCode
		lines = append(lines, foodLine{Food: food, Grams: f.Grams, DietWarning: h.dietWarning(p, food), DeclaredAllergens: declaredAllergens(p, food, lang)})
		hasVeg = hasVeg || isVegetable(food)
	}
	seasonal := []seasonalFood{}
	if !hasVeg {
		if seasonal, err = h.seasonalVegetables(ctx, h.mealpreps.Foods(), lang, p.Allergens); err != nil {
			h.serverError(w, r, err)
			return
		}
	}
	groups, err := h.mealpreps.Foods().Groups(ctx, lang)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	props := mealprepFoodProps{MealPrep: mealPrepHeader{ID: m.ID, Name: m.Name}, Foods: lines, Groups: groups, InSeason: h.inSeason(codes), SeasonalVegetables: seasonal}
	props.Settings.Units, props.Settings.Diet = massUnit(p.Units), p.Diet
	props.Limits.MaxGrams, props.Limits.MaxFoods = mealprep.MaxGrams, mealprep.MaxFoods
	h.render(w, r, mealprepFoodPage.With(props))
}

// searchHit is one food of a search answer.
type searchHit struct {
	nutritionapp.Food
	DietWarning mealprep.Exclusion `json:"dietWarning" ts:"Exclusion | ''"`
	// DeclaredAllergens name the allergens the person declares that this food contains: the
	// search marks the food with them (docs/mealprep.md, "Allergens").
	DeclaredAllergens []string `json:"declaredAllergens"`
	// InSeason: produce in season this month in metropolitan France.
	InSeason bool `json:"inSeason"`
}

// foodSearchAnswer is one page of food search results; its TypeScript type is generated
// (ApiAnswers in props.gen.ts).
type foodSearchAnswer struct {
	Foods   []searchHit `json:"foods"`
	Page    int         `json:"page"`
	HasMore bool        `json:"hasMore"`
}

var _ = page.DefineAnswer[foodSearchAnswer]("mealprep.food.search")

// search answers the as-you-type food search with JSON (the foods screen's combobox).
func (h *MealPreps) search(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.owned(w, r); !ok {
		return
	}
	var q struct {
		Q     string `json:"q"`
		Group string `json:"group"`
		Page  string `json:"page"`
	}
	if err := decodeQuery(r, &q); err != nil {
		http.Error(w, h.t(r, "error.form.malformed"), http.StatusBadRequest)
		return
	}
	page, _ := strconv.Atoi(q.Page)
	res, err := h.mealpreps.Foods().Search(r.Context(), nutritionapp.Query{
		Text: q.Q, Lang: localeFrom(r.Context()), Group: q.Group, Page: page, Owner: h.owner(r),
	})
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	p, err := h.person(r)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	hits := make([]searchHit, 0, len(res.Foods))
	cal, month := nutritionapp.Seasons(), h.month()
	for _, f := range res.Foods {
		hits = append(hits, searchHit{Food: f, DietWarning: h.dietWarning(p, f), DeclaredAllergens: declaredAllergens(p, f, localeFrom(r.Context())), InSeason: !f.Custom && cal.InSeason(f.Code, month)})
	}
	writeJSON(w, http.StatusOK, foodSearchAnswer{Foods: hits, Page: res.Page, HasMore: res.HasMore})
}

// foodForm is a food and its quantity: the food list's add/change/remove forms and each
// ingredient of an edited recipe.
type foodForm struct {
	FoodCode flexInt `json:"foodCode"`
	Grams    flexInt `json:"grams"`
}

func (h *MealPreps) setFood(w http.ResponseWriter, r *http.Request) {
	var f foodForm
	id, ok := h.pathAndBody(w, r, "id", &f)
	if !ok {
		return
	}
	res, err := h.mealpreps.SetFood(r.Context(), h.owner(r), id, int(f.FoodCode), int(f.Grams))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.backWithErrors(w, r, foodPath(id), nil)
}

func (h *MealPreps) removeFood(w http.ResponseWriter, r *http.Request) {
	var f foodForm
	id, ok := h.pathAndBody(w, r, "id", &f)
	if !ok {
		return
	}
	res, err := h.mealpreps.RemoveFood(r.Context(), h.owner(r), id, int(f.FoodCode))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.backWithErrors(w, r, foodPath(id), nil)
}

// recipesPage serves the recipes, the plan and the generation progress. Everything but the
// header and the progress is lazy, so the one-second poll (a partial reload of generation)
// costs the ownership lookup and the progress query only.
func (h *MealPreps) recipesPage(w http.ResponseWriter, r *http.Request) {
	m, ok := h.owned(w, r)
	if !ok {
		return
	}
	lang := localeFrom(r.Context())
	owner := h.owner(r)
	person := sync.OnceValues(func() (mealprepapp.Person, error) { return h.mealpreps.Person(r.Context(), h.pool, owner) })
	recipes := sync.OnceValues(func() ([]mealprepapp.RecipeView, error) {
		p, err := person()
		if err != nil {
			return nil, err
		}
		views, err := h.mealpreps.Recipes(r.Context(), p, m.ID, lang)
		for i := range views {
			views[i].Steps = stepsIn(views[i].Steps, p.Units)
		}
		return views, err
	})
	props := mealprepRecipesProps{
		MealPrep: mealPrepHeader{ID: m.ID, Name: m.Name, FoodCount: m.FoodCount},
		Recipes:  page.LazyOf(func(context.Context) ([]mealprepapp.RecipeView, error) { return recipes() }),
		Plan: page.LazyOf(func(ctx context.Context) (mealprep.Plan, error) {
			p, err := person()
			if err != nil {
				return mealprep.Plan{}, err
			}
			rs, err := recipes()
			if err != nil {
				return mealprep.Plan{}, err
			}
			foods, err := h.mealpreps.FoodsOf(ctx, m)
			if err != nil {
				return mealprep.Plan{}, err
			}
			return h.mealpreps.Plan(ctx, h.owner(r), rs, p, foods)
		}),
		Goals: page.LazyOf(func(context.Context) (mealprepGoals, error) {
			p, err := person()
			return mealprepGoals{Daily: p.Daily, Defaulted: p.GoalsDefaulted, Units: massUnit(p.Units)}, err
		}),
		Generation: page.LazyOf(func(ctx context.Context) ([]mealpreps.RequestView, error) {
			return h.mealpreps.Requests(ctx, m, lang)
		}),
		Categories: mealprep.Categories,
	}
	props.Limits.MinCount, props.Limits.MaxCount = mealprep.MinCount, mealprep.MaxCount
	h.render(w, r, mealprepRecipesPage.With(props))
}

type generateForm struct {
	Category string  `json:"category"`
	Count    flexInt `json:"count"`
	// Larger are food codes to serve larger than usual: a refusal's "more of", applied.
	Larger         []flexInt `json:"larger"`
	IdempotencyKey string    `json:"idempotencyKey"`
}

func (h *MealPreps) generate(w http.ResponseWriter, r *http.Request) {
	var f generateForm
	id, ok := h.pathAndBody(w, r, "id", &f)
	if !ok {
		return
	}
	f.IdempotencyKey = idempotencyKey(f.IdempotencyKey)
	larger := make([]int, len(f.Larger))
	for i, c := range f.Larger {
		larger[i] = int(c)
	}
	_, res, err := h.mealpreps.Generate(r.Context(), mealprepapp.GenerateCommand{
		Owner: h.owner(r), MealPrepID: id, Category: mealprep.Category(f.Category), Count: int(f.Count), Larger: larger, IdempotencyKey: f.IdempotencyKey,
	})
	if err != nil {
		h.answerError(w, r, err, generateWording)
		return
	}
	h.waitRead(r.Context(), res)
	h.inertia.Redirect(w, r, recipesPath(id), http.StatusSeeOther)
}

// missingForm is the "generate what is missing" click: the recipe count the button showed
// (the tokens the person agreed to pay) and the click's idempotency key.
type missingForm struct {
	Count          flexInt `json:"count"`
	IdempotencyKey string  `json:"idempotencyKey"`
}

// generateMissing asks for every missing meal of the plan in one command: a refusal (not enough
// tokens for the whole set, nothing or something else missing) is the "missing" field's message
// and charges nothing.
func (h *MealPreps) generateMissing(w http.ResponseWriter, r *http.Request) {
	var f missingForm
	id, ok := h.pathAndBody(w, r, "id", &f)
	if !ok {
		return
	}
	_, res, err := h.mealpreps.GenerateMissing(r.Context(), mealprepapp.GenerateMissingInput{
		Owner: h.owner(r), MealPrepID: id, Expected: int(f.Count), IdempotencyKey: idempotencyKey(f.IdempotencyKey),
	})
	if err != nil {
		h.answerError(w, r, err, missingWording)
		return
	}
	h.waitRead(r.Context(), res)
	h.inertia.Redirect(w, r, recipesPath(id), http.StatusSeeOther)
}

type updateRecipeForm struct {
	RecipeID    string     `json:"recipeId"`
	Name        *string    `json:"name"`
	Servings    *flexInt   `json:"servings"`
	Ingredients []foodForm `json:"ingredients"`
}

func (h *MealPreps) updateRecipe(w http.ResponseWriter, r *http.Request) {
	var f updateRecipeForm
	id, ok := h.pathAndBody(w, r, "id", &f)
	if !ok {
		return
	}
	recipeID, ok := h.formID(w, r, f.RecipeID)
	if !ok {
		return
	}
	c := mealprep.RecipeChange{Name: f.Name}
	if f.Servings != nil {
		n := int(*f.Servings)
		c.Servings = &n
	}
	if f.Ingredients != nil {
		c.Ingredients = make([]mealprep.Ingredient, 0, len(f.Ingredients))
		for _, in := range f.Ingredients {
			c.Ingredients = append(c.Ingredients, mealprep.Ingredient{FoodCode: int(in.FoodCode), Grams: int(in.Grams)})
		}
	}
	res, err := h.mealpreps.UpdateRecipe(r.Context(), h.owner(r), id, recipeID, c)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.backWithErrors(w, r, "/mealprep/"+id.String()+"/recipe/"+recipeID.String(), nil)
}

func (h *MealPreps) deleteRecipes(w http.ResponseWriter, r *http.Request) {
	var f struct {
		RecipeID string `json:"recipeId"`
	}
	id, ok := h.pathAndBody(w, r, "id", &f)
	if !ok {
		return
	}
	recipeID, ok := optionalID(f.RecipeID)
	if !ok {
		h.notFound(w, r)
		return
	}
	res, err := h.mealpreps.DeleteRecipes(r.Context(), h.owner(r), id, recipeID)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.redirectWithFlash(w, r, recipesPath(id), "success", h.t(r, "mealprep.flash.recipes_deleted"))
}

func (h *MealPreps) recipePage(w http.ResponseWriter, r *http.Request) {
	m, ok := h.owned(w, r)
	if !ok {
		return
	}
	recipeID, ok := pathID(r, "recipeId")
	if !ok {
		h.notFound(w, r)
		return
	}
	if has, err := h.mealpreps.HasRecipe(r.Context(), m, recipeID); err != nil || !has {
		h.fail(w, r, cmp.Or(err, mealprep.ErrRecipeNotFound))
		return
	}
	ctx := r.Context()
	p, err := h.person(r)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	rec, err := h.mealpreps.Recipe(ctx, p, m.ID, recipeID, localeFrom(ctx))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ings := make([]int, 0, len(rec.Ingredients))
	for _, in := range rec.Ingredients {
		ings = append(ings, in.FoodCode)
	}
	rec.Steps = stepsIn(rec.Steps, p.Units)
	foods, err := h.mealpreps.Foods().EngineFoods(ctx, h.pool, h.owner(r), ings)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	props := mealprepRecipeProps{MealPrep: mealPrepHeader{ID: m.ID, Name: m.Name}, Recipe: rec, InSeason: h.inSeason(ings),
		Allergens: recipeAllergens(foods, localeFrom(ctx))}
	props.Settings.Units, props.Settings.Currency = massUnit(p.Units), p.Currency
	props.Limits.MaxServings, props.Limits.MaxGrams = mealprep.MaxServings, mealprep.MaxGrams
	h.render(w, r, mealprepRecipePage.With(props))
}

// recipeAllergens are the allergens the foods contain, Annex II's order, named in lang.
func recipeAllergens(foods map[int]nutrition.Food, lang string) []allergenChoice {
	has := map[nutrition.Allergen]bool{}
	for _, f := range foods {
		for _, a := range nutrition.AllergensOf(f) {
			has[a] = true
		}
	}
	out := []allergenChoice{}
	for _, a := range nutrition.Allergens {
		if has[a] {
			out = append(out, allergenChoice{ID: string(a), Name: a.Name().In(lang)})
		}
	}
	return out
}

// writeJSON answers a non-page call (the food search) with a JSON document.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// customFoodForm is a food the person adds (per 100 g or 100 ml), then puts in the meal prep.
type customFoodForm struct {
	Name     string   `json:"name"`
	Producer string   `json:"producer"`
	Country  string   `json:"country"`
	Language string   `json:"language"`
	Unit     string   `json:"unit"`
	Kcal     optFloat `json:"kcal"`
	ProteinG optFloat `json:"proteinG"`
	FatG     optFloat `json:"fatG"`
	CarbsG   optFloat `json:"carbsG"`
	SatFatG  optFloat `json:"satFatG"`
	FibreG   optFloat `json:"fibreG"`
	SugarsG  optFloat `json:"sugarsG"`
	SaltG    optFloat `json:"saltG"`
	Grams    flexInt  `json:"grams"`
}

// optFloat reads a number sent as JSON or as a form string ("12,5" too); empty means unknown.
type optFloat struct{ v *float64 }

func (f *optFloat) UnmarshalJSON(data []byte) error {
	s := strings.ReplaceAll(strings.Trim(string(data), `"`), ",", ".")
	if s == "" || s == "null" {
		f.v = nil
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("not a number: %q", s)
	}
	f.v = &v
	return nil
}

// or is the value, or -1 (refused by the rules) when a required value is missing.
func (f optFloat) or() float64 {
	if f.v == nil {
		return -1
	}
	return *f.v
}

// customFoodMessage is the key of a custom food's field error: the domain's, or the range
// message for a reason without one.
func customFoodMessage(err error) string {
	if f := fault.Of(err); f != nil && f.Key != "" {
		return f.Key
	}
	return "mealprep.error.nutrient_range"
}

// addCustomFood stores a food of the person's own and adds it to the meal prep with the given
// quantity; an energy that does not match the macros is accepted with a warning.
func (h *MealPreps) addCustomFood(w http.ResponseWriter, r *http.Request) {
	m, ok := h.owned(w, r)
	if !ok {
		return
	}
	var f customFoodForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyErrorIn(w, r, err, "custom.")
		return
	}
	warning, errs, res, err := h.mealpreps.AddCustomFoodTo(r.Context(), h.owner(r), m.ID, mealprep.CustomFood{
		Name: f.Name, Producer: f.Producer, Country: f.Country, Language: f.Language, Unit: f.Unit,
		Kcal: f.Kcal.or(), ProteinG: f.ProteinG.or(), FatG: f.FatG.or(), CarbsG: f.CarbsG.or(),
		SatFatG: f.SatFatG.v, FibreG: f.FibreG.v, SugarsG: f.SugarsG.v, SaltG: f.SaltG.v,
	}, int(f.Grams))
	if len(errs) > 0 {
		out := inertia.ValidationErrors{}
		for field, e := range errs {
			out["custom."+field] = h.t(r, customFoodMessage(e))
		}
		h.back(w, r, out)
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	// The food is added either way; the message says when its energy looks wrong.
	msg := h.t(r, "mealprep.flash.custom_added")
	if warning {
		msg = h.t(r, "mealprep.flash.custom_energy")
	}
	h.redirectWithFlash(w, r, foodPath(m.ID), "success", msg)
}

// stepsIn writes a recipe's temperatures in the person's unit first (Fahrenheit for people who
// count in pounds, nutrition.TemperaturesIn).
func stepsIn(steps []string, units string) []string {
	if units != "lb" {
		return steps
	}
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = nutrition.TemperaturesIn(s, nutrition.Imperial)
	}
	return out
}
