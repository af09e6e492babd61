package handlers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	mealprepapp "github.com/gamelle/gamelle/app/mealprep"
	"github.com/gamelle/gamelle/domain/batchcook"
	"github.com/gamelle/gamelle/domain/fault"
	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/domain/mealprep"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/internal/i18n"
)

// The one mapping from a domain error's kind to an answer (docs/architecture.md, "A request,
// top down", step 2): each kind, a wrapped error, a form's own wording, an error with no kind.
func TestAnswerOfMapsEachKindOnce(t *testing.T) {
	errInvalid := fault.New(fault.Invalid, "name", "k.name", "invalid")
	errConflict := fault.New(fault.Conflict, "form", "k.conflict", "conflict")
	errTokens := fault.New(fault.InsufficientTokens, "tokens", "k.tokens", "tokens")
	errMissing := fault.New(fault.NotFound, "", "", "missing")
	errForbidden := fault.New(fault.Forbidden, "", "", "forbidden")
	errInternal := fault.New(fault.Internal, "x", "k.x", "internal")
	for _, c := range []struct {
		name   string
		err    error
		words  wording
		status int
		fields map[string]string
	}{
		{"invalid input", errInvalid, nil, http.StatusSeeOther, map[string]string{"name": "k.name"}},
		{"wrapped invalid input", fmt.Errorf("rename: %w", errInvalid), nil, http.StatusSeeOther, map[string]string{"name": "k.name"}},
		{"conflict", errConflict, nil, http.StatusSeeOther, map[string]string{"form": "k.conflict"}},
		{"insufficient tokens", errTokens, nil, http.StatusSeeOther, map[string]string{"tokens": "k.tokens"}},
		{"insufficient tokens beside a field", errTokens, wording{errTokens: {Field: "count"}}, http.StatusSeeOther, map[string]string{"count": "k.tokens", "tokens": "k.tokens"}},
		{"a form's own key", errInvalid, wording{errInvalid: {Key: "k.own"}}, http.StatusSeeOther, map[string]string{"name": "k.own"}},
		{"another error's wording is ignored", errInvalid, wording{errConflict: {Field: "other"}}, http.StatusSeeOther, map[string]string{"name": "k.name"}},
		{"not found", errMissing, nil, http.StatusNotFound, nil},
		{"forbidden", errForbidden, nil, http.StatusForbidden, nil},
		{"internal kind", errInternal, nil, http.StatusInternalServerError, nil},
		{"no kind", errors.New("boom"), nil, http.StatusInternalServerError, nil},
		{"ledger figures", fmt.Errorf("charge: %w", &ledger.InsufficientTokensError{Balance: 1, Requested: 3}), nil, http.StatusSeeOther, map[string]string{"tokens": "mealprep.error.tokens"}},
		{"first refused goal", household.GoalsError{"fatG": nutrition.ErrGoalNegative, "carbsG": nutrition.ErrGoalCarbsOutOfRange}, nil, http.StatusSeeOther, map[string]string{"fatG": "batchcook.error.goal_negative"}},
		{"goal without a reason of its own", household.GoalsError{"kcal": errors.New("odd")}, nil, http.StatusSeeOther, map[string]string{"kcal": "batchcook.error.goal_macro"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := answerOf(c.err, c.words)
			if a.Status != c.status || !maps.Equal(a.Fields, c.fields) {
				t.Fatalf("answerOf = %d %v, want %d %v", a.Status, a.Fields, c.status, c.fields)
			}
		})
	}
}

// An error with no kind is the server's fault: the translated server-error page, never its text.
func TestAnswerErrorShowsTheServerErrorPageForAnUnknownError(t *testing.T) {
	tr := i18n.MustNew()
	s := &Core{log: slog.New(slog.DiscardHandler), tr: tr}
	r := httptest.NewRequest(http.MethodPost, "/mealprep", nil)
	r = r.WithContext(context.WithValue(r.Context(), localeKey, "en"))
	w := httptest.NewRecorder()
	s.answerError(w, r, errors.New("pq: secret internals"), nil)
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", w.Code)
	}
	if body := w.Body.String(); strings.Contains(body, "secret") || !strings.Contains(body, tr.T("en", "error.server")) {
		t.Fatalf("body %q", body)
	}
}

