package handlers

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	inertia "github.com/romsar/gonertia/v3"

	householdapp "github.com/gamelle/gamelle/app/household"
	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/handlers/page"
)

// BatchCook serves the batch-cooking plan of a meal prep and the household it cooks for.
// Owner only: another person's meal prep is the not-found page.
type BatchCook struct {
	*Core
	mealpreps *mealprepapp.Service
	household *householdapp.Service
}

// NewBatchCook returns the batch-cooking routes.
func NewBatchCook(c *Core, m *mealprepapp.Service, hh *householdapp.Service) *BatchCook {
	return &BatchCook{Core: c, mealpreps: m, household: hh}
}

// Routes registers GET /mealprep/{id}/plan/cook?days&sessions and the household routes
// (GET|POST|PATCH|DELETE /household).
func (h *BatchCook) Routes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(h.requireUser)
		r.Get("/mealprep/{id}/plan/cook", h.cookPage)
		r.Get("/household", h.householdPage)
		r.Post("/household", h.addMember)
		r.Patch("/household", h.changeMember)
		r.Delete("/household", h.removeMember)
		r.Post("/mealprep/{id}/recipes/keep", h.keepRecipe)
		r.Post("/mealprep/{id}/recipes/regenerate", h.regenerate)
		r.Post("/mealprep/{id}/recipe/{recipeId}/swap", h.swapFood)
	})
}

// swapWording: the swap form names its two food codes, the one to put in and the one to take
// out.
var swapWording = wording{
	mealprep.ErrInvalidFoodCode: {Field: "toFoodCode"},
	mealprepapp.ErrUnknownFood:  {Field: "toFoodCode"},
	mealprep.ErrFoodNotFound:    {Field: "fromFoodCode"},
}

// fail answers a command's error by its kind (Core.answerError); the engine's reason a swap
// cannot stay within tolerance is already in the person's language.
func (h *BatchCook) fail(w http.ResponseWriter, r *http.Request, err error) {
	var why *mealprepapp.SwapImpossibleError
	if errors.As(err, &why) {
		h.back(w, r, inertia.ValidationErrors{"toFoodCode": why.Why.In(localeFrom(r.Context()))})
		return
	}
	h.answerError(w, r, err, swapWording)
}

// cookPerson is someone the plan cooks for, as the page shows them.
type cookPerson struct {
	Name  string           `json:"name"`
	Daily nutrition.Macros `json:"daily"`
}

type cookPlanProps struct {
	MealPrep mealPrepHeader      `json:"mealPrep"`
	Days     int                 `json:"days"`
	Sessions int                 `json:"sessions"`
	Plan     *batchcook.CookPlan `json:"plan"`
	People   []cookPerson        `json:"people"`
	// Units is how the person reads the plan's quantities: grams or pounds and ounces.
	Units  massUnit `json:"units"`
	Limits struct {
		MinDays     int `json:"minDays"`
		MaxDays     int `json:"maxDays"`
		MaxSessions int `json:"maxSessions"`
	} `json:"limits"`
}

var (
	cookPlanPage = page.Define[cookPlanProps]("mealprep/cook-plan")
	// The engine's macros have the meal prep's fields and names: one TypeScript type.
	_ = page.Override[nutrition.Macros]("Macros")
	_ = page.Enum(batchcook.MealBreakfast, batchcook.MealLunch, batchcook.MealDinner, batchcook.MealSnack)
	_ = page.Enum(nutrition.ApplianceOven, nutrition.ApplianceHob, nutrition.ApplianceNone)
)

// intQuery reads a whole-number query value; absent is def, unreadable is 0 (refused by the rules).
func intQuery(r *http.Request, name string, def int) int {
	raw, present := r.URL.Query()[name]
	if !present {
		return def
	}
	v, err := strconv.Atoi(strings.TrimSpace(raw[0]))
	if err != nil {
		return 0
	}
	return v
}

