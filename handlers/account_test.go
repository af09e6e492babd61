package handlers

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/eventstore"
)

func accountSetup(t *testing.T, email string) *bundle {
	t.Helper()
	b := setup(t)
	b.registerAndVerify(t, email)
	return b
}

func TestAccountGoalsByHand(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "goals@example.test")
	const page = "/dashboard/account"

	resp, _ := b.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": 500, "proteinG": 150, "fatG": 70}, page)
	requireRedirect(t, resp, page)
	_, p := b.visit(t, page)
	require.Equal(t, "Ce champ est obligatoire.", errorsOf(p)["carbsG"])
	resp, _ = b.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": 500, "proteinG": 150, "fatG": 70, "carbsG": 1000}, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, "L’objectif calorique doit être compris entre 800 et 6\u202f000 kcal.", errorsOf(p)["kcal"])
	require.NotEmpty(t, errorsOf(p)["carbsG"])
	require.Nil(t, p.Props["account"].(map[string]any)["goals"])
	// Calories that contradict the macros (2,090 kcal at 4/9/4) are a field error on kcal.
	resp, _ = b.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": 1500, "proteinG": 150, "fatG": 70, "carbsG": 215}, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Contains(t, errorsOf(p)["kcal"], "Les calories ne correspondent pas aux macronutriments")

	resp, _ = b.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": 2100, "proteinG": 150, "fatG": 70, "carbsG": "215"}, page)
	requireRedirect(t, resp, "/dashboard/general")
	_, p = b.visit(t, page)
	require.Equal(t, map[string]any{"kcal": 2100.0, "proteinG": 150.0, "fatG": 70.0, "carbsG": 215.0}, p.Props["account"].(map[string]any)["goals"])
	// The dashboard home charts them.
	_, p = b.visit(t, "/dashboard/general")
	require.Equal(t, map[string]any{"kcal": 2100.0, "proteinG": 150.0, "fatG": 70.0, "carbsG": 215.0}, p.Props["goals"])
	require.NotNil(t, p.Props["balanceHistory"])
}

