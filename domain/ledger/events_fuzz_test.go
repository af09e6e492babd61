package ledger_test

import (
	"testing"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/internal/fuzzevents"
)

// FuzzDecode: a stored ledger payload, however damaged, decodes into its type or fails with an
// error, never a panic (the promises are fuzzevents.Decode's).
func FuzzDecode(f *testing.F) {
	fuzzevents.Decode(f, ledger.Decode, ledger.ErrUnknownEventType,
		ledger.TypeTokensGranted, ledger.TypeTokensCharged, ledger.TypePromoCodeRedeemed, ledger.TypeTokensRevoked,
		ledger.TypePromoCodeReserved, ledger.TypePromoCodeReleased)
}
