package billing_test

import (
	"testing"

	"github.com/gamelle/gamelle/domain/billing"
	"github.com/gamelle/gamelle/internal/fuzzevents"
)

// FuzzDecode: a stored billing payload, however damaged, decodes into its type or fails with an
// error, never a panic (the promises are fuzzevents.Decode's).
func FuzzDecode(f *testing.F) {
	fuzzevents.Decode(f, billing.Decode, billing.ErrUnknownEventType,
		billing.TypePackSaved, billing.TypePackRetired, billing.TypeCheckoutStarted, billing.TypeCheckoutSessionOpened,
		billing.TypeCheckoutCompleted, billing.TypeCheckoutFailed, billing.TypeCheckoutExpired, billing.TypeCheckoutRefunded)
}
