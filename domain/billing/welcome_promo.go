package billing

// The first-order promo (DESIGN §6): shown at the end of onboarding, redeemed at checkout on
// the first completed purchase only.
const (
	WelcomePromoCode    = "BIENVENUE30"
	WelcomePromoPercent = 30
)
