package ledger_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	ledgerapp "github.com/gamelle/gamelle/app/ledger"
	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/eventstore"
)

// Idempotency keys outlive deployments: a job retried after an upgrade must hash its command as
// the first run did, or it fails with IdempotencyKeyReusedError instead of being a duplicate.
// These hashes change only when a command's name, json tags or field types change: if this
// test fails, that change breaks every key recorded before it.
func TestCommandRequestHashesAreStable(t *testing.T) {
	t.Parallel()
	user := uuid.MustParse("0193a1b2-0000-7000-8000-000000000001")
	meta := eventstore.CommandMeta{Actor: "anyone", IdempotencyKey: "k", CausationID: "c", CorrelationID: "r"}
	// The charge's value is sha256("ledger.charge\x00" +
	// `{"userId":"0193a1b2-0000-7000-8000-000000000001","amount":1,"reason":"recipe_generation","ref":"req-1"}`),
	// its first 16 bytes in hex: the metadata is not part of it.
	for want, cmd := range map[string]interface{ CommandName() string }{
		"a3ae904e710be576722fdf23b5bd8904": ledgerapp.GrantCommand{CommandMeta: meta, UserID: user, Amount: 2, Reason: ledger.ReasonSignupBonus, Ref: user.String()},
		"620cfcfa714b423f3519c67d06fee067": ledgerapp.ChargeCommand{CommandMeta: meta, UserID: user, Amount: 1, Reason: ledger.ReasonRecipeGeneration, Ref: "req-1"},
		"69992cef862d149bc9b6c88ad8bb32c6": ledgerapp.RefundCommand{CommandMeta: meta, UserID: user, Amount: 1, Ref: "req-1"},
		"1ff4a8af4615d3df1a990ec5165157ba": ledgerapp.RedeemPromoCommand{CommandMeta: meta, UserID: user, Code: "BIENVENUE30", CheckoutID: "c1"},
		"27be4aead6f1c885c0f533e33d305a12": ledgerapp.RevokeCommand{CommandMeta: meta, UserID: user, Amount: 5, Reason: ledger.ReasonPurchaseRefunded, Ref: "c1"},
	} {
		got, err := eventstore.RequestHash(cmd)
		require.NoError(t, err)
		require.Equal(t, want, got, cmd.CommandName())
	}
}
