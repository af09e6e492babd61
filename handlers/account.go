package handlers

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	inertia "github.com/romsar/gonertia/v3"

	identityapp "github.com/gamelle/gamelle/app/identity"
	nutritionapp "github.com/gamelle/gamelle/app/nutrition"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/handlers/page"
)

// Account serves the person's own pages: the account form, daily goals, password,
// billing details, language, and the needs survey with its paid calculation.
type Account struct {
	*Core
	accounts *identityapp.Service
	needs    *nutritionapp.Needs
	// emailChanges limits address-change requests per account (account_email.go).
	emailChanges *keyedLimiter
}

// NewAccount returns the account pages over the identity and needs services.
func NewAccount(c *Core, accounts *identityapp.Service, needs *nutritionapp.Needs) *Account {
	return &Account{Core: c, accounts: accounts, needs: needs, emailChanges: newKeyedLimiter(c.pool, 10*time.Minute, 5)}
}

// Routes registers the account routes (paths and field names are the client contract (docs/client-contract.md)).
func (h *Account) Routes(r chi.Router) {
	r.Get("/dashboard/account", h.accountPage)
	r.Get("/dashboard/language", h.languagePage)
	r.Post("/dashboard/language", h.setLanguage)
	r.Group(func(r chi.Router) {
		r.Use(h.requireUser)
		r.Get("/account", h.accountPage)
		r.Post("/account", h.updateAccount)
		r.Post("/account/goals", h.setGoals)
		r.Post("/account/password", h.changePassword)
		r.Post("/account/email", h.requestEmailChange)
		// A visitor opening the link signs in first and comes back (requireUser keeps the way).
		r.Get("/account/email/confirm/{token}", h.emailChangePage)
		r.Post("/account/email/confirm/{token}", h.confirmEmailChange)
		// The onboarding_exists email's link, same way (account_preferences.go).
		r.Get("/account/preferences/confirm/{token}", h.preferencesPage)
		r.Post("/account/preferences/confirm/{token}", h.applyPreferences)
		r.Get("/account/billing", h.billingPage)
		r.Post("/account/billing", h.setBilling)
		r.Get("/account/survey", h.surveyPage)
		r.Post("/account/survey", h.submitSurvey)
		r.Post("/account/survey/accept", h.acceptNeeds)
	})
}

// profileMessage maps this area's refusal reasons to message keys: the one place where they
// become words.
func profileMessage(field string, err error) string {
	switch {
	case errors.Is(err, identity.ErrNameRequired), errors.Is(err, identity.ErrNameTooLong),
		errors.Is(err, identity.ErrPasswordRequired), errors.Is(err, identity.ErrPasswordTooShort),
		errors.Is(err, identity.ErrPasswordTooLong), errors.Is(err, identity.ErrPasswordCommon),
		errors.Is(err, identity.ErrPasswordMismatch):
		if field == "password_confirmation" {
			field = "password"
		}
		return identityMessage(field, err)
	case errors.Is(err, identity.ErrEmailRequired):
		return "profile.error.email_required"
	case errors.Is(err, identity.ErrEmailInvalid):
		return "profile.error.email_invalid"
	case errors.Is(err, identity.ErrEmailUnchanged):
		return "profile.error.email_same"
	case errors.Is(err, identityapp.ErrPasswordWrong):
		return "profile.error.password_wrong"
	case errors.Is(err, identityapp.ErrPriceLimitInvalid):
		return "profile.error.price_limit"
	case errors.Is(err, nutrition.ErrUnknownAllergen):
		return "profile.error.allergens"
	case errors.Is(err, nutrition.ErrUnknownStaple):
		return "profile.error.pantry"
	case errors.Is(err, identityapp.ErrCountryInvalid):
		return "profile.error.country"
	case errors.Is(err, identityapp.ErrBillingFieldRequired):
		return "profile.error.required"
	case errors.Is(err, identityapp.ErrBillingFieldTooLong), errors.Is(err, nutritionapp.ErrTextTooLong):
		return "profile.error.too_long"
	case errors.Is(err, nutrition.ErrWeightOutOfRange):
		return "profile.error.weight"
	case errors.Is(err, nutrition.ErrHeightOutOfRange):
		return "profile.error.height"
	case errors.Is(err, nutrition.ErrAgeOutOfRange):
		return "profile.error.age"
	case errors.Is(err, nutrition.ErrMealSplitInvalid):
		return "profile.error.meal_split"
	case errors.Is(err, nutrition.ErrGoalNegative):
		return "profile.error.goal_negative"
	case errors.Is(err, nutrition.ErrGoalKcalOutOfRange):
		return "profile.error.goal_kcal"
	case errors.Is(err, nutrition.ErrGoalProteinOutOfRange), errors.Is(err, nutrition.ErrGoalFatOutOfRange),
		errors.Is(err, nutrition.ErrGoalCarbsOutOfRange):
		return "profile.error.goal_macro"
	}
	return "profile.error.choice"
}

