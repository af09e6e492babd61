package handlers

import (
	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/handlers/page"
)

// The props of every page, declared once so the frontend's types are generated from them
// (gamelle types --ts → frontend/src/types/props.gen.ts). See handlers/page.

// Locale is a language the site is written in.
type Locale string

var (
	_ = page.Enum[Locale]("fr", "en")
	_ = page.Enum(identity.RoleUser, identity.RoleAdmin)
	_ = page.Enum(nutrition.Diets...)
	_ = page.Enum(nutrition.Objectives...)
	_ = page.Enum(nutrition.PresetDefault, nutrition.PresetHighProtein, nutrition.PresetHighCarbs,
		nutrition.PresetLowCarbs, nutrition.PresetBalanced)
	_ = page.Enum(billing.BadgeMostPopular, billing.BadgeBestValue)
)

// sharedPageProps are sent with every page (the sharedProps middleware).
type sharedPageProps struct {
	App    siteConfig `json:"app"`
	Locale Locale     `json:"locale"`
	Auth   authProps  `json:"auth" inertia:"always"`
	// Inertia 3 exposes flash as page.flash; it is mirrored as a prop so components that read
	// props alone see it too.
	Flash flash `json:"flash" inertia:"always"`
	// Set by gonertia from the session; listed for the generated type only.
	Errors map[string]string `json:"errors" inertia:"-"`
	// The validation errors and flash messages of this page in every locale, keyed by the text
	// as sent, so they follow a client-side language switch (server_texts.go).
	ServerTexts serverTexts `json:"serverTexts,omitempty" inertia:"always"`
}

func init() { page.DefineShared[sharedPageProps]() }

// authProps is the signed-in person, or null for a visitor.
type authProps struct {
	User *authUser `json:"user"`
}

// flash holds the messages of the previous request, already translated.
type flash struct {
	Success string `json:"success,omitempty"`
	Error   string `json:"error,omitempty"`
}

// Pages without props of their own.
var (
	authIndexPage    = page.Define[page.None]("auth/index")
	authRegisterPage = page.Define[page.None]("auth/register")
	authLoginPage    = page.Define[page.None]("auth/login")
	authLogoutPage   = page.Define[page.None]("auth/logout")
	termsPage        = page.Define[page.None]("public/terms")
	privacyPage      = page.Define[page.None]("public/privacy")
	legalPage        = page.Define[page.None]("public/legal")
	waitlistPage     = page.Define[page.None]("public/waitlist")
)

// Status pages: their props carry the request id (statusProps, set by renderStatus).
var (
	notFoundPage         = page.Define[statusProps]("errors/not-found")
	forbiddenPage        = page.Define[statusProps]("errors/forbidden")
	serverErrorPage      = page.Define[statusProps]("errors/server-error")
	unavailablePage      = page.Define[statusProps]("errors/unavailable")
	methodNotAllowedPage = page.Define[statusProps]("errors/method-not-allowed")
	badRequestPage       = page.Define[statusProps]("errors/bad-request")
	formResentPage       = page.Define[statusProps]("errors/form-resent")
)

// linkKind says which emailed link died.
type linkKind string

// linkReason says why it died.
type linkReason string

const (
	linkVerify  linkKind   = "verify"
	linkMagic   linkKind   = "magic"
	linkReset   linkKind   = "reset"
	linkExpired linkReason = "expired"
	linkUsed    linkReason = "used"
	// linkInvalidReason: the link was never valid (a wrong secret).
	linkInvalidReason linkReason = "invalid"
)

var (
	_ = page.Enum(linkVerify, linkMagic, linkReset)
	_ = page.Enum(linkExpired, linkUsed, linkInvalidReason)
)

type linkInvalidProps struct {
	statusProps
	Kind   linkKind   `json:"kind"`
	Reason linkReason `json:"reason"`
	// Only for a reset link, to fill the form that asks for a new one.
	Email string `json:"email,omitempty"`
	// The address of the account this browser is signed in to, if any: the page then words the
	// way on for someone signed in (their dashboard), never "sign in".
	SignedInAs string `json:"signedInAs,omitempty"`
}

var linkInvalidPage = page.Define[linkInvalidProps]("auth/link-invalid")

// switchAccountProps asks a browser signed in as Current whether to continue as Target, the
// owner of the emailed link it opened; the confirmation POSTs back to that link.
type switchAccountProps struct {
	Kind    linkKind `json:"kind"`
	Current string   `json:"current"`
	Target  string   `json:"target"`
	// The link's path parameters: userId and otp for a magic link, token for a verification.
	UserID string `json:"userId,omitempty"`
	OTP    string `json:"otp,omitempty"`
	Token  string `json:"token,omitempty"`
}

var switchAccountPage = page.Define[switchAccountProps]("auth/switch-account")

type rateLimitedProps struct {
	statusProps
	Message    string `json:"message"`
	RetryAfter int    `json:"retryAfter"` // seconds
}

var rateLimitedPage = page.Define[rateLimitedProps]("auth/rate-limited")

type otpProps struct {
	Email    string `json:"email"`
	ResendIn int    `json:"resendIn"` // seconds before another code may be asked for
}

var otpPage = page.Define[otpProps]("auth/otp")

type otpStepsProps struct {
	Email string `json:"email"`
}

var otpStepsPage = page.Define[otpStepsProps]("auth/otp-steps")

type forgottenPasswordProps struct {
	Email string `json:"email"`
}

var forgottenPasswordPage = page.Define[forgottenPasswordProps]("auth/forgotten-password")

type resetPasswordProps struct {
	Email string `json:"email"`
	Token string `json:"token"`
}

var resetPasswordPage = page.Define[resetPasswordProps]("auth/reset-password")

type mailboxProps struct {
	Emails []mailboxEntry `json:"emails"`
	To     string         `json:"to"`
}

var mailboxPage = page.Define[mailboxProps]("dev/mailbox")

type landingProps struct {
	Packs []tokenPack `json:"packs"`
}

var landingPage = page.Define[landingProps]("public/landing")

type pageExpiredProps struct {
	statusProps
	Message string `json:"message"`
}

var pageExpiredPage = page.Define[pageExpiredProps]("errors/page-expired")

// onboardingAnswers are what the visitor chose so far; a choice not made yet is "".
type onboardingAnswers struct {
	Email       string `json:"email"`
	Diet        string `json:"diet" ts:"Diet | ''"`
	Objective   string `json:"objective" ts:"Objective | ''"`
	MacroPreset string `json:"macroPreset" ts:"MacroPreset | ''"`
}

type onboardingPreset struct {
	Name  nutrition.MacroPreset `json:"name"`
	Split nutrition.Split       `json:"split"`
}

type onboardingOptions struct {
	Diets      []nutrition.Diet      `json:"diets"`
	Objectives []nutrition.Objective `json:"objectives"`
	Presets    []onboardingPreset    `json:"presets"`
}

type onboardingPromo struct {
	Code    string `json:"code"`
	Percent int    `json:"percent"`
}

// onboardingStep is the step shown, 1 to onboardingSteps.
type onboardingStep int

var _ = page.Enum[onboardingStep](1, 2, 3, 4)

type onboardingProps struct {
	Step    onboardingStep    `json:"step"`
	Answers onboardingAnswers `json:"answers"`
	Options onboardingOptions `json:"options"`
	// Only on the last step.
	Promo *onboardingPromo `json:"promo"`
}

var onboardingPage = page.Define[onboardingProps]("onboarding/index")
