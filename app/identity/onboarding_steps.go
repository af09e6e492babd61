package identity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
)

// The onboarding has four steps: 1 email, 2 nutritional preferences, 3 review and create the
// account, 4 access to all features. The server decides which step a person is on: a post
// names the step it shows, and a post for another step (a stale tab, a replay) changes nothing.
const (
	OnboardingEmail       = 1
	OnboardingPreferences = 2
	OnboardingReview      = 3
	OnboardingWelcome     = 4
	// OnboardingSteps is the number of steps.
	OnboardingSteps = OnboardingWelcome
)

// maxTypedEmail bounds the unchecked address kept to show it again (it lives in a session).
const maxTypedEmail = 320

// Onboarding is one person's progress and answers; the caller keeps it between requests (the web
// layer, in the session). The JSON names are the stored form.
type Onboarding struct {
	Step        int    `json:"step"`
	Email       string `json:"email"`
	Diet        string `json:"diet"`
	Objective   string `json:"objective"`
	MacroPreset string `json:"macroPreset"`
}

// OnboardingAnswer is one posted step. Back returns to the previous step without checking.
type OnboardingAnswer struct {
	Step        int
	Back        bool
	Email       string
	Diet        string
	Objective   string
	MacroPreset string
}

var (
	// ErrOnboardingOutOfStep: the answer is for a step the person is not on. Nothing changed;
	// the stored progress must be kept as it was.
	ErrOnboardingOutOfStep = errors.New("identity: onboarding answer for another step")
	// ErrOnboardingStale: the stored answers no longer hold (only a stale or tampered state
	// gets here, since every step checks its own); the onboarding went back to the first wrong
	// step.
	ErrOnboardingStale = errors.New("identity: onboarding answers no longer valid")
)

// ResumeOnboarding reads stored progress; nothing stored, or something unreadable or out of
// range, starts again at the first step.
func ResumeOnboarding(raw string) Onboarding {
	fresh := Onboarding{Step: OnboardingEmail}
	if raw == "" {
		return fresh
	}
	var o Onboarding
	if json.Unmarshal([]byte(raw), &o) != nil || o.Step < OnboardingEmail || o.Step > OnboardingSteps {
		return fresh
	}
	return o
}

// Encode is the stored form of o, for ResumeOnboarding.
func (o Onboarding) Encode() string {
	raw, _ := json.Marshal(o) // a struct of strings and an int always encodes
	return string(raw)
}

// Answer applies a for the steps that need no account work and returns the progress to keep.
// On the review step, a forward answer returns create = true and o unchanged: the caller then
// runs Service.FinishOnboarding. Invalid answers return identity.FieldErrors (keys email,
// diet, objective, macroPreset) with the progress to keep, so the form shows what is valid.
func (o Onboarding) Answer(a OnboardingAnswer) (next Onboarding, create bool, err error) {
	if a.Step != o.Step {
		return o, false, ErrOnboardingOutOfStep
	}
	if a.Back {
		// The first step has nothing before it, and the account exists after the review.
		if o.Step > OnboardingEmail && o.Step < OnboardingWelcome {
			o.Step--
		}
		return o, false, nil
	}
	switch o.Step {
	case OnboardingEmail:
		email, err := identity.NormalizeEmail(a.Email)
		if err != nil {
			// Keep what was typed so the field shows it again.
			o.Email = truncate(strings.TrimSpace(a.Email), maxTypedEmail)
			return o, false, identity.FieldErrors{"email": err}
		}
		o.Email, o.Step = email, OnboardingPreferences
	case OnboardingPreferences:
		errs := identity.FieldErrors{}
		o.Diet, o.Objective, o.MacroPreset = "", "", ""
		if d, err := nutrition.ParseDiet(a.Diet); err == nil {
			o.Diet = string(d)
		} else {
			errs["diet"] = err
		}
		if obj, err := nutrition.ParseObjective(a.Objective); err == nil {
			o.Objective = string(obj)
		} else {
			errs["objective"] = err
		}
		if p, _, err := nutrition.ParsePreset(a.MacroPreset); err == nil {
			o.MacroPreset = string(p)
		} else {
			errs["macroPreset"] = err
		}
		if len(errs) > 0 {
			return o, false, errs
		}
		o.Step = OnboardingReview
	case OnboardingReview:
		return o, true, nil
	}
	return o, false, nil
}

// FinishOnboarding creates the account from the reviewed answers (StartOnboarding) and moves
// to the last step. When the answers no longer hold it goes back to the first wrong step and
// returns ErrOnboardingStale with that progress to keep.
func (s *Service) FinishOnboarding(ctx context.Context, o Onboarding, lang identity.Language) (Onboarding, error) {
	if o.Step != OnboardingReview {
		return o, ErrOnboardingOutOfStep
	}
	err := s.StartOnboarding(ctx, OnboardingInput{
		Email: o.Email, Diet: nutrition.Diet(o.Diet), Objective: nutrition.Objective(o.Objective),
		MacroPreset: nutrition.MacroPreset(o.MacroPreset), Language: lang,
	})
	var fe identity.FieldErrors
	if errors.As(err, &fe) {
		o.Step = OnboardingPreferences
		if _, bad := fe["email"]; bad {
			o.Step = OnboardingEmail
		}
		return o, ErrOnboardingStale
	}
	if err != nil {
		return o, fmt.Errorf("onboarding: %w", err)
	}
	o.Step = OnboardingWelcome
	return o, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	// Cut on a byte count, then drop a rune the cut may have split.
	return strings.ToValidUTF8(s[:n], "")
}