// fail answers a refused form with translated field errors, anything else by its kind
// (Core.answerError): a shortfall of tokens goes back to the form, the rest to the error page.
func (h *Account) fail(w http.ResponseWriter, r *http.Request, err error) {
	var fe identity.FieldErrors
	var se nutritionapp.FieldErrors
	errs := inertia.ValidationErrors{}
	switch {
	case errors.As(err, &fe):
		for f, e := range fe {
			errs[f] = h.t(r, profileMessage(f, e))
		}
	case errors.As(err, &se):
		for f, e := range se {
			errs[f] = h.t(r, profileMessage(f, e))
		}
	default:
		h.answerError(w, r, err, accountWording)
		return
	}
	h.back(w, r, errs)
}

// accountWording: the survey's shortfall names the price of a needs calculation.
var accountWording = wording{ledger.ErrInsufficientTokens: {Key: "profile.error.tokens", Args: map[string]any{"Cost": nutrition.NeedsCalculationTokens}}}

func (h *Account) me(r *http.Request) uuid.UUID {
	u, _ := currentUser(r.Context())
	return u.ID
}

// accountProps is the account as the pages read it.
type accountProps struct {
	Email         string           `json:"email"`
	Name          string           `json:"name"`
	Surname       string           `json:"surname"`
	HasPassword   bool             `json:"hasPassword"`
	Language      string           `json:"language"`
	Units         string           `json:"units"`
	Currency      string           `json:"currency"`
	Diet          string           `json:"diet"`
	Objective     string           `json:"objective"`
	MacroPreset   string           `json:"macroPreset"`
	Goals         *nutrition.Goals `json:"goals"`
	AISuggestions bool             `json:"aiSuggestions"`
	PriceLimit    *float64         `json:"priceLimit"`
	// Allergens are the ids the person declares (docs/profile.md, "Allergens").
	Allergens []string `json:"allergens"`
	// Pantry are the staple ids the person keeps (docs/nutrition.md, "Pantry staples").
	Pantry []string `json:"pantry"`
}

func toAccountProps(a identityapp.Account) accountProps {
	p := accountProps{
		Email: a.Email, Name: a.Name, Surname: a.Surname, HasPassword: a.HasPassword, Language: string(a.Language),
		Units: a.Units, Currency: a.Currency, Diet: string(a.Diet), Objective: string(a.Objective),
		MacroPreset: string(a.MacroPreset), Goals: a.Goals, AISuggestions: a.AISuggestions,
		Allergens: make([]string, len(a.Allergens)), Pantry: a.Pantry,
	}
	for i, al := range a.Allergens {
		p.Allergens[i] = string(al)
	}
	if a.PriceLimitCents != nil {
		v := float64(*a.PriceLimitCents) / 100
		p.PriceLimit = &v
	}
	return p
}

// presetGoals are the goals each preset gives for a calorie figure, to help people who set
// their goals by hand (the page scales them to the kcal typed).
func presetGoals() map[string]nutrition.Goals {
	out := map[string]nutrition.Goals{}
	for _, p := range []nutrition.MacroPreset{nutrition.PresetDefault, nutrition.PresetHighProtein, nutrition.PresetHighCarbs, nutrition.PresetLowCarbs, nutrition.PresetBalanced} {
		g, _ := nutrition.GoalsForPreset(2000, p)
		out[string(p)] = g
	}
	return out
}