func TestAccountFormAndLanguage(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "acct@example.test")
	const page = "/dashboard/account"
	form := map[string]any{"name": "Ada", "surname": "Lovelace", "language": "fr", "units": "lb", "currency": "USD",
		"diet": "vegan", "aiSuggestions": false, "priceLimit": 0}
	resp, _ := b.send(t, http.MethodPost, "/account", form, page)
	requireRedirect(t, resp, page)
	_, p := b.visit(t, page)
	require.Equal(t, "La limite de prix doit être supérieure à zéro.", errorsOf(p)["priceLimit"])

	form["priceLimit"] = "4,50"
	resp, _ = b.send(t, http.MethodPost, "/account", form, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	a := p.Props["account"].(map[string]any)
	require.Equal(t, "lb", a["units"])
	require.Equal(t, "vegan", a["diet"])
	require.Equal(t, 4.5, a["priceLimit"])
	require.Equal(t, false, a["aiSuggestions"])

	// Language: stored on the person (emails and every device follow it); the next page sets
	// this device's i18n cookie to match (TestLanguageFollowsThePersonOnEveryDevice).
	resp, _ = b.send(t, http.MethodPost, "/dashboard/language", map[string]any{"language": "en"}, "/dashboard/language")
	requireRedirect(t, resp, "/dashboard/language")
	var lang string
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT language FROM users WHERE email = 'acct@example.test'`).Scan(&lang))
	require.Equal(t, "en", lang)
	resp, p = b.visit(t, "/dashboard/language")
	require.Equal(t, "en", p.Props["locale"])
	require.Equal(t, "en", languageCookie(resp), "i18next cookie set")
	// Saved from another page's language switcher, the choice returns to that page.
	resp, _ = b.send(t, http.MethodPost, "/dashboard/language", map[string]any{"language": "fr"}, "/dashboard/general")
	requireRedirect(t, resp, "/dashboard/general")
}

func TestSurveyRulesAndCharge(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "survey@example.test")
	const page = "/account/survey"
	survey := map[string]any{"weightKg": 80, "heightCm": 180, "age": 30, "sex": "male", "activityLevel": "moderate",
		"activityDescription": "bureau", "otherActivities": "vélo", "objective": "maintenance", "macroPreset": "default",
		"mealSplit": map[string]any{"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 10}}

	// A missing field: the survey's message, nothing charged.
	missing := map[string]any{}
	for k, v := range survey {
		if k != "sex" {
			missing[k] = v
		}
	}
	resp, _ := b.send(t, http.MethodPost, page, missing, page)
	requireRedirect(t, resp, page)
	_, p := b.visit(t, page)
	require.Equal(t, "Remplissez les champs signalés comme obligatoires.", errorsOf(p)["form"])
	require.Equal(t, "Ce champ est obligatoire.", errorsOf(p)["sex"])

	// The activity's description and other activities are optional: without them the survey
	// goes on to the charge (refused here for want of tokens, not for a missing field).
	optional := map[string]any{}
	for k, v := range survey {
		optional[k] = v
	}
	optional["activityDescription"], optional["otherActivities"] = "", "  "
	resp, _ = b.send(t, http.MethodPost, page, optional, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.NotContains(t, errorsOf(p), "form")
	require.NotContains(t, errorsOf(p), "otherActivities")
	require.NotContains(t, errorsOf(p), "activityDescription")
	require.Contains(t, errorsOf(p)["tokens"], "10 jetons")

	// Out of bounds: field errors, nothing charged.
	bad := map[string]any{}
	for k, v := range survey {
		bad[k] = v
	}
	bad["weightKg"], bad["age"] = 19, 111
	bad["mealSplit"] = map[string]any{"breakfast": 25, "lunch": 35, "dinner": 30, "snack": 20}
	resp, _ = b.send(t, http.MethodPost, page, bad, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, "Le poids doit être compris entre 20 et 400 kg.", errorsOf(p)["weightKg"])
	require.NotEmpty(t, errorsOf(p)["age"])
	require.NotEmpty(t, errorsOf(p)["mealSplit"])

	// Two sign-up tokens are not enough: the buy prompt, nothing charged.
	resp, _ = b.send(t, http.MethodPost, page, survey, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Contains(t, errorsOf(p)["tokens"], "10 jetons")
	require.EqualValues(t, 2, authUserOf(t, p)["balance"])

	id := b.userID(t, "survey@example.test")
	_, err := b.srv.wallets.Grant(t.Context(), ledgerapp.GrantCommand{UserID: id, Amount: 10, Reason: ledger.ReasonAdminGrant, CommandMeta: eventstore.CommandMeta{Actor: "test"}})
	require.NoError(t, err)
	resp, _ = b.send(t, http.MethodPost, page, survey, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.EqualValues(t, 2, authUserOf(t, p)["balance"])
	req := p.Props["request"].(map[string]any)
	require.Equal(t, "pending", req["status"])
	var jobs int
	require.NoError(t, b.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM river_job WHERE kind = 'calculate_needs'`).Scan(&jobs))
	require.Equal(t, 1, jobs)
}

// Goals whose grams contradict the calories are refused with the grams' energy shown,
// and a negative figure is told as such, not as a missing one.
func TestAccountGoalsMustAddUp(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "goals-add-up@example.test")
	const page = "/dashboard/account"

	resp, _ := b.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": 2000, "proteinG": 300, "fatG": 150, "carbsG": 300}, page)
	requireRedirect(t, resp, page)
	_, p := b.visit(t, page)
	require.Equal(t, "Les calories ne correspondent pas aux macronutriments\u202f: vos grammes font 3\u202f750\u202fkcal (protéines et glucides 4\u202fkcal/g, lipides 9\u202fkcal/g), à plus de 15\u202f% des 2\u202f000\u202fkcal visées. Réglez les calories sur 3\u202f750\u202fkcal ou ajustez les grammes.", errorsOf(p)["kcal"])
	require.Nil(t, p.Props["account"].(map[string]any)["goals"], "nothing saved")

	for _, kcal := range []any{"-5", -5} {
		resp, _ = b.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": kcal, "proteinG": 150, "fatG": 70, "carbsG": 215}, page)
		requireRedirect(t, resp, page)
		_, p = b.visit(t, page)
		require.Equal(t, "Saisissez un nombre positif.", errorsOf(p)["kcal"], "%v", kcal)
	}
	resp, _ = b.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": 2000, "proteinG": "−5", "fatG": 70, "carbsG": 215}, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, "Saisissez un nombre positif.", errorsOf(p)["proteinG"], "a typographic minus is a minus")
	require.Empty(t, errorsOf(p)["kcal"])

	// In English, with the English number format.
	resp, _ = b.send(t, http.MethodPost, "/dashboard/language", map[string]any{"language": "en"}, "/dashboard/language")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	resp, _ = b.send(t, http.MethodPost, "/account/goals", map[string]any{"kcal": 2000, "proteinG": 300, "fatG": 150, "carbsG": 300}, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, "The calories do not match the macronutrients: your grams add up to 3,750 kcal (protein and carbohydrates 4 kcal/g, fat 9 kcal/g), more than 15% away from the 2,000 kcal goal. Set the calories to 3,750 kcal or change the grams.", errorsOf(p)["kcal"])
}