// people is the owner (named "You") and their household, as the plan cooks for them.
func (h *BatchCook) people(r *http.Request, owner uuid.UUID, p mealprepapp.Person) ([]batchcook.Person, error) {
	return h.household.CookedFor(r.Context(), h.pool, p.Self(owner, h.t(r, "batchcook.you")))
}

// cookPage renders the batch-cooking plan. Days (1–7, default 7) and sessions (1 or 2, default
// 1) out of range are the page's field errors, with no plan.
func (h *BatchCook) cookPage(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		h.notFound(w, r)
		return
	}
	ctx := r.Context()
	u, _ := currentUser(ctx)
	m, err := h.mealpreps.Load(ctx, u.ID, id)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	p, err := h.mealpreps.Person(ctx, h.pool, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	name, err := h.mealpreps.Name(ctx, m.ID())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	people, err := h.people(r, u.ID, p)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	props := cookPlanProps{MealPrep: mealPrepHeader{ID: m.ID(), Name: name}, Days: intQuery(r, "days", batchcook.MaxDays),
		Sessions: intQuery(r, "sessions", 1), People: []cookPerson{}, Units: massUnit(p.Units)}
	props.Limits.MinDays, props.Limits.MaxDays, props.Limits.MaxSessions = batchcook.MinDays, batchcook.MaxDays, batchcook.MaxSessions
	for _, pp := range people {
		props.People = append(props.People, cookPerson{Name: pp.Name, Daily: pp.Daily})
	}
	plan, err := h.mealpreps.CookPlan(ctx, p, mealprepapp.CookPlanInput{Owner: u.ID, MealPrepID: m.ID(), Lang: localeFrom(ctx),
		Days: props.Days, Sessions: props.Sessions, People: people})
	if a := answerOf(err, nil); err != nil && a.Status == http.StatusSeeOther {
		r = r.WithContext(inertia.SetValidationErrors(ctx, h.translate(r, a)))
	} else if err != nil {
		h.serverError(w, r, err)
		return
	} else {
		if p.Units == "lb" {
			// Oven settings in Fahrenheit first for people who count in pounds.
			for i := range plan.Sessions {
				for _, steps := range [][]batchcook.WorkStep{plan.Sessions[i].Steps, plan.Sessions[i].Night} {
					for j := range steps {
						m := &steps[j].Method
						m.FR, m.EN = nutrition.TemperaturesIn(m.FR, nutrition.Imperial), nutrition.TemperaturesIn(m.EN, nutrition.Imperial)
					}
				}
			}
		}
		props.Plan = &plan
	}
	h.render(w, r, cookPlanPage.With(props))
}

type householdProps struct {
	Members []householdapp.MemberView `json:"members"`
	// Allergens are the 14 a member may declare, named in the page's language.
	Allergens []allergenChoice `json:"allergens"`
	Limits    struct {
		MaxMembers  int `json:"maxMembers"`
		MinGoalKcal int `json:"minGoalKcal"`
		MaxGoalKcal int `json:"maxGoalKcal"`
	} `json:"limits"`
}

var householdPage = page.Define[householdProps]("household/index")