func (h *Account) accountPage(w http.ResponseWriter, r *http.Request) {
	a, err := h.accounts.Account(r.Context(), h.me(r))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	pending, ok, err := h.accounts.PendingEmailChange(r.Context(), a.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	var emailChange *pendingEmailProps
	if ok {
		emailChange = &pendingEmailProps{Email: pending.Email, ExpiresAt: pending.ExpiresAt}
	}
	h.render(w, r, accountPage.With(accountPageProps{
		Account:     toAccountProps(a),
		EmailChange: emailChange,
		Presets:     presetGoals(),
		Allergens:   allergenChoices(localeFrom(r.Context())),
		Staples:     stapleChoices(localeFrom(r.Context())),
		Bounds: goalBounds{MinKcal: nutrition.MinGoalKcal, MaxKcal: nutrition.MaxGoalKcal,
			MaxProteinG: nutrition.MaxGoalProteinG, MaxFatG: nutrition.MaxGoalFatG, MaxCarbsG: nutrition.MaxGoalCarbsG},
	}))
}

type accountPageProps struct {
	Account accountProps `json:"account"`
	// EmailChange is the address change waiting for its link, or null.
	EmailChange *pendingEmailProps         `json:"emailChange"`
	Presets     map[string]nutrition.Goals `json:"presets"`
	Bounds      goalBounds                 `json:"bounds"`
	// Allergens are the 14 a person may declare, in Annex II's order, named as the regulation
	// names them in the page's language.
	Allergens []allergenChoice `json:"allergens"`
	// Staples are the pantry staples a person may tick, in the table's order, named in the
	// page's language, each with the allergens it contains or may contain (ids).
	Staples []stapleChoice `json:"staples"`
}

// stapleChoice is a pantry staple as a checkbox offers it.
type stapleChoice struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Allergens []string `json:"allergens"`
}

// stapleChoices are the pantry staples named in lang.
func stapleChoices(lang string) []stapleChoice {
	out := make([]stapleChoice, len(nutrition.Staples))
	for i, s := range nutrition.Staples {
		out[i] = stapleChoice{ID: s.ID, Name: s.Name.In(lang), Allergens: []string{}}
		for _, a := range nutrition.StapleAllergens(s.ID) {
			out[i].Allergens = append(out[i].Allergens, string(a))
		}
	}
	return out
}

// allergenChoice is an allergen as a checkbox offers it.
type allergenChoice struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// allergenChoices are the 14 allergens named in lang.
func allergenChoices(lang string) []allergenChoice {
	out := make([]allergenChoice, len(nutrition.Allergens))
	for i, a := range nutrition.Allergens {
		out[i] = allergenChoice{ID: string(a), Name: a.Name().In(lang)}
	}
	return out
}

type goalBounds struct {
	MinKcal     int `json:"minKcal"`
	MaxKcal     int `json:"maxKcal"`
	MaxProteinG int `json:"maxProteinG"`
	MaxFatG     int `json:"maxFatG"`
	MaxCarbsG   int `json:"maxCarbsG"`
}

type accountBillingProps struct {
	Billing   identityapp.BillingInfo `json:"billing"`
	Countries []string                `json:"countries"`
}

type accountLanguageProps struct {
	Language string `json:"language"`
}

type accountSurveyProps struct {
	Survey *nutritionapp.Survey `json:"survey"`
	Units  string               `json:"units"`
	Cost   int                  `json:"cost"`
	Goals  *nutrition.Goals     `json:"goals"`
	// The page polls this one prop while the calculation runs.
	Request *nutritionapp.Request `json:"request"`
}

var (
	accountPage         = page.Define[accountPageProps]("account/index")
	accountBillingPage  = page.Define[accountBillingProps]("account/billing")
	accountLanguagePage = page.Define[accountLanguageProps]("account/language")
	accountSurveyPage   = page.Define[accountSurveyProps]("account/survey")
)

// flexFloat reads a number sent as JSON (Inertia) or as a form field string; nil when absent
// or empty.
type flexFloat float64