// TestAccountAllergensForm: the account page offers the 14 allergens named as EU regulation
// 1169/2011 names them in the page's language, stores the ones ticked and refuses an unknown id
// with a translated field error (docs/profile.md, "Allergens").
func TestAccountAllergensForm(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "allergic@example.test")
	const page = "/dashboard/account"
	_, p := b.visit(t, page)
	choices := p.Props["allergens"].([]any)
	require.Len(t, choices, 14)
	require.Equal(t, map[string]any{"id": "gluten", "name": "céréales contenant du gluten"}, choices[0])
	require.Equal(t, []any{}, p.Props["account"].(map[string]any)["allergens"])

	form := map[string]any{"name": "Ada", "surname": "Lovelace", "language": "fr", "units": "g", "currency": "EUR",
		"diet": "omnivore", "aiSuggestions": false, "allergens": []string{"sesame", "peanuts"}}
	resp, _ := b.send(t, http.MethodPost, "/account", form, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, []any{"peanuts", "sesame"}, p.Props["account"].(map[string]any)["allergens"])

	form["allergens"] = []string{"kiwi"}
	resp, _ = b.send(t, http.MethodPost, "/account", form, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, "Choisissez parmi les 14 allergènes de la liste.", errorsOf(p)["allergens"])
	require.Equal(t, []any{"peanuts", "sesame"}, p.Props["account"].(map[string]any)["allergens"])

	// The personal data export holds them too.
	resp = b.do(t, http.MethodGet, "/dashboard/settings/export", nil, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var export map[string]any
	require.NoError(t, json.Unmarshal(body, &export))
	require.Equal(t, []any{"peanuts", "sesame"}, export["account"].(map[string]any)["allergens"])
}

// TestAccountPantryForm: the staples offered with their allergens, ticked ones stored once each,
// an unknown id refused with a translated message and nothing changed, a form without the field
// (an older client) leaving the pantry as it is, and the export holding it.
func TestAccountPantryForm(t *testing.T) {
	t.Parallel()
	b := accountSetup(t, "cupboard@example.test")
	const page = "/dashboard/account"
	_, p := b.visit(t, page)
	staples := p.Props["staples"].([]any)
	require.Len(t, staples, len(nutrition.Staples))
	byID := map[string]map[string]any{}
	for _, s := range staples {
		byID[s.(map[string]any)["id"].(string)] = s.(map[string]any)
	}
	require.Equal(t, "sauce soja", byID["soy_sauce"]["name"])
	require.Contains(t, byID["soy_sauce"]["allergens"], "soy")
	require.Equal(t, []any{}, byID["garlic"]["allergens"])
	var start []any
	for _, id := range nutrition.DefaultPantry {
		start = append(start, id)
	}
	require.Equal(t, start, p.Props["account"].(map[string]any)["pantry"], "a person starts with the default cupboard")

	form := map[string]any{"name": "Ada", "surname": "Lovelace", "language": "fr", "units": "g", "currency": "EUR",
		"diet": "omnivore", "aiSuggestions": false, "allergens": []string{}, "pantry": []string{"garlic", "soy_sauce", "garlic"}}
	resp, _ := b.send(t, http.MethodPost, "/account", form, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, []any{"garlic", "soy_sauce"}, p.Props["account"].(map[string]any)["pantry"])

	form["pantry"] = []string{"garlic", "truffle"}
	resp, _ = b.send(t, http.MethodPost, "/account", form, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Equal(t, "Choisissez parmi les ingrédients de la liste.", errorsOf(p)["pantry"])
	require.Equal(t, []any{"garlic", "soy_sauce"}, p.Props["account"].(map[string]any)["pantry"])

	delete(form, "pantry")
	resp, _ = b.send(t, http.MethodPost, "/account", form, page)
	requireRedirect(t, resp, page)
	_, p = b.visit(t, page)
	require.Empty(t, errorsOf(p))
	require.Equal(t, []any{"garlic", "soy_sauce"}, p.Props["account"].(map[string]any)["pantry"], "a form without the field keeps the pantry")

	resp = b.do(t, http.MethodGet, "/dashboard/settings/export", nil, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var export map[string]any
	require.NoError(t, json.Unmarshal(body, &export))
	require.Equal(t, []any{"garlic", "soy_sauce"}, export["account"].(map[string]any)["pantry"])
}
