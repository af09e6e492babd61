package household_test

import (
	"testing"

	"github.com/gamelle/gamelle/domain/household"
	"github.com/gamelle/gamelle/internal/fuzzevents"
)

// FuzzDecode: a stored household payload, however damaged, decodes into its type or fails with
// an error, never a panic (the promises are fuzzevents.Decode's).
func FuzzDecode(f *testing.F) {
	fuzzevents.Decode(f, household.Decode, household.ErrUnknownEventType,
		household.TypeMemberAdded, household.TypeMemberChanged, household.TypeMemberRemoved)
}
