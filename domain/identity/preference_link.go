package identity

import "time"

// PreferenceLinkTTL is how long the "apply these preferences" link of an onboarding_exists
// email works: long enough to come back to it after a week, short enough not to keep a live
// secret in a mailbox for good.
const PreferenceLinkTTL = 7 * 24 * time.Hour
