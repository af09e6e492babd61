package handlers

import (
	"encoding/json"
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

// Onboarding (SPEC §4) in four steps: 1 email, 2 nutritional preferences, 3 review and create
// the account, 4 access to all features (promo card and video). The step and the answers live in
// the session, so the server decides which step a person is on: a form posts the step it shows,
// and a post for another step (a stale tab, a replay) changes nothing.

const (
	sessionKeyOnboarding = "onboarding.state"
	onboardingSteps      = 4
	// onboardingVideo and its captions are shipped in frontend/public/onboarding/.
	onboardingVideo = "/build/onboarding/welcome.mp4"
)

func init() {
	// The captions must be served as text/vtt for browsers to use them; Go's built-in table
	// does not know the extension.
	_ = mime.AddExtensionType(".vtt", "text/vtt; charset=utf-8")
}

// onboardingState is what the session keeps between steps.
type onboardingState struct {
	Step        int    `json:"step"`
	Email       string `json:"email"`
	Diet        string `json:"diet"`
	Objective   string `json:"objective"`
	MacroPreset string `json:"macroPreset"`
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

func (h *Onboarding) onboardingState(r *http.Request) onboardingState {
	st := onboardingState{Step: 1}
	if raw := h.sessions.GetString(r.Context(), sessionKeyOnboarding); raw != "" {
		if json.Unmarshal([]byte(raw), &st) != nil || st.Step < 1 || st.Step > onboardingSteps {
			st = onboardingState{Step: 1}
		}
	}
	return st
}

func (h *Onboarding) saveOnboarding(r *http.Request, st onboardingState) {
	raw, _ := json.Marshal(st)
	h.sessions.Put(r.Context(), sessionKeyOnboarding, string(raw))
}

func (h *Onboarding) onboardingPage(w http.ResponseWriter, r *http.Request) {
	// Someone already signed in has an account: the onboarding has nothing left to offer.
	if _, ok := currentUser(r.Context()); ok {
		h.sessions.Remove(r.Context(), sessionKeyOnboarding)
		h.inertia.Redirect(w, r, "/dashboard/general", http.StatusSeeOther)
		return
	}
	st := h.onboardingState(r)
	type preset struct {
		Name  nutrition.MacroPreset `json:"name"`
		Split nutrition.Split       `json:"split"`
	}
	presets := make([]preset, 0, len(nutrition.Presets))
	for _, p := range nutrition.Presets {
		presets = append(presets, preset{p.Name, p.Split})
	}
	var promo any
	if st.Step == onboardingSteps {
		promo = map[string]any{"code": billing.WelcomePromoCode, "percent": billing.WelcomePromoPercent}
	}
	h.render(w, r, "onboarding/index", inertia.Props{
		"step": st.Step,
		"answers": map[string]string{
			"email": st.Email, "diet": st.Diet, "objective": st.Objective, "macroPreset": st.MacroPreset,
		},
		"options": map[string]any{
			"diets": identity.Diets, "objectives": identity.Objectives, "presets": presets,
		},
		"promo": promo,
		"video": map[string]any{
			"src": onboardingVideo,
			"captions": map[string]string{
				"fr": "/build/onboarding/welcome.fr.vtt", "en": "/build/onboarding/welcome.en.vtt",
			},
		},
	})
}

func (h *Onboarding) onboardingPost(w http.ResponseWriter, r *http.Request) {
	var f onboardingForm
	if err := decodeBody(r, &f); err != nil {
		h.bodyError(w, r, err)
		return
	}
	st := h.onboardingState(r)
	if int(f.Step) != st.Step {
		h.back(w, r, inertia.ValidationErrors{"form": h.t(r, "onboarding.error.stale")})
		return
	}
	if f.Action == "back" {
		if st.Step > 1 && st.Step < onboardingSteps {
			st.Step--
			h.saveOnboarding(r, st)
		}
		h.inertia.Redirect(w, r, "/onboarding", http.StatusSeeOther)
		return
	}
	switch st.Step {
	case 1:
		email, err := identity.NormalizeEmail(f.Email)
		if err != nil {
			// Keep what was typed so the field shows it again (bounded: it lives in the session).
			st.Email = truncate(strings.TrimSpace(f.Email), 320)
			h.saveOnboarding(r, st)
			h.back(w, r, inertia.ValidationErrors{"email": h.t(r, "onboarding.error.email")})
			return
		}
		st.Email, st.Step = email, 2
	case 2:
		errs := inertia.ValidationErrors{}
		st.Diet, st.Objective, st.MacroPreset = "", "", ""
		if d, err := identity.ParseDiet(f.Diet); err == nil {
			st.Diet = string(d)
		} else {
			errs["diet"] = h.t(r, "onboarding.error.diet")
		}
		if o, err := identity.ParseObjective(f.Objective); err == nil {
			st.Objective = string(o)
		} else {
			errs["objective"] = h.t(r, "onboarding.error.objective")
		}
		if p, _, err := nutrition.ParsePreset(f.MacroPreset); err == nil {
			st.MacroPreset = string(p)
		} else {
			errs["macroPreset"] = h.t(r, "onboarding.error.macro_preset")
		}
		if len(errs) > 0 {
			h.saveOnboarding(r, st)
			h.back(w, r, errs)
			return
		}
		st.Step = 3
	case 3:
		// Creating the account sends an email: limited per client and per address.
		if h.rateLimited(w, r, st.Email) {
			return
		}
		err := h.accounts.StartOnboarding(r.Context(), identityapp.OnboardingInput{
			Email: st.Email, Diet: identity.Diet(st.Diet), Objective: identity.Objective(st.Objective),
			MacroPreset: nutrition.MacroPreset(st.MacroPreset), Language: identity.ParseLanguage(localeFrom(r.Context())),
		})
		var fe identity.FieldErrors
		if errors.As(err, &fe) {
			// The session's answers no longer hold (they are checked at each step, so only a
			// stale or tampered session gets here): start again from the first wrong step.
			st.Step = 2
			if _, bad := fe["email"]; bad {
				st.Step = 1
			}
			h.saveOnboarding(r, st)
			h.back(w, r, inertia.ValidationErrors{"form": h.t(r, "onboarding.error.stale")})
			return
		}
		if err != nil {
			h.serverError(w, r, fmt.Errorf("onboarding: %w", err))
			return
		}
		st.Step = 4
	}
	h.saveOnboarding(r, st)
	h.inertia.Redirect(w, r, "/onboarding", http.StatusSeeOther)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	// Cut on a byte count, then drop a rune the cut may have split.
	return strings.ToValidUTF8(s[:n], "")
}
