package handlers

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	inertia "github.com/romsar/gonertia/v3"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// The onboarding's step machine (transitions, back rules, recovery of a stale session) is
// identityapp.Onboarding; this file keeps its state in the session and turns its answers into
// pages.

const (
	sessionKeyOnboarding = "onboarding.state"
)

func init() {
	// The captions must be served as text/vtt for browsers to use them; Go's built-in table
	// does not know the extension.
	_ = mime.AddExtensionType(".vtt", "text/vtt; charset=utf-8")
}

// onboardingForm is a posted step. Action "back" returns to the previous step without checking.
type onboardingForm struct {
	Step        flexInt `json:"step"`
	Action      string  `json:"action"`
	Email       string  `json:"email"`
	Diet        string  `json:"diet"`
	Objective   string  `json:"objective"`
	MacroPreset string  `json:"macroPreset"`
}

// flexInt reads a number sent as JSON (Inertia) or as a form field string.
type flexInt int

func (n *flexInt) UnmarshalJSON(data []byte) error {
	s := strings.Trim(string(data), `"`)
	v, err := strconv.Atoi(s)
	if errors.Is(err, strconv.ErrRange) {
		// A whole number too large for 64 bits saturates (Atoi returns the nearest bound), so
		// the field's own rule refuses it as that field's error rather than as an unreadable form.
		err = nil
	}
	if err != nil {
		return fmt.Errorf("not a whole number: %q", s)
	}
	*n = flexInt(v)
	return nil
}

// Onboarding serves the four-step onboarding that creates an account.
type Onboarding struct {
	*Core
	accounts *identityapp.Service
}

// NewOnboarding returns the onboarding pages over the accounts service.
func NewOnboarding(c *Core, accounts *identityapp.Service) *Onboarding {
	return &Onboarding{Core: c, accounts: accounts}
}

// Routes registers /onboarding.
func (h *Onboarding) Routes(r chi.Router) {
	r.Get("/onboarding", h.onboardingPage)
	r.Post("/onboarding", h.onboardingPost)
}

func (h *Onboarding) onboardingState(r *http.Request) identityapp.Onboarding {
	return identityapp.ResumeOnboarding(h.sessions.GetString(r.Context(), sessionKeyOnboarding))
}

func (h *Onboarding) saveOnboarding(r *http.Request, st identityapp.Onboarding) {
	h.sessions.Put(r.Context(), sessionKeyOnboarding, st.Encode())
}

func (h *Onboarding) onboardingPage(w http.ResponseWriter, r *http.Request) {
	// Someone already signed in has an account: the onboarding has nothing left to offer.
	if _, ok := currentUser(r.Context()); ok {
		h.sessions.Remove(r.Context(), sessionKeyOnboarding)
		h.inertia.Redirect(w, r, "/dashboard/general", http.StatusSeeOther)
		return
	}
	st := h.onboardingState(r)
	presets := make([]onboardingPreset, 0, len(nutrition.Presets))
	for _, p := range nutrition.Presets {
		presets = append(presets, onboardingPreset{p.Name, p.Split})
	}
	var promo *onboardingPromo
	if st.Step == identityapp.OnboardingWelcome {
		promo = &onboardingPromo{Code: billing.WelcomePromoCode, Percent: billing.WelcomePromoPercent}
	}
	// The default preset is preselected (docs/product.md §9): most people keep it.
	preset := st.MacroPreset
	if preset == "" {
		preset = string(nutrition.PresetDefault)
	}
	h.render(w, r, onboardingPage.With(onboardingProps{
		Step: onboardingStep(st.Step),
		Answers: onboardingAnswers{
			Email: st.Email, Diet: st.Diet, Objective: st.Objective, MacroPreset: preset,
		},
		Options: onboardingOptions{Diets: nutrition.Diets, Objectives: nutrition.Objectives, Presets: presets},
		Promo:   promo,
	}))
}

// onboardingMessages are the onboarding's field errors as message keys.
var onboardingMessages = map[string]string{
	"email":       "onboarding.error.email",
	"diet":        "onboarding.error.diet",
	"objective":   "onboarding.error.objective",
	"macroPreset": "onboarding.error.macro_preset",
}

func (h *Onboarding) onboardingPost(w http.ResponseWriter, r *http.Request) {
	var f onboardingForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	st := h.onboardingState(r)
	next, create, err := st.Answer(identityapp.OnboardingAnswer{
		Step: int(f.Step), Back: f.Action == "back",
		Email: f.Email, Diet: f.Diet, Objective: f.Objective, MacroPreset: f.MacroPreset,
	})
	if create {
		// Creating the account sends an email: limited per client and per address.
		if h.rateLimited(w, r, st.Email) {
			return
		}
		next, err = h.accounts.FinishOnboarding(r.Context(), st, identity.ParseLanguage(localeFrom(r.Context())))
	}
	var fe identity.FieldErrors
	switch {
	case errors.Is(err, identityapp.ErrOnboardingOutOfStep):
		h.back(w, r, inertia.ValidationErrors{"form": h.t(r, "onboarding.error.stale")})
	case errors.Is(err, identityapp.ErrOnboardingStale):
		h.saveOnboarding(r, next)
		h.back(w, r, inertia.ValidationErrors{"form": h.t(r, "onboarding.error.stale")})
	case errors.As(err, &fe):
		h.saveOnboarding(r, next)
		errs := inertia.ValidationErrors{}
		for field := range fe {
			errs[field] = h.t(r, onboardingMessages[field])
		}
		h.back(w, r, errs)
	case err != nil:
		h.serverError(w, r, err)
	default:
		h.saveOnboarding(r, next)
		h.inertia.Redirect(w, r, "/onboarding", http.StatusSeeOther)
	}
}