func (n *flexFloat) UnmarshalJSON(data []byte) error {
	s := strings.TrimSpace(strings.Trim(string(data), `"`))
	// A typographic minus (French number formatting, a pasted figure) is a minus.
	s = strings.Replace(s, "\u2212", "-", 1)
	v, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil {
		return fmt.Errorf("not a number: %q", s)
	}
	*n = flexFloat(v)
	return nil
}

type accountForm struct {
	Name          string     `json:"name"`
	Surname       string     `json:"surname"`
	Language      string     `json:"language"`
	Units         string     `json:"units"`
	Currency      string     `json:"currency"`
	Diet          string     `json:"diet"`
	AISuggestions any        `json:"aiSuggestions"`
	PriceLimit    *flexFloat `json:"priceLimit"`
	Allergens     []string   `json:"allergens"`
	// Pantry absent (null) leaves the stored pantry as it is.
	Pantry []string `json:"pantry"`
}

// truthy reads a checkbox sent as JSON true/false or as a form value ("on", "1", "true").
func truthy(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case string:
		return x == "on" || x == "1" || x == "true"
	}
	return false
}

func (h *Account) updateAccount(w http.ResponseWriter, r *http.Request) {
	var f accountForm
	if err := decodeBody(r, &f); isTextError(err) {
		h.bodyError(w, r, err)
		return
	} else if err != nil {
		h.back(w, r, inertia.ValidationErrors{"priceLimit": h.t(r, "profile.error.price_limit")})
		return
	}
	in := identityapp.AccountUpdate{Name: f.Name, Surname: f.Surname, Language: f.Language, Units: f.Units,
		Currency: f.Currency, Diet: f.Diet, AISuggestions: truthy(f.AISuggestions), Allergens: f.Allergens, Pantry: f.Pantry}
	if f.PriceLimit != nil {
		v := float64(*f.PriceLimit)
		in.PriceLimit = &v
	}
	if err := h.accounts.UpdateAccount(r.Context(), h.me(r), in); err != nil {
		h.fail(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/account", "success", h.tIn(f.Language, "profile.flash.saved"))
}

// tIn translates in a given language (right after the person changed theirs).
func (h *Account) tIn(lang, key string) string {
	if lang != string(identity.English) {
		lang = string(identity.French)
	}
	return h.tr.T(lang, key)
}

type goalsForm struct {
	Kcal     *flexFloat `json:"kcal"`
	ProteinG *flexFloat `json:"proteinG"`
	FatG     *flexFloat `json:"fatG"`
	CarbsG   *flexFloat `json:"carbsG"`
}

func (h *Account) setGoals(w http.ResponseWriter, r *http.Request) {
	var f goalsForm
	if err := decodeBody(r, &f); isTextError(err) {
		h.bodyError(w, r, err)
		return
	} else if err != nil {
		h.back(w, r, inertia.ValidationErrors{"kcal": h.t(r, "profile.error.required")})
		return
	}
	errs := inertia.ValidationErrors{}
	val := func(name string, v *flexFloat) int {
		if v == nil {
			errs[name] = h.t(r, "profile.error.required")
			return 0
		}
		return int(math.Round(float64(*v)))
	}
	g := nutrition.Goals{Kcal: val("kcal", f.Kcal), ProteinG: val("proteinG", f.ProteinG), FatG: val("fatG", f.FatG), CarbsG: val("carbsG", f.CarbsG)}
	if len(errs) > 0 {
		h.back(w, r, errs)
		return
	}
	if err := h.accounts.SetGoals(r.Context(), h.me(r), g); err != nil {
		var fe identity.FieldErrors
		if errors.As(err, &fe) && errors.Is(fe["kcal"], nutrition.ErrGoalKcalInconsistent) {
			// The refusal shows what the grams add up to, so the person can fix either side.
			loc := localeFrom(r.Context())
			h.back(w, r, inertia.ValidationErrors{"kcal": h.t(r, "profile.error.goal_kcal_macros", map[string]any{
				"Computed": groupThousands(loc, g.MacroKcal()), "Kcal": groupThousands(loc, g.Kcal)})})
			return
		}
		h.fail(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/general", "success", h.t(r, "profile.flash.goals_saved"))
}

// groupThousands writes a whole number as the locale does: "3 750" (narrow no-break space) in
// French, "3,750" in English.
func groupThousands(locale string, n int) string {
	sep := "\u202f"
	if locale == string(identity.English) {
		sep = ","
	}
	digits := strconv.Itoa(max(n, -n))
	var b strings.Builder
	if n < 0 {
		b.WriteString("−")
	}
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}

type passwordForm struct {
	CurrentPassword      string `json:"currentPassword"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

func (h *Account) changePassword(w http.ResponseWriter, r *http.Request) {
	var f passwordForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	if err := h.accounts.ChangePassword(r.Context(), h.me(r), f.CurrentPassword, f.Password, f.PasswordConfirmation); err != nil {
		h.fail(w, r, err)
		return
	}
	// The password change signed every session out; this one signs in again.
	if err := h.logIn(w, r, h.me(r), true); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/account", "success", h.t(r, "profile.flash.password_saved"))
}

func (h *Account) billingPage(w http.ResponseWriter, r *http.Request) {
	b, _, err := h.accounts.BillingInfo(r.Context(), h.me(r))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, accountBillingPage.With(accountBillingProps{Billing: b, Countries: identityapp.Countries}))
}

func (h *Account) setBilling(w http.ResponseWriter, r *http.Request) {
	var f identityapp.BillingInfo
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	if err := h.accounts.SetBillingInfo(r.Context(), h.me(r), f); err != nil {
		h.fail(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/account/billing", "success", h.t(r, "profile.flash.saved"))
}

func (h *Account) languagePage(w http.ResponseWriter, r *http.Request) {
	a, err := h.accounts.Account(r.Context(), h.me(r))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, accountLanguagePage.With(accountLanguageProps{Language: string(a.Language)}))
}

type languageForm struct {
	Language string `json:"language"`
}

func (h *Account) setLanguage(w http.ResponseWriter, r *http.Request) {
	var f languageForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	if err := h.accounts.SetLanguage(r.Context(), h.me(r), f.Language); err != nil {
		h.fail(w, r, err)
		return
	}
	// The next page follows the stored language on every device, this one included (loadUser);
	// the flash is written now, so in the new language already. Back to the page the form was
	// on: the language page, or any page whose language switcher saved the choice.
	ctx := inertia.SetFlash(r.Context(), inertia.Flash{"success": h.tIn(f.Language, "profile.flash.language_saved")})
	h.back(w, r.WithContext(ctx), nil)
}

// Imperial survey answers: pounds and inches.
const (
	kgPerPound = nutrition.GramsPerPound / 1000
	cmPerInch  = 2.54
)

// surveyForm is the survey as posted: weightKg and heightCm are in the person's units (pounds
// and inches when they use lb), the field names being the contract.
type surveyForm struct {
	WeightKg            *flexFloat     `json:"weightKg"`
	HeightCm            *flexFloat     `json:"heightCm"`
	Age                 *flexFloat     `json:"age"`
	Sex                 string         `json:"sex"`
	ActivityLevel       string         `json:"activityLevel"`
	ActivityDescription string         `json:"activityDescription"`
	OtherActivities     string         `json:"otherActivities"`
	Objective           string         `json:"objective"`
	MacroPreset         string         `json:"macroPreset"`
	MealSplit           *mealSplitForm `json:"mealSplit"`
	IdempotencyKey      string         `json:"idempotencyKey"`
}

type mealSplitForm struct {
	Breakfast *flexFloat `json:"breakfast"`
	Lunch     *flexFloat `json:"lunch"`
	Dinner    *flexFloat `json:"dinner"`
	Snack     *flexFloat `json:"snack"`
}

// survey converts the form to metric, or lists the missing fields.
func (f surveyForm) survey(units string) (nutritionapp.Survey, []string) {
	var missing []string
	num := func(name string, v *flexFloat) float64 {
		if v == nil {
			missing = append(missing, name)
			return 0
		}
		return float64(*v)
	}
	str := func(name, v string) string {
		v = strings.TrimSpace(v)
		if v == "" {
			missing = append(missing, name)
		}
		return v
	}
	s := nutritionapp.Survey{
		WeightKg: num("weightKg", f.WeightKg), HeightCm: num("heightCm", f.HeightCm), Age: int(num("age", f.Age)),
		Sex: str("sex", f.Sex), ActivityLevel: str("activityLevel", f.ActivityLevel),
		// Optional: a person with no other activity leaves them empty (docs/profile.md).
		ActivityDescription: strings.TrimSpace(f.ActivityDescription),
		OtherActivities:     strings.TrimSpace(f.OtherActivities),
		Objective:           str("objective", f.Objective), MacroPreset: str("macroPreset", f.MacroPreset),
	}
	if f.MealSplit == nil {
		missing = append(missing, "mealSplit")
	} else {
		s.MealSplit = nutrition.MealSplit{
			Breakfast: int(num("mealSplit", f.MealSplit.Breakfast)), Lunch: int(num("mealSplit", f.MealSplit.Lunch)),
			Dinner: int(num("mealSplit", f.MealSplit.Dinner)), Snack: int(num("mealSplit", f.MealSplit.Snack)),
		}
	}
	if units == "lb" {
		s.WeightKg = math.Round(s.WeightKg*kgPerPound*10) / 10
		s.HeightCm = math.Round(s.HeightCm*cmPerInch*10) / 10
	}
	return s, missing
}

// surveyInUnits is a saved survey in the person's units, to prefill the form.
func surveyInUnits(s nutritionapp.Survey, units string) nutritionapp.Survey {
	if units == "lb" {
		s.WeightKg = math.Round(s.WeightKg/kgPerPound*10) / 10
		s.HeightCm = math.Round(s.HeightCm/cmPerInch*10) / 10
	}
	return s
}

func (h *Account) surveyPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	a, err := h.accounts.Account(ctx, h.me(r))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	last, err := h.needs.LastSurvey(ctx, a.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	var prefill *nutritionapp.Survey
	if last != nil {
		p := surveyInUnits(*last, a.Units)
		prefill = &p
	}
	req, err := h.needs.Latest(ctx, a.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, accountSurveyPage.With(accountSurveyProps{
		Survey: prefill, Units: a.Units, Cost: nutrition.NeedsCalculationTokens, Goals: a.Goals, Request: req,
	}))
}

func (h *Account) submitSurvey(w http.ResponseWriter, r *http.Request) {
	var f surveyForm
	if err := decodeBody(r, &f); isTextError(err) {
		h.bodyError(w, r, err)
		return
	} else if err != nil {
		h.back(w, r, inertia.ValidationErrors{"form": h.t(r, "profile.error.all_required")})
		return
	}
	a, err := h.accounts.Account(r.Context(), h.me(r))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	s, missing := f.survey(a.Units)
	if len(missing) > 0 {
		errs := inertia.ValidationErrors{"form": h.t(r, "profile.error.all_required")}
		for _, m := range missing {
			errs[m] = h.t(r, "profile.error.required")
		}
		h.back(w, r, errs)
		return
	}
	f.IdempotencyKey = idempotencyKey(f.IdempotencyKey)
	if _, err := h.needs.Request(r.Context(), a.ID, s, f.IdempotencyKey); err != nil {
		h.fail(w, r, err)
		return
	}
	h.inertia.Redirect(w, r, "/account/survey", http.StatusSeeOther)
}

type acceptForm struct {
	RequestID string `json:"requestId"`
}

func (h *Account) acceptNeeds(w http.ResponseWriter, r *http.Request) {
	var f acceptForm
	id, ok := h.bodyAndID(w, r, &f, &f.RequestID)
	if !ok {
		return
	}
	if err := h.needs.Accept(r.Context(), h.me(r), id); err != nil {
		if errors.Is(err, nutritionapp.ErrRequestNotFound) {
			h.notFound(w, r)
			return
		}
		h.serverError(w, r, err)
		return
	}
	h.redirectWithFlash(w, r, "/dashboard/general", "success", h.t(r, "profile.flash.goals_saved"))
}