func (h *BatchCook) householdPage(w http.ResponseWriter, r *http.Request) {
	u, _ := currentUser(r.Context())
	members, err := h.household.Members(r.Context(), h.pool, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	props := householdProps{Members: members, Allergens: allergenChoices(localeFrom(r.Context()))}
	props.Limits.MaxMembers, props.Limits.MinGoalKcal, props.Limits.MaxGoalKcal = household.MaxMembers, nutrition.MinGoalKcal, nutrition.MaxGoalKcal
	h.render(w, r, householdPage.With(props))
}

// memberForm is a member as the household form sends it: goals typed (source "manual") or the
// survey's answers (source "survey"), and the meal split in percent. Numbers come as JSON
// numbers or form strings, empty for the fields of the other source.
type memberForm struct {
	MemberID      string   `json:"memberId"`
	Name          string   `json:"name"`
	Source        string   `json:"source"`
	Kcal          optFloat `json:"kcal"`
	ProteinG      optFloat `json:"proteinG"`
	FatG          optFloat `json:"fatG"`
	CarbsG        optFloat `json:"carbsG"`
	WeightKg      optFloat `json:"weightKg"`
	HeightCm      optFloat `json:"heightCm"`
	Age           optFloat `json:"age"`
	Sex           string   `json:"sex"`
	ActivityLevel string   `json:"activityLevel"`
	Objective     string   `json:"objective"`
	MacroPreset   string   `json:"macroPreset"`
	Breakfast     optFloat `json:"breakfast"`
	Lunch         optFloat `json:"lunch"`
	Dinner        optFloat `json:"dinner"`
	Snack         optFloat `json:"snack"`
	Allergens     []string `json:"allergens"`
}

func (f memberForm) input() householdapp.Input {
	return householdapp.Input{
		Name: f.Name, Source: household.GoalsSource(f.Source),
		Goals: nutrition.Goals{Kcal: whole(f.Kcal), ProteinG: whole(f.ProteinG), FatG: whole(f.FatG), CarbsG: whole(f.CarbsG)},
		Survey: nutrition.NeedsInput{Body: nutrition.Body{WeightKg: f.WeightKg.or(), HeightCm: f.HeightCm.or(), Age: whole(f.Age), Sex: nutrition.Sex(f.Sex)},
			Activity: nutrition.ActivityLevel(f.ActivityLevel), Objective: nutrition.Objective(f.Objective), Preset: nutrition.MacroPreset(f.MacroPreset)},
		Split:     nutrition.MealSplit{Breakfast: whole(f.Breakfast), Lunch: whole(f.Lunch), Dinner: whole(f.Dinner), Snack: whole(f.Snack)},
		Allergens: f.Allergens,
	}
}

// whole is a form number rounded to a whole one; an empty field is -1, which every rule refuses
// as its own field's error (a survey member sends no typed goals, a typed one no body).
func whole(f optFloat) int {
	v := f.or()
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e9 {
		return -1
	}
	return int(math.Round(v))
}

// waitRead gives household_members a bounded moment to include a write before the page reads it.
func (h *BatchCook) waitRead(ctx context.Context, res householdapp.Result) {
	wctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_ = h.household.WaitForReadModels(wctx, res.Position)
}

// emptyChoices names each survey choice left empty with its own translated error: nothing is
// preselected (a man added without touching "sex" must not get a woman's needs), so each is the
// person's to make (docs/profile.md, "Household").
func (h *BatchCook) emptyChoices(r *http.Request, f memberForm) inertia.ValidationErrors {
	if household.GoalsSource(f.Source) != household.GoalsSurvey {
		return nil
	}
	errs := inertia.ValidationErrors{}
	for field, v := range map[string]string{"sex": f.Sex, "activityLevel": f.ActivityLevel, "objective": f.Objective, "macroPreset": f.MacroPreset} {
		if strings.TrimSpace(v) == "" {
			errs[field] = h.t(r, "batchcook.error.choose")
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

func (h *BatchCook) addMember(w http.ResponseWriter, r *http.Request) {
	var f memberForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	if errs := h.emptyChoices(r, f); errs != nil {
		h.back(w, r, errs)
		return
	}
	u, _ := currentUser(r.Context())
	_, res, err := h.household.Add(r.Context(), u.ID, f.input())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.redirectWithFlash(w, r, "/household", "success", h.t(r, "batchcook.flash.member_added"))
}

func (h *BatchCook) changeMember(w http.ResponseWriter, r *http.Request) {
	var f memberForm
	id, ok := h.bodyAndID(w, r, &f, &f.MemberID)
	if !ok {
		return
	}
	if errs := h.emptyChoices(r, f); errs != nil {
		h.back(w, r, errs)
		return
	}
	u, _ := currentUser(r.Context())
	res, err := h.household.Change(r.Context(), u.ID, id, f.input())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.redirectWithFlash(w, r, "/household", "success", h.t(r, "batchcook.flash.member_changed"))
}

func (h *BatchCook) removeMember(w http.ResponseWriter, r *http.Request) {
	var f struct {
		MemberID string `json:"memberId"`
	}
	id, ok := h.bodyAndID(w, r, &f, &f.MemberID)
	if !ok {
		return
	}
	u, _ := currentUser(r.Context())
	res, err := h.household.Remove(r.Context(), u.ID, id)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitRead(r.Context(), res)
	h.redirectWithFlash(w, r, "/household", "success", h.t(r, "batchcook.flash.member_removed"))
}

// waitPrep gives the meal-prep read models a bounded moment to include a write.
func (h *BatchCook) waitPrep(ctx context.Context, res mealprepapp.Result) {
	wctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_ = h.mealpreps.WaitForReadModels(wctx, res.Position)
}

// keepRecipe marks a recipe kept or not: {recipeId, kept}.
func (h *BatchCook) keepRecipe(w http.ResponseWriter, r *http.Request) {
	var f struct {
		RecipeID string `json:"recipeId"`
		Kept     bool   `json:"kept"`
	}
	id, ok := h.pathAndBody(w, r, "id", &f)
	if !ok {
		return
	}
	recipeID, ok := h.formID(w, r, f.RecipeID)
	if !ok {
		return
	}
	u, _ := currentUser(r.Context())
	res, err := h.mealpreps.KeepRecipe(r.Context(), u.ID, id, recipeID, f.Kept)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitPrep(r.Context(), res)
	h.backWithErrors(w, r, recipesPath(id), nil)
}

// regenerate makes again the recipes named, one token each: {recipeId} (one) or {recipeIds} (the
// page's "regenerate the rest" sends the recipes it shows as not kept). A recipe another tab or
// device already replaced, or is replacing, is refused with nothing charged.
func (h *BatchCook) regenerate(w http.ResponseWriter, r *http.Request) {
	var f struct {
		RecipeID       string   `json:"recipeId"`
		RecipeIDs      []string `json:"recipeIds"`
		IdempotencyKey string   `json:"idempotencyKey"`
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
	recipeIDs := make([]uuid.UUID, 0, len(f.RecipeIDs))
	for _, s := range f.RecipeIDs {
		rid, err := uuid.Parse(s)
		if err != nil {
			h.notFound(w, r)
			return
		}
		recipeIDs = append(recipeIDs, rid)
	}
	f.IdempotencyKey = idempotencyKey(f.IdempotencyKey)
	u, _ := currentUser(r.Context())
	n, res, err := h.mealpreps.Regenerate(r.Context(), mealprepapp.RegenerateInput{Owner: u.ID, MealPrepID: id, RecipeID: recipeID, RecipeIDs: recipeIDs, IdempotencyKey: f.IdempotencyKey})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitPrep(r.Context(), res)
	h.redirectWithFlash(w, r, recipesPath(id), "success", h.t(r, "batchcook.flash.regenerating", map[string]any{"Count": n}))
}

// swapFood replaces one ingredient of a recipe: {fromFoodCode, toFoodCode}; free.
func (h *BatchCook) swapFood(w http.ResponseWriter, r *http.Request) {
	var f struct {
		FromFoodCode flexInt `json:"fromFoodCode"`
		ToFoodCode   flexInt `json:"toFoodCode"`
	}
	id, ok := h.pathAndBody(w, r, "id", &f)
	if !ok {
		return
	}
	recipeID, ok := pathID(r, "recipeId")
	if !ok {
		h.notFound(w, r)
		return
	}
	u, _ := currentUser(r.Context())
	res, err := h.mealpreps.SwapFood(r.Context(), mealprepapp.SwapFoodInput{Owner: u.ID, MealPrepID: id, RecipeID: recipeID,
		From: int(f.FromFoodCode), To: int(f.ToFoodCode)})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.waitPrep(r.Context(), res)
	h.redirectWithFlash(w, r, "/mealprep/"+id.String()+"/recipe/"+recipeID.String(), "success", h.t(r, "batchcook.flash.swapped"))
}