// Every domain error the meal-prep, batch-cook and sign-in handlers can meet has a kind; the ones sent
// back to a form name a field and a key both catalogues hold.
func TestEveryDomainErrorAHandlerMeetsHasAKind(t *testing.T) {
	tr := i18n.MustNew()
	for _, err := range []error{
		mealprep.ErrInvalidName, mealprep.ErrInvalidGrams, mealprep.ErrInvalidFoodCode, mealprep.ErrInvalidCount,
		mealprep.ErrInvalidCategory, mealprep.ErrInvalidServings, mealprep.ErrInvalidIngredients, mealprep.ErrNoFoods,
		mealprep.ErrTooManyFoods, mealprep.ErrFoodNotFound, mealprep.ErrRecipeNotFound, mealprep.ErrNotFound,
		mealprep.ErrAlreadyReplaced, mealprep.ErrNothingToRegenerate, mealprep.ErrNothingMissing, mealprep.ErrMissingChanged,
		mealprep.ErrCustomName, mealprep.ErrCustomText, mealprep.ErrCustomLanguage, mealprep.ErrCustomUnit,
		mealprep.ErrNutrientRange, mealprep.ErrMacrosOver100, mealprep.ErrNutrientOverTop,
		mealprepapp.ErrUnknownFood, mealprepapp.ErrSwapDiet, mealprepapp.ErrSwapMeal, mealprepapp.ErrSwapSame,
		batchcook.ErrDays, batchcook.ErrSessions, batchcook.ErrPeople,
		household.ErrName, household.ErrTooManyPeople, household.ErrSplit, household.ErrSource, household.ErrMemberUnknown,
		nutrition.ErrWeightOutOfRange, nutrition.ErrHeightOutOfRange, nutrition.ErrAgeOutOfRange, nutrition.ErrSexInvalid,
		nutrition.ErrActivityInvalid, nutrition.ErrObjectiveInvalid, nutrition.ErrPresetInvalid,
		nutrition.ErrGoalNegative, nutrition.ErrGoalKcalOutOfRange, nutrition.ErrGoalKcalInconsistent,
		nutrition.ErrGoalProteinOutOfRange, nutrition.ErrGoalFatOutOfRange, nutrition.ErrGoalCarbsOutOfRange,
		ledger.ErrInsufficientTokens,
		identity.ErrEmailRequired, identity.ErrEmailInvalid, identity.ErrNameRequired, identity.ErrNameTooLong,
		identity.ErrPasswordRequired, identity.ErrPasswordTooShort, identity.ErrPasswordTooLong,
		identity.ErrPasswordCommon, identity.ErrPasswordMismatch, identity.ErrCodeExpired, identity.ErrCodeBurned,
		identity.ErrCodeUsed, identity.ErrLinkExpired, identity.ErrLinkUsed, identity.ErrLinkInvalid,
	} {
		f := fault.Of(err)
		if f == nil || f.Kind == fault.Internal {
			t.Errorf("%q has no kind", err)
			continue
		}
		if f.Kind == fault.NotFound || f.Kind == fault.Forbidden {
			continue
		}
		if f.Field == "" {
			t.Errorf("%q (%v) names no field", err, f.Kind)
		}
		for _, loc := range i18n.Locales {
			if !slices.Contains(tr.Keys(loc), f.Key) {
				t.Errorf("%q: key %q missing in %s", err, f.Key, loc)
			}
		}
	}
}

// A second name field has name errors of its own; other identity refusals keep the domain's key.
func TestIdentityMessageNamesTheNameField(t *testing.T) {
	for _, c := range []struct {
		field string
		err   error
		want  string
	}{
		{"name", identity.ErrNameRequired, "error.name.required"},
		{"surname", identity.ErrNameTooLong, "error.surname.too_long"},
		{"password", identity.ErrPasswordMismatch, "error.password.mismatch"},
		{"email", fmt.Errorf("login: %w", identity.ErrEmailInvalid), "error.email.invalid"},
		{"code", identity.ErrCodeWrong, "error.form.malformed"},
	} {
		if got := identityMessage(c.field, c.err); got != c.want {
			t.Errorf("identityMessage(%q, %v) = %q, want %q", c.field, c.err, got, c.want)
		}
	}
}
